/**
 * `npm run audio:demo`: synthesises the demo calls that have audio (src/data/corpus/recorded/
 * scripts.ts) with espeak-ng, two distinct voices for agent and customer and a third for the
 * IVR, lays the turns out with short gaps (plus the script's waits), encodes each call as a
 * small mono Opus file (src/public/recordings/<id>.ogg) and writes every turn's measured start
 * and end to src/data/corpus/recorded/timings.json, so the transcript follows playback.
 *
 * The output is committed (CI does not need the speech packages). Run this after changing a
 * script: a unit test fails while the timings were made from other lines. On a Debian-like
 * system as root, missing packages (espeak-ng, opus-tools) are installed with apt-get, as
 * `npm run browser:install` does for Chromium.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  RECORDED_SCRIPTS,
  recordingUrl,
  scriptHash,
  type RecordingTimings,
} from '../../src/data/corpus/recorded/index.ts';
import type { RecordedTurn } from '../../src/data/corpus/recorded/scripts.ts';

const root = resolve(import.meta.dirname, '..', '..');
const audioDir = join(root, 'src', 'public');
const timingsFile = join(root, 'src', 'data', 'corpus', 'recorded', 'timings.json');

/** espeak-ng voice and words per minute of each speaker. */
const VOICES: Record<RecordedTurn['speaker'], { voice: string; wpm: number }> = {
  AGENT: { voice: 'en-gb+f3', wpm: 165 },
  CUSTOMER: { voice: 'en-us+m3', wpm: 150 },
  IVR: { voice: 'en-gb-x-rp+f2', wpm: 160 },
};
const RATE = 22_050; // espeak-ng's output rate
/** Opus bit rate, kbit/s: speech stays clear and a minute is about 90 KB. */
const BITRATE = 12;

function has(command: string): boolean {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

function ensurePackages(): void {
  const missing = [
    ['espeak-ng', 'espeak-ng'],
    ['opusenc', 'opus-tools'],
  ].filter(([command]) => !has(command!));
  if (missing.length === 0) return;
  const packages = missing.map(([, pkg]) => pkg!);
  const manual = `install them with \`sudo apt-get install -y ${packages.join(' ')}\``;
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || !has('apt-get')) {
    throw new Error(`${packages.join(' and ')} missing: ${manual}`);
  }
  console.log(`audio: installing ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...packages]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed: ${manual}`);
  }
}

/** One turn as 16-bit mono samples, leading and trailing silence trimmed. */
function speak(turn: RecordedTurn): Int16Array {
  const { voice, wpm } = VOICES[turn.speaker];
  const r = spawnSync('espeak-ng', ['-v', voice, '-s', String(wpm), '--stdout', turn.text], {
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`espeak-ng failed: ${r.stderr.toString()}`);
  const wav = r.stdout as Buffer;
  // espeak-ng streams a WAV whose sizes are unknown: the samples start after the "data" tag.
  const data = wav.indexOf('data', 12) + 8;
  const samples = new Int16Array(
    wav.buffer.slice(
      wav.byteOffset + data,
      wav.byteOffset + wav.length - ((wav.length - data) % 2),
    ),
  );
  let from = 0;
  let to = samples.length;
  while (from < to && Math.abs(samples[from]!) < 300) from++;
  while (to > from && Math.abs(samples[to - 1]!) < 300) to--;
  return samples.slice(from, to);
}

/** A short natural gap before turn k, the same every run. */
const gapMs = (k: number) => 350 + ((k * 7919) % 11) * 45;

function wavFile(samples: Int16Array): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([
    header,
    Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength),
  ]);
}

function record(
  script: (typeof RECORDED_SCRIPTS)[number],
  k: number,
  work: string,
): RecordingTimings {
  const spoken = script.turns.map(speak);
  const turns: [number, number][] = [];
  let cursor = 300;
  spoken.forEach((samples, t) => {
    const begin = cursor + (t === 0 ? 0 : gapMs(t)) + (script.turns[t]!.waitMs ?? 0);
    const end = begin + Math.round((samples.length / RATE) * 1000);
    turns.push([begin, end]);
    cursor = end;
  });
  const durationMs = cursor + 800;
  const pcm = new Int16Array(Math.ceil((durationMs / 1000) * RATE));
  spoken.forEach((samples, t) => pcm.set(samples, Math.round((turns[t]![0] / 1000) * RATE)));
  const wav = join(work, `${script.id}.wav`);
  writeFileSync(wav, wavFile(pcm));
  const out = join(audioDir, recordingUrl(script.id));
  mkdirSync(join(out, '..'), { recursive: true });
  // A fixed serial number and no comments: the same lines give the same file.
  const r = spawnSync(
    'opusenc',
    [
      '--quiet',
      '--speech',
      '--bitrate',
      String(BITRATE),
      '--serial',
      String(k + 1),
      '--discard-comments',
      wav,
      out,
    ],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error(`opusenc failed for ${script.id}`);
  return { scriptHash: scriptHash(script), durationMs, turns };
}

ensurePackages();
const work = mkdtempSync(join(tmpdir(), 'callscope-audio-'));
try {
  const calls: Record<string, RecordingTimings> = {};
  RECORDED_SCRIPTS.forEach((script, k) => {
    calls[script.id] = record(script, k, work);
    console.log(
      `audio: ${recordingUrl(script.id)} ${(calls[script.id]!.durationMs / 1000).toFixed(1)} s`,
    );
  });
  const voices = Object.fromEntries(Object.entries(VOICES).map(([s, v]) => [s, v.voice]));
  writeFileSync(
    timingsFile,
    JSON.stringify({ voices, bitrateKbps: BITRATE, calls }, null, 2) + '\n',
  );
  // In the repository's format, so `prettier --check` passes on a fresh run.
  spawnSync(join(root, 'node_modules', '.bin', 'prettier'), ['--write', timingsFile], {
    stdio: 'ignore',
  });
  console.log(`audio: timings in ${timingsFile.replace(root + '/', '')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
