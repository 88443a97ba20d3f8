/** Rules in words: scope and condition summaries for lists, previews and version diffs. */
import type { Catalog, Rule, RuleCondition } from '../../../data/index.ts';

const SPEAKER_WORDS: Record<string, string> = {
  AGENT: 'the agent',
  CUSTOMER: 'the customer',
  IVR: 'the IVR',
};

export function scopeText(rule: Pick<Rule, 'scope'>, catalog?: Catalog): string {
  const s = rule.scope;
  const parts: string[] = [];
  if (s.direction) parts.push(`${s.direction} calls`);
  if (s.queues?.length) parts.push(`queue ${s.queues.join(', ')}`);
  if (s.brands?.length) parts.push(`brand ${s.brands.join(', ')}`);
  if (s.vendorIds?.length)
    parts.push(
      `vendor ${s.vendorIds.map((id) => catalog?.vendors.find((v) => v.id === id)?.name ?? id).join(', ')}`,
    );
  if (s.agentIds?.length)
    parts.push(
      `agent ${s.agentIds.map((id) => catalog?.agents.find((a) => a.id === id)?.name ?? id).join(', ')}`,
    );
  return parts.length === 0 ? 'All calls' : parts.join('; ');
}

const quote = (terms: readonly string[]) => terms.map((t) => `“${t}”`).join(' or ');

export function conditionText(c: RuleCondition): string {
  if ('all' in c) return `all of (${c.all.map(conditionText).join('; ')})`;
  if ('any' in c) return `any of (${c.any.map(conditionText).join('; ')})`;
  if ('not' in c) return `not (${conditionText(c.not)})`;
  if ('phrase' in c) {
    const p = c.phrase;
    let text = `${p.speaker ? SPEAKER_WORDS[p.speaker] : 'anyone'} ${c.negate ? 'never says' : 'says'} ${quote(p.terms)}`;
    if (p.near) text += ` within ${p.near.words} words of ${quote(p.near.terms)}`;
    if (p.window?.firstSec) text += ` in the first ${p.window.firstSec} s`;
    if (p.window?.lastSec) text += ` in the last ${p.window.lastSec} s`;
    return text;
  }
  if ('sentiment' in c) {
    const s = c.sentiment;
    const part =
      s.part === 'overall' ? 'overall' : s.part === 'start' ? 'at the start' : 'at the end';
    const bounds = [
      s.below !== undefined ? `below ${s.below}` : '',
      s.above !== undefined ? `above ${s.above}` : '',
    ].filter(Boolean);
    return `${s.speaker.toLowerCase()} sentiment ${part} ${bounds.join(' and ') || '(no bound)'}`;
  }
  if ('nonTalk' in c) return `a silence longer than ${c.nonTalk.overSec} s`;
  if ('interruptions' in c)
    return `more than ${c.interruptions.over} interruptions${c.interruptions.by ? ` by the ${c.interruptions.by.toLowerCase()}` : ''}`;
  const a = c.attribute;
  if (a.in) return `${a.field} is ${a.in.join(' or ')}`;
  const bounds = [
    a.over !== undefined ? `over ${a.over}` : '',
    a.under !== undefined ? `under ${a.under}` : '',
  ].filter(Boolean);
  return `${a.field} ${bounds.join(' and ')}`;
}

/** What changed between two versions, one line per field that differs. */
export function ruleDiff(
  older: Rule,
  newer: Rule,
  catalog?: Catalog,
): { field: string; before: string; after: string }[] {
  const rows: { field: string; before: string; after: string }[] = [];
  const add = (field: string, before: string, after: string) => {
    if (before !== after) rows.push({ field, before, after });
  };
  add('Name', older.name, newer.name);
  add('Description', older.description ?? '', newer.description ?? '');
  add('Kind', older.kind, newer.kind);
  add('Status', older.active ? 'active' : 'inactive', newer.active ? 'active' : 'inactive');
  add('Severity', older.severity, newer.severity);
  add('Points', String(older.points), String(newer.points));
  add('Scope', scopeText(older, catalog), scopeText(newer, catalog));
  add('Condition', conditionText(older.condition), conditionText(newer.condition));
  return rows;
}
