/**
 * Sending a call's recording to the deployment's API (PUT /v1/calls/{id}/audio, see
 * audio-contract.ts) from the page: the file goes as the request body as it is (never read into
 * the page), with the signed-in user's token. Recordings are bytes, not a data source method:
 * the demo without an API keeps no recordings, which `recordingsKept` says before anything is
 * sent.
 */
import { DataSourceError } from '../source-error.ts';
import { apiToken, configuredApiUrl } from './api-connection.ts';
import { audioContentType, audioPath, type AudioStored } from './audio-contract.ts';
import { codeOfStatus } from './contract.ts';

/** Whether this deployment keeps recordings (it has an API server). */
export function recordingsKept(): boolean {
  return configuredApiUrl() !== null;
}

export async function sendCallAudio(
  callId: string,
  file: Blob,
  name: string,
): Promise<AudioStored> {
  const base = configuredApiUrl();
  if (!base) throw new DataSourceError('unavailable', 'This deployment keeps no recordings');
  const url = `${base.replace(/\/+$/, '')}/v1${audioPath(callId)}`;
  for (const refresh of [false, true]) {
    const token = await apiToken(refresh);
    if (!token) throw new DataSourceError('unauthorised', 'Sign in to send recordings');
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': audioContentType(name) },
        body: file,
      });
    } catch {
      throw new DataSourceError('unavailable', 'The data service cannot be reached');
    }
    if (response.status === 401 && !refresh) continue;
    const body = (await response.json().catch(() => null)) as
      AudioStored | { error?: { message?: string } } | null;
    if (response.ok) return body as AudioStored;
    const message =
      (body as { error?: { message?: string } } | null)?.error?.message ??
      `The server answered ${response.status}`;
    throw new DataSourceError(codeOfStatus(response.status), message);
  }
  throw new DataSourceError('unauthorised', 'Sign in to send recordings');
}
