import { describeIgnored } from '../../../runtime/index.ts';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../data/index.ts';
import { matchSubjects, resolveSubject, subjectFilters, subjectOptions } from './subject.ts';

const sla = { ahtMs: 360_000, qaScore: 0.8, complianceRate: 0.9, fcr: 0.75 };
const catalog = {
  vendors: [
    { id: 'vendor-01', name: 'Apex', sites: ['Leeds'], sla },
    { id: 'vendor-02', name: 'Fjord', sites: ['Oslo', 'Bergen'], sla },
  ],
  agents: [
    { id: 'agent-001', name: 'Ana Silva', team: 'APX Care', vendorId: 'vendor-01' },
    { id: 'agent-002', name: 'Bo Berg', team: 'FJD Sales', vendorId: 'vendor-02' },
  ],
  teams: ['APX Care', 'FJD Sales'],
} as unknown as Catalog;

describe('report card subject', () => {
  const options = subjectOptions(catalog);

  it('offers every agent, team and vendor with the vendor whose targets apply', () => {
    expect(options.map((o) => `${o.kind}:${o.key}`)).toEqual([
      'agent:agent-001',
      'agent:agent-002',
      'team:APX Care',
      'team:FJD Sales',
      'vendor:vendor-01',
      'vendor:vendor-02',
    ]);
    expect(options.find((o) => o.key === 'FJD Sales')!.vendor!.id).toBe('vendor-02');
    expect(options[0]!.detail).toBe('APX Care · Apex');
  });

  it('matches every typed word in the name or detail', () => {
    expect(matchSubjects(options, 'ana').map((o) => o.key)).toEqual(['agent-001']);
    expect(matchSubjects(options, 'fjord sales').map((o) => o.key)).toEqual([
      'agent-002',
      'FJD Sales',
    ]);
    expect(matchSubjects(options, 'apx').map((o) => o.key)).toEqual(['agent-001', 'APX Care']);
    expect(matchSubjects(options, 'zzz')).toEqual([]);
  });

  it('takes the most specific subject and says what it ignored', () => {
    const r = resolveSubject({ agentId: 'agent-002', vendorId: 'vendor-01' }, options);
    expect(r.subject!.key).toBe('agent-002');
    expect(r.problems.map(describeIgnored)).toEqual([
      'vendor: “vendor-01” was ignored (the card is about agent Bo Berg).',
    ]);
    expect(subjectFilters(r.subject!)).toEqual({ agentId: 'agent-002' });
  });

  it('reports an unknown or repeated value instead of guessing', () => {
    const unknown = resolveSubject({ agentId: 'agent-999' }, options);
    expect(unknown.subject).toBeNull();
    expect(describeIgnored(unknown.problems[0]!)).toBe(
      'agent: “agent-999” was ignored (there is no such agent; choose one below).',
    );
    const two = resolveSubject({ team: ['APX Care', 'FJD Sales'] }, options);
    expect(two.subject!.key).toBe('APX Care');
    expect(describeIgnored(two.problems[0]!)).toContain('team: “FJD Sales” was ignored');
    expect(resolveSubject({}, options)).toEqual({ subject: null, problems: [] });
  });
});
