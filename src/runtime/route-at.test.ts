import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../generated/routes.gen.ts';
import { routeAt } from './route-at.ts';

/** react-router's own answer over the whole table: what routeAt must agree with. */
function reference(pathname: string): string | undefined {
  const routes = routeTable.map((route) => ({ id: route.id, path: route.path }));
  return matchRoutes(routes, pathname)?.at(-1)?.route.id;
}

describe('routeAt', () => {
  const paths = routeTable
    .filter((route) => route.path !== '*')
    .flatMap((route) => {
      const path = route.path.replace(/:(\w+)/g, 'x-$1');
      return [path, `${path}/`, `${path}//`, path.toUpperCase(), `${path}/more`];
    });
  const odd = [
    '/',
    '//',
    '/nowhere',
    '/page/log%69n',
    '/page/login%2F',
    '/%E0%A4%A',
    '//page/login',
  ];

  it('shows the route react-router would match, for every route and its variants', () => {
    for (const path of [...paths, ...odd]) {
      expect(routeAt(path).id, path).toBe(reference(path) ?? 'not-found');
    }
  });
});
