/**
 * Impact Analysis `/analytics/comparison-matrix`: two or more groups (vendors, teams, queues,
 * brands, or the periods before and after a change) side by side across the KPI set. Each
 * group is tested against the first one, the baseline: the difference, its 95% interval and
 * p-value (two-proportion z-test for rates, Welch's t-test for averages, a seeded bootstrap for
 * skewed averages), Holm–Bonferroni corrected across the KPI set, highlighted when the corrected
 * p says it is larger than chance. A group's numbers are the same KPIs as the Vendors page and Dashboard.
 */
import { useMemo } from 'react';
import { QueryState, metricDefinitions, useQuery } from '../../data/index.ts';
import {
  BOOTSTRAP_DEFINITION,
  HOLM_DEFINITION,
  SIGNIFICANCE_LEVEL,
  TWO_PROPORTION_TEST_DEFINITION,
  WELCH_TEST_DEFINITION,
} from '../../metrics/index.ts';
import '../../ui/analytics.css';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { FilterBar, type GlobalFilterField } from '../../ui/filter-bar.tsx';
import { formatMetric } from '../../ui/format.ts';
import { InfoTip, MetricLabel } from '../../ui/info-tip.tsx';
import { periodLabel } from '../../ui/period.ts';
import { filteredPeriod } from '../../ui/filtered-period.ts';
import {
  FilteredScreen,
  IgnoredParams,
  Panel,
  currencyOf,
  type CorpusContext,
} from '../../ui/screen-parts.tsx';
import { SignInGate } from '../../ui/sign-in-gate.tsx';
import { GLOBAL_FILTER_PARAMS } from '../../ui/url-filters.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { callListHref } from '../../ui/links.ts';
import { useUrlFilters, type UrlFilters } from '../../ui/use-url-filters.ts';
import { ComparisonControls } from './comparison/controls.tsx';
import { readComparison, type Comparison, type ComparisonGroup } from './comparison/groups.ts';
import {
  BOOTSTRAP_VALUES,
  COMPARED_KPIS,
  compareGroup,
  type ComparedKpi,
  type CorrectedTest,
  type GroupData,
} from './comparison/kpi-set.ts';
import { formatDifference, formatInterval, formatP } from './comparison/format.ts';
import './comparison/comparison.css';

export default function ImpactAnalysis() {
  return (
    <SignInGate>
      <ImpactAnalysisScreen />
    </SignInGate>
  );
}

function ImpactAnalysisScreen() {
  const url = useUrlFilters(GLOBAL_FILTER_PARAMS);
  return (
    <FilteredScreen problems={url.problems}>
      {(ctx) => <ComparisonBody context={ctx} url={url} />}
    </FilteredScreen>
  );
}

function ComparisonBody({ context, url }: { context: CorpusContext; url: UrlFilters }) {
  const { period, filters: base, bar } = filteredPeriod(url, context);
  const comparison = readComparison({
    params: url.params,
    catalog: context.catalog,
    info: context.info,
    base,
  });
  const groupsKey = JSON.stringify(comparison.groups.map((g) => g.filters));
  const data = useQuery(
    (s) =>
      Promise.all(
        comparison.groups.map(async (g): Promise<GroupData> => {
          const [kpis, spread] = await Promise.all([
            s.kpis({ filters: g.filters }),
            s.spread({ filters: g.filters, values: BOOTSTRAP_VALUES }),
          ]);
          return { kpis: kpis.current, spread };
        }),
      ),
    [groupsKey],
  );
  const fields = (['vendor', 'team', 'queue', 'brand'] as const).filter(
    (f) => f !== comparison.by,
  ) satisfies GlobalFilterField[];

  return (
    <>
      <IgnoredParams problems={comparison.problems} />
      {comparison.by !== 'period' && <FilterBar {...bar} fields={fields} />}
      <ComparisonControls comparison={comparison} url={url} context={context} />
      <Panel
        title="KPIs by group"
        subtitle={
          comparison.by === 'period'
            ? `${comparison.days} days before and after ${comparison.change}. Each group is tested against the first.`
            : `${periodLabel(period)}. Each group is tested against the first, the baseline.`
        }
        testId="comparison-matrix"
      >
        <QueryState query={data} label="the comparison" isEmpty={() => false}>
          {(groups) => (
            <Matrix
              comparison={comparison}
              groups={groups}
              currency={currencyOf(context.catalog)}
            />
          )}
        </QueryState>
        <Legend />
      </Panel>
    </>
  );
}

