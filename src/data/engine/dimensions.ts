/**
 * How calls fall into the rows of each dimension: the group(s) of a call, and each group's key
 * (the value the matching filter takes) and label.
 */
import { sentimentBand } from '../../metrics/index.ts';
import { DISPOSITIONS } from '../corpus/catalog.ts';
import { CHURN_LEVELS, STATUSES, type Corpus } from '../corpus/corpus.ts';
import type { Dimension } from '../source.ts';

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
  const simple = (keys: string[], column: ArrayLike<number>, labels = keys): DimensionPlan => ({
    keys,
    labels,
    groupOf: (i) => column[i]!,
    partition: true,
  });
  const analysed = (i: number) => c.status[i] === 0;
  switch (by) {
    case 'vendor':
      return simple(
        corpus.cast.vendors.map((v) => v.id),
        c.vendor,
        corpus.cast.vendors.map((v) => v.name),
      );
    case 'agent':
      return simple(
        corpus.cast.agents.map((a) => a.id),
        c.agent,
        corpus.cast.agents.map((a) => a.name),
      );
    case 'team':
      return simple(corpus.cast.teams, c.team);
    case 'site':
      return simple(corpus.cast.sites, c.site);
    case 'queue':
      return simple(corpus.queues, c.queue);
    case 'brand':
      return simple(corpus.brands, c.brand);
    case 'product':
      return simple(corpus.products, c.product);
    case 'language':
      return simple(corpus.languages, c.language);
    case 'direction':
      return simple(['inbound', 'outbound'], c.direction, ['Inbound', 'Outbound']);
    case 'disposition':
      return simple(
        DISPOSITIONS.map((d) => d.code),
        c.disposition,
        DISPOSITIONS.map((d) => d.label),
      );
    case 'dispositionGroup': {
      const groupOfCode = DISPOSITIONS.map((d) => DISPOSITION_GROUPS.indexOf(d.group));
      return {
        keys: DISPOSITION_GROUPS,
        labels: DISPOSITION_GROUPS,
        groupOf: (i) => groupOfCode[c.disposition[i]!]!,
        partition: true,
      };
    }
    case 'status':
      return simple([...STATUSES], c.status);
    case 'topic':
      return {
        keys: corpus.topics,
        labels: corpus.topics,
        groupOf: (i) => (analysed(i) ? c.topic[i]! : -1),
        partition: false,
      };
    case 'churnRisk':
      return {
        keys: [...CHURN_LEVELS],
        labels: ['Low', 'Medium', 'High'],
        groupOf: (i) => (analysed(i) ? c.churnLevel[i]! : -1),
        partition: false,
      };
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
  }
}
