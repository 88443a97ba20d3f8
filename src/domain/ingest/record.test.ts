import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseCall, readMetadataCsv, type IngestInput } from './index.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../tests/fixtures/tools');
const fixture = (name: string) => ({
  fileName: name,
  text: readFileSync(path.join(fixtures, name), 'utf8'),
});

const META = {
  id: 'ext-42',
  startedAt: '2026-03-02T09:14:00Z',
  direction: 'inbound',
  agent: 'Maria Lopez',
  vendor: 'Northwind In-house',
  customer: 'CUST-1',
};
const VTT = {
  fileName: 'a.vtt',
  text: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Agent>Hello, how can I help?</v>\n\n00:00:03.500 --> 00:00:06.000\n<v Customer>My card is 4111 1111 1111 1111.</v>\n',
};
const ingest = (
  input: Partial<IngestInput> & { metadata?: Record<string, unknown> },
  options = {},
) => normaliseCall({ metadata: META, transcript: VTT, ...input }, options);
const errors = (input: Parameters<typeof ingest>[0], options = {}) => {
  const r = ingest(input, options);
  return r.ok ? [] : r.errors.map((e) => e.field);
};

describe('normaliseCall: formats', () => {
  it.each([
    ['amazon-transcribe.json', 'amazon-transcribe'],
    ['google-speech.json', 'google-speech'],
    ['google-ccai.json', 'google-speech'],
    ['azure-speech.json', 'azure-speech'],
    ['captions.vtt', 'webvtt'],
    ['captions.srt', 'srt'],
    ['plain.txt', 'plain-text'],
  ])('reads %s as %s into time-ordered turns with roles', (name, format) => {
    const r = ingest({ transcript: fixture(name) });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.call.transcriptFormat).toBe(format);
    expect(r.call.transcript.length).toBeGreaterThan(1);
    expect(new Set(r.call.transcript.map((s) => s.speaker))).toContain('AGENT');
    r.call.transcript.forEach((s, k) => {
      expect(s.index).toBe(k);
      if (k) expect(s.beginMs).toBeGreaterThanOrEqual(r.call.transcript[k - 1]!.beginMs);
    });
    expect(r.call.durationMs).toBeGreaterThanOrEqual(r.call.transcript.at(-1)!.endMs);
  });

  it('reads Transcribe Call Analytics JSON', () => {
    const text = JSON.stringify({
      JobStatus: 'COMPLETED',
      Transcript: [
        { ParticipantRole: 'AGENT', Content: 'Hello.', BeginOffsetMillis: 0, EndOffsetMillis: 900 },
        {
          ParticipantRole: 'CUSTOMER',
          Content: 'Hi.',
          BeginOffsetMillis: 1000,
          EndOffsetMillis: 1500,
        },
      ],
    });
    const r = ingest({ transcript: { fileName: 'ca.json', text } });
    expect(r.ok && r.call.transcript.map((s) => s.speaker)).toEqual(['AGENT', 'CUSTOMER']);
  });

  it("reads the product's own JSON, a list or { segments }", () => {
    const segments = [
      { speaker: 'IVR', text: 'Welcome.', beginMs: 0, endMs: 1000 },
      { speaker: 'AGENT', text: 'Hello.', beginMs: 1500, endMs: 2500 },
      { speaker: 'CUSTOMER', text: 'Hi.', beginMs: 3000, endMs: 3500 },
    ];
    for (const json of [segments, { segments }]) {
      const r = ingest({ transcript: { fileName: 'c.json', text: JSON.stringify(json) } });
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      expect(r.call.transcriptFormat).toBe('callscope');
      expect(r.call.transcript.map((s) => s.speaker)).toEqual(['IVR', 'AGENT', 'CUSTOMER']);
      expect(r.call.ivrMs).toBe(1000);
    }
  });

  it('returns the canonical record with the transcript redacted and marked', () => {
    const r = ingest({
      metadata: { ...META, queue: 'Billing', disposition: 'paid', brand: 'Northwind' },
    });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const { transcript, redactions, ...call } = r.call;
    expect(call).toMatchObject({
      externalId: 'ext-42',
      startedAt: '2026-03-02T09:14:00.000Z',
      direction: 'inbound',
      agent: 'Maria Lopez',
      vendor: 'Northwind In-house',
      customer: 'CUST-1',
      queue: 'Billing',
      disposition: 'paid',
      language: 'en-US',
      metadata: { brand: 'Northwind' },
    });
    expect(transcript[1]!.text).toBe('My card is [card].');
    expect(transcript[1]!.redactions).toEqual([{ start: 11, end: 17, kind: 'card-number' }]);
    expect(redactions).toEqual([
      {
        kind: 'card',
        turn: 1,
        words: [3, 7],
        chars: [11, 17],
        audio: { beginMs: 3500, endMs: 6000, from: 'turn' },
      },
    ]);
  });

  it('redacts only the configured kinds', () => {
    const r = ingest({}, { redaction: { kinds: ['email'] } });
    expect(r.ok && r.call.transcript[1]!.text).toBe('My card is 4111 1111 1111 1111.');
  });
});

