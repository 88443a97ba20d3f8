/**
 * The API server's settings, from the environment (SA_API_*), with development defaults: the
 * local identity provider of `npm start` as authority, the demo corpus, data in .cache/api/.
 */
import { resolve } from 'node:path';
import { DEFAULT_CORPUS } from '../src/data/engine/index.ts';
import { checkCorpusDay } from '../src/data/corpus/anchor.ts';
import { checkOrigin } from './cors.ts';

export interface ApiConfig {
  /** 127.0.0.1 unless a deployment puts it behind its own proxy. */
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** The database's directory (chDB, in-process). */
  readonly dataDir: string;
  /** A ClickHouse server instead of the in-process database (SA_API_CLICKHOUSE_URL etc.). */
  readonly clickhouse: {
    readonly url: string;
    readonly username?: string;
    readonly password?: string;
    readonly database?: string;
  } | null;
  /**
   * Origins of apps on another origin that may call the API from the browser
   * (SA_API_ALLOWED_ORIGINS, comma-separated); none when the app and the API share one.
   */
  readonly allowedOrigins: readonly string[];
  /** Issuer of the access tokens; its discovery document names the JWKS. */
  readonly authority: string;
  /** The `aud` the tokens must carry (the API's resource id / Entra application ID URI). */
  readonly audience: string;
  /** Scope claim values (`scp` or `scope`) needed to read and to write. */
  readonly readScope: string;
  readonly writeScope: string;
  /** Scope needed to ingest and delete calls (SA_API_INGEST_SCOPE, default calls.write). */
  readonly ingestScope: string;
  /**
   * SA_API_DEMO=off: no demo corpus; the deployment starts with zero calls and holds only the
   * calls it ingests (the documented way for a real deployment).
   */
  readonly demo: boolean;
  /** When set, writes also need this value in the token's `roles` claim. */
  readonly writeRole: string | null;
  /**
   * SA_API_PRODUCT_ROLES=on: the evaluation workflow and rule and form changes need the
   * product's roles (src/auth/roles.ts) in the token's `roles` claim, as the app offers them.
   */
  readonly productRoles: boolean;
  /** Leeway for exp/nbf/iat, seconds. */
  readonly clockToleranceS: number;
  /**
   * Demo corpus loaded on first start; `day` (SA_API_CORPUS_DAY) pins the day it ends on, else
   * it ends on the day of that first start and keeps that day afterwards.
   */
  readonly corpus: { readonly seed: number; readonly calls: number; readonly day?: string };
  /**
   * Dashboard queries as SQL in the database (default) or through the engine in this process
   * (SA_API_SQL=off): both give the same answers; see the README for which is faster where.
   */
  readonly sql: boolean;
  /** Calls' audio (server/audio): kept under dataDir/audio by content hash. */
  readonly audio: {
    /** Largest recording taken, bytes (SA_API_AUDIO_LIMIT; default 100 MB, about 1.7 h of 8 kHz 16-bit WAV). */
    readonly maxBytes: number;
    /** How long a signed audio link works, seconds (SA_API_AUDIO_LINK_S, default 900). */
    readonly linkLifetimeS: number;
    /** The links' signing secret (SA_API_AUDIO_SECRET); else one kept in the data directory. */
    readonly secret: string | null;
  };
  /**
   * A folder the running server takes calls from (SA_API_INBOX; off when unset), as `npm run
   * ingest` does, checking it every `everyS` seconds (SA_API_INBOX_EVERY_S, default 10).
   */
  readonly inbox: { readonly dir: string; readonly everyS: number } | null;
  /**
   * Days a call is kept (SA_API_RETENTION_DAYS; off when unset or 0): older calls are deleted
   * with their audio at start and then daily (server/retention.ts).
   */
  readonly retentionDays: number | null;
  readonly limits: {
    /** Largest request body, bytes (metadata imports are the big ones). */
    readonly bodyBytes: number;
    /** Largest ingest batch body, bytes (SA_API_INGEST_LIMIT), and most calls in one batch. */
    readonly ingestBytes: number;
    readonly ingestCalls: number;
    /** Longest search expression, characters. */
    readonly expressionChars: number;
    /** A request taking longer is answered 503 (the work itself is not interrupted). */
    readonly requestTimeoutMs: number;
    /** Requests waiting for the engine at once; more are answered 503 with Retry-After. */
    readonly queueDepth: number;
    /** Database statements running at once; more wait in order (store/limited.ts). */
    readonly databaseSlots: number;
  };
}

