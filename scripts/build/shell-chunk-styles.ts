/**
 * The shell's chunk (runtime/app.tsx and what only it imports: the shell's components) is
 * imported by `main` at run time (src/main.tsx), beside React DOM's, so each evaluates in a task
 * of its own after `main`'s: one evaluation of everything was a 75-130 ms task after the first
 * paint at 1x, the page's longest (issue 18). Its stylesheet must still come with the page: a public
 * route's page draws its head before any script (route-pages.ts) with the screen frame's
 * styles, and the shell must not paint unstyled. So index.html (and the route pages made from
 * it) links it as a stylesheet beside `main`'s.
 *
 * The chunk's script is not preloaded: asked for with `main`, it delayed the first paint by
 * 30-45 ms at 1x (12 loads each) while it competed with the page's stylesheets and scripts.
 * Asked for when `main` imports it, it arrives while sign-in starts up, which the first render
 * waits for anyway.
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

/** The stylesheet links of the shell's chunk of `bundle`, with `base` (the site's path, e.g. "/"). */
export function shellStyleTags(
  bundle: Record<string, { type: string }>,
  base: string,
): HtmlTagDescriptor[] {
  const shell = Object.values(bundle).find(
    (item): item is ChunkLike =>
      item.type === 'chunk' && SHELL_MODULE.test((item as ChunkLike).facadeModuleId ?? ''),
  );
  if (!shell) {
    throw new Error('The build has no chunk for src/runtime/app.tsx (src/main.tsx imports it)');
  }
  return [...(shell.viteMetadata?.importedCss ?? [])].map((file) => ({
    tag: 'link',
    attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
    injectTo: 'head' as const,
  }));
}

export function shellChunkStylesPlugin(): Plugin {
  let base = '/';
  return {
    name: 'callscope:shell-chunk-styles',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        context.bundle ? shellStyleTags(context.bundle, base) : undefined,
    },
  };
}
