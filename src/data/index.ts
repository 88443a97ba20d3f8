/**
 * The data layer's public face: the only module screens import for data.
 *
 *   import { useQuery, QueryState, type CallFilters } from '../../data/index.ts';
 *
 *   const kpis = useQuery((source) => source.kpis({ filters }), [filters]);
 *   return <QueryState query={kpis} label="KPIs">{(k) => <KpiCards summary={k} />}</QueryState>;
 *
 * - Screens read data only through `CallDataSource` (./source.ts), via `useQuery`; loading,
 *   empty and error (with retry) states are drawn by `QueryState`, never by the screen.
 * - The default source is the embedded synthetic corpus in a Web Worker, created on the first
 *   query (nothing of the engine is in the page's first load; screens are lazy chunks).
 * - Numbers come from the one metrics module (src/metrics); `metricDefinitions[key].definition`
 *   is the hover text of every KPI.
 * - Drill-downs: `summary.drillDown[kpi]` and `row.filters` are the exact filters of the list
 *   behind a tile or row; pass them to `source.calls({ filters })`.
 *
 * The public tools (src/screens/tools) analyse a visitor's own input through `getToolsClient()`,
 * a worker of their own (./analysis) that runs the same conversation analysis as the call page.
 *
 * Not exported here (and not for screens): the engine (./engine), the corpus generator
 * (./corpus), the worker entry. Node code (tests, bench) imports ./engine/index.ts directly.
 */
export type * from './source.ts';
export type * from './repeat-queries.ts';
export type * from './usage-cost-queries.ts';
export type * from './scorecard.ts';
export { DataSourceError } from './source.ts';
export { ruleDraftProblems } from './rules/draft-problems.ts';
export type { CallOptions } from './call-options.ts';
export {
  SPREAD_METRICS,
  type SpreadMetric,
  type SpreadQuery,
  type SpreadResult,
} from './spread.ts';
export type {
  Agent,
  AnalyticsSettings,
  Call,
  CallAnalysis,
  ChurnRisk,
  ChurnRiskLevel,
  CostControlSettings,
  Customer,
  Direction,
  Disposition,
  Evaluation,
  EvaluationAnswer,
  EvaluationForm,
  Evidence,
  FakeCallAssessment,
  FormQuestion,
  Lead,
  MetadataImport,
  Rule,
  RuleCondition,
  RuleResult,
  Severity,
  SmartSettings,
  Speaker,
  TranscriptSegment,
  UsageRecord,
  Vendor,
} from '../generated/data.types.ts';
export { FOLLOW_UP_RULE, TREND_RULE } from './customer-insight.ts';
export { MAX_SAVED_SEARCHES, MAX_SAVED_SEARCH_NAME } from './saved-searches.ts';
export { DIMENSION_FILTER, asList, filterFor, kpiDrillDown } from './filters.ts';
export {
  CALL_COLUMNS,
  columnFilter,
  type CallColumnName,
  type FlagColumn,
  type WordColumn,
} from './columns.ts';
export { lastDays, parseInstant, previousPeriod, utcDay } from './period.ts';
export {
  DEFAULT_NEAR,
  SearchSyntaxError,
  parseSearchExpression,
  type SearchNode,
} from './search/parse.ts';
export { getDataSource, readAheadWithInfo } from './default-source.ts';
export { byValue, type AheadRead } from './read-cache.ts';
export { importRequestText, readCsvFile } from './csv/lazy.ts';
export {
  METADATA_IMPORT_LIMITS,
  changedOnImport,
  normaliseImportValue,
  showHiddenCharacters,
} from './csv/import-values.ts';
export type { CsvFileSummary } from './csv/read-file.ts';
export type { CorpusOptions } from './worker/protocol.ts';
export { DataSourceProvider, useDataSource } from './react/context.tsx';
export { useQuery, type QueryResult, type QueryStatus } from './react/use-query.ts';
export { QueryState, type QueryStateProps } from './react/QueryState.tsx';
export {
  metricDefinitions,
  type MetricDefinition,
  type CallKpis,
  type KpiKey,
} from '../metrics/index.ts';
// The BI guide's tables and fields, generated from schema/data (only the screens that show it
// import it, so it stays out of every other chunk).
export type { EntityReference, FieldReference } from './reference.ts';
export { dataReference } from '../generated/data-reference.gen.ts';
/** The API reference (OpenAPI 3.1, generated from the contract and the schemas), fetched on demand. */
export const loadApiReference = (): Promise<unknown> =>
  import('../generated/openapi.json').then((m) => m.default);
export { getToolsClient, type ToolsClient } from './analysis/worker/client.ts';
export { liveSocketTarget } from './http/api-connection.ts';
export { recordingsKept, sendCallAudio } from './http/send-audio.ts';
export { AUDIO_FILE, type AudioStored } from './http/audio-contract.ts';
export type { ToolConversation, ToolResult, CallDirection } from './analysis/tool-analysis.ts';
export type { AqmResult } from './analysis/tools-api.ts';
export type { IngestCheck, IngestMetadataFile } from './analysis/ingest-check.ts';
export type { AutomatedAnswer, AutomatedEvaluation } from './analysis/automated-qm.ts';
export type { CustomerJourney, ThreadAnalysis, ThreadsResult } from './analysis/threads.ts';
export type { LiveAlert, LiveCall, LiveSnapshot } from './analysis/live/live-types.ts';
export { MAX_TRANSCRIPT_BYTES } from './analysis/formats/limits.ts';
