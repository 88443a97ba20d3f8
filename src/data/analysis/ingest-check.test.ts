/** The upload page's check before sending: the API's reading, its format named, problems by field. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkIngestRecord, readIngestMetadata } from './ingest-check.ts';

const samples = path.resolve(import.meta.dirname, '../../../samples/calls');
const vtt = readFileSync(path.join(samples, 'call-1002.vtt'), 'utf8');
const metadata = {
  id: 'call-1002',
  startedAt: '2026-03-02T10:41:30Z',
  direction: 'inbound',
  agent: 'Ken Ito',
  vendor: 'Contoso Outsourcing',
  customer: 'CUST-33102',
};

describe('checkIngestRecord', () => {
  it('names the format of a good call and what it will mask', () => {
    const check = checkIngestRecord({
      metadata,
      transcript: { fileName: 'call-1002.vtt', text: vtt },
    });
    expect(check.problems).toEqual([]);
    expect(check.format).toBe('WebVTT captions');
    expect(check.turns).toBeGreaterThan(2);
    // The sample's customer spells out an e-mail address.
    expect(check.redactions).toBeGreaterThan(0);
  });

  it('names each bad field, and still the format of a transcript that reads', () => {
    const check = checkIngestRecord({
      metadata: { ...metadata, direction: 'sideways', agent: '' },
      transcript: { fileName: 'call-1002.vtt', text: vtt },
    });
    expect(check.format).toBe('WebVTT captions');
    expect(check.problems.map((p) => p.field).sort()).toEqual(['agent', 'direction']);
  });

  it('says at the transcript why a file cannot be read', () => {
    const check = checkIngestRecord({
      metadata,
      transcript: { fileName: 'broken.json', text: '{"not": "a transcript"' },
    });
    expect(check.format).toBeNull();
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0]!.field).toBe('transcript');
    expect(check.problems[0]!.message).toMatch(/^broken\.json: /);
  });
});

describe('readIngestMetadata', () => {
  it('reads a metadata.csv as rows by id, with problems by line', () => {
    const csv = readIngestMetadata({
      name: 'metadata.csv',
      text: 'id,agent\ncall-1,Ana\ncall-2,Ken,extra\n',
    });
    expect(csv.rows).toEqual([{ id: 'call-1', agent: 'Ana' }]);
    expect(csv.problems).toEqual([{ row: 3, message: 'It has 3 cells; the header has 2' }]);
  });

  it('takes the id of an <id>.meta.json from its name, and refuses a list item without one', () => {
    expect(readIngestMetadata({ name: 'call-7.meta.json', text: '{"agent":"Ana"}' }).rows).toEqual([
      { id: 'call-7', agent: 'Ana' },
    ]);
    const list = readIngestMetadata({
      name: 'metadata.json',
      text: '[{"id":"call-1"},{"agent":"Ken"}]',
    });
    expect(list.rows).toEqual([{ id: 'call-1' }]);
    expect(list.problems[0]!.message).toMatch(/^Item 2 has no id/);
    expect(readIngestMetadata({ name: 'metadata.json', text: '[{' }).problems).toEqual([
      { message: 'It is not valid JSON.' },
    ]);
  });
});
