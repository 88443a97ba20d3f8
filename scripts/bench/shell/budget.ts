/** One measured figure against its budget, printed as a plain line CI logs can grep. */
export interface Figure {
  label: string;
  value: number;
  budget: number;
  unit: 'KB' | 's' | 'ms' | 'x' | 'score';
  /** The budget is a floor (a score), not a ceiling. */
  atLeast?: boolean;
  /** Extra detail shown after the verdict. */
  note?: string;
}

export const KB = 1024;

export function passes(figure: Figure): boolean {
  return figure.atLeast ? figure.value >= figure.budget : figure.value <= figure.budget;
}

export function formatFigure(figure: Figure): string {
  const digits = figure.unit === 'ms' || figure.unit === 'score' ? 0 : figure.unit === 'KB' ? 1 : 2;
  const unit = figure.unit === 'x' ? 'x' : figure.unit === 'score' ? '' : ` ${figure.unit}`;
  const value = `${figure.value.toFixed(digits)}${unit}`;
  const budget = `${figure.atLeast ? '>= ' : ''}${figure.budget.toFixed(figure.unit === 'KB' ? 0 : digits)}${unit}`;
  const verdict = passes(figure) ? 'PASS' : 'FAIL';
  return `${figure.label.padEnd(44)} ${value.padStart(10)}  budget ${budget.padStart(7)}  ${verdict}${figure.note ? `  (${figure.note})` : ''}`;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
