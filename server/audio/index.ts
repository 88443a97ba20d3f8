/**
 * Audio of calls in the API server: one CallAudio per data directory (the API, the CLI and the
 * tests each get the one for their configuration), and the routes that take and serve it.
 */
import { join } from 'node:path';
import type { ApiConfig } from '../config.ts';
import { CallAudio } from './call-audio.ts';
import { audioLinks, linkSecret, type AudioLinks } from './links.ts';
import { fileAudioStore } from './store.ts';

export { CallAudio, redactionsOf, SILENCE_MARGIN_MS, type CallRedactions } from './call-audio.ts';

export interface Audio {
  readonly calls: CallAudio;
  readonly links: AudioLinks;
}

const opened = new Map<string, Audio>();

export function audioOf(config: ApiConfig): Audio {
  const dir = join(config.dataDir, 'audio');
  let audio = opened.get(dir);
  if (!audio) {
    audio = {
      calls: new CallAudio(dir, fileAudioStore(join(dir, 'objects'))),
      links: audioLinks(
        linkSecret(config.audio.secret, join(dir, 'link-secret')),
        config.audio.linkLifetimeS,
      ),
    };
    opened.set(dir, audio);
  }
  return audio;
}
