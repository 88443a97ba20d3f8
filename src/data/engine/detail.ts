/** One call in full: the transcript rebuilt from the seed, its analysis with evidence, rule results, evaluations. */
import type { Call, Evaluation, RuleResult } from '../../generated/data.types.ts';
import { callAnalysisCost, qaScore } from '../../metrics/index.ts';
import { analyseConversation, type ConversationAnalysis } from '../analysis/conversation.ts';
import { DISPOSITIONS } from '../../domain/dispositions/index.ts';
import {
  REVIEW_STATUSES,
  STATUSES,
  scoringForm,
  callId,
  customerId,
  generatedCalls,
  type Corpus,
} from '../corpus/corpus.ts';
import { fakeSignals } from '../corpus/across-calls.ts';
import { analysisSubject, humanAnswers, rebuildTranscript } from '../corpus/generate.ts';
import type { TranscriptOutcome } from '../corpus/scenarios.ts';
import { createRandom, hashSeed } from '../corpus/prng.ts';
import { FIRST_NAMES, LAST_NAMES } from '../corpus/catalog.ts';
import type { CallDetail } from '../source.ts';
import { customerEntity } from './rows.ts';
import { recordingAt, recordingUrl } from '../corpus/recorded/index.ts';

/** The audio of a call that has some (the recorded demo calls). */
function audioOf(corpus: Corpus, i: number): { audioUrl?: string } {
  const recording = recordingAt(generatedCalls(corpus), i);
  return recording ? { audioUrl: recordingUrl(recording.id) } : {};
}

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
    ...audioOf(corpus, i),
  };
  let ruleResults: RuleResult[] = [];
  const evaluations: Evaluation[] = [];
  if (call.status === 'analysed') {
    const conversation = analyseCorpusCall(corpus, i, transcript);
    const { analysis, aiAnswers, qa } = conversation;
    const form = scoringForm(corpus);
    const created = new Date(c.startMs[i]! + c.durationMs[i]! + c.acwMs[i]! + 60_000).toISOString();
    evaluations.push({
      id: `eval-${call.id}-ai`,
      formId: form.id,
      formVersion: form.version,
      callId: call.id,
      agentId: agent.id,
      source: 'ai',
      answers: aiAnswers,
      points: qa.points,
      potential: qa.potential,
      score: qa.score,
      autoFailed: qa.autoFailed,
      status: 'submitted',
      createdAt: created,
    });
    if (c.reviewSource[i]) {
      const rand = createRandom(hashSeed(corpus.seed ^ 0x4e71e3, i));
      rand.chance(0.05); // same draws as when the review was generated
      const answers = humanAnswers(conversation.transcript, rand);
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
      ...analysis,
      qaScore: Number.isNaN(c.qaScore[i]!) ? null : c.qaScore[i]!,
      repeat: {
        isRepeatCall: c.repeatCall[i] === 1,
        followedByRepeat: c.followedByRepeat[i] === 1,
        contactsIn30Days: c.contactsIn30Days[i]!,
      },
      cost: costOf(corpus, i),
    };
    ruleResults = conversation.ruleResults;
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

/**
 * A corpus call through the one conversation analysis, with what the corpus knows around it:
 * the disposition (resolved, sale), repeat contacts, redials, the scenario's topic and summary.
 */
export function analyseCorpusCall(
  corpus: Corpus,
  i: number,
  transcript: TranscriptOutcome = rebuildTranscript(corpus, i),
): ConversationAnalysis {
  const c = corpus.cols;
  const fake = fakeSignals(corpus, i);
  return analyseConversation({
    subject: analysisSubject(corpus, i, transcript),
    context: {
      resolved: c.resolved[i] === 1,
      contactsIn30Days: c.contactsIn30Days[i]!,
      sameDayDials: fake.sameDayDials,
      saleDisposition: fake.saleDisposition,
      topic: corpus.topics[c.topic[i]!]!,
      summary: corpus.summaries[c.summary[i]!]!,
    },
    rules: corpus.rules,
    form: scoringForm(corpus),
    settings: corpus.settings.smart,
  });
}

function costOf(corpus: Corpus, i: number) {
  return callAnalysisCost(corpus.cols.durationMs[i]!, corpus.settings.costControl.rates);
}
