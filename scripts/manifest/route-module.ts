/** Where content pages' generated modules live, among the screen modules. */
export const CONTENT_MODULES = 'content';

/**
 * The module a route loads, relative to the generated screens directory without `.gen.ts`: its
 * screen ("dashboard/overview"), or for a content page a module of its own ("content/hr") that
 * binds the generic content screen to the page's pre-rendered document.
 */
export function routeModule(route: { id: string; screen?: string }): string {
  return route.screen ?? `${CONTENT_MODULES}/${route.id}`;
}
