/**
 * The `_headers` file: the response headers a static host sends, per URL pattern, in the
 * format Netlify and Cloudflare Pages read from the build output. The build writes it (see
 * headers-plugin.ts) and our own app server applies it, so every host sends the same headers.
 *
 *   # comment
 *   /assets/*
 *     Cache-Control: public, max-age=31536000, immutable
 */

export interface HeaderRule {
  /** URL path pattern: `*` matches any run of characters, `:name` one path segment. */
  readonly pattern: string;
  readonly headers: Readonly<Record<string, string>>;
}

export class HeadersFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`_headers line ${line}: ${message}`);
    this.name = 'HeadersFileError';
  }
}

export function formatHeadersFile(rules: readonly HeaderRule[], comment?: string): string {
  const lines: string[] = [];
  if (comment) lines.push(...comment.split('\n').map((text) => `# ${text}`.trimEnd()));
  for (const rule of rules) {
    lines.push(rule.pattern);
    for (const [name, value] of Object.entries(rule.headers)) {
      if (/[\r\n]/.test(value)) throw new Error(`header ${name} has a line break in its value`);
      lines.push(`  ${name}: ${value}`);
    }
  }
  return lines.join('\n') + '\n';
}

/** Parses a `_headers` file; throws HeadersFileError naming the line of the first mistake. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: { pattern: string; headers: Record<string, string> }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const indented = /^\s/.test(raw);
    if (!indented) {
      if (!trimmed.startsWith('/') && !/^https?:\/\//.test(trimmed)) {
        throw new HeadersFileError(
          line,
          `expected a URL pattern starting with "/", got "${trimmed}"`,
        );
      }
      rules.push({ pattern: trimmed, headers: {} });
      return;
    }
    const current = rules.at(-1);
    if (!current) throw new HeadersFileError(line, 'a header line comes before any URL pattern');
    const colon = trimmed.indexOf(':');
    if (colon <= 0) throw new HeadersFileError(line, `expected "Name: value", got "${trimmed}"`);
    const name = trimmed.slice(0, colon).trim();
    const value = trimmed.slice(colon + 1).trim();
    // Repeated names within a rule are joined, as the hosts do.
    current.headers[name] = name in current.headers ? `${current.headers[name]}, ${value}` : value;
  });
  return rules;
}

/**
 * The headers for one request path: every matching rule applies, in file order; a header set
 * by more than one rule has its values joined with ", " (Cloudflare Pages' documented rule).
 */
export function headersForPath(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const result: Record<string, string> = {};
  const canonical = new Map<string, string>(); // lower-case name -> name as first written
  for (const rule of rules) {
    if (!patternToRegExp(rule.pattern).test(path)) continue;
    for (const [name, value] of Object.entries(rule.headers)) {
      const key = canonical.get(name.toLowerCase());
      if (key === undefined) {
        canonical.set(name.toLowerCase(), name);
        result[name] = value;
      } else {
        result[key] = `${result[key]}, ${value}`;
      }
    }
  }
  return result;
}

const compiled = new Map<string, RegExp>();

function patternToRegExp(pattern: string): RegExp {
  let regExp = compiled.get(pattern);
  if (!regExp) {
    // Absolute-URL patterns name a host; our server matches paths only.
    const path = pattern.replace(/^https?:\/\/[^/]+/, '') || '/';
    const source = path
      .split(/(\*|:[A-Za-z_][A-Za-z0-9_]*)/)
      .map((part) => {
        if (part === '*') return '.*';
        if (part.startsWith(':')) return '[^/]+';
        return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    regExp = new RegExp(`^${source}$`);
    compiled.set(pattern, regExp);
  }
  return regExp;
}
