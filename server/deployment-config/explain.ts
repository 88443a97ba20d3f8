/**
 * The configuration in words: `--explain` (each setting, its value with secrets masked, and
 * where the value came from) and the settings table of docs/deploying.md, both from the schema.
 */
import { describeSource, type DeploymentConfig } from './load.ts';
import type { Setting } from './settings.ts';

const MASK = '********';

function show(value: unknown): string {
  if (value === undefined) return '(unset)';
  if (Array.isArray(value)) return value.length ? value.join(' ') : '(none)';
  return String(value);
}

/** One line per setting: `name  value  source`, aligned, secrets masked. */
export function explainConfig(config: DeploymentConfig): string {
  const rows = config.settings.map(({ setting, value, source }) => [
    setting.name,
    setting.secret && value !== undefined ? MASK : show(value),
    describeSource(source),
  ]);
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map(([name, value, source]) =>
      `${name!.padEnd(widths[0]!)}  ${value!.padEnd(widths[1]!)}  ${source}`.trimEnd(),
    )
    .join('\n');
}

function markdownCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function defaultOf(setting: Setting): string {
  if (!('default' in setting)) return '';
  const value = setting.default;
  if (Array.isArray(value)) return value.length ? `\`${value.join(',')}\`` : '(none)';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return `\`${String(value)}\``;
}

/** The documents' settings table: one row per setting, from the schema. */
export function settingsTable(settings: readonly Setting[]): string {
  const rows = [
    '| Setting | Environment | Default | What it does |',
    '| --- | --- | --- | --- |',
    ...settings.map(
      (s) =>
        `| \`${s.name}\` | ${s.env.map((n) => `\`${n}\``).join(', ')} | ${defaultOf(s)} | ${markdownCell(s.description)} |`,
    ),
  ];
  return rows.join('\n');
}
