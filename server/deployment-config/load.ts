/**
 * One deployment's configuration, resolved from four layers, each overriding the one before:
 *
 *   1. the schema's defaults (schema/deployment.schema.json);
 *   2. a program's own starting values (`npm start` points the API at its local provider);
 *   3. the deployment file named by SA_CONFIG (JSON, checked against the schema, with
 *      FILE:LINE:COL for each problem, read as the manifest is: scripts/manifest/read.ts);
 *   4. the environment variables each setting names (SA_API_PORT, VITE_API_URL...).
 *
 * Every value keeps the layer it came from, so `--explain` can say where, and every problem names
 * the setting, that place and what was expected. Nothing is read from the environment elsewhere.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readManifestText } from '../../scripts/manifest/read.ts';
import { checkSchema } from '../../scripts/manifest/schema-check.ts';
import { pointerOf, type Finding } from '../../scripts/manifest/problem.ts';
import { readDeploymentSchema, settingsOf, type Setting, type SettingSchema } from './settings.ts';
import { unknownCustomer } from './customer-check.ts';

/** The one environment variable that names the deployment file. */
export const CONFIG_FILE_ENV = 'SA_CONFIG';

export type Env = Readonly<Record<string, string | undefined>>;

/** Where a value came from. */
export type Source =
  | { readonly kind: 'default' }
  | { readonly kind: 'preset'; readonly label: string }
  | { readonly kind: 'file'; readonly file: string; readonly line: number; readonly column: number }
  | { readonly kind: 'env'; readonly name: string };

export interface ResolvedSetting {
  readonly setting: Setting;
  /** undefined: not set anywhere and no default (an optional setting left off). */
  readonly value: unknown;
  readonly source: Source;
}

export interface ConfigProblem {
  /** The setting ("api.port"), or the file's key path for a key the schema does not know. */
  readonly setting: string;
  readonly source: Source;
  readonly message: string;
}

export interface DeploymentConfig {
  /** Every setting of the schema, in its order, with its value and source. */
  readonly settings: readonly ResolvedSetting[];
  /** A setting's value by name ("api.port"); undefined when unset. */
  value(name: string): unknown;
  /** Where a setting's value came from. */
  source(name: string): Source;
}

export interface LoadOptions {
  /** The environment (process.env by default). */
  readonly env?: Env;
  /** Directory a relative SA_CONFIG is read from (the working directory by default). */
  readonly root?: string;
  /** A program's own starting values by setting name, over the schema's defaults. */
  readonly preset?: { readonly label: string; readonly values: Readonly<Record<string, unknown>> };
}

export function describeSource(source: Source): string {
  switch (source.kind) {
    case 'default':
      return 'default';
    case 'preset':
      return source.label;
    case 'file':
      return `${source.file}:${source.line}:${source.column}`;
    case 'env':
      return `env ${source.name}`;
  }
}

/** `SOURCE: SETTING: message`, the manifest's `FILE:LINE:COL: /pointer: message` for settings. */
export function formatConfigProblem(problem: ConfigProblem): string {
  return `${describeSource(problem.source)}: ${problem.setting}: ${problem.message}`;
}

/** Thrown by loadDeploymentConfig with every problem found, not only the first. */
export class DeploymentConfigError extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    // One problem is one located line, as a program prints it after its name.
    super(
      problems.length === 1
        ? formatConfigProblem(problems[0]!)
        : `the deployment configuration has ${problems.length} problems:\n` +
            problems.map((p) => `  ${formatConfigProblem(p)}`).join('\n'),
    );
  }
}

let compiled: { schema: SettingSchema; settings: Setting[]; check(value: unknown): Finding[] };

/** The schema, its settings and its validator, compiled once per process. */
function deploymentSchema() {
  if (compiled) return compiled;
  const schema = readDeploymentSchema();
  const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true });
  // The schema's own annotations (settings.ts reads them); ajv only needs to accept them.
  for (const keyword of ['env', 'envList', 'secret']) ajv.addKeyword(keyword);
  const validate = ajv.compile(schema);
  const checker = { validate, branch: () => undefined };
  compiled = {
    schema,
    settings: settingsOf(schema),
    check: (value) => checkSchema(checker, value),
  };
  return compiled;
}

const TRUE = new Set(['on', 'true', '1', 'yes']);
const FALSE = new Set(['off', 'false', '0', 'no']);

/** A setting's value from the text of an environment variable, or why it is not one. */
function fromEnvText(setting: Setting, raw: string): { value: unknown } | { problem: string } {
  switch (setting.type) {
    case 'integer':
      return /^\s*-?\d+\s*$/.test(raw)
        ? { value: Number(raw) }
        : { problem: `expected a whole number, got "${raw}"` };
    case 'boolean': {
      const word = raw.trim().toLowerCase();
      if (TRUE.has(word)) return { value: true };
      if (FALSE.has(word)) return { value: false };
      return { problem: `expected on or off (also true/false, 1/0, yes/no), got "${raw}"` };
    }
    case 'array':
      return {
        value: raw
          .split(setting.envList === ' ' ? /\s+/ : (setting.envList ?? ','))
          .map((item) => item.trim())
          .filter(Boolean),
      };
    case 'string':
      return { value: raw.trim() };
  }
}

