/**
 * Audio made in code for tests (no recordings in the repository): telephone WAV (8 kHz, mono,
 * µ-law or 16-bit PCM) of a given length, every sample a set value so a test can tell silenced
 * samples from kept ones, and an Amazon Transcribe transcript with word times in which the
 * caller speaks a card number, so redaction names the exact stretch to silence.
 */

/** A WAV file: 8 kHz mono, format 7 (µ-law, 1 byte a sample) or 1 (16-bit PCM). */
export function telephoneWav(
  ms: number,
  options: { code?: 1 | 7; fill?: number } = {},
): Uint8Array {
  const code = options.code ?? 7;
  const rate = 8000;
  const block = code === 7 ? 1 : 2;
  const samples = Math.round((ms * rate) / 1000);
  const data = samples * block;
  const out = new Uint8Array(44 + data);
  const view = new DataView(out.buffer);
  const tag = (at: number, text: string) => {
    for (let k = 0; k < 4; k++) out[at + k] = text.charCodeAt(k);
  };
  tag(0, 'RIFF');
  view.setUint32(4, 36 + data, true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, code, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * block, true);
  view.setUint16(32, block, true);
  view.setUint16(34, block * 8, true);
  tag(36, 'data');
  view.setUint32(40, data, true);
  // µ-law 0x2a is a loud sample; PCM gets the value in every byte.
  out.fill(options.fill ?? 0x2a, 44);
  return out;
}

/** The first bytes of an Ogg Opus file (enough for the format check). */
export function opusHead(): Uint8Array {
  const out = new Uint8Array(64);
  out.set(new TextEncoder().encode('OggS'), 0);
  out.set(new TextEncoder().encode('OpusHead'), 28);
  return out;
}

/** An MP3 frame header (MPEG-1 layer III, 128 kbit/s) and some frame bytes. */
export function mp3Frame(): Uint8Array {
  const out = new Uint8Array(418);
  out.set([0xff, 0xfb, 0x90, 0x64]);
  return out;
}

/** A word the transcript times: [speaker label, word, begin s, end s]. */
type Word = [string, string, number, number];

/**
 * An Amazon Transcribe result (speaker diarization, word times). The caller (spk_1) says the
 * card number 4111 1111 1111 1111 as four spoken groups from `cardAtS` seconds, one word a
 * half-second; `cardWords` gives the span silenced. `keyword` is said by the agent at the end.
 */
export function spokenCardTranscript(options: { cardAtS?: number; keyword?: string } = {}) {
  const at = options.cardAtS ?? 3;
  const words: Word[] = [
    ['spk_0', 'What', 0.5, 0.8],
    ['spk_0', 'is', 0.8, 1.0],
    ['spk_0', 'your', 1.0, 1.3],
    ['spk_0', 'card', 1.3, 1.6],
    ['spk_0', 'number?', 1.6, 2.0],
    ['spk_1', 'It', at - 0.6, at - 0.4],
    ['spk_1', 'is', at - 0.4, at - 0.2],
  ];
  const groups = ['4111', '1111', '1111', '1111'];
  groups.forEach((g, k) => words.push(['spk_1', g, at + k * 0.5, at + k * 0.5 + 0.4]));
  const end = at + groups.length * 0.5;
  words.push(
    ['spk_0', 'Thank', end + 1, end + 1.3],
    ['spk_0', 'you,', end + 1.3, end + 1.5],
    ['spk_0', options.keyword ?? 'done', end + 1.5, end + 2],
  );
  const text = JSON.stringify({
    jobName: 'card-call',
    results: {
      transcripts: [{ transcript: words.map((w) => w[1]).join(' ') }],
      items: words.map(([speaker, content, b, e]) => ({
        type: 'pronunciation',
        start_time: b.toFixed(3),
        end_time: e.toFixed(3),
        speaker_label: speaker,
        alternatives: [{ content, confidence: '0.99' }],
      })),
    },
  });
  return {
    text,
    /** The card number's first and last word times, ms. */
    card: { beginMs: at * 1000, endMs: (at + (groups.length - 1) * 0.5 + 0.4) * 1000 },
    /** The call's length in ms (the last word's end), with a second to spare. */
    durationMs: (end + 3) * 1000,
  };
}
