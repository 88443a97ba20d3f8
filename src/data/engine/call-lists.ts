/** Pages of calls and of non-compliant calls, sorted on the columns. */
import type { Corpus } from '../corpus/corpus.ts';
import { rebuildTranscript } from '../corpus/generate.ts';
import {
  DataSourceError,
  type CallListQuery,
  type CallRow,
  type ComplianceFailureQuery,
  type ComplianceFailureRow,
  type Page,
} from '../source.ts';
import { callRow, sortIndices, sortKey } from './rows.ts';
import { selectCalls, severityRank } from './select.ts';
import { page } from './page.ts';

export function calls(corpus: Corpus, query: CallListQuery): Page<CallRow> {
  const { offset, limit } = page(query);
  const indices = selectCalls(corpus, query.filters ?? {});
  const sort = query.sort ?? { field: 'startedAt', direction: 'desc' };
  const key = sortKey(corpus, sort.field);
  if (!key)
    throw new DataSourceError('invalid-query', `Cannot sort by "${String(sort.field)}"`, [
      'sort.field',
    ]);
  const ordered =
    sort.field === 'startedAt' || sort.field === 'id'
      ? sort.direction === 'asc'
        ? indices
        : Int32Array.from(indices).reverse()
      : sortIndices(indices, key, sort.direction);
  const items: CallRow[] = [];
  for (let k = offset; k < Math.min(ordered.length, offset + limit); k++)
    items.push(callRow(corpus, ordered[k]!));
  return { total: indices.length, offset, limit, items };
}

export function complianceFailures(
  corpus: Corpus,
  query: ComplianceFailureQuery,
): Page<ComplianceFailureRow> {
  const { offset, limit } = page(query);
  const f = corpus.failures;
  const maxRank = severityRank(query.minSeverity ?? 'minor');
  const failing = (i: number) => {
    for (let k = f.offsets[i]!; k < f.offsets[i + 1]!; k++)
      if (severityRank(corpus.rules[f.rule[k]!]!.severity) <= maxRank) return true;
    return false;
  };
  const indices = selectCalls(corpus, query.filters ?? {}).filter(failing);
  const sort = query.sort ?? { field: 'startedAt', direction: 'desc' };
  const ordered = sortIndices(
    indices,
    sort.field === 'startedAt'
      ? (i) => i
      : sort.field === 'complianceScore'
        ? (i) => corpus.cols.complianceScore[i]!
        : sortKey(corpus, sort.field),
    sort.direction,
  );
  const items: ComplianceFailureRow[] = [];
  for (let k = offset; k < Math.min(ordered.length, offset + limit); k++)
    items.push(complianceFailureRow(corpus, ordered[k]!, maxRank));
  return { total: indices.length, offset, limit, items };
}

/** Call i's row in the failures list: its failures of rank `maxRank` or worse, with evidence. */
export function complianceFailureRow(
  corpus: Corpus,
  i: number,
  maxRank: number,
): ComplianceFailureRow {
  const f = corpus.failures;
  const segments = rebuildTranscript(corpus, i).segments;
  const failures = [];
  for (let j = f.offsets[i]!; j < f.offsets[i + 1]!; j++) {
    const rule = corpus.rules[f.rule[j]!]!;
    if (severityRank(rule.severity) > maxRank) continue;
    const seg = f.segment[j]!;
    const s = seg >= 0 ? segments[seg] : undefined;
    failures.push({
      ruleId: rule.id,
      ruleName: rule.name,
      severity: rule.severity,
      evidence: s ? { segment: s.index, beginMs: s.beginMs, endMs: s.endMs, text: s.text } : null,
    });
  }
  failures.sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
  const row = callRow(corpus, i);
  return {
    callId: row.id,
    startedAt: row.startedAt,
    agentId: row.agentId,
    agentName: row.agentName,
    vendorId: row.vendorId,
    vendorName: row.vendorName,
    compliant: row.compliant ?? true,
    complianceScore: row.complianceScore,
    failures,
  };
}
