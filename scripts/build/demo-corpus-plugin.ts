/**
 * The static demo's corpus, generated when the site is built instead of in every visitor's
 * browser (issue 35): the build writes it as a compressed columnar asset
 * (src/data/engine/persistence/corpus-asset.ts) and names it to the data worker
 * (__DEMO_CORPUS_ASSET__), which reads it instead of generating (src/data/worker/demo-corpus.ts).
 *
 * The corpus is the one the worker would generate for the build's VITE_DEMO_SEED /
 * VITE_DEMO_CALLS / VITE_DEMO_DAY: a pinned day (the test build) gives the same bytes whenever
 * it is built; without one the corpus ends on the build's day (calls up to the hour the build
 * ran, as a browser generating it then would have), and a visit on another day generates its
 * own. Kept in .cache/demo-corpus by a key of everything it is made from (the options, the
 * generator's version and the text of every module it runs), so a repeated build reads it back.
 *
 * Served by `npm start` only with SA_API=off (with the API the worker never runs); a build that
 * names its API (VITE_API_URL) ships none. Vitest loads vite.config.ts too: it gets none.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadEnv, type Plugin } from 'vite';
import { corpusEndMs, todayUtc } from '../../src/data/corpus/anchor.ts';
import {
  CORPUS_GENERATOR,
  DEFAULT_CORPUS,
  generateCorpus,
} from '../../src/data/corpus/generate.ts';
import {
  CORPUS_ASSET_FORMAT,
  encodeCorpus,
  type CorpusAssetInfo,
} from '../../src/data/engine/persistence/corpus-asset.ts';
import { loadDeploymentConfig } from '../../server/deployment-config/index.ts';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const cacheDir = join(repoRoot, '.cache', 'demo-corpus');
/** Assets kept in .cache/demo-corpus (each about 2 MB for 20,000 calls): the most recently used. */
const KEEP = 6;
const HOUR_MS = 3_600_000;
/** The modules whose code makes the asset's bytes; their imports are followed. */
const SOURCES = ['src/data/corpus/generate.ts', 'src/data/engine/persistence/corpus-asset.ts'];

export function demoCorpusPlugin(): Plugin {
  let asset: { info: CorpusAssetInfo; bytes: Buffer } | null = null;
  let base = '/';
  return {
    name: 'callscope-demo-corpus',
    config(config, { command, mode }) {
      if (process.env.VITEST) return;
      // npm start serves the corpus only when its API is off (start.api, SA_API=off).
      if (command === 'serve' && loadDeploymentConfig().value('start.api')) return;
      const envDir = typeof config.envDir === 'string' ? config.envDir : config.root;
      const env = loadEnv(mode, envDir ?? process.cwd(), 'VITE_');
      if (env.VITE_API_URL?.trim()) return;
      asset = demoCorpusAsset(env);
      const named = asset ? JSON.stringify(asset.info) : '';
      // A name of its own, not import.meta.env: the page's code that reads the whole env object
      // would carry it in the entry chunk.
      return { define: { __DEMO_CORPUS_ASSET__: JSON.stringify(named) } };
    },
    configResolved(config) {
      base = config.base;
    },
    generateBundle() {
      if (asset) this.emitFile({ type: 'asset', fileName: asset.info.file, source: asset.bytes });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!asset || request.url?.split('?')[0] !== base + asset.info.file) return next();
        response.setHeader('Content-Type', 'application/octet-stream');
        response.end(asset.bytes);
      });
    },
  };
}

/**
 * The asset for the build's options, read from .cache/demo-corpus or generated into it; null
 * (with a warning) when the options are ones the worker would refuse: it then reports them.
 */
export function demoCorpusAsset(
  env: Record<string, string | undefined>,
): { info: CorpusAssetInfo; bytes: Buffer } | null {
  // As the page reads them (src/data/default-source.ts), with the worker's defaults.
  const seed = env.VITE_DEMO_SEED ? Number(env.VITE_DEMO_SEED) : DEFAULT_CORPUS.seed;
  const calls = env.VITE_DEMO_CALLS ? Number(env.VITE_DEMO_CALLS) : DEFAULT_CORPUS.calls;
  const day = env.VITE_DEMO_DAY || todayUtc();
  try {
    // A day still running has calls only up to the moment of generation: the last full hour,
    // so builds within an hour share one asset.
    const end = corpusEndMs(day);
    const now = end > Date.now() ? Math.floor(Date.now() / HOUR_MS) * HOUR_MS : undefined;
    const options = { seed, calls, day, now };
    const key = createHash('sha256')
      .update(JSON.stringify({ CORPUS_ASSET_FORMAT, CORPUS_GENERATOR, options, code: codeHash() }))
      .digest('hex')
      .slice(0, 16);
    const info = { file: `assets/demo-corpus-${key}.bin`, seed, calls, day };
    const cached = join(cacheDir, `${key}.bin`);
    if (existsSync(cached)) {
      const used = new Date();
      utimesSync(cached, used, used);
      return { info, bytes: readFileSync(cached) };
    }
    const bytes = gzipSync(encodeCorpus(generateCorpus(options)), { level: 9 });
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${cached}.${process.pid}`, bytes);
    renameSync(`${cached}.${process.pid}`, cached);
    prune();
    return { info, bytes };
  } catch (error) {
    console.warn(
      `demo corpus: none shipped, the browser will generate it (${(error as Error).message})`,
    );
    return null;
  }
}

/** The text of the generator's modules and everything they import (type-only imports aside). */
function codeHash(): string {
  const hash = createHash('sha256');
  const seen = new Set<string>();
  const queue = SOURCES.map((file) => join(repoRoot, file));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, typeOnly, path] of text.matchAll(
      /^(?:import|export)\s+(type\s+)?[^'"]*?from\s+'(\.[^']+)'/gm,
    )) {
      if (!typeOnly) queue.push(resolve(dirname(file), path!));
    }
  }
  for (const file of [...seen].sort()) {
    hash.update(relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function prune(): void {
  const files = readdirSync(cacheDir)
    .filter((name) => name.endsWith('.bin'))
    .map((name) => ({ path: join(cacheDir, name), used: statSync(join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { path } of files.slice(KEEP)) rmSync(path, { force: true });
}
