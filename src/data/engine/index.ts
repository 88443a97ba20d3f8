/** The embedded engine, for the worker, node tests and the benchmark. Screens use ../index.ts. */
export { EmbeddedSource, createEmbeddedSource, corpusKpis } from './embedded-source.ts';
export { writingAt } from './write-clock.ts';
export { evaluatedAgentId } from './reviews.ts';
export {
  generateCorpus,
  DEFAULT_CORPUS,
  MAX_CALLS,
  type GenerateOptions,
} from '../corpus/generate.ts';
export type { Corpus } from '../corpus/corpus.ts';
