/** Recordings sent after their calls: stored, refused with the server's reason, or not kept. */
import { describe, expect, it } from 'vitest';
import { DataSourceError, type AudioStored } from '../../../data/index.ts';
import { sendRecordings, type RecordingOutcome } from './send-recordings.ts';

const file = (name: string) => new File([new Uint8Array(8)], name);
const stored: AudioStored = {
  callId: 'call-000001',
  format: 'WAV, µ-law, 8000 Hz',
  contentType: 'audio/wav',
  bytes: 8,
  hash: 'h',
  silenced: [],
};

describe('sendRecordings', () => {
  it('sends each in turn and keeps the server’s reason for one it refuses', async () => {
    const sent: string[] = [];
    const outcomes = new Map<string, RecordingOutcome>();
    await sendRecordings(
      [
        { name: 'a.json', callId: 'call-000001', file: file('a.wav') },
        { name: 'b.json', callId: 'call-000002', file: file('b.mp3') },
      ],
      true,
      (name, outcome) => outcomes.set(name, outcome),
      async (callId, _file, name) => {
        sent.push(`${callId} ${name}`);
        if (name === 'b.mp3')
          throw new DataSourceError('invalid-query', 'MP3 audio cannot be silenced');
        return stored;
      },
    );
    expect(sent).toEqual(['call-000001 a.wav', 'call-000002 b.mp3']);
    expect(outcomes.get('a.json')).toEqual({ status: 'stored', stored });
    expect(outcomes.get('b.json')).toEqual({
      status: 'refused',
      message: 'MP3 audio cannot be silenced',
    });
  });

  it('sends nothing where recordings are not kept, and says so', async () => {
    const outcomes = new Map<string, RecordingOutcome>();
    await sendRecordings(
      [{ name: 'a.json', callId: 'call-000001', file: file('a.wav') }],
      false,
      (name, outcome) => outcomes.set(name, outcome),
      async () => {
        throw new Error('must not be sent');
      },
    );
    expect(outcomes.get('a.json')).toMatchObject({
      status: 'refused',
      message: expect.stringMatching(/keeps transcripts only/),
    });
  });
});
