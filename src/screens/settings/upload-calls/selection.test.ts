/** The upload page's files as calls: kinds, records, and requests under the server's limits. */
import { describe, expect, it } from 'vitest';
import { kindOf, recordOf, repeatedIds, requestsOf } from './selection.ts';

describe('kindOf', () => {
  it('tells transcripts from metadata and says why other files are left out', () => {
    expect(kindOf('call-1.vtt')).toBe('transcript');
    expect(kindOf('call-1.json')).toBe('transcript');
    expect(kindOf('call-1.meta.json')).toBe('metadata');
    expect(kindOf('metadata.json')).toBe('metadata');
    expect(kindOf('calls.csv')).toBe('metadata');
    expect(kindOf('call-1.wav')).toBe('audio');
    expect(kindOf('call-1.opus')).toBe('audio');
    expect(kindOf('call-1.MP3')).toBe('audio');
    expect(kindOf('call-1.m4a')).toEqual({
      problem: expect.stringMatching(/^Recordings are taken/),
    });
    expect(kindOf('notes.docx')).toEqual({ problem: expect.stringMatching(/neither/) });
  });
});

describe('recordOf', () => {
  it("takes the id from the file's name and lets the file's row win over the page", () => {
    const record = recordOf(
      { name: 'call-9.srt', text: 'x' },
      { id: 'call-9', agent: 'Row agent', queue: '' },
      { agent: 'Page agent', vendor: ' Contoso ', queue: 'Billing', customer: '  ' },
    );
    expect(record.metadata).toEqual({
      id: 'call-9',
      agent: 'Row agent',
      vendor: 'Contoso',
      queue: 'Billing',
    });
    expect(record.transcript).toEqual({ fileName: 'call-9.srt', text: 'x' });
  });
});

describe('requestsOf', () => {
  const item = (chars: number) => ({
    record: { metadata: { id: 'a' }, transcript: { fileName: 'a.vtt', text: 'x'.repeat(chars) } },
  });

  it('splits by count and by size, keeping order and every call', () => {
    const items = [item(10), item(10), item(10), item(500), item(10)];
    const requests = requestsOf(items, { calls: 2, characters: 400 });
    expect(requests.map((r) => r.length)).toEqual([2, 1, 1, 1]);
    expect(requests.flat()).toEqual(items);
  });

  it('sends a call larger than the size budget on its own rather than dropping it', () => {
    expect(requestsOf([item(900)], { calls: 10, characters: 100 })).toHaveLength(1);
  });
});

it('repeatedIds names the ids of more than one file', () => {
  expect([...repeatedIds(['a', 'b', 'a', 'c', 'a'])]).toEqual(['a']);
});
