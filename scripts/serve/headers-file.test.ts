import { describe, expect, it } from 'vitest';
import {
  HeadersFileError,
  formatHeadersFile,
  headersForPath,
  parseHeadersFile,
} from './headers-file.ts';

describe('_headers file', () => {
  const text = [
    '# comment',
    '/*',
    '  X-Content-Type-Options: nosniff',
    '  Content-Security-Policy: default-src https://a.example:443',
    '',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '/page/:name',
    '  X-Page: yes',
    '/',
    '  Cache-Control: no-cache',
  ].join('\n');

  it('parses patterns and headers, keeping colons inside values', () => {
    const rules = parseHeadersFile(text);
    expect(rules.map((r) => r.pattern)).toEqual(['/*', '/assets/*', '/page/:name', '/']);
    expect(rules[0]?.headers['Content-Security-Policy']).toBe('default-src https://a.example:443');
  });

  it('round-trips through format and parse', () => {
    const rules = parseHeadersFile(text);
    expect(parseHeadersFile(formatHeadersFile(rules, 'generated'))).toEqual(rules);
    expect(formatHeadersFile(rules, 'generated')).toMatch(/^# generated\n\/\*\n {2}X-Content/);
  });

  it('applies every matching rule: * spans segments, :name matches exactly one', () => {
    const rules = parseHeadersFile(text);
    expect(headersForPath(rules, '/assets/js/app-1.js')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'default-src https://a.example:443',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    expect(headersForPath(rules, '/page/login')['X-Page']).toBe('yes');
    expect(headersForPath(rules, '/page/login/x')['X-Page']).toBeUndefined();
    expect(headersForPath(rules, '/')['Cache-Control']).toBe('no-cache');
    expect(headersForPath(rules, '/page.html')['X-Page']).toBeUndefined();
  });

  it('joins a header set by two matching rules, whatever its case', () => {
    const rules = parseHeadersFile('/*\n  Link: <a>\n/x\n  link: <b>\n');
    expect(headersForPath(rules, '/x')).toEqual({ Link: '<a>, <b>' });
  });

  it('names the line of a mistake', () => {
    expect(() => parseHeadersFile('  X-A: 1\n')).toThrow(/line 1: a header line comes before/);
    expect(() => parseHeadersFile('/*\n  no colon here\n')).toThrow(HeadersFileError);
    expect(() => parseHeadersFile('/*\n  no colon here\n')).toThrow(
      /line 2: expected "Name: value"/,
    );
    expect(() => parseHeadersFile('assets/*\n')).toThrow(/line 1: expected a URL pattern/);
  });

  it('refuses a value that would break the file', () => {
    expect(() => formatHeadersFile([{ pattern: '/*', headers: { A: 'x\ny' } }])).toThrow(
      /line break/,
    );
  });
});
