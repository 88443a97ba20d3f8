/** The cost cap's alert shares as typed, in percent: "80, 100" -> [0.8, 1]; each from 1 to 200 %. */
export function parseAlerts(text: string): { shares: number[]; problem?: string } {
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.replace('%', '').trim())
    .filter((p) => p !== '');
  const numbers = parts.map(Number);
  if (numbers.some((n) => !Number.isFinite(n) || n <= 0 || n > 200))
    return { shares: [], problem: 'Enter percentages from 1 to 200, separated by commas' };
  return { shares: [...new Set(numbers)].sort((a, b) => a - b).map((n) => n / 100) };
}
