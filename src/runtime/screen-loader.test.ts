import { describe, expect, it } from 'vitest';
import { startScreenReads } from './screen-loader.ts';
import type { RouteEntry } from './targets.ts';

/** A route whose screen records each read ahead it is asked for. */
function screenRoute(id: string, asked: string[]): RouteEntry {
  const Screen = Object.assign(() => null, {
    readAhead: (search: URLSearchParams) => asked.push(`${id}?${search}`),
  });
  return {
    id,
    path: `/${id}`,
    title: id,
    auth: 'required',
    load: async () => ({ default: Screen, descriptions: {} }),
  } as unknown as RouteEntry;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startScreenReads', () => {
  it('starts the same screen and query asked twice in a row once, and any other start again', async () => {
    const asked: string[] = [];
    const dashboard = screenRoute('reads-dashboard', asked);
    const agents = screenRoute('reads-agents', asked);
    // first-screen.ts, then the navigation after the start-up, for the same first page.
    startScreenReads(dashboard, '?vendor=v1');
    startScreenReads(dashboard, '?vendor=v1');
    await settle();
    expect(asked).toEqual(['reads-dashboard?vendor=v1']);
    startScreenReads(dashboard, '?vendor=v2');
    startScreenReads(agents, '');
    startScreenReads(dashboard, '?vendor=v1');
    await settle();
    expect(asked).toEqual([
      'reads-dashboard?vendor=v1',
      'reads-dashboard?vendor=v2',
      'reads-agents?',
      'reads-dashboard?vendor=v1',
    ]);
  });
});
