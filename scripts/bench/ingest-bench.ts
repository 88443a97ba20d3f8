/**
 * `npm run bench:ingest [-- --calls N --audio M --batch B]`: calls ingested over HTTP into an
 * empty deployment (SA_API_DEMO=off) on 127.0.0.1, in a data directory under
 * .cache/bench-ingest/ removed at the end. The calls are the repo's samples/calls (every
 * transcript format), each copy with its own id, customer and start time in the deployment's
 * last 90 days. Default 5,000 calls (about a minute on this 2-core machine when shared); the goals are for 200,000
 * (--calls 200000). Run big sizes with `nice -n 10` on a shared machine; the load average is
 * printed at the start and the end.
 *
 * - transcripts: N calls in batches of B (default 250) over POST /v1/calls/batch, two
 *   clients at once: calls per second; goal >= 500 calls/s (at 200,000 calls);
 * - acknowledgement to dashboard: while the batches go in, a probe takes an acknowledged
 *   batch's moment and asks POST /v1/kpis (all time) until it counts every call acknowledged by
 *   then: p50/p95 over the probes; goal p95 < 10 s;
 * - with audio: M more calls (default N / 20), each batch's calls followed by their recording
 *   (an 8 kHz µ-law telephone WAV of 10 s) over PUT /v1/calls/{id}/audio, four at once: calls
 *   per second, transcript and audio together (the issue sets no goal).
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { IngestRecord, IngestReport } from '../../src/data/source.ts';
import { audioContentType, audioPath } from '../../src/data/http/audio-contract.ts';
import { loadApiConfig, startApiServer } from '../../server/index.ts';
import { folderCalls } from '../../server/ingest-folder.ts';
import { requestApi, startTestAuthority, testEnv } from '../../server/test-kit.ts';
import { telephoneWav } from '../../tests/audio-fixtures.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CALLS = arg('calls', 5_000);
const AUDIO_CALLS = arg('audio', Math.max(100, Math.round(CALLS / 20)));
const BATCH = arg('batch', 250);
const CLIENTS = 2;
const AUDIO_CLIENTS = 4;
const PROBES = 8;
const GOAL_RATE = 500;
const GOAL_VISIBLE_MS = 10_000;
/** How long a probe waits for its calls to be counted before it counts as missed. */
const PROBE_BUDGET_MS = 60_000;
const POLL_MS = 100;
const DAY_MS = 86_400_000;
const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };

const root = resolve(import.meta.dirname, '..', '..');
const samples = folderCalls(resolve(root, 'samples', 'calls')).map((c) => c.record!);

