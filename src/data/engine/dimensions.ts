/**
 * How calls fall into the rows of each dimension: the group(s) of a call, and each group's key
 * (the value the matching filter takes) and label.
 */
import { sentimentBand } from '../../metrics/index.ts';
import { DISPOSITIONS } from '../../domain/dispositions/index.ts';
import type { Corpus } from '../corpus/corpus.ts';
import { CALL_COLUMNS, type WordColumn, type WordColumnName } from '../columns.ts';
import type { Dimension } from '../source.ts';
import { columnWords } from './columns.ts';

export interface DimensionPlan {
  keys: string[];
  labels: string[];
  /** Group of call i, or -1 when the call is in no row (e.g. not analysed for an analysis dimension). */
  groupOf?: (i: number) => number;
  /** For multi-valued dimensions: bitmask of groups (up to 32). */
  groupsOf?: (i: number) => number;
  /** Every call of a selection lands in exactly one row. */
  partition: boolean;
}

const DISPOSITION_GROUPS = [...new Set(DISPOSITIONS.map((d) => d.group))];
const BANDS = ['negative', 'neutral', 'positive'] as const;

export function planDimension(corpus: Corpus, by: Dimension): DimensionPlan {
  const c = corpus.cols;
  const analysed = (i: number) => c.status[i] === 0;
  switch (by) {
    case 'dispositionGroup': {
      const groupOfCode = DISPOSITIONS.map((d) => DISPOSITION_GROUPS.indexOf(d.group));
      return {
        keys: DISPOSITION_GROUPS,
        labels: DISPOSITION_GROUPS,
        groupOf: (i) => groupOfCode[c.disposition[i]!]!,
        partition: true,
      };
    }
    case 'sentiment':
      return {
        keys: [...BANDS],
        labels: ['Negative', 'Neutral', 'Positive'],
        groupOf: (i) => {
          const s = c.customerSentiment[i]!;
          return analysed(i) && !Number.isNaN(s) ? BANDS.indexOf(sentimentBand(s)) : -1;
        },
        partition: false,
      };
    case 'category': {
      const names = new Map(corpus.rules.map((r) => [r.id, r.name]));
      return {
        keys: corpus.categoryRuleIds,
        labels: corpus.categoryRuleIds.map((id) => names.get(id) ?? id),
        groupsOf: (i) => (analysed(i) ? c.categories[i]! : 0),
        partition: false,
      };
    }
    default:
      // A query from outside the type checker can name no dimension at all.
      return Object.hasOwn(CALL_COLUMNS, by) && CALL_COLUMNS[by].kind === 'word'
        ? columnPlan(corpus, by)
        : (undefined as never);
  }
}

/** A word column's rows: one per word; a column of the analysis leaves other calls out. */
function columnPlan(corpus: Corpus, name: WordColumnName): DimensionPlan {
  const spec: WordColumn = CALL_COLUMNS[name];
  const { keys, labels } = columnWords(corpus, name);
  const column = corpus.cols[spec.column];
  const status = corpus.cols.status;
  return {
    keys: [...keys],
    labels: [...labels],
    groupOf: spec.analysis ? (i) => (status[i] === 0 ? column[i]! : -1) : (i) => column[i]!,
    partition: !spec.analysis,
  };
}