describe('normaliseCall: bad records name the field and why', () => {
  it.each([
    ['a missing id', { ...META, id: '' }, ['id']],
    ['an id with spaces', { ...META, id: 'call 1' }, ['id']],
    ['a start time without a zone', { ...META, startedAt: '2026-03-02 09:14' }, ['startedAt']],
    ['a start time that is no date', { ...META, startedAt: '2026-13-45T99:00:00Z' }, ['startedAt']],
    ['a direction of neither kind', { ...META, direction: 'sideways' }, ['direction']],
    [
      'a missing agent, vendor and customer',
      { id: 'x', startedAt: META.startedAt, direction: 'outbound' },
      ['agent', 'vendor', 'customer'],
    ],
    ['a field that is not text', { ...META, agent: { name: 'x' } }, ['agent']],
    ['an over-long field', { ...META, queue: 'q'.repeat(201) }, ['queue']],
    ['a bad language tag', { ...META, language: 'English please' }, ['language']],
  ])('rejects %s', (_, metadata, fields) => {
    expect(errors({ metadata })).toEqual(fields);
  });

  it('rejects a column the registry does not declare, when a registry is given', () => {
    const metadata = { ...META, brand: 'x', shoeSize: '44' };
    expect(errors({ metadata }, { columns: new Set(['brand']) })).toEqual(['shoeSize']);
    expect(errors({ metadata })).toEqual([]);
  });

  it.each([
    ['empty', { fileName: 'e.txt', text: '' }, /empty/],
    ['broken JSON', fixture('malformed-truncated.json'), /not valid JSON/],
    ['JSON of no known shape', fixture('malformed-unknown.json'), /not a transcript/],
    ['captions without speakers', fixture('malformed-no-tags.vtt'), /./],
  ])('rejects a transcript that is %s, with the file name and reason', (_, transcript, why) => {
    const r = ingest({ transcript });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.field).toBe('transcript');
    expect(r.errors[0]!.message).toMatch(transcript.fileName);
    expect(r.errors[0]!.message).toMatch(why);
  });

  it('reports every problem of a record at once', () => {
    expect(
      errors({
        metadata: { ...META, id: '', direction: 'x' },
        transcript: { fileName: 'e.txt', text: ' ' },
      }),
    ).toEqual(['id', 'direction', 'transcript']);
  });
});

describe('readMetadataCsv', () => {
  it('reads rows by header name and reports a row of the wrong width', () => {
    const r = readMetadataCsv('id,startedAt,agent\n1,2026-03-02T09:14:00Z,"Lopez, Maria"\n2,x\n');
    expect(r.rows).toEqual([{ id: '1', startedAt: '2026-03-02T09:14:00Z', agent: 'Lopez, Maria' }]);
    expect(r.errors).toEqual([{ row: 3, message: 'It has 2 cells; the header has 3' }]);
  });

  it('reports a header without an id column and an empty file', () => {
    expect(readMetadataCsv('name\nx\n').errors).toEqual([
      { row: 1, message: 'The header has no id column' },
    ]);
    expect(readMetadataCsv('').errors).toEqual([{ row: 1, message: 'The file is empty' }]);
  });
});

describe('normaliseCall: whatever it is given', () => {
  it('answers with a record or errors, never an exception', () => {
    const odd = [
      '{"results":{"items":[{"alternatives":[{}]}]}}',
      '{"results":{"items":[],"speaker_labels":{"segments":[]}}}',
      '{"recognizedPhrases":[{"nBest":null}]}',
      '{"results":[{"alternatives":[{"words":[{"word":null}]}]}]}',
      '[{"speaker":1,"text":2}]',
      '{"segments":[{"speaker":"AGENT","text":"hi","beginMs":"0"}]}',
      'WEBVTT\n\n00:00:01.000 --> x\n',
      '1\n00:00:00,000 --> 00:00:01,000\n',
      '\u0000\u0001 four one one one',
    ];
    for (const text of odd)
      for (const fileName of ['x.json', 'x.vtt', 'x.srt', 'x.txt']) {
        const r = ingest({ transcript: { fileName, text } });
        if (!r.ok) expect(r.errors.every((e) => e.message.length > 0)).toBe(true);
      }
  });
});
