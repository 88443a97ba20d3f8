/**
 * Sentiment report `/chart/reportsentiment`: customer sentiment over time, what drives negative
 * calls (categories and topics with more negative calls than the rest), the sentiment bands,
 * and the breakdown by vendor, queue, brand and product. Shares the report frame.
 */
import { ReportScreen } from './parts/report-frame.tsx';
import type { ReportTheme } from './parts/report-theme.ts';

const SENTIMENT: ReportTheme = {
  id: 'sentiment',
  title: 'Sentiment report',
  purpose:
    'How customers and agents feel on the calls (−5 to +5), what the negative calls are about, and where in the operation they land.',
  kpis: ['customerSentiment', 'agentSentiment', 'sentimentTrend', 'negativeCalls', 'analysedCalls'],
  outcome: {
    count: 'negativeCalls',
    filters: { sentiment: 'negative' },
    label: 'Negative sentiment',
    noun: 'negative calls',
    rateLabel: 'Negative %',
  },
  trendLine: 'customerSentiment',
  breakdowns: ['vendor', 'queue', 'brand', 'product'],
  columns: ['customerSentiment', 'agentSentiment', 'sentimentTrend'],
  distribution: {
    by: 'sentiment',
    title: 'Customer sentiment bands',
    subtitle: "Analysed calls by the band of the customer's overall sentiment.",
  },
};

export default function SentimentReport() {
  return <ReportScreen theme={SENTIMENT} />;
}
