/**
 * The Callscope API server: the /v1 contract of src/data/README.md over the analytical
 * database. `startApiServer(config)` opens the database (loading the demo corpus on first
 * start), checks bearer tokens against the configured authority and listens on
 * config.host:config.port. `npm run api` runs it alone; `npm start` mounts it at /api.
 */
import type { AddressInfo } from 'node:net';
import { createTokenVerifier, type VerifierOptions } from './auth.ts';
import type { ApiConfig } from './config.ts';
import { createApiServer } from './http.ts';
import { audioOf } from './audio/index.ts';
import { watchInbox, type InboxWatcher } from './inbox.ts';
import { startRetention, type Retention } from './retention.ts';
import { ApiService, type StartProgress } from './service.ts';
import { waitAtMost } from './wait-at-most.ts';

export { createApiHandler, type ApiHandler } from './http.ts';
export { createTokenVerifier } from './auth.ts';
export { fetchTrusting } from './fetch-with-ca.ts';
export { terminalProgress } from './progress-bar.ts';
export { anchorNotice, type ApiService } from './service.ts';
import { openClickHouseServer } from './store/clickhouse-server.ts';
import { openEmbeddedDatabase, type Database } from './store/database.ts';
import { limitConcurrency } from './store/limited.ts';

export { apiConfigOf, loadApiConfig, type ApiConfig } from './config.ts';
export {
  appDeploymentOf,
  explainConfig,
  loadDeploymentConfig,
  DeploymentConfigError,
  type DeploymentConfig,
} from './deployment-config/index.ts';
export type { StartProgress } from './service.ts';
export type { AuditEntry } from './store/write-log.ts';

/** How long a stopping server lets the requests it is answering finish. */
const STOP_GRACE_MS = 5_000;

export interface RunningApi {
  /** e.g. http://127.0.0.1:8787 (the contract is under /v1). */
  readonly url: string;
  readonly service: ApiService;
  /** The inbox folder being watched (SA_API_INBOX), or null. */
  readonly inbox: InboxWatcher | null;
  /** Retention's runs (SA_API_RETENTION_DAYS), or null. */
  readonly retention: Retention | null;
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly onProgress?: (progress: StartProgress) => void;
  readonly verifier?: VerifierOptions;
  /** Another database than the embedded one (tests, a ClickHouse server). */
  readonly database?: Database;
}

/**
 * Opens the database (loading the demo corpus on first start) and replays saved writes. A start
 * that fails closes the database it opened: the embedded engine allows one data directory per
 * process, so a refused start must not hold it.
 */
export async function openApiService(
  config: ApiConfig,
  options: Omit<StartOptions, 'verifier'> = {},
): Promise<ApiService> {
  const db = limitConcurrency(
    options.database ??
      (config.clickhouse
        ? openClickHouseServer(config.clickhouse)
        : openEmbeddedDatabase(config.dataDir)),
    config.limits.databaseSlots,
  );
  try {
    return await ApiService.open(db, {
      corpus: config.corpus,
      demo: config.demo,
      compiled: config.sql,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  } catch (error) {
    if (!options.database) db.close();
    throw error;
  }
}

/**
 * The deployment's own jobs beside the requests: the inbox folder it polls (SA_API_INBOX) and
 * retention (SA_API_RETENTION_DAYS), each null when not configured. `npm run api` and
 * `npm start` both run them.
 */
export function startDeploymentJobs(
  config: ApiConfig,
  service: ApiService,
): { inbox: InboxWatcher | null; retention: Retention | null; stop(): Promise<void> } {
  const inbox = config.inbox
    ? watchInbox({
        ...config.inbox,
        service,
        audio: audioOf(config).calls,
        ingestScope: config.ingestScope,
      })
    : null;
  const retention = config.retentionDays
    ? startRetention({
        days: config.retentionDays,
        service,
        audio: audioOf(config).calls,
        ingestScope: config.ingestScope,
      })
    : null;
  return {
    inbox,
    retention,
    // The inbox's look under way finishes (its calls written, its files moved) first, and
    // retention's deletion under way.
    stop: async () => {
      await inbox?.stop();
      await retention?.stop();
    },
  };
}

export async function startApiServer(
  config: ApiConfig,
  options: StartOptions = {},
): Promise<RunningApi> {
  const service = await openApiService(config, options);
  const verifier = createTokenVerifier(config, options.verifier);
  const server = createApiServer({ config, service, verifier });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    await service.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const jobs = startDeploymentJobs(config, service);
  return {
    url: `http://${config.host}:${port}`,
    service,
    inbox: jobs.inbox,
    retention: jobs.retention,
    stop: async () => {
      await jobs.stop();
      // No new requests; those being answered get STOP_GRACE_MS to finish (a save is answered,
      // not cut off), then the rest are cut and the database closes once writes are applied.
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await waitAtMost(drained, STOP_GRACE_MS);
      server.closeAllConnections();
      await service.close();
    },
  };
}
