import { describe, expect, it } from 'vitest';
import { formatTypes } from '../../../scripts/manifest/format-types.ts';

describe('formatting of the emitted types', () => {
  it('indents by bracket depth, one level per opening line, and ends members with ";"', () => {
    const input = [
      '/**',
      ' * A thing.   ',
      ' */',
      'export type Mode = ("dark" | "light")',
      'export interface Thing {',
      '/**',
      ' * Braces in comments { do not count.',
      ' */',
      'label: string',
      'query?: {',
      '[k: string]: Param',
      '}',
      'sections: [{',
      'id: "a}b"',
      '}, ...({',
      'id: string',
      '})[]]',
      '}',
      '',
      '',
      '',
    ].join('\n');
    expect(formatTypes(input)).toBe(
      [
        '/**',
        ' * A thing.',
        ' */',
        'export type Mode = ("dark" | "light");',
        'export interface Thing {',
        '  /**',
        '   * Braces in comments { do not count.',
        '   */',
        '  label: string;',
        '  query?: {',
        '    [k: string]: Param;',
        '  }',
        '  sections: [{',
        '    id: "a}b";',
        '  }, ...({',
        '    id: string;',
        '  })[]];',
        '}',
        '',
      ].join('\n'),
    );
  });
});
