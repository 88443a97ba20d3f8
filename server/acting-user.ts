/**
 * Who did it comes from the verified token, never from the request body. Before a write runs
 * (and is logged, so a restart replays the same), the fields that name its actor or owner are
 * set from the caller; whatever the client wrote there is ignored. One rule per field:
 * - an evaluation's `evaluator` and an evaluation step's `by`: the caller's display name;
 * - a saved search's `owner`: `<deployment>/<token subject>` (the deployment is the client's
 *   part of the key; the user part is always the caller, so nobody reads another's list);
 * - a scheduled entry's `createdBy`: its creator, kept on later saves (see service.ts, which
 *   also lets only the creator, or a role the role table names, change or delete it).
 */
import type { Caller } from './auth.ts';

/** The deployment part of an owner key (`<deployment>/<user>`), or the whole value without a slash. */
function deploymentOf(owner: unknown): string {
  const text = typeof owner === 'string' ? owner : '';
  const slash = text.indexOf('/');
  return slash < 0 ? text : text.slice(0, slash);
}

/** The owner key of the caller's own things in a deployment. */
export function ownerKey(owner: unknown, caller: Caller): string {
  return `${deploymentOf(owner)}/${caller.subject}`;
}

/** The method's arguments with every actor and owner field set from the caller. */
export function actingAs(method: string, args: unknown[], caller: Caller): unknown[] {
  const [first, ...rest] = args;
  if (first === null || typeof first !== 'object' || Array.isArray(first)) return args;
  const request = first as Record<string, unknown>;
  switch (method) {
    case 'submitEvaluation':
      return [{ ...request, evaluator: caller.displayName }, ...rest];
    case 'updateEvaluation':
      return [{ ...request, by: caller.displayName }, ...rest];
    case 'savedSearches':
    case 'saveSearch':
    case 'deleteSavedSearch':
      return [{ ...request, owner: ownerKey(request.owner, caller) }, ...rest];
    case 'saveSchedule':
      return [{ ...request, createdBy: caller.displayName }, ...rest];
    default:
      return args;
  }
}