function valueAt(tree: unknown, path: readonly string[]): unknown {
  let node = tree;
  for (const key of path) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function setAt(tree: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = tree;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1) as string] = value;
}

/** "api.port" for "/api/port" (and "/api/allowedOrigins/0"): how problems name a place. */
function settingNameAt(settings: readonly Setting[], pointer: string): string {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const setting = settings.find((s) => s.path.every((key, i) => segments[i] === key));
  return setting?.name ?? (segments.join('.') || '(the whole file)');
}

/**
 * Resolves the configuration; throws DeploymentConfigError listing every problem (a bad file,
 * an environment variable that is not of its setting's type, a value the schema refuses).
 */
export function loadDeploymentConfig(options: LoadOptions = {}): DeploymentConfig {
  const env = options.env ?? process.env;
  const root = options.root ?? process.cwd();
  const { settings, check } = deploymentSchema();
  const problems: ConfigProblem[] = [];
  const resolved = new Map<string, { value: unknown; source: Source }>();

  for (const setting of settings) {
    resolved.set(setting.name, { value: setting.default, source: { kind: 'default' } });
  }
  for (const [name, value] of Object.entries(options.preset?.values ?? {})) {
    if (!resolved.has(name))
      throw new Error(`preset "${options.preset?.label}": no setting ${name}`);
    if (value !== undefined)
      resolved.set(name, { value, source: { kind: 'preset', label: options.preset!.label } });
  }

  const fileName = env[CONFIG_FILE_ENV]?.trim();
  if (fileName) readFileLayer(resolve(root, fileName), root);

  for (const setting of settings) {
    const name = setting.env.find((n) => env[n] !== undefined && env[n]!.trim() !== '');
    if (!name) continue;
    const parsed = fromEnvText(setting, env[name] as string);
    const source: Source = { kind: 'env', name };
    if ('problem' in parsed)
      problems.push({ setting: setting.name, source, message: parsed.problem });
    else resolved.set(setting.name, { value: parsed.value, source });
  }

  // The merged values against the schema: what the file already had checked is not repeated.
  const merged: Record<string, unknown> = {};
  for (const setting of settings) {
    const { value } = resolved.get(setting.name)!;
    if (value !== undefined) setAt(merged, setting.path, value);
  }
  for (const finding of check(merged)) {
    const name = settingNameAt(settings, finding.pointer);
    const { source } = resolved.get(name) ?? { source: { kind: 'default' } as Source };
    if (source.kind === 'file') continue;
    problems.push({ setting: name, source, message: finding.message });
  }
  const customer = resolved.get('build.customer')!;
  if (typeof customer.value === 'string' && customer.value !== '') {
    const message = unknownCustomer(customer.value);
    if (message) problems.push({ setting: 'build.customer', source: customer.source, message });
  }

  if (problems.length > 0) throw new DeploymentConfigError(problems);
  const list = settings.map((setting) => ({ setting, ...resolved.get(setting.name)! }));
  return {
    settings: list,
    value: (name) => resolved.get(name)?.value,
    source: (name) => resolved.get(name)?.source ?? { kind: 'default' },
  };

  function readFileLayer(path: string, from: string): void {
    const file = relative(from, path) || path;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      problems.push({
        setting: CONFIG_FILE_ENV,
        source: { kind: 'env', name: CONFIG_FILE_ENV },
        message: `cannot read the deployment file ${file}: ${(error as Error).message}`,
      });
      return;
    }
    const source = readManifestText(text, file);
    const located = (finding: Finding): ConfigProblem => {
      const at = source.locate(finding);
      return {
        setting: settingNameAt(settings, finding.pointer),
        source: { kind: 'file', file, line: at.line, column: at.column },
        message: finding.message,
      };
    };
    if (source.value === undefined || source.problems.length > 0) {
      for (const p of source.problems) {
        problems.push({
          setting: settingNameAt(settings, p.pointer),
          source: { kind: 'file', file, line: p.line, column: p.column },
          message: p.message,
        });
      }
      if (source.value === undefined) return;
    }
    const findings = check(source.value);
    problems.push(...findings.map(located));
    for (const setting of settings) {
      const value = valueAt(source.value, setting.path);
      if (value === undefined) continue;
      const at = source.locate({
        pointer: pointerOf(...setting.path),
        severity: 'error',
        message: '',
      });
      resolved.set(setting.name, {
        value,
        source: { kind: 'file', file, line: at.line, column: at.column },
      });
    }
  }
}
