// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import * as app from '../../src/data/http/deployment-api.ts';
import {
  API_SCOPES_META,
  API_URL_META,
  apiConnectSources,
  withDeploymentMeta,
} from './deployment-meta.ts';

const PAGE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n' +
  '    <script type="module" src="/assets/main-AbC123xy.js"></script>\n  </head>\n' +
  '  <body><header>x</header></body>\n</html>\n';

/** What the app reads from a page the server wrote (the browser's parser in between). */
function readByApp(html: string) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return app.readDeploymentApi(doc, {}, (message) => {
    throw new Error(message);
  });
}

describe('deployment settings in the page', () => {
  it('uses the names the app reads', () => {
    expect([API_URL_META, API_SCOPES_META]).toEqual([app.API_URL_META, app.API_SCOPES_META]);
  });

  it('are read back by the app as written, ahead of every script', () => {
    const html = withDeploymentMeta(PAGE, {
      apiUrl: '/api',
      apiScopes: ['calls.read', 'settings.write'],
    });
    expect(readByApp(html)).toEqual({ url: '/api', scopes: ['calls.read', 'settings.write'] });
    expect(html.indexOf(API_URL_META)).toBeLessThan(html.indexOf('<script'));
    expect(html.indexOf(API_URL_META)).toBeGreaterThan(html.indexOf('<head>'));
  });

  it('escape what would end the attribute', () => {
    const html = withDeploymentMeta(PAGE, { apiUrl: 'https://a.example/x?a=1&b="2"' });
    expect(readByApp(html).url).toBe('https://a.example/x?a=1&b="2"');
  });

  it('go first into a page without a <head> tag (the head the parser implies)', () => {
    const html = withDeploymentMeta('<!doctype html><title>t</title><p>x</p>', { apiUrl: '/api' });
    expect(html).toBe(
      `<!doctype html><meta name="${API_URL_META}" content="/api" /><title>t</title><p>x</p>`,
    );
    expect(readByApp(html).url).toBe('/api');
  });

  it('leave the page as it was when there is nothing to say', () => {
    expect(withDeploymentMeta(PAGE, {})).toBe(PAGE);
    expect(withDeploymentMeta(PAGE, { apiScopes: [] })).toBe(PAGE);
  });
});

describe('apiConnectSources', () => {
  it('names nothing for the own origin, else the origin and its WebSocket twin', () => {
    expect(apiConnectSources(undefined)).toEqual([]);
    expect(apiConnectSources('/api')).toEqual([]);
    expect(apiConnectSources('https://api.example.com/v/')).toEqual([
      'https://api.example.com',
      'wss://api.example.com',
    ]);
    expect(apiConnectSources('http://127.0.0.1:8787')).toEqual([
      'http://127.0.0.1:8787',
      'ws://127.0.0.1:8787',
    ]);
  });
});
