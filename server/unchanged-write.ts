/**
 * A write that would change nothing is not a write: a settings or preferences patch whose every
 * value is already in place is answered with what is there, so it adds no audit row and
 * recomputes nothing (a settings save recomputes repeats, churn and fake calls for seconds).
 */
import type { DataSourceMethod } from '../src/data/source.ts';
import { actingAs } from './acting-user.ts';
import type { Caller } from './auth.ts';
import type { ApiService } from './service.ts';

/** Patch writes and the read that answers what they would leave. */
const READ_OF_PATCH: Partial<Record<DataSourceMethod, DataSourceMethod>> = {
  saveSettings: 'settings',
  savePreferences: 'preferences',
};

/**
 * Whether every value the patch names equals the one in place: objects field by field (a patch
 * names some), lists whole (a patch replaces them).
 */
export function changesNothing(patch: unknown, current: unknown): boolean {
  if (patch !== null && typeof patch === 'object' && !Array.isArray(patch)) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return false;
    return Object.entries(patch).every(([key, value]) =>
      changesNothing(value, (current as Record<string, unknown>)[key]),
    );
  }
  // Key order may differ: then it counts as a change, and the write does what it did before.
  if (Array.isArray(patch)) return JSON.stringify(patch) === JSON.stringify(current);
  return Object.is(patch, current);
}

/** What is there, when the write would change nothing of it; undefined otherwise. */
export async function unchangedAnswer(
  service: ApiService,
  method: DataSourceMethod,
  args: readonly unknown[],
  caller: Caller,
): Promise<unknown> {
  const read = READ_OF_PATCH[method];
  if (!read) return undefined;
  // The caller's own (preferences are per user), and the patch without the field saying whose.
  const current = await service.call(read, actingAs(read, [], caller), caller);
  const { user: _whose, ...patch } = (args[0] ?? {}) as Record<string, unknown>;
  return changesNothing(patch, current) ? current : undefined;
}