function Matrix(props: { comparison: Comparison; groups: GroupData[]; currency: string }) {
  const { comparison, groups, currency } = props;
  const columns = useMemo(
    () => matrixColumns(comparison.groups, groups, currency),
    [comparison.groups, groups, currency],
  );
  return (
    <DataTable
      caption={`KPIs of ${comparison.groups.map((g) => g.label).join(', ')}; differences against ${comparison.groups[0]!.label}.`}
      captionHidden
      columns={columns}
      rowCount={COMPARED_KPIS.length}
      row={(i) => COMPARED_KPIS[i]}
      rowKey={(k) => k.metric}
      rowHeight={104}
      testId="comparison-table"
    />
  );
}

function matrixColumns(
  groups: readonly ComparisonGroup[],
  data: readonly GroupData[],
  currency: string,
): Column<ComparedKpi>[] {
  const baseline = data[0]!;
  // Each group's tests are corrected together (Holm), so computed once per group, not per cell.
  const tests = data.map((d, g) => (g === 0 ? null : compareGroup(COMPARED_KPIS, baseline, d)));
  const testOf = (g: number, k: ComparedKpi): CorrectedTest | null =>
    tests[g]?.[COMPARED_KPIS.indexOf(k)] ?? null;
  return [
    {
      id: 'kpi',
      label: 'KPI',
      rowHeader: true,
      cell: (k) => (
        <span className="cmp-kpi">
          <MetricLabel metric={k.metric} />
          <span className="an-cell-sub">
            {k.kind === 'rate'
              ? 'two-proportion z-test'
              : k.kind === 'mean'
                ? 'Welch’s t-test, or bootstrap when skewed'
                : 'count, not tested'}
          </span>
        </span>
      ),
    },
    ...groups.map((group, g): Column<ComparedKpi> => ({
      id: group.key,
      label: g === 0 ? `${group.label} (baseline)` : group.label,
      align: 'end',
      cell: (k) => {
        const value = data[g]!.kpis[k.metric] as number | null;
        const test = testOf(g, k);
        const better = metricDefinitions[k.metric].better;
        const tone =
          !test?.significant || better === null || test.difference === 0
            ? undefined
            : test.difference > 0 === (better === 'higher')
              ? 'good'
              : 'bad';
        return (
          <div
            className="cmp-cell"
            data-testid="cmp-cell"
            data-group={group.key}
            data-metric={k.metric}
            data-value={value ?? ''}
            data-significant={test ? String(test.significant) : undefined}
            data-test={test?.test}
            data-tone={tone}
          >
            {k.metric === 'analysedCalls' ? (
              <HrefLink
                href={callListHref({ ...group.filters, status: 'analysed' })}
                testId="cmp-calls"
                value={value ?? undefined}
              >
                {formatMetric(k.metric, value, currency)}
              </HrefLink>
            ) : (
              <span className="cmp-value">{formatMetric(k.metric, value, currency)}</span>
            )}
            {test && (
              <span className="cmp-test">
                <span>
                  {formatDifference(k.metric, test.difference, currency)} · {formatP(test.p)}
                </span>
                <span className="cmp-interval" data-testid="cmp-adjusted">
                  Holm: {formatP(test.adjustedP)}
                </span>
                <span className="cmp-interval">
                  95%{test.test === 'bootstrap' ? ' bootstrap' : ''}:{' '}
                  {formatInterval(k.metric, test.interval, currency)}
                </span>
                {test.significant && <span className="cmp-flag">larger than chance</span>}
              </span>
            )}
            {g > 0 && !test && k.kind !== 'count' && (
              <span className="cmp-interval">not enough calls to test</span>
            )}
          </div>
        );
      },
    })),
  ];
}

function Legend() {
  return (
    <div className="an-legend-row cmp-legend">
      <span>
        <span className="cmp-swatch" data-tone="good" /> better than the baseline, larger than
        chance
      </span>
      <span>
        <span className="cmp-swatch" data-tone="bad" /> worse, larger than chance
      </span>
      <span data-testid="cmp-method">
        Larger than chance: Holm–Bonferroni adjusted p &lt; {SIGNIFICANCE_LEVEL} (two-sided),
        correcting for the {COMPARED_KPIS.filter((k) => k.kind !== 'count').length} KPIs tested per
        group. Skewed averages use a seeded bootstrap interval.{' '}
        <InfoTip label="About the tests">
          <strong>Rates.</strong> {TWO_PROPORTION_TEST_DEFINITION} <strong>Averages.</strong>{' '}
          {WELCH_TEST_DEFINITION} <strong>Skewed averages.</strong> {BOOTSTRAP_DEFINITION} The
          resamples draw each group&rsquo;s number of calls from its per-call values (all of them,
          or {BOOTSTRAP_VALUES.toLocaleString('en-US')} spread evenly over the period when it has
          more). <strong>Many KPIs at once.</strong> {HOLM_DEFINITION}
        </InfoTip>
      </span>
    </div>
  );
}
