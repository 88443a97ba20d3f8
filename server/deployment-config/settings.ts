/**
 * The settings of schema/deployment.schema.json as a list: every leaf of the schema (a value a
 * deployment sets) with its path, type, default, description and the environment variables that
 * set it. The schema is the one place a setting is declared; the loader, `--explain` and the
 * documents' table all walk this list.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '../../scripts/manifest/paths.ts';

export const deploymentSchemaFile = resolve(repoRoot, 'schema', 'deployment.schema.json');

/** The parts of a schema node the configuration reads (the rest is ajv's). */
export interface SettingSchema {
  readonly type?: 'string' | 'integer' | 'boolean' | 'array' | 'object';
  readonly description?: string;
  readonly default?: unknown;
  readonly properties?: Readonly<Record<string, SettingSchema>>;
  /** Environment variables that set the value, the first one set winning. */
  readonly env?: readonly string[];
  /** Separator of a list's items in an environment variable ("," or " "). */
  readonly envList?: string;
  /** Never printed: `--explain` masks it. */
  readonly secret?: boolean;
}

export interface Setting {
  /** e.g. ["api", "audio", "maxBytes"]. */
  readonly path: readonly string[];
  /** "api.audio.maxBytes": how messages and `--explain` name it. */
  readonly name: string;
  readonly type: 'string' | 'integer' | 'boolean' | 'array';
  readonly description: string;
  readonly default?: unknown;
  readonly env: readonly string[];
  readonly envList?: string;
  readonly secret: boolean;
}

export function readDeploymentSchema(): SettingSchema {
  return JSON.parse(readFileSync(deploymentSchemaFile, 'utf8')) as SettingSchema;
}

/** Every setting the schema declares, in the schema's order. */
export function settingsOf(schema: SettingSchema): Setting[] {
  const out: Setting[] = [];
  const walk = (node: SettingSchema, path: string[]) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      if (key === '$schema') continue;
      if (child.type === 'object') {
        walk(child, [...path, key]);
        continue;
      }
      out.push({
        path: [...path, key],
        name: [...path, key].join('.'),
        type: child.type as Setting['type'],
        description: child.description ?? '',
        ...('default' in child ? { default: child.default } : {}),
        env: child.env ?? [],
        ...(child.envList ? { envList: child.envList } : {}),
        secret: child.secret === true,
      });
    }
  };
  walk(schema, []);
  return out;
}
