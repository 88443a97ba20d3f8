import { describe, expect, it } from 'vitest';
import { manifest } from '../generated/manifest.gen.ts';
import { defaultPreferences, type Mode } from './preferences.ts';
import { contrast, mix, readable, themeVariables } from './theme.ts';

const modes: Mode[] = ['dark', 'light'];

describe('theme variables', () => {
  it('mixes colours channel by channel', () => {
    expect(mix('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(mix('#102030', '#000000', 1)).toBe('#102030');
  });

  it('measures WCAG contrast', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBe(1);
  });

  it('moves a colour towards the text colour until it is readable', () => {
    const out = readable('#999999', '#ffffff', '#000000');
    expect(contrast(out, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('takes surfaces from the mode and the accent from the chosen colour', () => {
    const color = manifest.theme.colors[1]!;
    for (const mode of modes) {
      const vars = themeVariables(
        { ...defaultPreferences(manifest), mode, color: color.id },
        manifest,
      );
      expect(vars['--bg']).toBe(manifest.theme.modes[mode].background);
      expect(vars['--surface']).toBe(manifest.theme.modes[mode].surface);
      expect(vars['--text']).toBe(manifest.theme.modes[mode].text);
      expect(vars['--accent']).toBe(color[mode]);
      expect(vars['--transition-ms']).toBe(`${manifest.layout.transitionMs}ms`);
    }
  });

  it('keeps text readable (AA, 4.5:1) for every colour in both modes', () => {
    for (const mode of modes) {
      for (const color of manifest.theme.colors) {
        const v = themeVariables(
          { ...defaultPreferences(manifest), mode, color: color.id },
          manifest,
        );
        const label = `${color.id} in ${mode} mode`;
        expect(contrast(v['--text-muted']!, v['--surface']!), label).toBeGreaterThanOrEqual(4.5);
        expect(contrast(v['--text-muted']!, v['--bg']!), label).toBeGreaterThanOrEqual(4.5);
        expect(contrast(v['--accent-text']!, v['--accent-soft']!), label).toBeGreaterThanOrEqual(
          4.5,
        );
        expect(contrast(v['--on-accent']!, v['--accent']!), label).toBeGreaterThanOrEqual(4.5);
        expect(contrast(v['--accent']!, v['--surface']!), label).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
