import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { deploymentMetaPlugin } from './deployment-meta-plugin.ts';

const PAGE =
  '<!doctype html><html><head><script type="module" src="./main.js"></script></head></html>';

describe('the dev server', () => {
  it('names the API first in the head of the page it serves', async () => {
    const root = mkdtempSync(join(tmpdir(), 'deployment-meta-plugin-'));
    const server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      server: { middlewareMode: true, ws: false },
      plugins: [deploymentMetaPlugin({ apiUrl: '/api', apiScopes: ['calls.read', 'x.write'] })],
    });
    try {
      const html = await server.transformIndexHtml('/', PAGE);
      const head = html.slice(html.indexOf('<head>'), html.indexOf('<script'));
      expect(head).toContain('<meta name="sa-api-url" content="/api">');
      expect(head).toContain('<meta name="sa-api-scopes" content="calls.read x.write">');
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
