/**
 * The slowest test files of a run, read from vitest's and Playwright's JSON reports, so that
 * `npm test` names the next slow test the day it lands. A unit file's time is its run in its
 * worker (vitest's start to end); a browser file's is the sum of its tests' times (hooks
 * included), the worker-seconds it costs whichever worker runs it.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface FileTime {
  file: string;
  seconds: number;
  tests: number;
}

interface VitestReport {
  testResults?: { name: string; startTime?: number; endTime?: number; assertionResults?: [] }[];
}

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { file?: string; tests?: { results?: { duration?: number }[] }[] }[];
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function unitFileTimes(reportFile: string, root: string): FileTime[] {
  const report = readJson<VitestReport>(reportFile);
  return (report?.testResults ?? []).map((result) => ({
    file: relative(root, result.name),
    seconds: ((result.endTime ?? 0) - (result.startTime ?? 0)) / 1000,
    tests: result.assertionResults?.length ?? 0,
  }));
}

/** Playwright names files relative to its testDir; `prefix` makes them relative to the root. */
export function browserFileTimes(reportFile: string, prefix: string): FileTime[] {
  const report = readJson<{ suites?: PlaywrightSuite[] }>(reportFile);
  const byFile = new Map<string, FileTime>();
  const visit = (suite: PlaywrightSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      const name = `${prefix}${spec.file ?? file}`;
      const entry = byFile.get(name) ?? { file: name, seconds: 0, tests: 0 };
      for (const test of spec.tests ?? []) {
        entry.tests += 1;
        for (const result of test.results ?? []) entry.seconds += (result.duration ?? 0) / 1000;
      }
      byFile.set(name, entry);
    }
    for (const child of suite.suites ?? []) visit(child, child.file ?? file);
  };
  for (const suite of report?.suites ?? []) visit(suite, suite.file ?? '');
  return [...byFile.values()];
}

export function slowest(times: FileTime[], count = 10): FileTime[] {
  return [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

export function formatFileTimes(times: FileTime[]): string[] {
  return times.map(
    ({ file, seconds, tests }) =>
      `  ${`${seconds.toFixed(1)} s`.padStart(8)}  ${file} (${tests} test${tests === 1 ? '' : 's'})`,
  );
}
