/** The sample calls the repository ships for "Load your calls" all ingest, redacted. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseCall, readMetadataCsv, type IngestedCall } from './index.ts';

const dir = path.resolve(import.meta.dirname, '../../../samples/calls');
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');

describe('samples/calls', () => {
  const metadata = readMetadataCsv(read('metadata.csv'));
  const transcripts = readdirSync(dir).filter((f) => f !== 'metadata.csv');
  const calls = new Map<string, IngestedCall>();
  for (const row of metadata.rows) {
    const fileName = transcripts.find((f) => f.replace(/\.[^.]+$/, '') === row.id)!;
    const result = normaliseCall({ metadata: row, transcript: { fileName, text: read(fileName) } });
    if (result.ok) calls.set(row.id!, result.call);
    else throw new Error(`${row.id}: ${JSON.stringify(result.errors)}`);
  }

  it('has one metadata row for every transcript and reads every pair', () => {
    expect(metadata.errors).toEqual([]);
    expect(metadata.rows.map((r) => r.id).sort()).toEqual(
      transcripts.map((f) => f.replace(/\.[^.]+$/, '')).sort(),
    );
    expect(calls.size).toBe(transcripts.length);
  });

  it('covers every transcript format the readers know but plain text', () => {
    expect(new Set([...calls.values()].map((c) => c.transcriptFormat))).toEqual(
      new Set(['amazon-transcribe', 'webvtt', 'srt', 'google-speech', 'azure-speech', 'callscope']),
    );
  });

  it('shows redaction at work: a card split over turns, its expiry, an e-mail, an SSN, a phone', () => {
    const kinds = (id: string) => calls.get(id)!.redactions.map((r) => r.kind);
    expect(kinds('call-1001')).toEqual(['card', 'card', 'expiry']);
    expect(kinds('call-1002')).toEqual(['email']);
    expect(kinds('call-1003')).toEqual(['ssn']);
    expect(kinds('call-1004')).toEqual(['email']);
    expect(kinds('call-1005')).toEqual(['phone']);
    expect(kinds('call-1006')).toEqual([]);
    const card = calls.get('call-1001')!;
    expect(card.transcript.map((s) => s.text).join(' ')).not.toMatch(/one one one one,/);
    // The agent's read-back of the last four stays.
    expect(card.transcript.some((s) => /ending one one one one/.test(s.text))).toBe(true);
    // Word timings give the audio to silence.
    expect(card.redactions.every((r) => r.audio?.from === 'words')).toBe(true);
  });

  it('keeps the extra column as metadata and the times in UTC', () => {
    expect(calls.get('call-1003')!.metadata).toEqual({ brand: 'Fabrikam' });
    expect(calls.get('call-1003')!.startedAt).toBe('2026-03-02T12:05:00.000Z');
  });
});
