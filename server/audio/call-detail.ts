/**
 * A call's detail as the API answers it: when the call has a stored recording, its `audioUrl`
 * is a signed link (links.ts) to `/v1/calls/{id}/audio`, made for this reader's request only.
 */
import type { CallDetail } from '../../src/data/source.ts';
import type { Audio } from './index.ts';

export async function withAudioLink(result: unknown, audio: Audio): Promise<unknown> {
  const detail = result as CallDetail | null;
  if (!detail?.call) return result;
  const entry = await audio.calls.entry(detail.call.id);
  if (!entry) return result;
  return { ...detail, call: { ...detail.call, audioUrl: audio.links.link(detail.call.id) } };
}
