/**
 * Choosing agents for a rule's scope: type part of a name (or team) to find agents, add as many
 * as needed, remove each chosen one. Hundreds of agents do not fit a native multiple select.
 */
import { useId, useMemo, useState } from 'react';
import type { Agent } from '../../../data/index.ts';

/** At most this many matches are listed: refine the search for more. */
const MATCHES_SHOWN = 8;

/** Agents whose name or team contains every word of the search, not already chosen. */
export function matchingAgents(
  agents: readonly Agent[],
  search: string,
  chosen: readonly string[],
): Agent[] {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return agents.filter((a) => {
    if (chosen.includes(a.id)) return false;
    const text = `${a.name} ${a.team}`.toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export function AgentPicker(props: {
  agents: readonly Agent[];
  value: readonly string[];
  onChange: (agentIds: string[]) => void;
}) {
  const { agents, value, onChange } = props;
  const id = useId();
  const [search, setSearch] = useState('');
  const byId = useMemo(() => new Map(agents.map((a) => [a.id, a])), [agents]);
  const matches = matchingAgents(agents, search, value);
  return (
    <div className="an-field rb-field rb-agents">
      <label htmlFor={id}>Agents ({value.length === 0 ? 'all' : `${value.length} chosen`})</label>
      <input
        id={id}
        type="search"
        value={search}
        placeholder="Search agents by name or team"
        aria-describedby={`${id}-status`}
        onChange={(e) => setSearch(e.target.value)}
      />
      <p id={`${id}-status`} className="rb-agents__status" aria-live="polite">
        {search.trim() === ''
          ? ''
          : matches.length === 0
            ? `No agent matches “${search.trim()}”.`
            : `${matches.length} match${matches.length === 1 ? '' : 'es'}${
                matches.length > MATCHES_SHOWN ? `; the first ${MATCHES_SHOWN} shown` : ''
              }.`}
      </p>
      {matches.length > 0 && (
        <ul className="rb-agents__matches" aria-label="Matching agents">
          {matches.slice(0, MATCHES_SHOWN).map((a) => (
            <li key={a.id}>
              <button type="button" onClick={() => onChange([...value, a.id])}>
                Add {a.name} <span className="rb-agents__team">{a.team}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {value.length > 0 && (
        <ul className="rb-agents__chosen" aria-label="Chosen agents">
          {value.map((agentId) => (
            <li key={agentId}>
              {byId.get(agentId)?.name ?? `${agentId} (no longer in the agent list)`}
              <button
                type="button"
                aria-label={`Remove ${byId.get(agentId)?.name ?? agentId}`}
                onClick={() => onChange(value.filter((v) => v !== agentId))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
