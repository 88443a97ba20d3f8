/**
 * The production build served as a deployment with an API: its own app server (not the global
 * setup's) with the local identity provider at /idp and the API server (server/) at /api on a
 * small corpus in a temporary data directory, and the page told so at run time (the build in
 * dist/ names no API). The API checks the provider's tokens for real; `restartApi` closes the
 * database and opens it again on the same directory, as a restarted server would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppServer, type Mount } from '../../../scripts/serve/app-server.ts';
import { getLocalCertificate } from '../../../scripts/serve/certificate.ts';
import { LOCAL_IDP_PREFIX, localIdpMounts } from '../../../scripts/serve/local-idp-mount.ts';
import { LOCAL_API_SCOPES } from '../../../scripts/local-idp/index.ts';
import {
  createApiHandler,
  createTokenVerifier,
  fetchTrusting,
  loadApiConfig,
  openApiService,
  type ApiConfig,
  type ApiHandler,
  type ApiService,
} from '../../../server/index.ts';
import { TEST_CORPUS_DAY } from '../../corpus-day.ts';

export const API_PREFIX = '/api';

/** Small enough to generate in a few seconds, large enough for every dashboard tile. */
const CALLS = 2_000;

export interface AppWithApi {
  /** The app's origin, e.g. https://127.0.0.1:40123 */
  readonly url: string;
  /** How many calls the API's corpus holds. */
  readonly calls: number;
  restartApi(): Promise<void>;
  stop(): Promise<void>;
}

export interface AppWithApiOptions {
  /** The API's corpus: 2,000 calls unless said (bench:shell serves the demo's 20,000). */
  calls?: number;
  /** Compress the whole build up front, as a deployment would (the tests open few pages). */
  warm?: boolean;
  /** More handlers on the same origin (bench:shell's floor with data). */
  mounts?: Mount[];
}

export async function startAppWithApi(options: AppWithApiOptions = {}): Promise<AppWithApi> {
  const calls = options.calls ?? CALLS;
  const dataDir = mkdtempSync(join(tmpdir(), 'callscope-browser-api-'));
  const certificate = await getLocalCertificate();
  let service: ApiService | null = null;
  let handler: ApiHandler | null = null;
  let config: ApiConfig | null = null;

  const openApi = async (authority: string) => {
    config ??= loadApiConfig({
      SA_API_AUTHORITY: authority,
      SA_API_DATA_DIR: dataDir,
      SA_API_CALLS: String(calls),
      SA_API_CORPUS_DAY: TEST_CORPUS_DAY,
      // The demo users' roles are checked as the app checks them (as under `npm start`).
      SA_API_PRODUCT_ROLES: 'on',
    });
    service = await openApiService(config);
    // The provider's keys are fetched over https from this server: trust its certificate.
    const verifier = createTokenVerifier(config, { fetch: fetchTrusting(certificate.cert) });
    handler = createApiHandler({ config, service, verifier });
  };

  try {
    const server = await startAppServer({
      certificate,
      // A test opens a few pages: compressing the whole build would only compete for the CPU.
      warm: options.warm ?? false,
      deployment: { apiUrl: API_PREFIX, apiScopes: LOCAL_API_SCOPES.split(' ') },
      mounts: async (origin): Promise<Mount[]> => {
        await openApi(`${origin}${LOCAL_IDP_PREFIX}`);
        const api: Mount = {
          prefix: API_PREFIX,
          handler: (req, res) => {
            if (!handler) res.writeHead(503).end();
            else handler(req, res);
          },
        };
        return [...(await localIdpMounts(origin)), api, ...(options.mounts ?? [])];
      },
    });
    const authority = `${server.url}${LOCAL_IDP_PREFIX}`;
    return {
      url: server.url,
      calls,
      async restartApi() {
        handler = null;
        // A graceful stop: writes still being recorded finish first.
        await service?.close();
        await openApi(authority);
      },
      async stop() {
        await server.close();
        await service?.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await (service as ApiService | null)?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
