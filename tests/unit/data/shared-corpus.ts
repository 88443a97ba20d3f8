import { createEmbeddedSource, type EmbeddedSource } from '../../../src/data/engine/index.ts';

let small: EmbeddedSource | null = null;

/** One small corpus shared by the read-only tests of a file (writes make their own). */
export function smallSource(): EmbeddedSource {
  small ??= createEmbeddedSource({ seed: 7, calls: 2500 });
  return small;
}
