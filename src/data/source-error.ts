/**
 * The one error every data source rejects with, and its codes: a leaf module, so the worker
 * protocol, the HTTP contract and call-options.ts use it without importing the interface.
 */
export type DataSourceErrorCode =
  | 'invalid-query'
  | 'not-found'
  | 'unauthorised'
  | 'unavailable'
  | 'internal'
  /** The entity changed elsewhere since the client read it (stale base version). */
  | 'conflict';

/** The only error a source rejects with. Plain data inside, so it crosses the worker boundary. */
export class DataSourceError extends Error {
  readonly code: DataSourceErrorCode;
  /** Whether trying again can help (the retry button is shown only then). */
  readonly retryable: boolean;
  /** Field-level details for invalid input, for example ["filters.from: not a date"]. */
  readonly details: string[];

  constructor(code: DataSourceErrorCode, message: string, details: string[] = []) {
    super(message);
    this.name = 'DataSourceError';
    this.code = code;
    this.retryable = code === 'unavailable' || code === 'internal';
    this.details = details;
  }

  static from(error: unknown): DataSourceError {
    if (error instanceof DataSourceError) return error;
    if (error && typeof error === 'object' && 'code' in error && 'message' in error) {
      const e = error as { code: DataSourceErrorCode; message: string; details?: string[] };
      return new DataSourceError(e.code, e.message, e.details ?? []);
    }
    return new DataSourceError('internal', error instanceof Error ? error.message : String(error));
  }

  toJSON(): { code: DataSourceErrorCode; message: string; details: string[] } {
    return { code: this.code, message: this.message, details: this.details };
  }
}
