/**
 * Churn Prediction `/customer/chrun-prediction` (a public route: organisation data only after
 * sign-in): customers ranked by rolling churn risk with their reasons, last contact, contacts in
 * 30 days and segment, filterable by level and segment, each drilling to the customer's calls
 * and the call that set the score; and what followed high-risk calls per vendor and agent.
 */
import { useState } from 'react';
import { QueryState, useQuery, type ChurnRiskLevel } from '../../data/index.ts';
import { useRouteQuery } from '../../runtime/index.ts';
import '../../ui/analytics.css';
import { FilterBar } from '../../ui/filter-bar.tsx';
import { formatCount } from '../../ui/format.ts';
import { periodLabel } from '../../ui/period.ts';
import { filteredPeriod } from '../../ui/filtered-period.ts';
import { FilteredScreen, Panel, type CorpusContext } from '../../ui/screen-parts.tsx';
import { SignInGate } from '../../ui/sign-in-gate.tsx';
import { GLOBAL_FILTER_PARAMS } from '../../ui/url-filters.ts';
import { useUrlFilters, type UrlFilters } from '../../ui/use-url-filters.ts';
import { AtRiskTable, segmentName } from './parts/at-risk-table.tsx';
import { FollowUpTable } from './parts/follow-up.tsx';
import './customer.css';

const LEVELS: ChurnRiskLevel[] = ['high', 'medium', 'low'];
const SEGMENTS = ['consumer', 'small-business', 'enterprise'];
const PAGE = 50;

export default function ChurnPrediction() {
  return (
    <SignInGate>
      <ChurnPredictionScreen />
    </SignInGate>
  );
}

function ChurnPredictionScreen() {
  const url = useUrlFilters(GLOBAL_FILTER_PARAMS);
  const query = useRouteQuery('churn-prediction');
  const level = listParam(query.level, LEVELS);
  const segment = listParam(query.segment, SEGMENTS);
  const problems = [...url.problems, ...level.problems('level'), ...segment.problems('segment')];
  return (
    <FilteredScreen problems={problems}>
      {(ctx) => (
        <ChurnBody context={ctx} url={url} levels={level.values} segments={segment.values} />
      )}
    </FilteredScreen>
  );
}

/** A comma-separated list parameter checked against its allowed values; the rest is reported. */
function listParam<T extends string>(raw: string | undefined, allowed: readonly T[]) {
  const given = raw
    ? raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
  const values = given.filter((v): v is T => (allowed as readonly string[]).includes(v));
  const bad = given.filter((v) => !(allowed as readonly string[]).includes(v));
  return {
    values,
    problems: (name: string) =>
      bad.length
        ? [{ param: name, value: bad.join(', '), reason: `expected one of ${allowed.join(', ')}` }]
        : [],
  };
}

function ChurnBody(props: {
  context: CorpusContext;
  url: UrlFilters;
  levels: ChurnRiskLevel[];
  segments: string[];
}) {
  const { context, url } = props;
  const { period, filters, bar } = filteredPeriod(url, context);
  const [pages, setPages] = useState(1);
  const key = JSON.stringify([filters, props.levels, props.segments, pages]);
  const customers = useQuery(
    (s) =>
      s.atRiskCustomers({
        filters,
        limit: Math.min(500, PAGE * pages),
        ...(props.levels.length ? { level: props.levels } : {}),
        ...(props.segments.length ? { segment: props.segments } : {}),
      }),
    [key],
  );
  const insight = useQuery(
    (s) => s.churnInsights({ filters, quotesPerReason: 0 }),
    [JSON.stringify(filters)],
  );
  const setList = (name: 'level' | 'segment', values: string[]) => {
    setPages(1);
    url.setParams({ [name]: values.length ? values.join(',') : undefined });
  };
  const toggle = (name: 'level' | 'segment', current: string[], value: string) =>
    setList(
      name,
      current.includes(value) ? current.filter((v) => v !== value) : [...current, value],
    );

  return (
    <>
      <FilterBar {...bar} />
      <Panel
        title="Customers by churn risk"
        subtitle={`${periodLabel(period)}. Rolling risk: the highest churn score of the customer's calls in the 30 days up to their last call. Select a number of calls to list them.`}
        testId="churn-customers"
      >
        <QueryState query={customers} label="customers at risk" isEmpty={() => false}>
          {(r) => (
            <>
              <div className="cx-toolbar">
                <ToggleGroup
                  label="Risk level"
                  options={LEVELS}
                  chosen={props.levels}
                  onToggle={(l) => toggle('level', props.levels, l)}
                  name={(l) => `${l[0]!.toUpperCase()}${l.slice(1)} · ${formatCount(r.levels[l])}`}
                  testId={(l) => `churn-level-${l}`}
                />
                <ToggleGroup
                  label="Segment"
                  options={SEGMENTS}
                  chosen={props.segments}
                  onToggle={(s) => toggle('segment', props.segments, s)}
                  name={segmentName}
                />
              </div>
              <p className="cx-total" data-testid="churn-customers-total" data-value={r.total}>
                {formatCount(r.total)} customers
                {props.levels.length ? ` at ${props.levels.join(' or ')} risk` : ''}
                {props.segments.length ? ` in ${props.segments.map(segmentName).join(' or ')}` : ''}
                , highest risk first.
              </p>
              {r.items.length > 0 && <AtRiskTable rows={r.items} />}
              {r.items.length < r.total && r.items.length < 500 && (
                <p className="cx-total">
                  <button
                    type="button"
                    className="an-button an-button--small"
                    onClick={() => setPages(pages + 1)}
                  >
                    Show {PAGE} more
                  </button>
                </p>
              )}
            </>
          )}
        </QueryState>
      </Panel>
      <QueryState query={insight} label="follow-up of high-risk calls">
        {(r) => (
          <div className="an-columns">
            <Panel
              title="After a high-risk call, per vendor"
              subtitle="Customers contacted again and what the next call showed."
              testId="follow-up-vendors"
            >
              <FollowUpTable
                rows={r.followUp.vendors}
                total={r.followUp.total}
                noun="Vendor"
                testId="follow-up-vendor-table"
              />
            </Panel>
            <Panel
              title="After a high-risk call, per agent"
              subtitle="The 15 agents with the most high-risk calls."
              testId="follow-up-agents"
            >
              <FollowUpTable
                rows={r.followUp.agents.slice(0, 15)}
                total={r.followUp.total}
                noun="Agent"
                testId="follow-up-agent-table"
              />
            </Panel>
          </div>
        )}
      </QueryState>
    </>
  );
}

/** Buttons that each add or remove one value of a list filter. */
function ToggleGroup<T extends string>(props: {
  label: string;
  options: readonly T[];
  chosen: readonly string[];
  onToggle: (value: T) => void;
  name: (value: T) => string;
  testId?: (value: T) => string;
}) {
  return (
    <div className="an-tabs" role="group" aria-label={props.label}>
      {props.options.map((o) => (
        <button
          key={o}
          type="button"
          aria-pressed={props.chosen.includes(o)}
          onClick={() => props.onToggle(o)}
          data-testid={props.testId?.(o)}
        >
          {props.name(o)}
        </button>
      ))}
    </div>
  );
}
