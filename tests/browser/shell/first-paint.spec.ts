/**
 * Issue 18: what a fast first paint of the page's content depends on, checked as order of
 * events rather than timings: the first screen's chunk is requested while main's code is still
 * being evaluated (not after, as when the router asked for it), and the first
 * render waits for that chunk, so no screen placeholder is ever painted (React would hold the
 * content back for its fallback throttle, and the page would shift).
 */
import type { Page, Response } from '@playwright/test';
import { screenChunkKey, staticLoad } from '../../../scripts/build/vite-manifest.ts';
import { routeModule } from '../../../scripts/manifest/route-module.ts';
import { IDENTITY_CLIENT } from '../../../scripts/serve/route-preloads.ts';
import { test } from '../harness/fixtures.ts';
import { buildManifest, chunkPathOf, expect, manifest, screenChunkPath } from './session.ts';

const login = manifest.routes.find((r) => r.id === manifest.auth.loginRoute)!;
const publicRoute = manifest.routes.find(
  (r) => r.auth === 'public' && r.screen && r.id !== login.id,
)!;
const protectedRoute = manifest.routes.find((r) => r.auth === 'required' && r.screen)!;
const analyticsRoute = manifest.routes.find(
  (r) => r.auth === 'public' && r.path.startsWith('/analytics/'),
)!;

/**
 * Marks the end of a chunk's evaluation: a statement appended to it runs after all of its
 * modules' top-level code (for main, main.tsx's last) and records the time on the page's clock
 * as `globalThis[name]`.
 */
async function markEvaluated(page: Page, chunk: string, name: string): Promise<void> {
  await page.route(`**${chunk}`, async (route) => {
    const response = await route.fetch();
    const body = `${await response.text()}\n;globalThis.${name} = performance.now();\n`;
    await route.fulfill({ response, body });
  });
}

const markEndOfMain = (page: Page) =>
  markEvaluated(page, chunkPathOf('index.html'), 'mainEvaluated');

/** When `chunk` was requested (null: never), and the times the evaluation marks `names` recorded. */
async function chunkTimings<N extends string>(
  page: Page,
  chunk: string,
  names: readonly N[],
): Promise<{ requested: number | null } & Record<N, number>> {
  return page.evaluate(
    ({ path, names }) => {
      const entry = performance
        .getEntriesByType('resource')
        .find((e) => new URL(e.name).pathname === path);
      const marks = globalThis as unknown as Record<string, number>;
      return {
        requested: entry?.startTime ?? null,
        ...Object.fromEntries(names.map((name) => [name, marks[name]])),
      };
    },
    { path: chunk, names },
  ) as Promise<{ requested: number | null } & Record<N, number>>;
}

/** When `chunk` was requested and when main had finished evaluating. */
const requestedAndEndOfMain = (page: Page, chunk: string) =>
  chunkTimings(page, chunk, ['mainEvaluated']);

/**
 * The page served names `chunk` as a preload (its `<link rel="modulepreload">` and its `Link`
 * header), and the browser asked for it before main had arrived.
 */
async function expectPreloadedWithThePage(
  page: Page,
  response: Response,
  chunk: string,
): Promise<void> {
  expect(await response.text()).toContain(`<link rel="modulepreload" crossorigin href="${chunk}">`);
  expect(await response.headerValue('link')).toContain(`<${chunk}>; rel=modulepreload`);
  const timing = await page.evaluate(
    ({ chunk, main }) => {
      const entry = (path: string) =>
        performance
          .getEntriesByType('resource')
          .find((e) => new URL(e.name).pathname === path) as PerformanceResourceTiming;
      return { requested: entry(chunk).startTime, mainArrived: entry(main).responseEnd };
    },
    { chunk, main: chunkPathOf('index.html') },
  );
  expect(timing.requested).toBeLessThan(timing.mainArrived);
}

test('the first screen chunk is requested before main has finished evaluating', async ({
  page,
}) => {
  await markEndOfMain(page);
  await page.goto(publicRoute.path);
  await expect(page.locator('.screen-body')).not.toBeEmpty();
  const { requested, mainEvaluated } = await requestedAndEndOfMain(
    page,
    screenChunkPath(publicRoute),
  );
  expect(mainEvaluated).toBeGreaterThan(0);
  expect(requested).not.toBeNull();
  expect(requested!).toBeLessThan(mainEvaluated);
});

test('sign-in starts up after main has finished evaluating, in a task of its own', async ({
  page,
}) => {
  await markEndOfMain(page);
  await page.goto(login.path);
  await expect(page.locator('.screen-body')).not.toBeEmpty();
  const { started, mainEvaluated } = await page.evaluate(() => ({
    started: performance.getEntriesByName('sign-in start-up')[0]?.startTime ?? null,
    mainEvaluated: (globalThis as unknown as { mainEvaluated: number }).mainEvaluated,
  }));
  // In main's evaluation the two made one task of 80-140 ms after the first paint.
  expect(mainEvaluated).toBeGreaterThan(0);
  expect(started).not.toBeNull();
  expect(started!).toBeGreaterThan(mainEvaluated);
});

