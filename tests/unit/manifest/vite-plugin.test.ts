import { EventEmitter } from 'node:events';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manifestFileFor, manifestPlugin } from '../../../scripts/manifest/vite-plugin.ts';
import { defaultManifestFile, repoRoot } from '../../../scripts/manifest/paths.ts';
import { fixturesDir, makeScreensDir } from './helpers.ts';

let work: string;
let screensDir: string;
let manifestFile: string;
let outDir: string;
const validText = readFileSync(join(fixturesDir, 'valid.json'), 'utf8');
const brokenText = validText.replace('"defaultColor": "indigo"', '"defaultColor": "indgo"');

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'sa-plugin-'));
  screensDir = makeScreensDir();
  cpSync(join(fixturesDir, 'assets'), join(work, 'assets'), { recursive: true });
  manifestFile = join(work, 'customer.manifest.json');
  outDir = join(work, 'generated');
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(screensDir, { recursive: true, force: true });
});

type Hook = (this: unknown) => Promise<void>;
const plugin = () => manifestPlugin({ manifest: manifestFile, outDir, screensDir });

/** The parts of a vite dev server the plugin uses. */
function fakeServer() {
  const watcher = Object.assign(new EventEmitter(), { add: vi.fn() });
  const connections: (() => void)[] = [];
  return {
    watcher,
    ws: {
      send: vi.fn(),
      on: vi.fn((_event: string, listener: () => void) => connections.push(listener)),
    },
    config: { logger: { warn: vi.fn(), error: vi.fn(), info: vi.fn() } },
    connect: () => connections.forEach((listener) => listener()),
  };
}

describe('manifest vite plugin', () => {
  it('picks the manifest from the option, then SA_MANIFEST, then the product manifest', () => {
    expect(manifestFileFor({ manifest: 'manifest/customers/acme.json' }, {})).toBe(
      join(repoRoot, 'manifest/customers/acme.json'),
    );
    expect(manifestFileFor({}, { SA_MANIFEST: 'manifest/customers/x.json' })).toBe(
      join(repoRoot, 'manifest/customers/x.json'),
    );
    expect(manifestFileFor({}, {})).toBe(defaultManifestFile);
  });

  it('generates at build start', async () => {
    writeFileSync(manifestFile, validText);
    const context = { error: vi.fn(), warn: vi.fn() };
    await (plugin().buildStart as Hook).call(context);
    expect(context.error).not.toHaveBeenCalled();
    expect(existsSync(join(outDir, 'routes.gen.ts'))).toBe(true);
  });

  it('fails the build with the problem lines on an invalid manifest', async () => {
    writeFileSync(manifestFile, brokenText);
    const context = {
      error: vi.fn((message: string) => {
        throw new Error(message);
      }),
      warn: vi.fn(),
    };
    await expect((plugin().buildStart as Hook).call(context)).rejects.toThrow(
      /is invalid, nothing generated:\n.*customer\.manifest\.json:\d+:\d+: \/theme\/defaultColor: "indgo" is not a theme colour id \(did you mean "indigo"\?\)/,
    );
    expect(existsSync(outDir)).toBe(false);
  });

  it('in dev, shows problems in the error overlay and reloads once the manifest is fixed', async () => {
    writeFileSync(manifestFile, brokenText);
    const server = fakeServer();
    const p = plugin();
    (p.configureServer as (s: unknown) => void)(server);
    expect(server.watcher.add).toHaveBeenCalledWith(expect.arrayContaining([work]));

    await (p.buildStart as Hook).call({ error: vi.fn(), warn: vi.fn() });
    const overlay = {
      type: 'error',
      err: expect.objectContaining({
        message: expect.stringMatching(/\/theme\/defaultColor: "indgo" is not a theme colour id/),
        stack: '',
        plugin: 'manifest',
      }),
    };
    expect(server.ws.send).toHaveBeenLastCalledWith(overlay);
    // A page opened later sees the problems too.
    server.ws.send.mockClear();
    server.connect();
    expect(server.ws.send).toHaveBeenCalledWith(overlay);

    // Fixing the file regenerates and reloads the page.
    writeFileSync(manifestFile, validText);
    server.watcher.emit('change', manifestFile);
    await vi.waitFor(
      () => expect(server.ws.send).toHaveBeenLastCalledWith({ type: 'full-reload' }),
      {
        timeout: 50_000,
      },
    );
    expect(existsSync(join(outDir, 'manifest.gen.ts'))).toBe(true);
    server.ws.send.mockClear();
    server.connect();
    expect(server.ws.send).not.toHaveBeenCalled();
  });

  it('in dev, regenerates when an asset goes missing and ignores unrelated files', async () => {
    writeFileSync(manifestFile, validText);
    const server = fakeServer();
    const p = plugin();
    (p.configureServer as (s: unknown) => void)(server);
    await (p.buildStart as Hook).call({ error: vi.fn(), warn: vi.fn() });
    expect(server.ws.send).not.toHaveBeenCalled();

    server.watcher.emit('change', join(repoRoot, 'src', 'main.tsx'));
    rmSync(join(work, 'assets', 'covers', 'c3.svg'));
    server.watcher.emit('unlink', join(work, 'assets', 'covers', 'c3.svg'));
    await vi.waitFor(() => expect(server.ws.send).toHaveBeenCalledTimes(1), { timeout: 50_000 });
    expect(server.ws.send.mock.calls[0]?.[0].err.message).toMatch(
      /\/theme\/covers\/2\/image: image file not found/,
    );
  });
});

describe('manifest vite plugin in a real vite dev server', { timeout: 60_000 }, () => {
  it('regenerates when the watched manifest changes and reports an invalid one', async () => {
    const { createServer } = await import('vite');
    writeFileSync(manifestFile, validText);
    const server = await createServer({
      configFile: false,
      logLevel: 'silent',
      root: work,
      plugins: [plugin()],
      server: { host: '127.0.0.1', port: 0 },
    });
    const sent: unknown[] = [];
    const send = server.ws.send.bind(server.ws) as (payload: unknown) => void;
    (server.ws as { send: (payload: unknown) => void }).send = (payload: unknown) => {
      sent.push(payload);
      send(payload);
    };
    try {
      await server.listen();
      await vi.waitFor(() => expect(existsSync(join(outDir, 'routes.gen.ts'))).toBe(true), {
        timeout: 50_000,
      });
      // Give the watcher time to be ready before editing.
      await new Promise((done) => setTimeout(done, 300));
      writeFileSync(manifestFile, brokenText);
      await vi.waitFor(
        () =>
          expect(sent).toContainEqual({
            type: 'error',
            err: expect.objectContaining({
              plugin: 'manifest',
              message: expect.stringContaining('"indgo" is not a theme colour id'),
            }),
          }),
        { timeout: 50_000 },
      );
      writeFileSync(manifestFile, validText.replace('"name": "Fixture"', '"name": "Fixture 2"'));
      await vi.waitFor(() => expect(sent.at(-1)).toEqual({ type: 'full-reload' }), {
        timeout: 50_000,
      });
      expect(readFileSync(join(outDir, 'manifest.gen.ts'), 'utf8')).toContain("name: 'Fixture 2'");
    } finally {
      await server.close();
    }
  });
});
