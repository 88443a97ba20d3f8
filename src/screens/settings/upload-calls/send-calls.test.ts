/**
 * Sending in requests: each call's outcome by its file, and a failed request loses nothing (its
 * calls and the later ones are kept as not sent, none of them written) and sends again whole.
 * Against the real engine on an empty deployment; only the failure is staged.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyCorpus } from '../../../data/corpus/ingested.ts';
import { EmbeddedSource } from '../../../data/engine/embedded-source.ts';
import { DataSourceError, type IngestCallsRequest } from '../../../data/index.ts';
import { recordOf } from './selection.ts';
import { sendCalls, type ItemToSend } from './send-calls.ts';

const samples = path.resolve(import.meta.dirname, '../../../../samples/calls');
const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };
const meta = {
  startedAt: '2026-03-02T10:41:30Z',
  direction: 'inbound',
  agent: 'Ken Ito',
  vendor: 'Contoso Outsourcing',
  customer: 'CUST-33102',
};

function items(...names: string[]): ItemToSend[] {
  const text = readFileSync(path.join(samples, 'call-1002.vtt'), 'utf8');
  return names.map((name) => ({ name, record: recordOf({ name, text }, undefined, meta) }));
}

const ONE_A_REQUEST = { calls: 1, characters: 1_000_000 };

describe('sendCalls', () => {
  it('keeps the calls of a failed request and those after it, unwritten, to send again', async () => {
    const source = new EmbeddedSource(emptyCorpus());
    let requests = 0;
    const flaky = (request: IngestCallsRequest) => {
      requests++;
      if (requests === 2) throw new DataSourceError('unavailable', 'The API did not answer');
      return source.ingestCalls(request);
    };
    const progress: number[] = [];
    const picked = items('a.vtt', 'b.vtt', 'c.vtt');
    const first = await sendCalls(picked, flaky, (_o, done) => progress.push(done), ONE_A_REQUEST);
    expect(first.get('a.vtt')).toMatchObject({ status: 'accepted', externalId: 'a' });
    expect(first.get('b.vtt')).toEqual({ status: 'unsent', message: 'The API did not answer' });
    expect(first.get('c.vtt')).toEqual({ status: 'unsent', message: 'The API did not answer' });
    // Nothing is tried after the failure; progress still reaches every call.
    expect(requests).toBe(2);
    expect(progress).toEqual([1, 2, 3]);
    expect((await source.calls({ filters: ALL_TIME, limit: 10 })).total).toBe(1);

    const again = picked.filter((i) => first.get(i.name)!.status === 'unsent');
    const second = await sendCalls(again, flaky, () => undefined, ONE_A_REQUEST);
    expect([...second.values()].map((o) => o.status)).toEqual(['accepted', 'accepted']);
    expect((await source.calls({ filters: ALL_TIME, limit: 10 })).total).toBe(3);
  });

  it('reports a rejected call by its field, and the re-sent id as a replacement', async () => {
    const source = new EmbeddedSource(emptyCorpus());
    const ingest = (r: IngestCallsRequest) => source.ingestCalls(r);
    const [good] = items('call-1.vtt');
    const late = { ...good!, name: 'late.vtt' };
    late.record = { ...late.record, metadata: { ...late.record.metadata, id: 'late' } };
    late.record.metadata.startedAt = '2099-01-01T00:00:00Z';
    const sent = await sendCalls([good!, late], ingest, () => undefined);
    expect(sent.get('call-1.vtt')).toMatchObject({ status: 'accepted', replaced: false });
    expect(sent.get('late.vtt')).toMatchObject({ status: 'rejected', field: 'startedAt' });
    const again = await sendCalls([good!], ingest, () => undefined);
    expect(again.get('call-1.vtt')).toMatchObject({ status: 'accepted', replaced: true });
  });
});
