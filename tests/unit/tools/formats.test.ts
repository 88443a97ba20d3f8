/** Every transcript reader and the format detector, on hand-written fixtures of each format. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, readTranscript } from '../../../src/data/analysis/formats/detect.ts';
import {
  FORMAT_NAMES,
  toConversation,
  speakerRoles,
} from '../../../src/data/analysis/formats/parsed.ts';
import { parseClock } from '../../../src/data/analysis/formats/time.ts';
import { parsePlainText } from '../../../src/data/analysis/formats/plain-text.ts';
import { hugeTranscript } from '../../fixtures/tools/huge-input.ts';

const dir = path.resolve(import.meta.dirname, '../../fixtures/tools');
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
const load = (name: string) => toConversation(readTranscript(name, read(name)));
const lines = (name: string) =>
  load(name).segments.map((s) => `${s.speaker} ${s.beginMs}-${s.endMs} ${s.text}`);

describe('format detection', () => {
  it.each([
    ['amazon-transcribe.json', 'json'],
    ['google-speech.json', 'json'],
    ['azure-speech.json', 'json'],
    ['captions.vtt', 'webvtt'],
    ['captions.srt', 'srt'],
    ['plain.txt', 'plain-text'],
  ])('%s is read as %s', (name, format) => {
    expect(detectFormat(name, read(name))).toBe(format);
  });

  it('a plain transcript opening with “[0:00]” is text, not a JSON list', () => {
    expect(detectFormat('pasted', '[0:00] Agent: Hello\n[0:03] Customer: Hi')).toBe('plain-text');
    expect(detectFormat('pasted', '[{"author": "x"}]')).toBe('json');
  });

  it.each([
    ['amazon-transcribe.json', 'amazon-transcribe'],
    ['google-speech.json', 'google-speech'],
    ['google-ccai.json', 'google-speech'],
    ['azure-speech.json', 'azure-speech'],
    ['captions.vtt', 'webvtt'],
    ['captions.srt', 'srt'],
    ['plain.txt', 'plain-text'],
  ])('%s is recognised as %s by content, whatever its name', (name, format) => {
    expect(readTranscript('upload', read(name)).format).toBe(format);
  });
});

describe('readers', () => {
  it('Amazon Transcribe: words grouped by speaker label, punctuation attached, seconds to ms', () => {
    expect(lines('amazon-transcribe.json')).toEqual([
      'AGENT 440-3100 Thank you for calling, this call is recorded.',
      'CUSTOMER 3600-6200 Hi, I was charged twice on my bill.',
      "AGENT 6900-9600 I'm sorry, let me verify your identity first.",
      'CUSTOMER 10100-10500 Sure.',
    ]);
  });

  it('Amazon Transcribe Call Analytics: participant roles and millisecond offsets', () => {
    const json = JSON.stringify({
      JobStatus: 'COMPLETED',
      Transcript: [
        {
          Content: 'Hello.',
          ParticipantRole: 'CUSTOMER',
          BeginOffsetMillis: 0,
          EndOffsetMillis: 900,
        },
        {
          Content: 'Hi there.',
          ParticipantRole: 'AGENT',
          BeginOffsetMillis: 1000,
          EndOffsetMillis: 1800,
        },
      ],
    });
    const parsed = readTranscript('ca.json', json);
    // Named as read: Call Analytics output is not the plain Transcribe job's JSON (issue 38.7).
    expect(FORMAT_NAMES[parsed.format]).toBe('Amazon Transcribe Call Analytics JSON');
    const c = toConversation(parsed);
    expect(c.segments.map((s) => s.speaker)).toEqual(['CUSTOMER', 'AGENT']);
    expect(c.notices).toEqual([]);
  });

  it('Google Speech-to-Text: the diarized result, speaker tags to turns', () => {
    expect(lines('google-speech.json')).toEqual([
      'AGENT 400-3100 thank you for calling this call is recorded',
      'CUSTOMER 3800-5600 my internet is not working',
    ]);
  });

  it('Google CCAI: participant roles and its sentiment (-1..1 to -5..5)', () => {
    const c = load('google-ccai.json');
    expect(c.segments.map((s) => [s.speaker, s.beginMs, s.endMs, s.sentimentScore])).toEqual([
      ['AGENT', 200, 3000, 1],
      ['CUSTOMER', 3500, 6500, -3],
    ]);
  });

  it('Azure Speech batch: ticks to ms, diarized speakers, display text', () => {
    expect(lines('azure-speech.json')).toEqual([
      'AGENT 300-3500 Thank you for calling, this call is being recorded.',
      'CUSTOMER 4100-6600 I would like a refund.',
    ]);
  });

  it('WebVTT: voice spans, NOTE blocks skipped, cues of one speaker joined', () => {
    expect(lines('captions.vtt')).toEqual([
      'AGENT 500-4500 Good morning, this call is recorded. How can I help?',
      'CUSTOMER 5200-8800 My phone shows an error and will not start.',
      "AGENT 9400-12000 I'm sorry to hear that. Let me check.",
    ]);
  });

  it('SRT: CRLF, "Name:" and "[Name]" prefixes, comma milliseconds', () => {
    expect(lines('captions.srt')).toEqual([
      'AGENT 400-3200 Hello, this call is recorded for training.',
      'CUSTOMER 3900-6500 I was overcharged on my bill, this is ridiculous.',
      'AGENT 7000-9000 I can offer you a credit.',
    ]);
  });

  it('plain text: times estimated from words when absent, and said so', () => {
    const c = load('plain.txt');
    expect(c.estimatedTimes).toBe(true);
    expect(c.segments.map((s) => s.speaker)).toEqual([
      'AGENT',
      'CUSTOMER',
      'AGENT',
      'CUSTOMER',
      'AGENT',
      'CUSTOMER',
    ]);
    for (let k = 1; k < c.segments.length; k++)
      expect(c.segments[k]!.beginMs).toBeGreaterThan(c.segments[k - 1]!.endMs);
  });

  it('plain text: times and ranges, continuation lines, a stated duration', () => {
    const parsed = parsePlainText(
      'Duration: 1:00\n[0:01.500 - 0:04] Agent: Hello\nthere.\n(0:05) Customer: Hi!\n0:00:09 Agent: Bye.',
    );
    expect(parsed.durationMs).toBe(60_000);
    expect(parsed.turns).toEqual([
      { speaker: 'Agent', text: 'Hello there.', beginMs: 1500, endMs: 4000 },
      { speaker: 'Customer', text: 'Hi!', beginMs: 5000 },
      { speaker: 'Agent', text: 'Bye.', beginMs: 9000 },
    ]);
    const c = toConversation(parsed);
    expect(c.segments[1]!.endMs).toBeLessThanOrEqual(9000);
    expect(c.durationMs).toBe(60_000);
  });

  it('unnamed labels: the first to speak is the agent, and the page is told', () => {
    const { roles, notices } = speakerRoles([
      { speaker: 'spk_0', text: 'a' },
      { speaker: 'spk_1', text: 'b' },
    ]);
    expect([...roles]).toEqual([
      ['spk_0', 'AGENT'],
      ['spk_1', 'CUSTOMER'],
    ]);
    expect(notices).toEqual(['Took “spk_0” for the agent.', 'Took “spk_1” for the customer.']);
  });

  it('clock times', () => {
    expect(parseClock('1:02:03.450')).toBe(3_723_450);
    expect(parseClock('02:03,4')).toBe(123_400);
    expect(parseClock('0:61')).toBeNull();
    expect(parseClock('soon')).toBeNull();
  });
});

describe('bad input: a message saying what is wrong', () => {
  const message = (name: string, text = read(name)) => {
    try {
      readTranscript(name, text);
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error(`${name} was read`);
  };
  it.each([
    ['malformed-truncated.json', /^It is not valid JSON \(/],
    [
      'malformed-no-speakers.json',
      /^No speaker labels: run the Transcribe job with ShowSpeakerLabels/,
    ],
    ['malformed-unknown.json', /^It is JSON, but not a transcript this tool reads/],
    ['malformed-no-tags.vtt', /^No speaker tags/],
    ['malformed-no-speakers.txt', /^No speakers found/],
    ['empty.txt', /^It is empty\.$/],
  ])('%s', (name, expected) => {
    expect(message(name)).toMatch(expected);
  });

  it('over 1 MB', () => {
    expect(message('huge.txt', hugeTranscript())).toMatch(/^It is 1\.1 MB; the limit is 1 MB/);
  });

  it('a .vtt without its header, an Azure file without speakers', () => {
    expect(message('x.vtt', '00:00:01.000 --> 00:00:02.000\n<v A>hi')).toMatch(/WEBVTT header/);
    const azure = JSON.stringify({
      recognizedPhrases: [0, 1].map((k) => ({
        channel: 0,
        offsetInTicks: k * 1e7,
        durationInTicks: 5e6,
        nBest: [{ display: 'hi' }],
      })),
    });
    expect(message('a.json', azure)).toMatch(/^No speaker labels: every phrase is on one channel/);
  });
});
