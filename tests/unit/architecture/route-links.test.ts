/**
 * Links name routes by id, never by path (eslint.config.js, `links/no-route-path`): a planted
 * path of a manifest route is reported where screens, ui and the runtime's links live, naming
 * the route's id, and strings that are no route's path are not.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../scripts/manifest/paths.ts';

const eslint = new ESLint({ cwd: repoRoot });

async function reported(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${file}` });
  return result!.messages
    .filter((m) => m.ruleId === 'links/no-route-path')
    .map((m) => `${m.line}: ${m.message}`);
}

describe('links by route id', { timeout: 60_000 }, () => {
  const planted = [
    "export const a = '/performance/recordings';",
    "export const b = '/customer/voc?disposition=Fake+Call';",
    'export const c = (key: string) => `/search/keywords?key=${key}`;',
    'export const d = <a href="/">Home</a>;',
    "export const e = '/?vendor=v1';",
  ].join('\n');

  it('reports a path of a manifest route in screens, ui and the runtime, naming its id', async () => {
    for (const file of [
      'src/screens/area/planted.tsx',
      'src/ui/planted.tsx',
      'src/runtime/planted.tsx',
    ]) {
      const found = await reported(planted, file);
      expect(found, file).toHaveLength(5);
      expect(found[0]).toBe(
        `1: "/performance/recordings" is the path of route "recordings": link by id, href('recordings') or <AppLink route="recordings">, so a renamed path is one manifest edit`,
      );
      expect(found.map((f) => f.split(':')[0])).toEqual(['1', '2', '3', '4', '5']);
    }
  });

  it('leaves strings that are no route path, and tests that visit addresses', async () => {
    const other = [
      "export const api = '/api/v1/contact';",
      "export const parts = (ref: string) => ref.split('/');",
      "export const near = '/customer/vocabulary';",
      'export const id = <a href="#main">Skip</a>;',
    ].join('\n');
    expect(await reported(other, 'src/screens/area/planted.tsx')).toEqual([]);
    expect(await reported(planted, 'src/screens/area/planted.test.tsx')).toEqual([]);
  });
});
