/**
 * Pre-rendered pages of the public routes (issue 18): for each, a copy of index.html whose
 * start-up skeleton already holds the page's head (breadcrumbs, its <h1> and description, from
 * the manifest) and whose <title> is the page's, written as `<path>.html` (`page/login.html`
 * for /page/login). Static hosts (Netlify, Cloudflare Pages) serve that file for the path and
 * so does our app server, so the visitor reads what the page is before any script has run.
 * React replaces the skeleton on mount with the same head at the same place: styles/shell.css
 * places it as the shell's content, and the sign-in page's skeleton is drawn with the sign-in
 * layout's own classes (app-layout.css, which the first stylesheet holds). Only public routes:
 * a protected one sends a signed-out visitor to sign in, which a drawn head would contradict.
 * Routes with parameters get index.html as before.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { breadcrumbTrail } from '../../src/runtime/breadcrumb-trail.ts';
import { SIGN_IN_CARD } from '../../src/ui/sign-in-card-words.ts';
import type { Manifest, Route } from '../../src/generated/manifest.types.ts';
import { escapeHtml } from '../html/escape.ts';
import { readGeneratedManifest } from '../serve/generated-manifest.ts';

/** Where index.html's skeleton keeps the screen's place; the head goes first inside it. */
const SCREEN_PLACE = '<div class="boot-screen">';
/** The skeleton itself, which the sign-in page replaces with its own layout's. */
const SKELETON = '<div class="boot" aria-busy="true">';
const TITLE = /<title>[^<]*<\/title>/;
/** The skeleton's loading line, which a page's purpose replaces. */
const LOADING = '<p class="boot-status" role="status">Loading…</p>';

export interface RoutePage {
  /** Relative to the site's root, e.g. `page/login.html`. */
  file: string;
  html: string;
}

/** The routes that get a page: public, with a fixed path (no `:param`, not the error page). */
function preRenderedRoutes(routes: readonly Route[]): Route[] {
  return routes.filter((r) => r.auth === 'public' && r.path !== '/' && /^\/[^:*]+$/.test(r.path));
}

/** The file a static host serves for a route's path (no trailing slash, no redirect). */
export function routePageFile(path: string): string {
  return `${path.replace(/^\/+|\/+$/g, '')}.html`;
}

/** The pages of a manifest's public routes, from the built index.html. */
export function routePages(manifest: Manifest, indexHtml: string): RoutePage[] {
  const once = (marker: string) => indexHtml.split(marker).length === 2;
  if (!once(SKELETON) || !once(SCREEN_PLACE) || !TITLE.test(indexHtml)) {
    throw new Error(
      `index.html must have a <title>, one ${SKELETON} and one ${SCREEN_PLACE} ` +
        `(src/index.html's skeleton) for the route pages to draw their heads in`,
    );
  }
  const routes = manifest.routes ?? [];
  const byId = new Map(routes.map((r) => [r.id, r]));
  const routeById = (id: string): Route => {
    const route = byId.get(id);
    if (!route) throw new Error(`route "${id}" is named as a parent but not in the manifest`);
    return route;
  };
  return preRenderedRoutes(routes).map((route) => {
    const title = `<title>${escapeHtml(`${route.title} · ${manifest.brand.name}`)}</title>`;
    const html = indexHtml.replace(TITLE, () => title);
    return {
      file: routePageFile(route.path),
      html:
        route.id === manifest.auth.loginRoute
          ? withSkeleton(html, signInSkeleton(screenHead(route, [])))
          : withPurpose(
              html.replace(
                SCREEN_PLACE,
                () => SCREEN_PLACE + screenHead(route, breadcrumbTrail(route, routeById)),
              ),
              route,
            ),
    };
  });
}

/** The sign-in layout of app-layout.tsx, its card holding the head and a pending screen. */
function signInSkeleton(head: string): string {
  return (
    `<div class="sign-in-layout" aria-busy="true">` +
    `<div class="cover" aria-hidden="true"></div>` +
    `<div class="sign-in-header" aria-hidden="true"></div>` +
    `<div class="sign-in-card"><div class="screen">${head}` +
    `<div class="screen-pending" role="status"><span class="sr-only">Loading</span>` +
    `<span class="skeleton"></span><span class="skeleton"></span>` +
    `<span class="skeleton skeleton-short"></span></div></div></div></div>`
  );
}

/** index.html with its skeleton (the boot <div> and everything in it) replaced. */
function withSkeleton(html: string, skeleton: string): string {
  const start = html.indexOf(SKELETON);
  const tag = /<\/?div\b[^>]*>/g;
  tag.lastIndex = start;
  for (let depth = 0, match; (match = tag.exec(html));) {
    depth += match[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(0, start) + skeleton + html.slice(tag.lastIndex);
  }
  throw new Error(`index.html's ${SKELETON} is not closed`);
}

/**
 * A page that is only a sign-in gate shows its purpose in the sign-in card (ui/sign-in-gate.tsx)
 * where the loading line was. The card's heading and button keep their place but stay invisible
 * until the app knows whether the visitor is signed in: signed out, they appear around the text
 * without moving it; signed in, the app replaces the card with the data.
 */
function withPurpose(html: string, route: Route): string {
  if (!route.purpose) return html;
  const card =
    `<div class="screen-body"><div class="stack"><section class="card sign-in-gate">` +
    `<span class="sr-only" role="status">Loading</span>` +
    `<h2 class="boot-reserve" aria-hidden="true">${escapeHtml(SIGN_IN_CARD.heading)}</h2>` +
    `<div class="muted"><p>${escapeHtml(route.purpose)}</p></div>` +
    `<p class="boot-reserve" aria-hidden="true"><button type="button" class="button button-primary" ` +
    `tabindex="-1" disabled>${escapeHtml(SIGN_IN_CARD.button)}</button></p>` +
    `</section></div></div>`;
  if (html.split(LOADING).length !== 2) {
    throw new Error(`index.html must have one ${LOADING} for a page's purpose to replace`);
  }
  return html.replace(LOADING, () => card);
}

/** The markup screen-frame.tsx renders for a route's head, links as plain anchors. */
function screenHead(route: Route, trail: Route[]): string {
  const crumbs =
    trail.length > 1
      ? `<nav aria-label="Breadcrumb" class="breadcrumbs"><ol>${trail
          .map((crumb) =>
            crumb === route
              ? `<li aria-current="page">${escapeHtml(crumb.title)}</li>`
              : `<li><a href="${escapeHtml(crumb.path)}">${escapeHtml(crumb.title)}</a></li>`,
          )
          .join('')}</ol></nav>`
      : '';
  const description = route.description
    ? `<p class="screen-description">${escapeHtml(route.description)}</p>`
    : '';
  return `<div class="screen-head">${crumbs}<h1>${escapeHtml(route.title)}</h1>${description}</div>`;
}

/** Vite plugin: writes the route pages beside index.html once the build is written. */
export function routePagesPlugin(options: { generatedDir?: string } = {}): Plugin {
  let outDir = 'dist';
  return {
    name: 'callscope-route-pages',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(output) {
      const dir = output.dir ?? outDir;
      const manifest = readGeneratedManifest(options.generatedDir);
      for (const page of routePages(manifest, readFileSync(join(dir, 'index.html'), 'utf8'))) {
        const file = join(dir, page.file);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, page.html);
      }
    },
  };
}
