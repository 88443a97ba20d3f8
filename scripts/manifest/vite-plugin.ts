import { dirname, relative, resolve, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { authOverridesFrom } from './auth-overrides.ts';
import { formatProblems } from './format.ts';
import { generate } from './generate.ts';
import { defaultManifestFile, repoRoot, schemaFile, screensDir } from './paths.ts';
import { hasErrors } from './problem.ts';
import { loadDeploymentConfig, type Env } from '../../server/deployment-config/index.ts';

export interface ManifestPluginOptions {
  /** Manifest file to build from; default: build.manifest (SA_MANIFEST), else the product's. */
  manifest?: string;
  /** Where generated files go; default src/generated. */
  outDir?: string;
  /** Where screen modules live; default src/screens. */
  screensDir?: string;
}

/**
 * Resolves which manifest a build uses: option, then the deployment configuration's
 * build.manifest (SA_MANIFEST, or the SA_CONFIG file), then the product manifest.
 */
export function manifestFileFor(options: ManifestPluginOptions, env: Env = process.env): string {
  const configured = loadDeploymentConfig({ env }).value('build.manifest') as string | undefined;
  return resolve(repoRoot, options.manifest || configured || defaultManifestFile);
}

/** How long to wait after a file event: editors save in several steps. */
const SETTLE_MS = 50;

/**
 * Checks the manifest and generates src/generated at build start; a build with an invalid
 * manifest fails with the problem lines. In dev it watches the manifest folder (manifests and
 * assets), the schema and the screens folder, regenerates on change, and shows an invalid
 * manifest's problems in the browser's error overlay instead of a blank page.
 */
export function manifestPlugin(options: ManifestPluginOptions = {}): Plugin {
  const manifestFile = manifestFileFor(options);
  // Problems name the file relative to where vite runs, as the CLI does.
  const shownFile = relative(process.cwd(), manifestFile) || manifestFile;
  const watchedDirs = [dirname(manifestFile), resolve(repoRoot, 'manifest')];
  const screens = resolve(options.screensDir ?? screensDir);
  let server: ViteDevServer | undefined;
  /** The problem report while the manifest is invalid, so newly opened pages see it too. */
  let failure: string | undefined;

  const run = async (): Promise<{ report: string; failed: boolean }> => {
    const result = await generate(shownFile, {
      ...(options.outDir ? { outDir: options.outDir } : {}),
      ...(options.screensDir ? { screensDir: options.screensDir } : {}),
      overrides: authOverridesFrom(process.env),
    });
    return { report: formatProblems(result.problems), failed: hasErrors(result.problems) };
  };

  const showFailure = (): void => {
    if (failure === undefined || !server) return;
    server.ws.send({
      type: 'error',
      err: { message: failure, stack: '', plugin: 'manifest', id: manifestFile },
    });
  };

  /** Dev: logs the outcome and tells open pages. Returns nothing; dev never throws here. */
  const runInDev = async (): Promise<void> => {
    const wasFailing = failure !== undefined;
    let report: string;
    let failed: boolean;
    try {
      ({ report, failed } = await run());
    } catch (e) {
      report = `manifest generation crashed: ${(e as Error).stack ?? String(e)}`;
      failed = true;
    }
    const logger = server?.config.logger;
    if (failed) {
      failure = `${shownFile} is invalid; fix it and save to reload:\n${report}`;
      logger?.error(report, { timestamp: true });
      showFailure();
      return;
    }
    failure = undefined;
    if (report) logger?.warn(report, { timestamp: true });
    // Changed generated files reach an open page through vite's own watcher and HMR. A page
    // that failed (overlay shown, or its modules never loaded) needs a full reload instead.
    if (wasFailing) server?.ws.send({ type: 'full-reload' });
  };

  // One regeneration at a time; changes arriving meanwhile trigger exactly one more run.
  let running: Promise<void> | undefined;
  let again = false;
  const regenerate = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runInDev();
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const relevant = (file: string, event: 'add' | 'change' | 'unlink'): boolean => {
    const path = resolve(file);
    if (path === schemaFile) return true;
    if (watchedDirs.some((dir) => path.startsWith(dir + sep))) return true;
    // A screen module appearing or disappearing changes the screen check; its edits do not.
    return event !== 'change' && path.startsWith(screens + sep) && path.endsWith('.tsx');
  };

  return {
    name: 'manifest',
    enforce: 'pre',
    async buildStart() {
      if (server) return regenerate();
      const { report, failed } = await run();
      if (failed) this.error(`${shownFile} is invalid, nothing generated:\n${report}`);
      if (report) this.warn(report);
    },
    configureServer(devServer) {
      server = devServer;
      devServer.watcher.add([...watchedDirs, schemaFile]);
      let timer: NodeJS.Timeout | undefined;
      for (const event of ['add', 'change', 'unlink'] as const) {
        devServer.watcher.on(event, (file: string) => {
          if (!relevant(file, event)) return;
          clearTimeout(timer);
          timer = setTimeout(() => void regenerate(), SETTLE_MS);
        });
      }
      devServer.ws.on('connection', showFailure);
    },
  };
}
