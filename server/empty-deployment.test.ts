/**
 * A deployment without the demo (SA_API_DEMO=off) starts with no calls: every read of the
 * contract answers it (an empty page, zero counts, null rates) or refuses a request as invalid,
 * never with an internal error, so every screen can show its empty state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyCorpus } from '../src/data/corpus/ingested.ts';
import { EmbeddedSource } from '../src/data/engine/index.ts';
import { CONTRACT } from '../src/data/http/contract.ts';
import { DataSourceError, type DataSourceMethod } from '../src/data/source.ts';
import { validRequest } from './request-arbitraries.ts';

const READS = (Object.keys(CONTRACT) as DataSourceMethod[]).filter((m) => !CONTRACT[m].write);

describe('an empty deployment', () => {
  it.each(READS)('answers %s without an internal error', async (method) => {
    const source = new EmbeddedSource(emptyCorpus('2026-03-31'));
    const requests = fc.sample(validRequest(method), { numRuns: 8, seed: 37 });
    for (const request of requests) {
      const fn = source[method] as (...a: unknown[]) => Promise<unknown>;
      const args = CONTRACT[method].routes[0]!.args === 'none' ? [] : [request];
      try {
        await fn.apply(source, args);
      } catch (error) {
        expect(error, `${method} ${JSON.stringify(request)}`).toBeInstanceOf(DataSourceError);
        expect((error as DataSourceError).code).not.toBe('internal');
      }
    }
  });
});
