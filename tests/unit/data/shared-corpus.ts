import { createEmbeddedSource, type EmbeddedSource } from '../../../src/data/engine/index.ts';

let small: EmbeddedSource | null = null;

/** One small corpus shared by the read-only tests of a file (writes make their own). */
export function smallSource(): EmbeddedSource {
  small ??= createEmbeddedSource({ seed: 7, calls: 2500 });
  return small;
}

/**
 * The budget of generating the small corpus, and of a test reading many of its calls: 0.2-0.5 s
 * to generate and 2-3 s for the heaviest such test on a quiet 2-core machine. Vitest's default
 * 5 s ran out at load 14-18 (issue 34); 60 s allows a machine twenty times slower.
 */
export const SMALL_CORPUS_BUDGET_MS = 60_000;
