/**
 * The shell's chunk (runtime/app.tsx and what only it imports: React DOM, the router, the
 * shell) is imported by `main` at run time (src/main.tsx), so it evaluates in a task of its own
 * after `main`'s: one evaluation of everything was a 75-130 ms task after the first paint at
 * 1x, the page's longest (issue 18). So that the split costs no round trip, index.html (and the
 * route pages made from it) asks for the chunk and its stylesheet with `main`, as a
 * modulepreload and a stylesheet link: fetched and compiled in parallel, evaluated when `main`
 * imports it.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The shell's entry module, as the bundle names it. */
const SHELL_MODULE = /[\\/]src[\\/]runtime[\\/]app\.tsx$/;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId?: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

/** The tags for the shell's chunk of `bundle`, with `base` (the site's path, e.g. "/"). */
export function shellPreloadTags(
  bundle: Record<string, { type: string }>,
  base: string,
): HtmlTagDescriptor[] {
  const shell = Object.values(bundle).find(
    (item): item is ChunkLike =>
      item.type === 'chunk' && SHELL_MODULE.test((item as ChunkLike).facadeModuleId ?? ''),
  );
  if (!shell)
    throw new Error('The build has no chunk for src/runtime/app.tsx (src/main.tsx imports it)');
  const styles = [...(shell.viteMetadata?.importedCss ?? [])];
  return [
    ...styles.map((file) => ({
      tag: 'link',
      attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
      injectTo: 'head' as const,
    })),
    {
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${shell.fileName}` },
      injectTo: 'head' as const,
    },
  ];
}

export function shellChunkPreloadPlugin(): Plugin {
  let base = '/';
  return {
    name: 'callscope:shell-chunk-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        context.bundle ? shellPreloadTags(context.bundle, base) : undefined,
    },
  };
}
