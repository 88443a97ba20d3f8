import { describe, expect, it } from 'vitest';
import { RawCode, quote, tsLiteral } from '../../../scripts/manifest/ts-literal.ts';

describe('TypeScript literal emitter', () => {
  it('emits data with stable two-space formatting and quoted keys only where needed', () => {
    expect(
      tsLiteral({
        a: 1,
        'b-c': [true, null],
        d: {},
        e: [],
        f: undefined,
        g: new RawCode('asset0'),
      }),
    ).toBe(
      "{\n  a: 1,\n  'b-c': [\n    true,\n    null,\n  ],\n  d: {},\n  e: [],\n  g: asset0,\n}",
    );
  });

  it('quotes strings so that evaluating them gives the original text back', () => {
    for (const text of [
      `it's`,
      '"q"',
      'back\\slash',
      'line\nbreak',
      'tab\t',
      '\u2028',
      'émoji 🎧',
      "\\'",
    ]) {
      expect(new Function(`return ${quote(text)};`)()).toBe(text);
    }
  });

  it('refuses values that are not JSON data', () => {
    expect(() => tsLiteral(() => 1)).toThrow(/cannot emit a function/);
  });
});
