/**
 * Lead owners given by hand (bulk-assign). Leads are rebuilt from the calls whenever the
 * cross-call analysis re-runs (a settings change), so assignments live beside them, keyed by
 * lead id, and are laid over the computed owner on every read.
 */
import type { Lead } from '../../generated/data.types.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { DataSourceError, type LeadAssignment } from '../source.ts';
import { clone } from './page.ts';

const owners = new WeakMap<Corpus, Map<string, string>>();

function ownersOf(corpus: Corpus): Map<string, string> {
  let map = owners.get(corpus);
  if (!map) owners.set(corpus, (map = new Map()));
  return map;
}

/** The corpus's leads with their current owners. */
export function currentLeads(corpus: Corpus): Lead[] {
  const map = ownersOf(corpus);
  if (map.size === 0) return corpus.leads;
  return corpus.leads.map((l) => {
    const owner = map.get(l.id);
    return owner && owner !== l.ownerAgentId ? { ...l, ownerAgentId: owner } : l;
  });
}

/** All or nothing: an unknown lead or agent changes no owner. */
export function assignLeads(corpus: Corpus, request: LeadAssignment): Lead[] {
  const ids = Array.isArray(request?.leadIds) ? request.leadIds : [];
  if (ids.length === 0)
    throw new DataSourceError('invalid-query', 'Choose at least one lead', ['leadIds: empty']);
  if (!corpus.cast.agents.some((a) => a.id === request.ownerAgentId))
    throw new DataSourceError('invalid-query', `No agent ${String(request.ownerAgentId)}`, [
      'ownerAgentId: unknown agent',
    ]);
  const known = new Set(corpus.leads.map((l) => l.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0)
    throw new DataSourceError('invalid-query', `No lead ${missing.join(', ')}`, [
      `leadIds: unknown ${missing.join(', ')}`,
    ]);
  const map = ownersOf(corpus);
  for (const id of ids) map.set(id, request.ownerAgentId);
  const wanted = new Set(ids);
  return clone(currentLeads(corpus).filter((l) => wanted.has(l.id)));
}

/** The owners given by hand, as [lead id, agent id] pairs (what the browser keeps). */
export function exportLeadOwners(corpus: Corpus): [string, string][] {
  return [...ownersOf(corpus)];
}

/**
 * Puts kept owners back; all or nothing: a pair that is not two ids, or names no agent of this
 * corpus, throws. Lead ids are not checked against today's leads: they are restored before the
 * history is re-analysed with the kept settings, which may bring back the lead an owner was
 * given to (an owner of a lead that is not there is laid over nothing).
 */
export function importLeadOwners(corpus: Corpus, pairs: unknown): void {
  if (!Array.isArray(pairs)) throw new Error('the lead owners are not a list');
  const agents = new Set(corpus.cast.agents.map((a) => a.id));
  for (const pair of pairs as unknown[]) {
    const [lead, agent] = Array.isArray(pair) ? (pair as unknown[]) : [];
    if (typeof lead !== 'string' || lead === '') throw new Error(`no lead ${String(lead)}`);
    if (typeof agent !== 'string' || !agents.has(agent))
      throw new Error(`no agent ${String(agent)}`);
  }
  owners.set(corpus, new Map(pairs as [string, string][]));
}
