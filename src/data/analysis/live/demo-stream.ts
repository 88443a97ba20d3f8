/**
 * The demo's live calls: corpus-like conversations (the corpus's own scenario scripts, with
 * fresh names and seeds, none of them a stored call) played turn by turn at their real pace.
 * A turn is sent when it ends, as streaming speech-to-text delivers a final result.
 */
import { BRANDS, PRODUCTS_BY_BRAND, QUEUES, customerName } from '../../corpus/catalog.ts';
import { createRandom, type Random } from '../../corpus/prng.ts';
import { SCENARIOS, buildTranscript } from '../../corpus/scenarios.ts';
import type { LiveEvent, LiveOptions, LiveStream } from './live-types.ts';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

const AGENTS = [
  'Maya Patel',
  'Tom Becker',
  'Lina Okafor',
  'Jonas Weber',
  'Sara Lindqvist',
  'Omar Haddad',
  'Chloe Martin',
  'Diego Alvarez',
];

export function demoLiveStream(
  options: LiveOptions,
  seed = Date.now() >>> 0,
  clock: Clock = realClock,
): LiveStream {
  return {
    start(listener) {
      const rand = createRandom(seed);
      const timers = new Set<unknown>();
      let next = 1;
      let stopped = false;
      const later = (ms: number, fn: () => void) => {
        const handle = clock.setTimeout(() => {
          timers.delete(handle);
          if (!stopped) fn();
        }, ms / options.speed);
        timers.add(handle);
      };
      const startCall = (progress: number) => {
        const callId = `live-${String(next++).padStart(4, '0')}`;
        const call = demoCall(rand);
        listener({ type: 'call-started', callId, ...call.meta });
        // Calls already under way when the view opens show what was said so far at once.
        const skipMs = call.durationMs * progress;
        for (const s of call.segments) {
          const turn: LiveEvent = {
            type: 'turn',
            callId,
            speaker: s.speaker,
            text: s.text,
            beginMs: s.beginMs,
            endMs: s.endMs,
          };
          if (s.endMs <= skipMs) listener(turn);
          else later(s.endMs - skipMs, () => listener(turn));
        }
        later(call.durationMs - skipMs, () => {
          listener({ type: 'call-ended', callId, durationMs: call.durationMs });
          later(rand.int(1500, 6000), () => startCall(0));
        });
      };
      for (let k = 0; k < options.concurrent; k++) startCall(rand.range(0, 0.6));
      return () => {
        stopped = true;
        for (const t of timers) clock.clearTimeout(t);
        timers.clear();
      };
    },
  };
}

function demoCall(rand: Random) {
  const scenario = rand.pick(SCENARIOS.filter((s) => s !== 'silent-or-fake'));
  const brandIndex = rand.int(0, BRANDS.length - 1);
  const direction = scenario === 'sales-lead' && rand.chance(0.6) ? 'outbound' : 'inbound';
  const agentName = rand.pick(AGENTS);
  const name = customerName(rand.int(0, 50_000));
  const t = buildTranscript(
    {
      scenario,
      direction,
      brand: BRANDS[brandIndex]!,
      product: rand.pick(PRODUCTS_BY_BRAND[brandIndex]!),
      agentName,
      customerName: name,
      diligence: rand.range(0.3, 1),
    },
    rand,
  );
  const queue =
    scenario === 'sales-lead'
      ? 'Sales'
      : scenario === 'technical-support'
        ? 'Technical Support'
        : scenario === 'cancellation-intent' || scenario === 'competitor-mention'
          ? 'Retention'
          : scenario === 'billing-dispute'
            ? 'Billing'
            : rand.pick(QUEUES);
  return {
    meta: { agentName, customerName: name, queue, direction } as const,
    segments: t.segments,
    durationMs: t.durationMs,
  };
}
