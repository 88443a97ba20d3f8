import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ManifestShape } from './manifest-shape.ts';
import type { Finding, Problem } from './problem.ts';
import { hasErrors } from './problem.ts';
import { readManifestText } from './read.ts';
import { checkSchema, compileSchema } from './schema-check.ts';
import { schemaFile } from './paths.ts';
import type { ValidateFunction } from 'ajv/dist/2020.js';

export interface ValidationResult {
  /** The manifest when it has no errors (warnings allowed), otherwise undefined. */
  manifest: ManifestShape | undefined;
  /** Every problem found, in file order. */
  problems: Problem[];
}

let cachedValidator: ValidateFunction | undefined;
function schemaValidator(): ValidateFunction {
  cachedValidator ??= compileSchema(JSON.parse(readFileSync(schemaFile, 'utf8')));
  return cachedValidator;
}

export interface ValidateOptions {
  /** Text of the manifest; read from `file` when absent. */
  text?: string;
}

/**
 * Checks a manifest file in layers (syntax, schema, ...) and reports every problem at once.
 * Never throws for bad manifest content; an unreadable file is reported as a problem too.
 */
export function validateManifest(file: string, options: ValidateOptions = {}): ValidationResult {
  const path = resolve(file);
  let text = options.text;
  if (text === undefined) {
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      const reason = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(e);
      return {
        manifest: undefined,
        problems: [{ file, pointer: '', line: 1, column: 1, severity: 'error', message: reason }],
      };
    }
  }
  const source = readManifestText(text, file);
  if (source.value === undefined) return { manifest: undefined, problems: source.problems };

  const findings: Finding[] = checkSchema(schemaValidator(), source.value);
  const problems = sortProblems([...source.problems, ...findings.map(source.locate)]);
  return {
    manifest: hasErrors(problems) ? undefined : (source.value as ManifestShape),
    problems,
  };
}

export function sortProblems(problems: Problem[]): Problem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.line - b.p.line || a.p.column - b.p.column || a.i - b.i)
    .map(({ p }) => p);
}
