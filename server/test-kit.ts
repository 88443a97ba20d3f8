/**
 * For server tests: a token authority on 127.0.0.1 (discovery document + JWKS, keys that can
 * rotate) and an API server over a small corpus in a temporary data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';
import type { Dimension, RuleDraft } from '../src/data/source.ts';
import { loadApiConfig, startApiServer, type RunningApi } from './index.ts';

export interface TestAuthority {
  readonly url: string;
  /** A token for the API; claims and times can be overridden to make it wrong. */
  token(
    claims?: JWTPayload,
    options?: {
      expiresIn?: string | number;
      key?: 'current' | 'stranger';
      /** `iat` in seconds since 1970 (default now). */
      issuedAt?: number;
      /** `sub`: who the token is for (default user-ana). */
      subject?: string;
    },
  ): Promise<string>;
  /** Publishes a new signing key (and drops the old one), as an authority rotating keys does. */
  rotate(): Promise<void>;
  stop(): Promise<void>;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function newKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return {
    kid,
    privateKey,
    jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

/** A category rule tagging calls where the customer says `term`. */
export function customerPhraseRule(name: string, term: string): RuleDraft {
  return {
    name,
    kind: 'category',
    active: true,
    scope: {},
    severity: 'minor',
    points: 1,
    condition: { phrase: { terms: [term], speaker: 'CUSTOMER' } },
  };
}

export const TEST_AUDIENCE = 'api://callscope-test';

export async function startTestAuthority(): Promise<TestAuthority> {
  let current = await newKey('k1');
  const stranger = await newKey('k1'); // same kid, other key: a forged signature
  let generation = 1;
  const server = createServer((req, res) => {
    const body =
      req.url === '/.well-known/openid-configuration'
        ? { issuer: url, jwks_uri: `${url}/jwks` }
        : req.url === '/jwks'
          ? { keys: [current.jwk] }
          : null;
    res
      .writeHead(body ? 200 : 404, { 'content-type': 'application/json' })
      .end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async token(claims = {}, options = {}) {
      const key = options.key === 'stranger' ? stranger : current;
      return new SignJWT({
        scope: 'calls.read settings.write',
        preferred_username: 'ana@example.com',
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid })
        .setIssuer((claims.iss as string | undefined) ?? url)
        .setAudience((claims.aud as string | undefined) ?? TEST_AUDIENCE)
        .setSubject(options.subject ?? 'user-ana')
        .setIssuedAt(options.issuedAt)
        .setExpirationTime(options.expiresIn ?? '10m')
        .sign(key.privateKey);
    },
    async rotate() {
      generation++;
      current = await newKey(`k${generation}`);
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function testEnv(authority: string, dataDir: string, calls = 2_000) {
  return {
    SA_API_AUTHORITY: authority,
    SA_API_AUDIENCE: TEST_AUDIENCE,
    SA_API_PORT: '0',
    SA_API_DATA_DIR: dataDir,
    SA_API_CALLS: String(calls),
    SA_API_CLOCK_TOLERANCE_S: '5',
  };
}

export function temporaryDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-api-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An authority and an API server over `calls` calls; stop() removes everything. */
export async function startTestApi(calls = 2_000, env: Record<string, string> = {}) {
  const authority = await startTestAuthority();
  const data = temporaryDataDir();
  const config = loadApiConfig({ ...testEnv(authority.url, data.dir, calls), ...env });
  let api: RunningApi = await startApiServer(config, { verifier: { keyCooldownMs: 0 } });
  return {
    authority,
    config,
    get api() {
      return api;
    },
    /** Stops and starts the server on the same port and data directory. */
    async restart() {
      const port = Number(new URL(api.url).port);
      await api.stop();
      api = await startApiServer({ ...config, port }, { verifier: { keyCooldownMs: 0 } });
    },
    async stop() {
      await api.stop();
      await authority.stop();
      data.remove();
    },
  };
}

/** One request to the API with a bearer token: a string body is sent as it is, else as JSON. */
export async function requestApi(
  baseUrl: string,
  token: string,
  verb: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: verb,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text || 'null') };
}

/**
 * The API server as a process of its own (`server/cli.ts`), for tests that kill it (SIGKILL)
 * mid-write: `start` resolves its URL once it answers, or '' as soon as its output shows `until`
 * (a stage of its start); a restart keeps the first start's port. `env()` is read at each start.
 */
export function apiProcess(env: () => Record<string, string>) {
  let child: ChildProcess | null = null;
  let port = 0;
  return {
    /** The URL while the process runs, else null. */
    get url(): string | null {
      return child ? `http://127.0.0.1:${port}` : null;
    },
    start(until?: RegExp): Promise<string> {
      const started = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts'], {
        cwd: resolve(import.meta.dirname, '..'),
        env: { ...process.env, ...env(), SA_API_PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      let output = '';
      return new Promise((done, fail) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (until?.test(output)) done('');
          const m = /Callscope API on (http:\/\/[\d.:]+)\/v1/.exec(output);
          if (m) {
            port = Number(new URL(m[1]!).port);
            done(m[1]!);
          }
        };
        started.stdout!.on('data', onData);
        started.stderr!.on('data', onData);
        started.once('exit', (code) => fail(new Error(`server exited (${code}): ${output}`)));
      });
    },
    /** Kills the process (SIGKILL) and waits until it is gone. */
    async kill(): Promise<void> {
      const c = child;
      if (!c) return;
      child = null;
      c.removeAllListeners('exit');
      await new Promise<void>((done) => {
        c.once('exit', () => done());
        c.kill('SIGKILL');
      });
    },
  };
}

/** Every dimension calls can be grouped by, for tests that compare an aggregate by each. */
export const ALL_DIMENSIONS = Object.keys({
  vendor: 0,
  agent: 0,
  team: 0,
  site: 0,
  queue: 0,
  brand: 0,
  product: 0,
  language: 0,
  direction: 0,
  disposition: 0,
  dispositionGroup: 0,
  category: 0,
  topic: 0,
  churnRisk: 0,
  sentiment: 0,
  status: 0,
} satisfies Record<Dimension, 0>) as Dimension[];
