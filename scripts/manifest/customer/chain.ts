/**
 * Reads a customer manifest and the manifests it extends, down to the one that extends
 * nothing (the product manifest), each with its own line/column index.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import type { Problem } from '../problem.ts';
import { readManifestText, type ManifestSource } from '../read.ts';
import { didYouMean } from '../suggest.ts';

export interface ManifestLayer {
  /** The file as shown in messages (the caller's spelling for the first, cwd-relative after). */
  file: string;
  /** Absolute path. */
  path: string;
  source: ManifestSource;
  /** The parsed JSON object. */
  value: Record<string, unknown>;
}

export interface ManifestChain {
  /** Base first (the manifest that extends nothing), the checked file last. */
  layers: ManifestLayer[];
  /** Unreadable files, syntax errors, a bad `extends`; when there are any, `layers` is partial. */
  problems: Problem[];
}

/** True when the text is a JSON object with an `extends` member: a customer manifest. */
export function extendsAnother(value: unknown): value is { extends: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'extends' in value;
}

/** True when `file` is a customer manifest (a JSON object with `extends`). */
export function isCustomerManifest(file: string, text?: string): boolean {
  try {
    return extendsAnother(JSON.parse(text ?? readFileSync(resolve(file), 'utf8')));
  } catch {
    // Unreadable or not JSON: the plain check reports why, with its location.
    return false;
  }
}

/** Shown file name of a path: relative to the working directory, forward slashes. */
export function shownName(path: string): string {
  return (relative(process.cwd(), path) || path).split('\\').join('/');
}

export function readChain(file: string, text?: string): ManifestChain {
  const layers: ManifestLayer[] = [];
  const problems: Problem[] = [];
  const seen: string[] = [];
  let shown = file;
  let path = resolve(file);
  let content = text;
  for (;;) {
    if (content === undefined) {
      try {
        content = readFileSync(path, 'utf8');
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        problems.push(
          fileProblem(
            shown,
            code === 'ENOENT' ? 'file not found' : `cannot read the file (${code ?? String(e)})`,
          ),
        );
        break;
      }
    }
    const source = readManifestText(content, shown);
    problems.push(...source.problems);
    const value = source.value;
    if (value === undefined) break;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push(fileProblem(shown, 'expected a JSON object (a manifest)'));
      break;
    }
    seen.push(path);
    layers.unshift({ file: shown, path, source, value: value as Record<string, unknown> });
    if (!extendsAnother(value)) break;

    // The customer schema checks the type later; a non-string cannot be followed.
    const target = value.extends;
    if (typeof target !== 'string') break;
    const next = resolve(dirname(path), target);
    const at = source.locate({ pointer: '/extends', severity: 'error', message: '' });
    if (seen.includes(next)) {
      const cycle = [...seen, next].map(shownName).join(' -> ');
      problems.push({ ...at, message: `"extends" goes round in a circle: ${cycle}` });
      break;
    }
    try {
      content = readFileSync(next, 'utf8');
    } catch {
      problems.push({
        ...at,
        message: `${shownName(next)} not found${didYouMean(basename(next), siblings(dirname(next)))}; "extends" is relative to this file`,
      });
      break;
    }
    shown = shownName(next);
    path = next;
  }
  return { layers, problems };
}

function fileProblem(file: string, message: string): Problem {
  return { file, pointer: '', line: 1, column: 1, severity: 'error', message };
}

function siblings(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
}
