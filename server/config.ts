/**
 * The API server's settings: its part of the deployment configuration (server/deployment-config,
 * schema/deployment.schema.json), whose defaults are the development ones: the demo corpus,
 * data in .cache/api/. The issuer has no default: `npm start` names its local provider.
 */
import { resolve } from 'node:path';
import { checkCorpusDay } from '../src/data/corpus/anchor.ts';
import { checkOrigin } from './cors.ts';
import {
  loadDeploymentConfig,
  type DeploymentConfig,
  type LoadOptions,
} from './deployment-config/index.ts';

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

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The API server's settings from the environment (and the deployment file SA_CONFIG names),
 * through the one deployment configuration. `preset` is a program's own starting values, below
 * the file and the environment (`npm start` names its local provider as the authority).
 */
export function loadApiConfig(
  env: Env = process.env,
  root = process.cwd(),
  preset?: LoadOptions['preset'],
): ApiConfig {
  return apiConfigOf(loadDeploymentConfig({ env, root, ...(preset ? { preset } : {}) }), root);
}

/** The API server's part of a resolved deployment configuration. */
export function apiConfigOf(deployment: DeploymentConfig, root = process.cwd()): ApiConfig {
  const get = <T>(name: string) => deployment.value(`api.${name}`) as T;
  const authority = get<string | undefined>('authority');
  if (!authority) {
    throw new Error(
      'api.authority (SA_API_AUTHORITY) must be the absolute URL of the token issuer (e.g. https://login.microsoftonline.com/<tenant>/v2.0); `npm start` sets it to the local provider',
    );
  }
  const clickhouseUrl = get<string | undefined>('clickhouse.url');
  const optional = (key: string, name: string) => {
    const value = get<string | undefined>(name);
    return value ? { [key]: value } : {};
  };
  const inboxDir = get<string | undefined>('inbox.dir');
  const corpusDay = get<string | undefined>('corpus.day');
  return {
    host: get('host'),
    port: get('port'),
    dataDir: resolve(root, get<string>('dataDir')),
    sql: get('sql'),
    clickhouse: clickhouseUrl
      ? {
          url: clickhouseUrl,
          ...optional('username', 'clickhouse.user'),
          ...optional('password', 'clickhouse.password'),
          ...optional('database', 'clickhouse.database'),
        }
      : null,
    allowedOrigins: get<string[]>('allowedOrigins').map(checkOrigin),
    authority: authority.replace(/\/+$/, ''),
    audience: get('audience'),
    readScope: get('readScope'),
    writeScope: get('writeScope'),
    ingestScope: get('ingestScope'),
    demo: get('demo'),
    writeRole: get<string | undefined>('writeRole') ?? null,
    productRoles: get('productRoles'),
    clockToleranceS: get('clockToleranceS'),
    corpus: {
      seed: get('corpus.seed'),
      calls: get('corpus.calls'),
      ...(corpusDay ? { day: checkCorpusDay(corpusDay) } : {}),
    },
    audio: {
      maxBytes: get('audio.maxBytes'),
      linkLifetimeS: Math.max(1, get<number>('audio.linkLifetimeS')),
      secret: get<string | undefined>('audio.secret') ?? null,
    },
    inbox: inboxDir
      ? { dir: resolve(root, inboxDir), everyS: Math.max(1, get<number>('inbox.everyS')) }
      : null,
    retentionDays: get<number>('retentionDays') || null,
    limits: {
      bodyBytes: get('limits.bodyBytes'),
      ingestBytes: get('limits.ingestBytes'),
      ingestCalls: 5_000,
      expressionChars: 2000,
      requestTimeoutMs: get('limits.requestTimeoutMs'),
      queueDepth: get('limits.queueDepth'),
      databaseSlots: get('limits.databaseSlots'),
    },
  };
}
