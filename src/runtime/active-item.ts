/**
 * Which menu entry stands for the current URL. An entry matches when its route's path is the
 * current path and every query value it sets is in the URL; among matches the one that sets
 * the most query values wins. So on `/performance/agents?compliant=false` "Non-Compliant
 * Calls" is active and plain "Agents" is not, while on `/customer/voc?disposition=Complaint`
 * (no entry of its own) plain "VOC" is.
 */
import { routeById, type ManifestTarget } from './targets.ts';

export interface LinkedEntry {
  readonly target: ManifestTarget;
}

export function findActiveEntry<T extends LinkedEntry>(
  entries: readonly T[],
  location: { readonly pathname: string; readonly search: string },
): T | undefined {
  const params = new URLSearchParams(location.search);
  let best: T | undefined;
  let bestScore = -1;
  for (const entry of entries) {
    if (routeById(entry.target.route).path !== location.pathname) continue;
    const wanted = Object.entries(entry.target.query ?? {});
    if (!wanted.every(([name, value]) => params.get(name) === String(value))) continue;
    if (wanted.length > bestScore) {
      best = entry;
      bestScore = wanted.length;
    }
  }
  return best;
}
