/**
 * Pass 2: the parts of the analysis that look at several calls (repeat contacts, redials,
 * churn risk, fake-call score) and the leads. Re-run when smart settings change.
 */
import type { Lead } from '../../generated/data.types.ts';
import {
  churnRisk,
  fakeCallAssessment,
  repeatContacts,
  sameDayDials,
} from '../../metrics/index.ts';
import { DISPOSITIONS, SALE_CODES } from '../../domain/dispositions/index.ts';
import { CAMPAIGNS, customerName } from './catalog.ts';
import { CHURN_LEVELS, SIGNAL_BITS, callId, customerId, type Corpus } from './corpus.ts';
import { hashSeed } from './prng.ts';
import { SCENARIOS } from './scenarios.ts';

export function recomputeAcrossCalls(corpus: Corpus): void {
  const { cols, n, settings } = corpus;
  const endMs = new Float64Array(n);
  for (let i = 0; i < n; i++) endMs[i] = cols.startMs[i]! + cols.durationMs[i]! + cols.holdMs[i]!;
  // direction: 0 inbound (the customer called), 1 outbound.
  const inbound = cols.direction.map((d) => (d === 0 ? 1 : 0));
  // The data ends at toMs: a contact whose window reaches it is pending, not resolved.
  const repeat = repeatContacts(
    cols.customer,
    cols.startMs,
    endMs,
    inbound,
    settings.smart,
    corpus.toMs,
  );
  cols.followedByRepeat.set(repeat.followedByRepeat);
  cols.repeatCall.set(repeat.repeatCall);
  cols.repeatPending.set(repeat.repeatPending);
  cols.contactsIn30Days.set(repeat.contactsIn30Days);
  cols.sameDayDials.set(sameDayDials(cols.agent, cols.customer, cols.startMs, cols.direction));

  const noEvidence: never[] = [];
  const present = [{ segment: 0, beginMs: 0, endMs: 0, text: '' }];
  for (let i = 0; i < n; i++) {
    if (cols.status[i] !== 0) continue;
    const signals = cols.signals[i]!;
    const end = cols.customerEndSentiment[i]!;
    const churn = churnRisk(
      {
        cancellationIntent: signals & SIGNAL_BITS.cancellationIntent ? present : noEvidence,
        competitorMention: signals & SIGNAL_BITS.competitorMention ? present : noEvidence,
        contactsIn30Days: cols.contactsIn30Days[i]!,
        endSentiment: Number.isNaN(end) ? null : end,
        endEvidence: noEvidence,
        resolved: cols.resolved[i] === 1,
      },
      settings.smart,
    );
    cols.churnScore[i] = churn.score;
    cols.churnLevel[i] = CHURN_LEVELS.indexOf(churn.level);
    const fake = fakeCallAssessment(fakeSignals(corpus, i), settings.smart);
    cols.fakeScore[i] = fake.score;
    cols.fake[i] = fake.flagged ? 1 : 0;
  }
  buildLeads(corpus);
}

export function fakeSignals(corpus: Corpus, i: number) {
  const { cols } = corpus;
  const duration = cols.durationMs[i]!;
  return {
    durationMs: duration,
    customerTalkMs: cols.customerTalkMs[i]!,
    turns: cols.turns[i]!,
    agentTurns: cols.agentTurns[i]!,
    silenceShare: duration > 0 ? cols.silenceMs[i]! / duration : 0,
    sameDayDials: cols.sameDayDials[i]!,
    voicemail: (cols.signals[i]! & SIGNAL_BITS.voicemail) !== 0,
    saleDisposition: SALE_CODES.has(cols.disposition[i]!),
    purchaseTalk: (cols.signals[i]! & SIGNAL_BITS.purchaseTalk) !== 0,
  };
}

/** One lead per customer with a sales call; stage and score from the latest sales call. */
function buildLeads(corpus: Corpus): void {
  const { cols, n } = corpus;
  const sales = SCENARIOS.indexOf('sales-lead');
  const byCustomer = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    if (cols.scenario[i] !== sales) continue;
    const list = byCustomer.get(cols.customer[i]!);
    if (list) list.push(i);
    else byCustomer.set(cols.customer[i]!, [i]);
  }
  const leads: Lead[] = [];
  cols.lead.fill(-1);
  for (const [customer, calls] of byCustomer) {
    const last = calls[calls.length - 1]!;
    const code = DISPOSITIONS[cols.disposition[last]!]!.code;
    const h = hashSeed(corpus.seed, customer);
    const purchase = calls.some((c) => (cols.signals[c]! & SIGNAL_BITS.purchaseTalk) !== 0);
    const stage: Lead['stage'] =
      code === 'SALE' && purchase
        ? 'won'
        : code === 'CALLBACK'
          ? calls.length > 1
            ? 'proposal'
            : 'qualified'
          : code === 'NO-SALE'
            ? 'lost'
            : 'contacted';
    const base = { won: 92, proposal: 72, qualified: 58, contacted: 35, lost: 12 }[stage];
    const sentiment = cols.customerSentiment[last]!;
    const score = Math.max(
      0,
      Math.min(
        100,
        Math.round(base + (Number.isNaN(sentiment) ? 0 : sentiment * 4) + ((h % 11) - 5)),
      ),
    );
    const signals: string[] = [];
    if (purchase) signals.push('Purchase intent');
    if (code === 'CALLBACK') signals.push('Asked for a callback');
    if (calls.some((c) => (cols.signals[c]! & SIGNAL_BITS.competitorMention) !== 0))
      signals.push('Compared with a competitor');
    signals.push('Asked about price');
    const index = leads.length;
    for (const c of calls) cols.lead[c] = index;
    leads.push({
      id: `lead-${String(index + 1).padStart(5, '0')}`,
      name: customerName(customer),
      phone: `•••-•••-${String(h % 10_000).padStart(4, '0')}`,
      campaign: CAMPAIGNS[h % CAMPAIGNS.length]!,
      ownerAgentId: corpus.cast.agents[cols.agent[last]!]!.id,
      customerId: customerId(customer),
      stage,
      score,
      temperature: score >= 70 ? 'hot' : score >= 40 ? 'warm' : 'cold',
      signals,
      nextAction:
        stage === 'won'
          ? 'Send the welcome pack'
          : stage === 'lost'
            ? 'Retry in 90 days'
            : stage === 'contacted'
              ? 'Call again'
              : 'Follow up with an offer',
      callIds: calls.map(callId),
    });
  }
  corpus.leads = leads;
}
