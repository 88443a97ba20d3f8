import { describe, expect, it } from 'vitest';
import { shellPreloadTags } from './shell-chunk-preload.ts';

const chunk = (fileName: string, facadeModuleId: string, css: string[] = []) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  viteMetadata: { importedCss: new Set(css) },
});

describe('shellPreloadTags', () => {
  it("asks for the shell's chunk and its stylesheet with the page", () => {
    const bundle = {
      'assets/main-a.js': chunk('assets/main-a.js', '/app/src/index.html'),
      'assets/app-b.js': chunk('assets/app-b.js', '/app/src/runtime/app.tsx', ['assets/app-c.css']),
      'assets/app-c.css': { type: 'asset' },
    };
    expect(shellPreloadTags(bundle, '/')).toEqual([
      {
        tag: 'link',
        attrs: { rel: 'stylesheet', crossorigin: true, href: '/assets/app-c.css' },
        injectTo: 'head',
      },
      {
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: '/assets/app-b.js' },
        injectTo: 'head',
      },
    ]);
  });

  it('fails the build when the shell is not a chunk of its own', () => {
    expect(() =>
      shellPreloadTags({ 'assets/main-a.js': chunk('assets/main-a.js', '/x') }, '/'),
    ).toThrow(/runtime\/app\.tsx/);
  });
});
