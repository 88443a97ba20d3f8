/** The icon set's licence ships with the site, and the icon modules credit the set. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTICES_FILE, noticesPlugin } from '../../../scripts/build/notices-plugin.ts';
import { repoRoot } from '../../../scripts/manifest/paths.ts';

describe('third-party notices', () => {
  it('the build emits THIRD_PARTY_NOTICES.md with the Lucide (ISC) and Feather (MIT) licences', () => {
    const emitted: { fileName: string; source: string }[] = [];
    const hook = noticesPlugin().generateBundle as unknown as (this: unknown) => void;
    hook.call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) });
    expect(emitted.map((f) => f.fileName)).toEqual([NOTICES_FILE]);
    const text = emitted[0]!.source;
    expect(text).toContain('ISC License');
    expect(text).toContain('Lucide Contributors');
    expect(text).toContain('Copyright (c) 2013-2023 Cole Bemis');
    expect(text).toContain('Permission is hereby granted, free of charge');
  });

  it.each(['src/runtime/icons.tsx', 'src/runtime/shell-icons.tsx'])(
    '%s credits Lucide and points at the notices',
    (file) => {
      const source = readFileSync(resolve(repoRoot, file), 'utf8');
      expect(source).toContain('Lucide');
      expect(source).toContain(NOTICES_FILE);
      expect(source).not.toMatch(/drawn for this product/);
    },
  );
});
