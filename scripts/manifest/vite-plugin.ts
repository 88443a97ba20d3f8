import { dirname, relative, resolve, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { authOverridesFrom } from './emit-manifest.ts';
import { formatProblems } from './format.ts';
import { generate } from './generate.ts';
import { defaultManifestFile, repoRoot, schemaFile, screensDir } from './paths.ts';
import { hasErrors } from './problem.ts';

export interface ManifestPluginOptions {
  /** Manifest file to build from; default: SA_MANIFEST, else manifest/product.manifest.json. */
  manifest?: string;
  /** Where generated files go; default src/generated. */
  outDir?: string;
  /** Where screen modules live; default src/screens. */
  screensDir?: string;
}

/** Resolves which manifest a build uses: option, then SA_MANIFEST, then the product manifest. */
export function manifestFileFor(options: ManifestPluginOptions, env = process.env): string {
  return resolve(repoRoot, options.manifest ?? env.SA_MANIFEST ?? defaultManifestFile);
}

/**
 * Checks the manifest and generates src/generated at build start; a build with an invalid
 * manifest fails with the problem lines. In dev it watches the manifest folder (manifests and
 * assets), the schema and the screens folder, regenerates on change, and shows an invalid
 * manifest's problems in the browser's error overlay instead of a blank page.
 */
export function manifestPlugin(options: ManifestPluginOptions = {}): Plugin {
  const manifestFile = manifestFileFor(options);
  const watchedDirs = [dirname(manifestFile), resolve(repoRoot, 'manifest')];
  const screens = resolve(options.screensDir ?? screensDir);
  let server: ViteDevServer | undefined;
  /** The problem report while the manifest is invalid, so new browser tabs see it too. */
  let failure: string | undefined;

  const run = async (): Promise<{ report: string; failed: boolean; written: number }> => {
    // Problems name the file relative to where vite runs, as the CLI does.
    const result = await generate(relative(process.cwd(), manifestFile) || manifestFile, {
      ...(options.outDir ? { outDir: options.outDir } : {}),
      ...(options.screensDir ? { screensDir: options.screensDir } : {}),
      overrides: authOverridesFrom(process.env),
    });
    return {
      report: formatProblems(result.problems),
      failed: hasErrors(result.problems),
      written: result.written.length,
    };
  };

  const showFailure = (): void => {
    if (failure === undefined || !server) return;
    server.ws.send({
      type: 'error',
      err: { message: failure, stack: '', plugin: 'manifest', id: manifestFile },
    });
  };

  // One regeneration at a time; changes arriving meanwhile trigger exactly one more run.
  let running: Promise<void> | undefined;
  let again = false;
  const regenerate = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const wasFailing = failure !== undefined;
        try {
          const { report, failed, written } = await run();
          if (report) server?.config.logger.warn(report);
          failure = failed ? `Invalid manifest ${manifestFile}:\n${report}` : undefined;
          if (failed) showFailure();
          // Changed generated files reach the page through vite's own watcher; an unchanged
          // result after a failure still needs a reload to clear the overlay.
          else if (wasFailing && written === 0) server?.ws.send({ type: 'full-reload' });
        } catch (e) {
          failure = `Manifest generation crashed: ${(e as Error).stack ?? String(e)}`;
          showFailure();
        }
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
    // A screen module appearing or disappearing changes the screen check, not its edits.
    return event !== 'change' && path.startsWith(screens + sep) && path.endsWith('.tsx');
  };

  return {
    name: 'manifest',
    enforce: 'pre',
    async buildStart() {
      const { report, failed } = await run();
      if (!failed) {
        if (report) this.warn(report);
        return;
      }
      if (server) {
        // Dev: keep the server up and explain in the overlay; fixing the file recovers.
        failure = `Invalid manifest ${manifestFile}:\n${report}`;
        server.config.logger.error(report);
        showFailure();
        return;
      }
      this.error(`Invalid manifest, not generated:\n${report}`);
    },
    configureServer(devServer) {
      server = devServer;
      devServer.watcher.add([...watchedDirs, schemaFile]);
      let timer: NodeJS.Timeout | undefined;
      for (const event of ['add', 'change', 'unlink'] as const) {
        devServer.watcher.on(event, (file: string) => {
          if (!relevant(file, event)) return;
          // Editors save in several steps; regenerate once they are done.
          clearTimeout(timer);
          timer = setTimeout(() => void regenerate(), 50);
        });
      }
      devServer.ws.on('connection', showFailure);
    },
  };
}
