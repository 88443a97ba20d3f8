/**
 * Churn report `/chart/reportchurn` (sidebar "Churn Analysis"): high churn-risk calls over
 * time, what drives them (categories and topics with more high-risk calls than the rest), the
 * risk levels, and the breakdown by vendor, queue, brand and product. Shares the report frame.
 */
import { ReportScreen } from './parts/report-frame.tsx';
import type { ReportTheme } from './parts/report-theme.ts';

const CHURN: ReportTheme = {
  id: 'churn',
  title: 'Churn report',
  purpose:
    'Where customers are at risk of leaving (a high churn-risk level on the call), what their calls have in common, and where in the operation they land.',
  kpis: [
    'churnRiskCalls',
    'churnRiskRate',
    'repeatRate',
    'customerSentiment',
    'escalationRate',
    'analysedCalls',
  ],
  outcome: {
    count: 'churnRiskCalls',
    filters: { churnRisk: 'high' },
    label: 'High churn risk',
    noun: 'high-risk calls',
    rateLabel: 'Churn-risk %',
  },
  trendLine: 'churnRiskRate',
  breakdowns: ['vendor', 'queue', 'brand', 'product'],
  columns: ['customerSentiment', 'repeatRate', 'escalationRate'],
  distribution: {
    by: 'churnRisk',
    title: 'Churn-risk levels',
    subtitle: 'Analysed calls by the churn-risk level the analysis gave them.',
  },
};

export default function ChurnReport() {
  return <ReportScreen theme={CHURN} />;
}
