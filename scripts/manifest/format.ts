import type { Problem } from './problem.ts';

/** `FILE:LINE:COL: /json/pointer: message`, with `warning: ` before the message of a warning. */
export function formatProblem(p: Problem): string {
  const pointer = p.pointer === '' ? '/' : p.pointer;
  return `${p.file}:${p.line}:${p.column}: ${pointer}: ${p.severity === 'warning' ? 'warning: ' : ''}${p.message}`;
}

export function formatProblems(problems: readonly Problem[]): string {
  return problems.map(formatProblem).join('\n');
}
