// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { API_SCOPES_META, API_URL_META, isApiUrl, readDeploymentApi } from './deployment-api.ts';

const BUILT = { VITE_API_URL: '/built-api', VITE_API_SCOPES: 'built.read built.write' };

function pageWith(meta: Record<string, string>): Document {
  document.head.innerHTML = Object.entries(meta)
    .map(([name, content]) => `<meta name="${name}" content="${content}">`)
    .join('');
  return document;
}

function read(meta: Record<string, string>, env: Record<string, string> = BUILT) {
  const warnings: string[] = [];
  const api = readDeploymentApi(pageWith(meta), env, (message) => warnings.push(message));
  return { ...api, warnings };
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the deployment API read from the page', () => {
  it("takes the page's meta tags over the build's values", () => {
    expect(
      read({ [API_URL_META]: ' https://api.example.com/ ', [API_SCOPES_META]: 'a.read  b.write' }),
    ).toEqual({ url: 'https://api.example.com/', scopes: ['a.read', 'b.write'], warnings: [] });
  });

  it("keeps the build's values when the tags are absent or empty", () => {
    expect(read({})).toEqual({
      url: '/built-api',
      scopes: ['built.read', 'built.write'],
      warnings: [],
    });
    expect(read({ [API_URL_META]: '  ', [API_SCOPES_META]: '' })).toMatchObject({
      url: '/built-api',
      scopes: ['built.read', 'built.write'],
    });
  });

  it('falls back tag by tag', () => {
    expect(read({ [API_URL_META]: '/api' })).toMatchObject({
      url: '/api',
      scopes: ['built.read', 'built.write'],
    });
    expect(read({ [API_SCOPES_META]: 'calls.read' }, {})).toMatchObject({
      url: null,
      scopes: ['calls.read'],
    });
  });

  it('means the embedded engine when neither the page nor the build names an API', () => {
    expect(read({}, {})).toEqual({ url: null, scopes: [], warnings: [] });
    expect(readDeploymentApi(undefined, {})).toEqual({ url: null, scopes: [] });
  });

  it('ignores a malformed URL with a warning and keeps the build value', () => {
    for (const bad of ['api', '//evil.example', 'javascript:alert(1)', 'ftp://x.example', '/a b']) {
      const api = read({ [API_URL_META]: bad });
      expect(api.url, bad).toBe('/built-api');
      expect(api.warnings, bad).toEqual([expect.stringContaining(API_URL_META)]);
    }
  });

  it('ignores malformed scopes with a warning and keeps the build value', () => {
    const api = read({ [API_SCOPES_META]: 'calls.read set\\tings' });
    expect(api.scopes).toEqual(['built.read', 'built.write']);
    expect(api.warnings).toEqual([expect.stringContaining(API_SCOPES_META)]);
  });
});

describe('isApiUrl', () => {
  it('accepts same-origin paths and http(s) URLs only', () => {
    expect(['/api', '/v/api/', 'https://a.example', 'http://127.0.0.1:8787'].map(isApiUrl)).toEqual(
      [true, true, true, true],
    );
    expect(['', 'api', '//a.example', 'wss://a.example', 'data:,x'].map(isApiUrl)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
