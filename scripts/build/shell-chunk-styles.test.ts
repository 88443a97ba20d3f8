import { describe, expect, it } from 'vitest';
import { shellStyleTags } from './shell-chunk-styles.ts';

const chunk = (fileName: string, facadeModuleId: string, css: string[] = []) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  viteMetadata: { importedCss: new Set(css) },
});

describe('shellStyleTags', () => {
  it("links the shell's stylesheet in the page, and not its script", () => {
    const bundle = {
      'assets/main-a.js': chunk('assets/main-a.js', '/app/src/index.html', ['assets/main-d.css']),
      'assets/app-b.js': chunk('assets/app-b.js', '/app/src/runtime/app.tsx', ['assets/app-c.css']),
      'assets/app-c.css': { type: 'asset' },
    };
    expect(shellStyleTags(bundle, '/')).toEqual([
      {
        tag: 'link',
        attrs: { rel: 'stylesheet', crossorigin: true, href: '/assets/app-c.css' },
        injectTo: 'head',
      },
    ]);
  });

  it('fails the build when the shell is not a chunk of its own', () => {
    const bundle = { 'assets/main-a.js': chunk('assets/main-a.js', '/x') };
    expect(() => shellStyleTags(bundle, '/')).toThrow(/runtime\/app\.tsx/);
  });
});
