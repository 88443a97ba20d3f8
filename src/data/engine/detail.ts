/** One call in full: the transcript rebuilt from the seed, its analysis with evidence, rule results, evaluations. */
import type { Call, Evaluation, RuleResult } from '../../generated/data.types.ts';
import { callAnalysisCost, churnRisk, fakeCallAssessment, qaScore } from '../../metrics/index.ts';
import { DISPOSITIONS } from '../corpus/catalog.ts';
import {
  REVIEW_STATUSES,
  STATUSES,
  scoringForm,
  callId,
  customerId,
  type Corpus,
} from '../corpus/corpus.ts';
import { fakeSignals } from '../corpus/across-calls.ts';
import { analyseCall, humanAnswers, rebuildTranscript } from '../corpus/generate.ts';
import { createRandom, hashSeed } from '../corpus/prng.ts';
import { FIRST_NAMES, LAST_NAMES } from '../corpus/catalog.ts';
import type { CallDetail } from '../source.ts';
import { customerEntity } from './rows.ts';

const ESCALATIONS = ['supervisor-request', 'legal-threat', 'transfer'] as const;

export function callDetail(corpus: Corpus, i: number): CallDetail {
  const c = corpus.cols;
  const transcript = rebuildTranscript(corpus, i);
  const agent = corpus.cast.agents[c.agent[i]!]!;
  const vendor = corpus.cast.vendors[c.vendor[i]!]!;
  const disposition = DISPOSITIONS[c.disposition[i]!]!;
  const call: Call = {
    id: callId(i),
    direction: c.direction[i] ? 'outbound' : 'inbound',
    startedAt: new Date(c.startMs[i]!).toISOString(),
    durationMs: c.durationMs[i]!,
    ivrMs: c.ivrMs[i]!,
    holdMs: c.holdMs[i]!,
    acwMs: c.acwMs[i]!,
    language: corpus.languages[c.language[i]!]!,
    queue: corpus.queues[c.queue[i]!]!,
    brand: corpus.brands[c.brand[i]!]!,
    product: corpus.products[c.product[i]!]!,
    agentId: agent.id,
    vendorId: vendor.id,
    customerId: customerId(c.customer[i]!),
    ...(c.lead[i]! >= 0 ? { leadId: corpus.leads[c.lead[i]!]!.id } : {}),
    disposition: { code: disposition.code, source: c.dispositionByAi[i] ? 'ai' : 'agent' },
    status: STATUSES[c.status[i]!]!,
    asrConfidence: c.asrConfidence[i]!,
  };
  let ruleResults: RuleResult[] = [];
  const evaluations: Evaluation[] = [];
  if (call.status === 'analysed') {
    const a = analyseCall(corpus, i, transcript);
    const settings = corpus.settings.smart;
    const churn = churnRisk(
      {
        cancellationIntent: a.signals.cancellationIntent,
        competitorMention: a.signals.competitorMention,
        contactsIn30Days: c.contactsIn30Days[i]!,
        endSentiment: a.sentiment.customer.quarters[3],
        endEvidence: a.endEvidence,
        resolved: c.resolved[i] === 1,
      },
      settings,
    );
    const fake = fakeCallAssessment(fakeSignals(corpus, i), settings);
    const categories = a.ruleResults.filter((r) => r.kind === 'category' && r.hit);
    const form = scoringForm(corpus);
    const created = new Date(c.startMs[i]! + c.durationMs[i]! + c.acwMs[i]! + 60_000).toISOString();
    evaluations.push({
      id: `eval-${call.id}-ai`,
      formId: form.id,
      formVersion: form.version,
      callId: call.id,
      agentId: agent.id,
      source: 'ai',
      answers: a.aiAnswers,
      points: a.qa.points,
      potential: a.qa.potential,
      score: a.qa.score,
      autoFailed: a.qa.autoFailed,
      status: 'submitted',
      createdAt: created,
    });
    if (c.reviewSource[i]) {
      const rand = createRandom(hashSeed(corpus.seed ^ 0x4e71e3, i));
      rand.chance(0.05); // same draws as when the review was generated
      const answers = humanAnswers(a, rand);
      const score = qaScore(form, answers);
      evaluations.push({
        id: `eval-${call.id}-human`,
        formId: form.id,
        formVersion: form.version,
        callId: call.id,
        agentId: agent.id,
        evaluator: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i >> 3) % LAST_NAMES.length]}`,
        source: c.reviewSource[i] === 2 ? 'calibration' : 'human',
        answers,
        points: score.points,
        potential: score.potential,
        score: score.score,
        autoFailed: score.autoFailed,
        status: REVIEW_STATUSES[c.reviewStatus[i]!]!,
        createdAt: new Date(Date.parse(created) + 86_400_000).toISOString(),
      });
    }
    call.analysis = {
      talk: a.talk,
      nonTalk: a.gaps,
      silenceMs: a.silenceMs,
      interruptions: a.interruptions,
      talkSpeedWpm: {
        agent: a.talk.agentMs > 0 ? Math.round((a.agentWords / a.talk.agentMs) * 60_000) : 0,
        customer:
          a.talk.customerMs > 0 ? Math.round((a.customerWords / a.talk.customerMs) * 60_000) : 0,
      },
      turns: a.turns,
      sentiment: a.sentiment,
      sentimentTrend: a.trend,
      categories: categories.map((r) => ({ ruleId: r.ruleId, name: r.name, evidence: r.evidence })),
      topics: [
        corpus.topics[c.topic[i]!]!,
        ...categories.map((r) => r.name).filter((n) => n !== corpus.topics[c.topic[i]!]),
      ],
      summary: corpus.summaries[c.summary[i]!]!,
      resolved: c.resolved[i] === 1,
      escalation: {
        escalated: c.escalation[i] !== 0,
        reasons: ESCALATIONS.filter((_, k) => (c.escalation[i]! & (1 << k)) !== 0),
      },
      churnRisk: churn,
      fakeCall: fake,
      qaScore: Number.isNaN(c.qaScore[i]!) ? null : c.qaScore[i]!,
      complianceScore: a.compliance.score,
      compliant: a.compliance.compliant,
      repeat: {
        isRepeatCall: c.repeatCall[i] === 1,
        followedByRepeat: c.followedByRepeat[i] === 1,
        contactsIn30Days: c.contactsIn30Days[i]!,
      },
      cost: costOf(corpus, i),
    };
    const order = { critical: 0, major: 1, minor: 2 };
    ruleResults = [
      ...a.ruleResults
        .filter((r) => r.kind === 'compliance')
        .sort(
          (x, y) => Number(x.passed) - Number(y.passed) || order[x.severity] - order[y.severity],
        ),
      ...categories,
    ];
  }
  return {
    call,
    agent,
    vendor,
    customer: customerEntity(corpus, c.customer[i]!)!,
    disposition,
    transcript: transcript.segments,
    ruleResults,
    evaluations,
  };
}

function costOf(corpus: Corpus, i: number) {
  return callAnalysisCost(corpus.cols.durationMs[i]!, corpus.settings.costControl.rates);
}