/** Call `k` of the run: a sample with its own id, customer and start time. */
function callNumber(k: number): IngestRecord {
  const sample = samples[k % samples.length]!;
  // Spread over the 90 days before yesterday, a minute apart within a day, so none is to come.
  const day = Date.now() - DAY_MS * (1 + (k % 90));
  const startedAt = new Date(day - (day % DAY_MS) + (Math.floor(k / 90) % 1_400) * 60_000);
  return {
    metadata: {
      ...sample.metadata,
      id: `bench-${k}`,
      customer: `CUST-B${k % 5_000}`,
      startedAt: startedAt.toISOString(),
    },
    transcript: sample.transcript,
  };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const line = (name: string, value: string, goal = '') =>
  console.log(`${name.padEnd(50)} ${value.padStart(18)}  ${goal}`);
const loadLine = (when: string) =>
  line(
    `load average (1, 5, 15 min) at the ${when}`,
    loadavg()
      .map((x) => x.toFixed(1))
      .join(', '),
  );

const authority = await startTestAuthority();
const dataDir = resolve(root, '.cache', 'bench-ingest', String(CALLS));
rmSync(dataDir, { recursive: true, force: true });
const config = loadApiConfig({
  ...testEnv(authority.url, dataDir),
  SA_API_DEMO: 'off',
  SA_API_PORT: '0',
});
let failed = false;
try {
  loadLine('start');
  const api = await startApiServer(config);
  const writer = await authority.token({ scope: 'calls.read calls.write', roles: ['supervisor'] });
  const reader = await authority.token({ scope: 'calls.read' });
  let acknowledged = 0;

  /** Ingests calls [from, to) in batches, CLIENTS at once; `acked` hears each answered batch. */
  const ingest = async (from: number, to: number, acked: (batch: number[]) => Promise<void>) => {
    let next = from;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < to) {
          const ids = Array.from({ length: Math.min(BATCH, to - next) }, (_, k) => next + k);
          next += ids.length;
          const answer = await requestApi(
            api.url,
            writer,
            'POST',
            '/v1/calls/batch',
            ids.map(callNumber),
          );
          const report = answer.body as IngestReport;
          if (answer.status !== 200 || report.accepted !== ids.length) {
            const rejected = report.results?.find((r) => r.status === 'rejected');
            throw new Error(
              `batch refused (${answer.status}): ${JSON.stringify(rejected ?? report)}`,
            );
          }
          acknowledged += report.accepted;
          await acked(ids);
        }
      }),
    );
  };

  // Probes: from an acknowledgement until kpis counts every call acknowledged by then.
  const counted = async () =>
    (await requestApi(api.url, reader, 'POST', '/v1/kpis', { filters: ALL_TIME })).body.current
      .calls as number;
  const visibleMs: number[] = [];
  let probing: Promise<void> | null = null;
  const probeEvery = Math.max(1, Math.floor(CALLS / BATCH / PROBES));
  let batches = 0;
  const probe = async (expected: number) => {
    const started = performance.now();
    // Asked every POLL_MS (the figure's resolution), not back to back: the probe must not
    // crowd out the ingest it measures.
    while ((await counted()) < expected && performance.now() - started < PROBE_BUDGET_MS) {
      await new Promise((done) => setTimeout(done, POLL_MS));
    }
    visibleMs.push(performance.now() - started);
  };

  let started = performance.now();
  await ingest(0, CALLS, async () => {
    batches++;
    if (probing === null && batches % probeEvery === 0 && visibleMs.length < PROBES) {
      probing = probe(acknowledged).finally(() => (probing = null));
    }
  });
  const seconds = (performance.now() - started) / 1000;
  await probing;
  const rate = CALLS / seconds;
  line(
    `transcripts: ${CALLS} calls in batches of ${BATCH}`,
    `${rate.toFixed(0)} calls/s`,
    `${rate >= GOAL_RATE ? 'ok' : 'MISSED'} (goal >= ${GOAL_RATE} calls/s at 200,000 calls; ${seconds.toFixed(1)} s)`,
  );
  failed ||= rate < GOAL_RATE;
  const p95 = percentile(visibleMs, 95);
  line(
    `acknowledged -> counted by /v1/kpis: p50 / p95 (${visibleMs.length} probes)`,
    `${(percentile(visibleMs, 50) / 1000).toFixed(2)} / ${(p95 / 1000).toFixed(2)} s`,
    `${p95 < GOAL_VISIBLE_MS ? 'ok' : 'MISSED'} (goal p95 < ${GOAL_VISIBLE_MS / 1000} s)`,
  );
  failed ||= !(p95 < GOAL_VISIBLE_MS);
  const total = await counted();
  line(
    '  calls counted by /v1/kpis after the run',
    String(total),
    total === CALLS ? 'ok' : 'MISSED',
  );
  failed ||= total !== CALLS;

  // With audio: each batch's recordings follow it, AUDIO_CLIENTS uploads at once.
  const wav = telephoneWav(10_000);
  let audioErrors = 0;
  started = performance.now();
  await ingest(CALLS, CALLS + AUDIO_CALLS, async (ids) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: AUDIO_CLIENTS }, async () => {
        while (next < ids.length) {
          const id = `bench-${ids[next++]!}`;
          const answer = await fetch(`${api.url}/v1${audioPath(id)}`, {
            method: 'PUT',
            headers: {
              authorization: `Bearer ${writer}`,
              'content-type': audioContentType(`${id}.wav`),
            },
            body: wav as Uint8Array<ArrayBuffer>,
          });
          await answer.arrayBuffer();
          if (answer.status !== 201) audioErrors++;
        }
      }),
    );
  });
  const audioSeconds = (performance.now() - started) / 1000;
  line(
    `with audio: ${AUDIO_CALLS} calls, a ${(wav.length / 1000).toFixed(0)} kB WAV each`,
    `${(AUDIO_CALLS / audioSeconds).toFixed(0)} calls/s`,
    audioErrors ? `MISSED (${audioErrors} recordings refused)` : '(no goal set; no errors)',
  );
  failed ||= audioErrors > 0;
  await api.stop();
} finally {
  await authority.stop();
  rmSync(dataDir, { recursive: true, force: true });
  loadLine('end');
}
process.exit(failed ? 1 : 0);
