/** Paging and copying rules shared by the engine's queries. */
import { DataSourceError, type PageRequest } from '../source.ts';

export const MAX_LIMIT = 500;
export const MAX_BUCKETS = 1000;

/** Offset and limit of a page request, checked. */
export function page(request: PageRequest): { offset: number; limit: number } {
  const offset = request.offset ?? 0;
  const limit = request.limit ?? 50;
  if (!Number.isInteger(offset) || offset < 0) {
    throw new DataSourceError('invalid-query', 'offset must be a whole number from 0', ['offset']);
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new DataSourceError(
      'invalid-query',
      `limit must be a whole number from 1 to ${MAX_LIMIT}`,
      ['limit'],
    );
  }
  return { offset, limit };
}

/** Results leave the engine as copies, so callers in the same thread cannot change the corpus. */
export const clone = <T>(x: T): T => structuredClone(x);
