/**
 * The deployment configuration: defaults < a program's preset < the SA_CONFIG file < the
 * environment, every problem named with its setting, its place and what was expected, and
 * `--explain` saying where each value came from.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CORPUS } from '../../src/data/engine/index.ts';
import { customerNames } from '../../scripts/manifest/customer/index.ts';
import { apiConfigOf, loadApiConfig } from '../config.ts';
import {
  appDeploymentOf,
  DeploymentConfigError,
  explainConfig,
  loadDeploymentConfig,
  readDeploymentSchema,
  settingsOf,
  type ConfigProblem,
  type Env,
  type LoadOptions,
} from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'callscope-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A deployment file in the temporary directory, named relative to it as SA_CONFIG. */
function deploymentFile(name: string, text: string): Env {
  writeFileSync(join(dir, name), text);
  return { SA_CONFIG: name };
}

function problemsOf(options: LoadOptions): ConfigProblem[] {
  try {
    loadDeploymentConfig({ root: dir, ...options });
  } catch (error) {
    if (error instanceof DeploymentConfigError) return [...error.problems];
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

const PORT_FILE = `{
  "api": {
    "port": 9001,
    "demo": false
  }
}
`;

describe('the deployment configuration', () => {
  it('runs on the schema defaults with nothing set, as `npm ci && npm start` does', () => {
    const config = loadDeploymentConfig({ env: {}, root: dir });
    expect(config.settings.every(({ source }) => source.kind === 'default')).toBe(true);
    const api = apiConfigOf(
      loadDeploymentConfig({ env: { SA_API_AUTHORITY: 'https://issuer.example/' }, root: dir }),
      dir,
    );
    expect(api).toMatchObject({
      host: '127.0.0.1',
      port: 8787,
      dataDir: join(dir, '.cache/api'),
      authority: 'https://issuer.example',
      audience: 'api://callscope',
      demo: true,
      sql: true,
      productRoles: false,
      clickhouse: null,
      inbox: null,
      retentionDays: null,
      allowedOrigins: [],
      corpus: { seed: DEFAULT_CORPUS.seed, calls: DEFAULT_CORPUS.calls },
      audio: { maxBytes: 100 * 1024 * 1024, linkLifetimeS: 900, secret: null },
    });
    expect(appDeploymentOf(config)).toEqual({});
  });

  it('takes a value from the environment over the file, the file over a preset, a preset over the default', () => {
    const preset = { label: 'npm start', values: { 'api.port': 5000 } };
    const file = deploymentFile('precedence.json', PORT_FILE);
    const sourceOf = (env: Env, withPreset = true) => {
      const config = loadDeploymentConfig({ env, root: dir, ...(withPreset ? { preset } : {}) });
      return config.settings.find(({ setting }) => setting.name === 'api.port')!;
    };
    expect(sourceOf({ ...file, SA_API_PORT: '7000' })).toMatchObject({
      value: 7000,
      source: { kind: 'env', name: 'SA_API_PORT' },
    });
    expect(sourceOf(file)).toMatchObject({
      value: 9001,
      source: { kind: 'file', file: 'precedence.json', line: 3, column: 13 },
    });
    expect(sourceOf({})).toMatchObject({
      value: 5000,
      source: { kind: 'preset', label: 'npm start' },
    });
    expect(sourceOf({}, false)).toMatchObject({ value: 8787, source: { kind: 'default' } });
    // An empty variable is unset, as it always was.
    expect(sourceOf({ ...file, SA_API_PORT: '' }).value).toBe(9001);
  });

  it('reads the existing names: SA_API_AUTHORITY first, else SA_AUTH_AUTHORITY; on/off and lists', () => {
    const api = loadApiConfig(
      {
        SA_AUTH_AUTHORITY: 'https://build.example',
        SA_API_AUTHORITY: 'https://api.example',
        SA_API_DEMO: 'off',
        SA_API_PRODUCT_ROLES: 'on',
        SA_API_ALLOWED_ORIGINS: 'https://a.example, https://b.example',
        SA_API_INBOX: 'inbox',
        SA_API_INBOX_EVERY_S: '0',
      },
      dir,
    );
    expect(api.authority).toBe('https://api.example');
    expect(api.demo).toBe(false);
    expect(api.productRoles).toBe(true);
    expect(api.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(api.inbox).toEqual({ dir: join(dir, 'inbox'), everyS: 1 });
    expect(loadApiConfig({ SA_AUTH_AUTHORITY: 'https://build.example' }, dir).authority).toBe(
      'https://build.example',
    );
    const app = appDeploymentOf(
      loadDeploymentConfig({ env: { VITE_API_URL: '/api', VITE_API_SCOPES: 'a.read  b.write' } }),
    );
    expect(app).toEqual({ apiUrl: '/api', apiScopes: ['a.read', 'b.write'] });
    const build = loadDeploymentConfig({ env: { SA_API: 'off', SA_CUSTOMER: 'acme' } });
    expect(build.value('start.api')).toBe(false);
    expect(build.value('build.customer')).toBe('acme');
  });

  it('keeps every environment name users already set, each for one setting', () => {
    const names = settingsOf(readDeploymentSchema()).flatMap((s) => s.env);
    expect(new Set(names).size).toBe(names.length);
    expect([...new Set(names)].sort()).toEqual(
      [
        'SA_API',
        'SA_API_ALLOWED_ORIGINS',
        'SA_API_AUDIENCE',
        'SA_API_AUDIO_LIMIT',
        'SA_API_AUDIO_LINK_S',
        'SA_API_AUDIO_SECRET',
        'SA_API_AUTHORITY',
        'SA_API_AUTHORITY_CA',
        'SA_API_BODY_LIMIT',
        'SA_API_CALLS',
        'SA_API_CLICKHOUSE_DATABASE',
        'SA_API_CLICKHOUSE_PASSWORD',
        'SA_API_CLICKHOUSE_URL',
        'SA_API_CLICKHOUSE_USER',
        'SA_API_CLOCK_TOLERANCE_S',
        'SA_API_CORPUS_DAY',
        'SA_API_DATA_DIR',
        'SA_API_DB_SLOTS',
        'SA_API_DEMO',
        'SA_API_HOST',
        'SA_API_INBOX',
        'SA_API_INBOX_EVERY_S',
        'SA_API_INGEST_LIMIT',
        'SA_API_INGEST_SCOPE',
        'SA_API_PORT',
        'SA_API_PRODUCT_ROLES',
        'SA_API_QUEUE_DEPTH',
        'SA_API_READ_SCOPE',
        'SA_API_RETENTION_DAYS',
        'SA_API_SEED',
        'SA_API_SQL',
        'SA_API_TIMEOUT_MS',
        'SA_API_WRITE_ROLE',
        'SA_API_WRITE_SCOPE',
        'SA_AUTH_AUTHORITY',
        'SA_CUSTOMER',
        'SA_MANIFEST',
        'VITE_API_SCOPES',
        'VITE_API_URL',
      ].sort(),
    );
  });

  it('names the file, line and column of a value of the wrong type, and what was expected', () => {
    const env = deploymentFile('wrong-type.json', '{\n  "api": {\n    "port": "9001"\n  }\n}\n');
    expect(problemsOf({ env })).toEqual([
      {
        setting: 'api.port',
        source: { kind: 'file', file: 'wrong-type.json', line: 3, column: 13 },
        message: 'expected an integer, got a string "9001"',
      },
    ]);
  });

  it('places an unknown key at the key and suggests the setting meant', () => {
    const env = deploymentFile('unknown-key.json', '{\n  "api": { "prot": 9001 }\n}\n');
    const [problem, ...others] = problemsOf({ env });
    expect(others).toEqual([]);
    expect(problem).toMatchObject({
      setting: 'api.prot',
      source: { kind: 'file', file: 'unknown-key.json', line: 2, column: 12 },
    });
    expect(problem?.message).toMatch(/^unknown key "prot" \(did you mean "port"\?\)/);
  });

  it('names the environment variable of a bad value, whether unreadable or out of bounds', () => {
    const problems = problemsOf({
      env: {
        SA_API_PORT: '70000',
        SA_API_DEMO: 'maybe',
        SA_API_QUEUE_DEPTH: 'many',
        VITE_API_URL: '//elsewhere.example',
      },
    });
    expect(problems.map((p) => [p.source, p.setting])).toEqual([
      [{ kind: 'env', name: 'SA_API_DEMO' }, 'api.demo'],
      [{ kind: 'env', name: 'SA_API_QUEUE_DEPTH' }, 'api.limits.queueDepth'],
      [{ kind: 'env', name: 'SA_API_PORT' }, 'api.port'],
      [{ kind: 'env', name: 'VITE_API_URL' }, 'app.apiUrl'],
    ]);
    expect(problems[0]?.message).toBe(
      'expected on or off (also true/false, 1/0, yes/no), got "maybe"',
    );
    expect(problems[2]?.message).toBe('expected a value <= 65535, got 70000');
    expect(() => loadDeploymentConfig({ env: { SA_API_PORT: 'x' } })).toThrow(
      'env SA_API_PORT: api.port: expected a whole number, got "x"',
    );
  });

  it('refuses a customer without a manifest where it was set, naming the customers there are', () => {
    const known = customerNames();
    expect(known).toContain('acme');
    const [fromEnv, ...more] = problemsOf({ env: { SA_CUSTOMER: 'acmee' } });
    expect(more).toEqual([]);
    expect(fromEnv).toMatchObject({
      setting: 'build.customer',
      source: { kind: 'env', name: 'SA_CUSTOMER' },
    });
    expect(fromEnv?.message).toBe(
      `no customer "acmee" in manifest/customers/ (did you mean "acme"?); the customers are ${known.join(', ')}`,
    );
    const env = deploymentFile('customer.json', '{\n  "build": { "customer": "nobody" }\n}\n');
    const [fromFile] = problemsOf({ env });
    expect(fromFile?.source).toMatchObject({ kind: 'file', file: 'customer.json', line: 2 });
    expect(fromFile?.message).toMatch(/^no customer "nobody" .*; the customers are acme, /);
    // One problem is one line, located, as `npm start` prints it.
    expect(() => loadDeploymentConfig({ env: { SA_CUSTOMER: 'nobody' } })).toThrow(
      /^env SA_CUSTOMER: build\.customer: no customer "nobody" [^\n]*$/,
    );
  });

  it('locates a syntax error in the file and names a file that cannot be read', () => {
    const env = deploymentFile('broken.json', '{\n  "api": { "port": 1, }\n}\n');
    const [syntax] = problemsOf({ env });
    expect(syntax?.source).toMatchObject({ kind: 'file', file: 'broken.json', line: 2 });
    expect(syntax?.message).toMatch(/^JSON syntax error/);
    const [missing] = problemsOf({ env: { SA_CONFIG: 'absent.json' } });
    expect(missing).toMatchObject({ setting: 'SA_CONFIG', source: { kind: 'env' } });
    expect(missing?.message).toMatch(/cannot read the deployment file absent\.json/);
  });

  it('explains each value with its source and never prints a secret', () => {
    const file = deploymentFile(
      'explain.json',
      '{\n  "api": {\n    "port": 9001,\n    "audio": { "secret": "file-secret" }\n  }\n}\n',
    );
    const text = explainConfig(
      loadDeploymentConfig({
        env: { ...file, SA_API_CLICKHOUSE_PASSWORD: 'env-secret', SA_API_DEMO: 'off' },
        root: dir,
        preset: { label: 'npm start', values: { 'api.productRoles': true } },
      }),
    );
    const line = (name: string) => text.split('\n').find((l) => l.startsWith(`${name} `));
    expect(line('api.port')).toMatch(/ 9001 +explain\.json:3:13$/);
    expect(line('api.demo')).toMatch(/ false +env SA_API_DEMO$/);
    expect(line('api.productRoles')).toMatch(/ true +npm start$/);
    expect(line('api.host')).toMatch(/ 127\.0\.0\.1 +default$/);
    expect(line('api.audio.secret')).toMatch(/ \*{8} +explain\.json:4:26$/);
    expect(line('api.clickhouse.password')).toMatch(/ \*{8} +env SA_API_CLICKHOUSE_PASSWORD$/);
    expect(text).not.toMatch(/file-secret|env-secret/);
    expect(text.split('\n')).toHaveLength(settingsOf(readDeploymentSchema()).length);
  });
});
