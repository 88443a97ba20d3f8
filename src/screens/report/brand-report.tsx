/**
 * Brand report `/chart/reportbrand` (sidebar "Brand Analysis"): each brand's volume, customer
 * sentiment, first-contact resolution, QA and churn risk side by side with a trend per brand;
 * what makes customers call again (categories and topics with more repeat contacts than the
 * rest); what customers call about. Shares the report frame.
 */
import { ReportScreen } from './parts/report-frame.tsx';
import type { ReportTheme } from './parts/report-theme.ts';

const BRAND: ReportTheme = {
  id: 'brand',
  title: 'Brand report',
  purpose:
    "How each brand's customers are served, and what makes them call again within the repeat window.",
  kpis: ['analysedCalls', 'customerSentiment', 'fcr', 'qaScore', 'churnRiskRate'],
  outcome: {
    count: 'followedByRepeatCalls',
    filters: { followedByRepeat: true },
    label: 'Repeat contact',
    noun: 'calls followed by a repeat',
    rateLabel: 'Repeat %',
  },
  trendLine: 'customerSentiment',
  breakdowns: ['brand', 'product', 'queue', 'vendor'],
  columns: ['customerSentiment', 'fcr', 'qaScore', 'churnRiskRate'],
  distribution: {
    by: 'topic',
    title: 'What customers call about',
    subtitle: 'Analysed calls by their main topic.',
  },
  concerns: { by: 'brand', plural: 'brands' },
};

export default function BrandReport() {
  return <ReportScreen theme={BRAND} />;
}