test("sign-in's identity client (MSAL) is a chunk of its own, asked for while main evaluates and evaluated after it", async ({
  page,
}) => {
  // In main, MSAL's evaluation made main's a 45-65 ms task after the first paint at 1x
  // (src/auth/identity-client.ts).
  const identity = chunkPathOf(IDENTITY_CLIENT);
  expect(identity).not.toBe(chunkPathOf('index.html'));
  await markEndOfMain(page);
  await markEvaluated(page, identity, 'identityEvaluated');
  await page.goto(login.path);
  await expect(page.locator('.screen-body')).not.toBeEmpty();
  const timing = await chunkTimings(page, identity, ['mainEvaluated', 'identityEvaluated']);
  expect(timing.mainEvaluated).toBeGreaterThan(0);
  expect(timing.requested).not.toBeNull();
  expect(timing.requested!).toBeLessThan(timing.mainEvaluated);
  expect(timing.identityEvaluated).toBeGreaterThan(timing.mainEvaluated);
});

test("React DOM's and the shell's chunks are asked for together by main and evaluate after it, apart; the shell's stylesheet is in the page", async ({
  page,
}) => {
  // React DOM and the shell (its frame and components) are chunks of their own that main
  // imports side by side, neither importing the other, so each evaluates in a task of its own
  // (src/main.tsx). The shell's stylesheet comes with the page, so the first paint is styled;
  // its script is not preloaded, which delayed the first paint (scripts/build/shell-chunk-styles.ts).
  const shell = chunkPathOf('runtime/app.tsx');
  const reactDom = chunkPathOf('runtime/react-dom-client.ts');
  expect(new Set([shell, reactDom, chunkPathOf('index.html')]).size).toBe(3);
  const chunks = buildManifest();
  // Were React DOM in the shell's static load, the shell's import would evaluate both in one task.
  expect([...staticLoad(chunks, 'runtime/app.tsx')]).not.toContain('runtime/react-dom-client.ts');
  // Nor does a screen's chunk load React DOM's client with it: fetched early and evaluated as it
  // arrives (first-screen.ts), it would take the whole client into its own evaluation.
  for (const route of [login, analyticsRoute, protectedRoute]) {
    const key = screenChunkKey(chunks, routeModule(route))!;
    const loads = [...staticLoad(chunks, key)].map((k) => `/${chunks[k]!.file}`);
    expect(loads).not.toContain(reactDom);
  }
  await markEndOfMain(page);
  await markEvaluated(page, reactDom, 'reactDomEvaluated');
  await markEvaluated(page, shell, 'shellEvaluated');
  const response = await page.goto(login.path);
  const html = await response!.text();
  for (const style of chunks['runtime/app.tsx']!.css ?? []) {
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="/${style}">`);
  }
  expect(html).not.toContain(`href="${shell}"`);
  await expect(page.locator('.screen-body')).not.toBeEmpty();
  const timing = await chunkTimings(page, shell, [
    'mainEvaluated',
    'reactDomEvaluated',
    'shellEvaluated',
  ]);
  expect(timing.mainEvaluated).toBeGreaterThan(0);
  expect(timing.reactDomEvaluated).toBeGreaterThan(timing.mainEvaluated);
  expect(timing.shellEvaluated).toBeGreaterThan(timing.mainEvaluated);
  // Asked for after main, without waiting for React DOM's evaluation: once the shell waited for
  // it, the shell was the last chunk / signed in waited for.
  expect(timing.requested).not.toBeNull();
  expect(timing.requested!).toBeGreaterThan(timing.mainEvaluated);
  expect(timing.requested!).toBeLessThan(timing.reactDomEvaluated);
});

/**
 * Issue 18: the page served for a route names its screen's chunks (route-preloads.ts), in its
 * `Link` header and as `<link rel="modulepreload">`, so the browser asks for them with the
 * page's own scripts: before main has even arrived, where they used to wait until main had
 * been downloaded and evaluated.
 */
for (const route of [login, analyticsRoute]) {
  test(`the page served for ${route.path} preloads its screen chunk, fetched before main has arrived`, async ({
    page,
  }) => {
    const response = await page.goto(route.path);
    // Not MSAL's chunk: the drawn head paints before any script, a large one would compete.
    expect(await response!.headerValue('link')).not.toContain(chunkPathOf(IDENTITY_CLIENT));
    await expect(page.locator('.screen-body')).not.toBeEmpty();
    await expectPreloadedWithThePage(page, response!, screenChunkPath(route));
    // Over HTTP/2 (scripts/serve/app-server.ts) the page's dozen requests share one connection;
    // over HTTP/1.1 the preloads queued for the browser's six.
    const protocols = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => (e as PerformanceResourceTiming).nextHopProtocol),
    );
    expect(protocols.length).toBeGreaterThan(6);
    expect(new Set(protocols)).toEqual(new Set(['h2']));
  });
}

test("a protected route's page preloads MSAL's chunk: asked for with the page, evaluated after main", async ({
  page,
}) => {
  // Signed in or out, the first content waits for sign-in's start-up, which waits for MSAL's
  // chunk (scripts/serve/route-preloads.ts); a preload fetches it without evaluating it.
  const identity = chunkPathOf(IDENTITY_CLIENT);
  await markEndOfMain(page);
  await markEvaluated(page, identity, 'identityEvaluated');
  const response = await page.goto(protectedRoute.path);
  await expect(page.locator('.screen-body')).not.toBeEmpty();
  await expectPreloadedWithThePage(page, response!, identity);
  const timing = await chunkTimings(page, identity, ['mainEvaluated', 'identityEvaluated']);
  expect(timing.mainEvaluated).toBeGreaterThan(0);
  expect(timing.identityEvaluated).toBeGreaterThan(timing.mainEvaluated);
});

test('signed out on a protected route, the sign-in chunk is fetched early instead', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await markEndOfMain(page);
  await page.goto(protectedRoute.path);
  await expect(page).toHaveURL(new RegExp(`${login.path}\\?returnTo=`));
  await expect(page.locator('.screen-body')).not.toBeEmpty();
  const signIn = await requestedAndEndOfMain(page, screenChunkPath(login));
  expect(signIn.requested).not.toBeNull();
  expect(signIn.requested!).toBeLessThan(signIn.mainEvaluated);
  expect(requested).not.toContain(screenChunkPath(protectedRoute));
});

test('the first page paints whole: no screen placeholder while its chunk is on the way', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { placeholderSeen: boolean };
    w.placeholderSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.screen-pending')) w.placeholderSeen = true;
    }).observe(document, { subtree: true, childList: true });
  });
  // A slow chunk: with a render before it arrived, the placeholder would show meanwhile.
  await page.route(`**${screenChunkPath(publicRoute)}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(publicRoute.path);
  await expect(page.getByRole('heading', { level: 1, name: publicRoute.title })).toBeVisible();
  await expect(page.locator('.screen-body')).not.toBeEmpty();
  expect(
    await page.evaluate(() => (window as unknown as { placeholderSeen: boolean }).placeholderSeen),
  ).toBe(false);
});

test('an address that moves while the first screen is on its way is where the app arrives', async ({
  page,
}) => {
  const other = manifest.routes.find(
    (r) => r.auth === 'public' && r.screen && r.id !== publicRoute.id && r.id !== login.id,
  )!;
  // The first chunk is slow; meanwhile the address moves (as Back or a script would move it)
  // before the app's history listens.
  await page.route(`**${screenChunkPath(publicRoute)}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(publicRoute.path, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, other.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.title);
  await expect(page).toHaveURL(new RegExp(`${other.path}$`));
});

/**
 * Issue 18: a public route's page arrives with its head drawn (scripts/build/route-pages.ts),
 * so its heading and description show before any script has run, at the very place the app
 * draws them on mount (the description is the sign-in page's largest text: its LCP). A page that
 * is only a sign-in gate also shows its purpose, the largest text there, where the sign-in card
 * then has it; the card's heading and button are not shown before the app knows who is there.
 */
for (const route of [login, analyticsRoute]) {
  test(`${route.path} shows its heading and description before any script, where the app then draws them`, async ({
    page,
    context,
  }) => {
    const drawn = ['h1', '.screen-description', ...(route.purpose ? ['.sign-in-gate p'] : [])];
    const boxes = (on: Page) =>
      on.evaluate(
        (selectors) =>
          selectors.map((selector) => {
            const box = document.querySelector(`${selector}:not(.boot-reserve)`)!;
            const { x, y, width, height } = box.getBoundingClientRect();
            return [selector, x, y, width, height];
          }),
        drawn,
      );
    // No app code at all: what the browser paints from the page alone.
    await page.route(`**${chunkPathOf('index.html')}`, (request) => request.abort());
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.title })).toBeVisible();
    await expect(page.locator('.screen-description')).toHaveText(route.description!);
    await expect(page).toHaveTitle(`${route.title} · ${manifest.brand.name}`);
    if (route.purpose) {
      await expect(page.getByText(route.purpose)).toBeVisible();
      await expect(page.getByText(/^Sign in/)).toHaveCount(2); // the card's heading and button
      for (const hidden of await page.getByText(/^Sign in/).all())
        await expect(hidden).toBeHidden();
    }
    const beforeScripts = await boxes(page);

    const app = await context.newPage();
    await app.goto(route.path);
    await expect(app.locator('.screen-body')).not.toBeEmpty();
    if (route.purpose) await expect(app.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await boxes(app)).toEqual(beforeScripts);
  });
}
