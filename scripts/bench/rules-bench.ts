/**
 * `npm run bench:rules`: the rule builder's figures on this machine.
 * - Live preview of a draft rule over every analysed call of a 20,000-call corpus (goal
 *   < 300 ms): a selective phrase, a required phrase that is missing (no word filter can skip),
 *   and a condition on measurements (silence, interruptions).
 * - Saving a rule and re-running it on history as the job the builder follows, over
 *   RULES_BENCH_RERUN_CALLS calls (default 200,000; goal < 20 s), with its progress steps.
 * Goals, not budgets: reported, the run does not fail on them.
 */
import { createEmbeddedSource } from '../../src/data/engine/index.ts';
import type { RuleDraft, RuleJob } from '../../src/data/source.ts';

const PREVIEW_GOAL_MS = 300;
const RERUN_GOAL_MS = 20_000;
const rerunCalls = Number(process.env.RULES_BENCH_RERUN_CALLS ?? 200_000);

const base: Omit<RuleDraft, 'condition'> = {
  name: 'Bench rule',
  kind: 'compliance',
  active: true,
  scope: {},
  severity: 'major',
  points: 3,
};
const drafts: [string, RuleDraft['condition']][] = [
  ['customer says "cancel"', { phrase: { terms: ['cancel'], speaker: 'CUSTOMER' } }],
  [
    'agent never says "recorded" in 30 s',
    { phrase: { terms: ['recorded'], speaker: 'AGENT', window: { firstSec: 30 } }, negate: true },
  ],
  [
    'silence > 20 s or > 2 interruptions',
    { any: [{ nonTalk: { overSec: 20 } }, { interruptions: { over: 2 } }] },
  ],
];

/** Milliseconds of CPU this process used since `from` (wall time misleads on a shared machine). */
function cpuMs(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
}

function report(name: string, ms: number, goal: number, cpu: number, extra = '') {
  const verdict = ms <= goal ? 'meets goal' : 'misses goal';
  console.log(
    `${name.padEnd(48)} ${String(Math.round(ms)).padStart(7)} ms  (cpu ${Math.round(cpu)} ms)  goal ${goal} ms  ${verdict}${extra}`,
  );
}

const small = createEmbeddedSource({ calls: 20_000 });
for (const [name, condition] of drafts) {
  const rule = { ...base, condition };
  await small.previewRule({ rule, sampleSize: 1_000_000 }); // warm the text caches
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const p = await small.previewRule({ rule, sampleSize: 1_000_000 });
  report(
    `preview over ${p.evaluatedCalls} calls: ${name}`,
    performance.now() - t0,
    PREVIEW_GOAL_MS,
    cpuMs(c0),
    `  (${p.hits} hits)`,
  );
}

const big = rerunCalls === 20_000 ? small : createEmbeddedSource({ calls: rerunCalls });
const t0 = performance.now();
const c0 = process.cpuUsage();
let job: RuleJob | null = await big.startRuleSave({ ...base, condition: drafts[0]![1] });
let steps = 0;
while (job && job.state === 'running') {
  await new Promise((r) => setTimeout(r, 0));
  job = await big.ruleJob(job.id);
  steps++;
}
report(
  `save + re-run on ${rerunCalls} calls (${steps} progress polls)`,
  performance.now() - t0,
  RERUN_GOAL_MS,
  cpuMs(c0),
);
