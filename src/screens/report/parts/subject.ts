/**
 * Whom a report card is about: one agent, team or vendor, kept in the address as `?agent=`,
 * `?team=` or `?vendor=` (the call list's own filter names, so the card's numbers drill into
 * the list unchanged). The most specific one given wins; an unknown value is reported, never
 * silently replaced.
 */
import { asList, type CallFilters, type Catalog, type Vendor } from '../../../data/index.ts';
import type { IgnoredParam } from '../../../runtime/index.ts';

export type SubjectKind = 'agent' | 'team' | 'vendor';

export interface Subject {
  kind: SubjectKind;
  /** Agent id, team name or vendor id. */
  key: string;
  label: string;
  /** Shown under the name: team and vendor of an agent, vendor of a team, sites of a vendor. */
  detail: string;
  /** Whose SLA targets apply. */
  vendor: Vendor | undefined;
}

export const SUBJECT_KINDS: readonly SubjectKind[] = ['agent', 'team', 'vendor'];

export const KIND_NOUNS: Record<SubjectKind, { one: string; many: string }> = {
  agent: { one: 'agent', many: 'agents' },
  team: { one: 'team', many: 'teams' },
  vendor: { one: 'vendor', many: 'vendors' },
};

/** The filter of a subject's calls. */
export function subjectFilters(subject: Pick<Subject, 'kind' | 'key'>): CallFilters {
  switch (subject.kind) {
    case 'agent':
      return { agentId: subject.key };
    case 'team':
      return { team: subject.key };
    case 'vendor':
      return { vendorId: subject.key };
  }
}

/** Every agent, team and vendor, as the picker offers them. */
export function subjectOptions(catalog: Catalog): Subject[] {
  const vendorOf = (id: string) => catalog.vendors.find((v) => v.id === id);
  const agents = catalog.agents.map((a): Subject => {
    const vendor = vendorOf(a.vendorId);
    return {
      kind: 'agent',
      key: a.id,
      label: a.name,
      detail: `${a.team} · ${vendor?.name ?? a.vendorId}`,
      vendor,
    };
  });
  const teams = catalog.teams.map((team): Subject => {
    const vendor = vendorOf(catalog.agents.find((a) => a.team === team)?.vendorId ?? '');
    return { kind: 'team', key: team, label: team, detail: vendor?.name ?? '', vendor };
  });
  const vendors = catalog.vendors.map((v): Subject => ({
    kind: 'vendor',
    key: v.id,
    label: v.name,
    detail: v.sites.join(' · '),
    vendor: v,
  }));
  return [...agents, ...teams, ...vendors];
}

/** Options whose name or detail contains every typed word (case-insensitive). */
export function matchSubjects(options: readonly Subject[], text: string, limit = 30): Subject[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const hits = options.filter((o) => {
    const hay = `${o.label} ${o.detail} ${o.kind}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  return hits.slice(0, limit);
}

export interface ResolvedSubject {
  subject: Subject | null;
  problems: IgnoredParam[];
}

/** The subject named by the URL's filters, with a notice for anything ignored. */
export function resolveSubject(filters: CallFilters, options: readonly Subject[]): ResolvedSubject {
  const problems: IgnoredParam[] = [];
  const given: [SubjectKind, readonly string[] | undefined][] = [
    ['agent', asList(filters.agentId)],
    ['team', asList(filters.team)],
    ['vendor', asList(filters.vendorId)],
  ];
  let subject: Subject | null = null;
  for (const [kind, values] of given) {
    if (!values || values.length === 0) continue;
    if (values.length > 1)
      problems.push({
        param: kind,
        value: values.slice(1).join(', '),
        reason: `a card is about one ${kind}`,
      });
    const found = options.find((o) => o.kind === kind && o.key === values[0]);
    if (!found) {
      problems.push({
        param: kind,
        value: values[0]!,
        reason: `there is no such ${kind}; choose one below`,
      });
      continue;
    }
    if (subject) {
      problems.push({
        param: kind,
        value: values[0]!,
        reason: `the card is about ${subject.kind} ${subject.label}`,
      });
      continue;
    }
    subject = found;
  }
  return { subject, problems };
}
