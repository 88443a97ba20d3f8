import { describe, expect, it } from 'vitest';
import { formatProblem, formatProblems } from '../../../scripts/manifest/format.ts';
import { pointerOf } from '../../../scripts/manifest/problem.ts';
import { summarize } from '../../../scripts/manifest/summary.ts';
import type { ManifestShape } from '../../../scripts/manifest/manifest-shape.ts';

describe('problem lines', () => {
  it('prints FILE:LINE:COL: /json/pointer: message, with warnings marked', () => {
    const base = { file: 'm.json', line: 3, column: 7, pointer: '/routes/2/id' };
    expect(formatProblem({ ...base, severity: 'error', message: 'bad' })).toBe(
      'm.json:3:7: /routes/2/id: bad',
    );
    expect(formatProblem({ ...base, severity: 'warning', message: 'meh' })).toBe(
      'm.json:3:7: /routes/2/id: warning: meh',
    );
    expect(formatProblem({ ...base, pointer: '', severity: 'error', message: 'syntax' })).toBe(
      'm.json:3:7: /: syntax',
    );
    expect(
      formatProblems([
        { ...base, severity: 'error', message: 'a' },
        { ...base, severity: 'error', message: 'b' },
      ]),
    ).toBe('m.json:3:7: /routes/2/id: a\nm.json:3:7: /routes/2/id: b');
  });

  it('escapes pointer segments (RFC 6901)', () => {
    expect(pointerOf('routes', 0, 'a/b', 'c~d')).toBe('/routes/0/a~1b/c~0d');
  });

  it('summarises a valid manifest in one line', () => {
    const m = {
      routes: [{}, {}],
      sidebar: { sections: [{}] },
      header: { tools: [{}], quickSearch: [] },
    } as unknown as ManifestShape;
    const warning = {
      file: 'm',
      line: 1,
      column: 1,
      pointer: '',
      severity: 'warning' as const,
      message: '',
    };
    expect(summarize('m.json', m, [warning])).toBe(
      'm.json: valid (2 routes, 1 sidebar section, 1 tool, 0 presets; 1 warning)',
    );
  });
});
