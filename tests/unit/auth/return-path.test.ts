import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../../src/auth/return-path.ts';

describe('safeReturnPath', () => {
  it.each([
    ['/performance/agents?compliant=false', '/performance/agents?compliant=false'],
    ['/search/keywords?key=refund#top', '/search/keywords?key=refund#top'],
    ['/settings/../lead/list', '/lead/list'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    'relative/path',
    '',
    undefined,
    42,
    `/${'a'.repeat(3000)}`,
  ])('falls back for %s', (input) => {
    expect(safeReturnPath(input)).toBe('/');
    expect(safeReturnPath(input, '/page/login')).toBe('/page/login');
  });
});
