import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headerRules,
  identityProviderOrigin,
  securityHeaders,
  withConnectSources,
} from './security-headers.ts';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name, sources];
    }),
  );

describe('security headers', () => {
  it('allows nothing beyond the own origin when the provider is mounted on it', () => {
    const csp = directives(contentSecurityPolicy({ authority: '/idp' }));
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['media-src']).toEqual(["'self'", 'blob:']);
  });

  it('never allows inline or eval script (WebAssembly compilation is not script eval)', () => {
    const policy = contentSecurityPolicy({ authority: 'https://login.microsoftonline.com/t' });
    expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
  });

  it("adds an external provider's origin (not its path) where MSAL needs it", () => {
    const csp = directives(
      contentSecurityPolicy({
        authority: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
      }),
    );
    for (const name of ['connect-src', 'frame-src', 'form-action']) {
      expect(csp[name]).toEqual(["'self'", 'https://login.microsoftonline.com']);
    }
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  it('keeps a non-default port in the origin', () => {
    expect(identityProviderOrigin('https://127.0.0.1:9443/idp')).toBe('https://127.0.0.1:9443');
  });

  it('rejects an authority MSAL would refuse, saying why', () => {
    expect(() => identityProviderOrigin('http://login.example/t')).toThrow(/must use https/);
    expect(() => identityProviderOrigin('login.example')).toThrow(
      /neither an https URL nor a path/,
    );
    expect(() => identityProviderOrigin('//evil.example/x')).toThrow();
  });

  it('sends the companion headers', () => {
    const headers = securityHeaders({ authority: '/idp' });
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    expect(headers['Strict-Transport-Security']).toMatch(/^max-age=\d{8}/);
    expect(headers['Permissions-Policy']).toContain('camera=()');
  });

  it('long-caches fingerprinted assets and revalidates the page', () => {
    const rules = headerRules({ authority: '/idp' });
    expect(rules.find((r) => r.pattern === '/assets/*')?.headers['Cache-Control']).toMatch(
      /immutable/,
    );
    expect(rules.find((r) => r.pattern === '/index.html')?.headers['Cache-Control']).toBe(
      'no-cache',
    );
  });
});

describe('the contact endpoint', () => {
  it('an https endpoint is allowed for fetch; a same-origin path needs nothing more', () => {
    const external = contentSecurityPolicy({
      authority: '/idp',
      connectTo: ['https://forms.example.com/v1/contact'],
    });
    expect(external).toContain("connect-src 'self' https://forms.example.com;");
    expect(contentSecurityPolicy({ authority: '/idp', connectTo: ['/api/v1/contact'] })).toContain(
      "connect-src 'self';",
    );
  });
});

describe('the API', () => {
  it('another origin is allowed for fetch and for its live stream; /api needs nothing', () => {
    const csp = directives(
      contentSecurityPolicy({ authority: '/idp', apiUrl: 'https://api.example.com:8443/base' }),
    );
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://api.example.com:8443',
      'wss://api.example.com:8443',
    ]);
    expect(directives(contentSecurityPolicy({ authority: '/idp', apiUrl: '/api' }))).toEqual(
      directives(contentSecurityPolicy({ authority: '/idp' })),
    );
  });

  it("a server naming the API at run time adds its origin to the build's policy, once", () => {
    const built = contentSecurityPolicy({ authority: 'https://login.example' });
    const sources = ['https://api.example.com', 'wss://api.example.com'];
    const served = withConnectSources(built, sources);
    expect(directives(served)['connect-src']).toEqual([
      "'self'",
      'https://login.example',
      ...sources,
    ]);
    expect(withConnectSources(served, sources)).toBe(served);
    // Every other directive is left as it was.
    const { 'connect-src': _served, ...others } = directives(served);
    const { 'connect-src': _built, ...before } = directives(built);
    expect(others).toEqual(before);
    expect(withConnectSources(built, [])).toBe(built);
  });

  it('starts from default-src when the policy has no connect-src, and leaves an open one open', () => {
    expect(withConnectSources("default-src 'self'; img-src *", ['https://a.example'])).toBe(
      "default-src 'self'; img-src *; connect-src 'self' https://a.example",
    );
    expect(withConnectSources('img-src *', ['https://a.example'])).toBe('img-src *');
  });
});