export const API_DEFAULTS = {
  port: 8787,
  dataDir: '.cache/api',
  audience: 'api://callscope',
  readScope: 'calls.read',
  writeScope: 'settings.write',
  ingestScope: 'calls.write',
} as const;

type Env = Record<string, string | undefined>;

function intOf(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

export function loadApiConfig(env: Env = process.env, root = process.cwd()): ApiConfig {
  const authority = env.SA_API_AUTHORITY ?? env.SA_AUTH_AUTHORITY;
  if (!authority || !/^https?:\/\//.test(authority)) {
    throw new Error(
      'SA_API_AUTHORITY must be the absolute URL of the token issuer (e.g. https://login.microsoftonline.com/<tenant>/v2.0); `npm start` sets it to the local provider',
    );
  }
  return {
    host: env.SA_API_HOST ?? '127.0.0.1',
    port: intOf(env, 'SA_API_PORT', API_DEFAULTS.port),
    dataDir: resolve(root, env.SA_API_DATA_DIR ?? API_DEFAULTS.dataDir),
    sql: env.SA_API_SQL !== 'off',
    clickhouse: env.SA_API_CLICKHOUSE_URL
      ? {
          url: env.SA_API_CLICKHOUSE_URL,
          ...(env.SA_API_CLICKHOUSE_USER ? { username: env.SA_API_CLICKHOUSE_USER } : {}),
          ...(env.SA_API_CLICKHOUSE_PASSWORD ? { password: env.SA_API_CLICKHOUSE_PASSWORD } : {}),
          ...(env.SA_API_CLICKHOUSE_DATABASE ? { database: env.SA_API_CLICKHOUSE_DATABASE } : {}),
        }
      : null,
    allowedOrigins: (env.SA_API_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map(checkOrigin),
    authority: authority.replace(/\/+$/, ''),
    audience: env.SA_API_AUDIENCE ?? API_DEFAULTS.audience,
    readScope: env.SA_API_READ_SCOPE ?? API_DEFAULTS.readScope,
    writeScope: env.SA_API_WRITE_SCOPE ?? API_DEFAULTS.writeScope,
    ingestScope: env.SA_API_INGEST_SCOPE ?? API_DEFAULTS.ingestScope,
    demo: env.SA_API_DEMO !== 'off',
    writeRole: env.SA_API_WRITE_ROLE || null,
    productRoles: env.SA_API_PRODUCT_ROLES === 'on',
    clockToleranceS: intOf(env, 'SA_API_CLOCK_TOLERANCE_S', 60),
    corpus: {
      seed: intOf(env, 'SA_API_SEED', DEFAULT_CORPUS.seed),
      calls: intOf(env, 'SA_API_CALLS', DEFAULT_CORPUS.calls),
      ...(env.SA_API_CORPUS_DAY ? { day: checkCorpusDay(env.SA_API_CORPUS_DAY) } : {}),
    },
    audio: {
      maxBytes: intOf(env, 'SA_API_AUDIO_LIMIT', 100 * 1024 * 1024),
      linkLifetimeS: Math.max(1, intOf(env, 'SA_API_AUDIO_LINK_S', 900)),
      secret: env.SA_API_AUDIO_SECRET || null,
    },
    inbox: env.SA_API_INBOX
      ? {
          dir: resolve(root, env.SA_API_INBOX),
          everyS: Math.max(1, intOf(env, 'SA_API_INBOX_EVERY_S', 10)),
        }
      : null,
    retentionDays: intOf(env, 'SA_API_RETENTION_DAYS', 0) || null,
    limits: {
      bodyBytes: intOf(env, 'SA_API_BODY_LIMIT', 8 * 1024 * 1024),
      ingestBytes: intOf(env, 'SA_API_INGEST_LIMIT', 64 * 1024 * 1024),
      ingestCalls: 5_000,
      expressionChars: 2000,
      requestTimeoutMs: intOf(env, 'SA_API_TIMEOUT_MS', 30_000),
      queueDepth: intOf(env, 'SA_API_QUEUE_DEPTH', 256),
      databaseSlots: intOf(env, 'SA_API_DB_SLOTS', 4),
    },
  };
}
