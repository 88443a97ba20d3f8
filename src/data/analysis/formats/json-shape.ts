/** Small readers of untrusted JSON: each names the path it expected when the file lacks it. */
import { TranscriptFormatError } from './parsed.ts';

export type Json = unknown;

export function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function arrayAt(v: Json, path: string): Json[] {
  if (!Array.isArray(v)) throw new TranscriptFormatError(`${path} is missing or not a list.`);
  return v;
}

export function field(v: Json, key: string): Json {
  return isObject(v) ? v[key] : undefined;
}
