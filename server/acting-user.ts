/**
 * Who did it comes from the verified token, never from the request body. Before a write runs
 * (and is logged, so a restart replays the same), the fields that name its actor or owner are
 * set from the caller; whatever the client wrote there is ignored. One rule per field:
 * - an evaluation's `evaluator` and an evaluation step's `by`: the caller's display name;
 * - a saved search's `owner`: `<deployment>/<token subject>` (the deployment is the client's
 *   part of the key; the user part is always the caller, so nobody reads another's list);
 * - a scheduled entry's `createdBy`: its creator, kept on later saves (see service.ts, which
 *   also lets only the creator, or a role the role table names, change or delete it);
 * - whose inbox marks, preferences and calendar (`user`, src/data/engine/personal.ts): the
 *   token's subject. The contract has no such field, so a body naming a user is refused (400)
 *   before this; the write log keeps the field, so a restart gives each user back their own.
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
  // Reads of the caller's own things take no request: whose they are is the whole argument.
  if (method === 'inbox' || method === 'preferences' || method === 'calendar') {
    return [{ user: caller.subject }];
  }
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
    case 'markInboxRead':
    case 'savePreferences':
      return [{ ...request, user: caller.subject }, ...rest];
    default:
      return args;
  }
}
