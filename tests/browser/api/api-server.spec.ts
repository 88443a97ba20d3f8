/**
 * The app against the API server (issue 12): the same production build the other browser tests
 * run, told at run time by the page's meta tags to use the API mounted at /api
 * (app-with-api.ts). Signed in through the real local provider, the dashboard's tiles show the
 * API's numbers (every data request carries the bearer token, and no data worker starts), and a
 * compliance rule saved in the rule builder is still there after a reload and after the API
 * server restarts on the same data directory. One test, so the stack starts and the user signs
 * in once.
 */
import type { Locator, Page, Request } from '@playwright/test';
import { demoUser, expect, signInThroughProvider } from '../harness/fixtures.ts';
import { test } from './with-api.ts';
import { chunkPathOf, manifest, screenChunkPath } from '../shell/session.ts';
import { API_PREFIX } from './app-with-api.ts';

/** Data screens answer within this once the API is up (a busy 2-core machine). */
const DATA_TIMEOUT = 30_000;
const RULE_NAME = 'API check: customer says cancel';

interface ApiCall {
  method: string;
  path: string;
  authorization: string | undefined;
}

/** Every request the page makes to the API's contract, with its Authorization header. */
function recordApiCalls(page: Page): ApiCall[] {
  const calls: ApiCall[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith(`${API_PREFIX}/v1/`)) return;
    calls.push({
      method: request.method(),
      path: url.pathname.slice(API_PREFIX.length),
      authorization: request.headers().authorization,
    });
  });
  return calls;
}

/** The analysed-calls figure of every KPI answer the API sent the page. */
function recordKpiAnswers(page: Page): number[] {
  const answers: number[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith(`${API_PREFIX}/v1/kpis`) || !response.ok()) return;
    const body = (await response.json()) as { current: { analysedCalls: number } };
    answers.push(body.current.analysedCalls);
  });
  return answers;
}

async function findRuleInList(page: Page): Promise<void> {
  await page.goto(`/settings/compliance-rules-list?q=${encodeURIComponent('API check')}`);
  const table = page.getByTestId('rules-table');
  await expect(table).toContainText(RULE_NAME, { timeout: DATA_TIMEOUT });
  await expect(table).toContainText('v1');
}

test('signed in against the API: its numbers on the dashboard, a saved rule survives a reload and a restart', async ({
  page,
  app,
}) => {
  test.setTimeout(240_000);
  const apiCalls = recordApiCalls(page);
  const kpiAnswers = recordKpiAnswers(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  /** The dashboard's four reads, sorted, and those requested since API call `first`. */
  const DASHBOARD_READS = ['/v1/kpis', '/v1/time-series', '/v1/aggregate', '/v1/aggregate'].sort();
  const dashboardReadsSince = (first: number) =>
    apiCalls
      .slice(first)
      .map((call) => call.path)
      .filter((path) => DASHBOARD_READS.includes(path))
      .sort();
  /**
   * Reloads the dashboard with the requests matching `route` held until `release` resolves,
   * then waits for the tiles' numbers.
   */
  const reloadReleasing = async (route: string, release: () => Promise<unknown>) => {
    await page.route(route, async (request) => {
      await release();
      await request.continue();
    });
    await page.reload();
    await expect(page.getByTestId('kpi-analysedCalls').locator('.an-kpi__value')).toHaveAttribute(
      'data-value',
      /\d/,
      { timeout: DATA_TIMEOUT },
    );
    await page.unroute(route);
  };
  /**
   * Reloads the dashboard with the API's `held` read let through only once `ready` lists the
   * four dashboard reads (by default: requested since the reload). Returns the dashboard reads
   * the reload requested.
   */
  const reloadHolding = async (
    held: string,
    ready: (first: number) => string[] = dashboardReadsSince,
  ) => {
    const first = apiCalls.length;
    await reloadReleasing(`**${API_PREFIX}${held}`, () =>
      expect.poll(() => ready(first)).toEqual(DASHBOARD_READS),
    );
    return dashboardReadsSince(first);
  };

  await test.step('sign in through the local provider and see the dashboard', async () => {
    await signInThroughProvider(page, '/');
    const tile = page.getByTestId('kpi-analysedCalls').locator('.an-kpi__value');
    await expect(tile).toHaveAttribute('data-value', /\d/, { timeout: DATA_TIMEOUT });
    const shown = Number(await tile.getAttribute('data-value'));
    // The tile is the API's answer (read from the response as it arrives), over its corpus.
    await expect.poll(() => kpiAnswers).toContain(shown);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(app.calls);
    for (const metric of ['complianceRate', 'customerSentiment', 'repeatRate']) {
      await expect(page.getByTestId(`kpi-${metric}`).locator('.an-kpi__value')).toHaveAttribute(
        'data-value',
        /\d/,
      );
    }
    expect(apiCalls.map((call) => call.path)).toContain('/v1/kpis');
  });

  await test.step('a page load starts the API client and its first reads alongside the screen, not after it', async () => {
    // Held, the dashboard's chunk cannot be what asks for the client or the data's range and
    // lists: start-up must have (api-connection.ts warmApi), and the screen then gets those
    // answers without asking again.
    const screenChunk = screenChunkPath(manifest.routes.find((r) => r.path === '/')!);
    const requested: string[] = [];
    const reloadRequests: string[] = [];
    let holding = false;
    page.on('request', (request) => {
      if (holding) requested.push(new URL(request.url()).pathname);
      reloadRequests.push(new URL(request.url()).pathname);
    });
    // The provider's discovery document, kept once the signed-in page was idle
    // (auth/authority-metadata.ts): the reload's token needs no request to the provider.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage).some((key) => key.includes(':authority-metadata:')),
        ),
      )
      .toBe(true);
    await page.route(`**${screenChunk}`, async (route) => {
      await expect
        .poll(() => requested)
        .toEqual(
          expect.arrayContaining([
            chunkPathOf('data/http/http-source.ts'),
            `${API_PREFIX}/v1/info`,
            `${API_PREFIX}/v1/catalog`,
          ]),
        );
      holding = false;
      await route.continue();
    });
    const before = apiCalls.length;
    holding = true;
    await page.reload();
    await expect(page.getByTestId('kpi-analysedCalls').locator('.an-kpi__value')).toHaveAttribute(
      'data-value',
      /\d/,
      { timeout: DATA_TIMEOUT },
    );
    await page.unroute(`**${screenChunk}`);
    expect(reloadRequests).toContain(`${API_PREFIX}/v1/info`);
    expect(
      reloadRequests.filter((path) => path.endsWith('/.well-known/openid-configuration')),
    ).toEqual([]);
    const reads = apiCalls.slice(before).map((call) => call.path);
    expect(reads.filter((path) => path === '/v1/info' || path === '/v1/catalog').sort()).toEqual([
      '/v1/catalog',
      '/v1/info',
    ]);
  });

  await test.step("the dashboard's reads start once the data's range is known, before its first render", async () => {
    // The screen renders its body, whose queries ask for these reads, only once the data's range
    // and lists are both in: with the lists held, any of them requested comes from the screen's
    // read ahead (runtime: Screen.readAhead). Each is then read once: the body's queries got the
    // answers on their way rather than asking again.
    expect(await reloadHolding('/v1/catalog')).toEqual(DASHBOARD_READS);
    await expect(page.getByTestId('dashboard-calls')).toBeVisible();
  });

  await test.step("with the range read on an earlier load, the dashboard's reads leave before the range's answer", async () => {
    // The dashboard's period ends on the data's last day: its reads start with the range this
    // browser kept (data/http/known-range.ts) rather than after /v1/info answers. With that
    // answer held, the reads reach the server; each is read once all the same.
    expect(await reloadHolding('/v1/info')).toEqual(DASHBOARD_READS);
  });

  await test.step('answers read ahead that arrived before the body renders show in its first render, with no loading tiles', async () => {
    // The dashboard's body renders once the range and lists are in: with the lists held until
    // the four answers have arrived, its queries start with them (data/read-cache.ts) and the
    // body never draws the tiles' loading shape (a grid without the tiles' test id).
    const answered: string[] = [];
    const onFinished = (request: Request) => {
      const path = new URL(request.url()).pathname.slice(API_PREFIX.length);
      if (DASHBOARD_READS.includes(path)) answered.push(path);
    };
    page.on('requestfinished', onFinished);
    await page.addInitScript(() => {
      const seen = { skeleton: false };
      (window as unknown as { __tiles: typeof seen }).__tiles = seen;
      new MutationObserver(() => {
        // The body's own (its filter form is there), not the screen's before the range is in.
        const body = document.querySelector('form.an-filters');
        if (body && document.querySelector('.an-kpis:not([data-testid])')) seen.skeleton = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await reloadHolding('/v1/catalog', () => [...answered].sort());
    page.off('requestfinished', onFinished);
    expect(
      await page.evaluate(() => (window as unknown as { __tiles: { skeleton: boolean } }).__tiles),
    ).toEqual({ skeleton: false });
  });

  await test.step('with every first answer in before the app mounts, the dashboard draws no placeholder and no loading tiles', async () => {
    // The range and the filter lists are two queries of one read each (ui/screen-parts.tsx),
    // so, arrived, they start ready like the four answers: the screen's first render is its
    // body with numbers. As one query of both, the screen drew its placeholder first.
    const firstReads = ['/v1/catalog', '/v1/info', ...DASHBOARD_READS];
    const answered: string[] = [];
    /** The first reads not answered yet (each answer counts once: the dashboard has two aggregates). */
    const unanswered = () => {
      const left = [...answered];
      return firstReads.filter((path) => {
        const at = left.indexOf(path);
        if (at >= 0) left.splice(at, 1);
        return at < 0;
      });
    };
    const onFinished = (request: Request) => {
      const path = new URL(request.url()).pathname.slice(API_PREFIX.length);
      if (firstReads.includes(path)) answered.push(path);
    };
    page.on('requestfinished', onFinished);
    await page.addInitScript(() => {
      const seen = { placeholder: false, loadingTiles: false };
      (window as unknown as { __shapes: typeof seen }).__shapes = seen;
      new MutationObserver(() => {
        if (document.querySelector('.sa-query-state--placeholder')) seen.placeholder = true;
        if (document.querySelector('.an-kpis:not([data-testid])')) seen.loadingTiles = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await reloadReleasing(`**${chunkPathOf('runtime/app.tsx')}`, () =>
      expect.poll(unanswered).toEqual([]),
    );
    page.off('requestfinished', onFinished);
    expect(await page.evaluate(() => (window as unknown as { __shapes: object }).__shapes)).toEqual(
      { placeholder: false, loadingTiles: false },
    );
  });

  await test.step("a route change starts the new screen's list read as its chunk arrives, before the screen renders", async () => {
    // A screen renders its body, whose query asks for the list, only once the filter lists are
    // in: with /v1/catalog held, a list read reaching the server comes from the screen's read
    // ahead (runtime: Screen.readAhead, started by the navigation as the chunk arrives), and the
    // body then takes that answer rather than asking again (issue 35).
    const reads: string[] = [];
    const onRequest = (request: Request) => {
      const path = new URL(request.url()).pathname.slice(API_PREFIX.length);
      if (path.startsWith('/v1/')) reads.push(`${path} ${request.postData() ?? ''}`);
    };
    page.on('request', onRequest);
    const listReads = (read: RegExp) => reads.filter((line) => read.test(line));
    const targets = [
      { open: () => sidebarLink('Vendors').click(), read: /^\/v1\/aggregate .*"by":"vendor"/ },
      { open: () => sidebarLink('Agents').click(), read: /^\/v1\/aggregate .*"by":"agent"/ },
      // Recordings is opened from the dashboard's drill-down, as no menu links it.
      {
        open: () => page.locator('main a[href^="/performance/recordings?"]').first().click(),
        read: /^\/v1\/calls\/query /,
      },
    ];
    const sidebarLink = (name: string) =>
      page.getByRole('navigation').getByRole('link', { name, exact: true }).first();
    for (const target of targets) {
      await page.goto('/');
      await expect(page.getByTestId('kpi-analysedCalls').locator('.an-kpi__value')).toHaveAttribute(
        'data-value',
        /\d/,
        { timeout: DATA_TIMEOUT },
      );
      reads.length = 0;
      let readBeforeLists = false;
      await page.route(`**${API_PREFIX}/v1/catalog`, async (route) => {
        // Let the lists through once the list's read has left, or after a bounded wait (so a
        // missing read ahead fails below rather than hanging the page).
        readBeforeLists = await expect
          .poll(() => listReads(target.read).length, { timeout: DATA_TIMEOUT })
          .toBeGreaterThan(0)
          .then(
            () => true,
            () => false,
          );
        await route.continue();
      });
      await target.open();
      // The lists may have been held for DATA_TIMEOUT: the rows get theirs after that.
      await expect(page.locator('main table tbody tr').first()).toBeVisible({
        timeout: 2 * DATA_TIMEOUT,
      });
      await page.unroute(`**${API_PREFIX}/v1/catalog`);
      expect(reads.some((line) => line.startsWith('/v1/catalog'))).toBe(true);
      expect(readBeforeLists).toBe(true);
      expect(listReads(target.read)).toHaveLength(1);
    }
    page.off('request', onRequest);
  });

  await test.step('save a compliance rule in the rule builder', async () => {
    await page.goto('/settings/compliance-rules');
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toBeVisible({ timeout: DATA_TIMEOUT });
    await name.fill(RULE_NAME);
    await page.getByLabel(/^Terms/).fill('cancel');
    await page.getByLabel('Said by').selectOption('CUSTOMER');
    await page.getByLabel('Hit when none is said').uncheck();
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect(page.getByTestId('rerun')).toHaveAttribute('data-state', 'done', {
      timeout: DATA_TIMEOUT,
    });
    await expect(page).toHaveURL(/rule=rule-api-check/);
    expect(apiCalls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/v1/rules/jobs' }),
    );
  });

  await test.step('find it after a reload', async () => {
    await findRuleInList(page);
  });

  await test.step('find it after the API server restarts on the same data', async () => {
    await app.restartApi();
    const before = apiCalls.length;
    await findRuleInList(page);
    expect(apiCalls.length).toBeGreaterThan(before);
  });

  // Every data request went to the API with the signed-in user's token; no data worker ran.
  expect(apiCalls.length).toBeGreaterThan(0);
  expect(apiCalls.filter((call) => !/^Bearer \S+$/.test(call.authorization ?? ''))).toEqual([]);
  expect(workers).toEqual([]);
});

test('saved searches with the local provider’s tokens: saved, listed, renamed and deleted', async ({
  page,
}) => {
  const answers: { method: string; path: string; status: number }[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith(`${API_PREFIX}/v1/me/saved-searches`)) {
      answers.push({ method: response.request().method(), path, status: response.status() });
    }
  });
  await signInThroughProvider(page, '/search/keywords?key=refund');
  const list = page.getByTestId('saved-search');
  await page.getByTestId('saved-search-name').fill('Refund talk');
  await page.getByTestId('saved-search-save').click();
  await expect(list).toHaveCount(1, { timeout: DATA_TIMEOUT });
  await expect(list).toContainText('Refund talk');

  // Listed again from the API after a reload.
  await page.reload();
  await expect(list).toHaveCount(1, { timeout: DATA_TIMEOUT });
  await page.getByRole('button', { name: 'Rename Refund talk' }).click();
  await page.getByTestId('saved-search-rename-input').fill('Refunds');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(list).toContainText('Refunds');
  await expect(list).not.toContainText('Refund talk');

  await page.getByRole('button', { name: 'Delete Refunds' }).click();
  await expect(list).toHaveCount(0, { timeout: DATA_TIMEOUT });
  // Every saved-search request the page made was answered, none refused.
  expect(answers.filter((answer) => answer.status >= 400)).toEqual([]);
  expect(new Set(answers.map((answer) => answer.method))).toEqual(new Set(['POST', 'PUT']));
});

/** The full stamps (`<time datetime>`) of the moments a history shows, in the order shown. */
function stampsIn(history: Locator): Promise<string[]> {
  return history
    .locator('time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
}

test('a restart keeps the time of every history: rule versions, imports and undos, evaluation steps (issue 38.3)', async ({
  page,
  app,
}) => {
  test.setTimeout(240_000);
  const RESTART_RULE = 'Restart check: customer asks for a refund';
  await signInThroughProvider(page, '/');
  /** Each history's page and the stamps it showed before the restart. */
  const shown: { what: string; path: string; history: () => Locator; stamps: string[] }[] = [];

  await test.step('save a rule twice: two versions and its "Last change"', async () => {
    await page.goto('/settings/compliance-rules');
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toBeVisible({ timeout: DATA_TIMEOUT });
    await name.fill(RESTART_RULE);
    const terms = page.getByLabel(/^Terms/);
    await terms.fill('refund');
    await page.getByLabel('Said by').selectOption('CUSTOMER');
    await page.getByLabel('Hit when none is said').uncheck();
    await page.getByRole('button', { name: 'Save rule' }).click();
    const versions = page.getByTestId('rule-versions');
    await expect(versions).toContainText('Version 1', { timeout: DATA_TIMEOUT });
    await expect(page).toHaveURL(/rule=rule-restart-check/);
    await terms.fill('refund, money back');
    await page.getByRole('button', { name: 'Save version 2' }).click();
    await expect(versions).toContainText('Version 2', { timeout: DATA_TIMEOUT });
    const path = new URL(page.url()).pathname + new URL(page.url()).search;
    const history = () => page.getByTestId('rule-versions');
    // The stamps are those of the read that showed both: the editor is drawn again after a save
    // (it is keyed by the rule's version), so a second read may meet it while it loads.
    let stamps: string[] = [];
    await expect.poll(async () => (stamps = await stampsIn(history()))).toHaveLength(2);
    shown.push({ what: 'rule versions', path, history, stamps });

    const listPath = `/settings/compliance-rules-list?q=${encodeURIComponent('Restart check')}`;
    await page.goto(listPath);
    const table = () => page.getByTestId('rules-table');
    await expect(table()).toContainText(RESTART_RULE, { timeout: DATA_TIMEOUT });
    // The list's "Last change" is the newest version's save.
    await expect.poll(() => stampsIn(table())).toEqual([stamps[0]]);
    shown.push({ what: 'last change', path: listPath, history: table, stamps: [stamps[0]!] });
  });

  await test.step('import metadata and undo it', async () => {
    const path = '/settings/recording-meta-upload';
    await page.goto(path);
    await page.locator('#meta-file').setInputFiles({
      name: 'restart.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Call,Brand\ncall-000001,Restart Brand\n'),
    });
    await page.getByRole('button', { name: /^Import 1 row/ }).click({ timeout: DATA_TIMEOUT });
    await expect(page.getByTestId('import-outcome')).toHaveAttribute('data-applied', 'true', {
      timeout: DATA_TIMEOUT,
    });
    await page.getByRole('button', { name: 'Undo restart.csv' }).click();
    const entry = () => page.getByTestId('import-entry').filter({ hasText: 'restart.csv' });
    await expect(entry()).toHaveAttribute('data-status', 'undone', { timeout: DATA_TIMEOUT });
    // Imported at, undone at.
    let imported: string[] = [];
    await expect.poll(async () => (imported = await stampsIn(entry()))).toHaveLength(2);
    shown.push({ what: 'import history', path, history: entry, stamps: imported });
  });

  await test.step('save an evaluation as a draft, then submit it', async () => {
    await page.goto('/call/evaluations-recording');
    await page
      .getByRole('button', { name: /^Evaluate call-/ })
      .first()
      .click({ timeout: DATA_TIMEOUT });
    await expect(page).toHaveURL(/call=call-/);
    // The API records the token's user as the reviewer: the form shows who that is, with no
    // box to type another name into.
    await expect(page.getByTestId('ev-reviewer-name')).toHaveText(demoUser.name, {
      timeout: DATA_TIMEOUT,
    });
    await expect(page.getByRole('textbox', { name: 'Reviewer' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save draft' }).click();
    const status = page.getByTestId('review-status');
    await expect(status).toHaveAttribute('data-status', 'draft', { timeout: DATA_TIMEOUT });
    await expect(page.getByTestId('ev-reviewer-name')).toHaveText(demoUser.name);
    await page.getByRole('button', { name: 'Submit evaluation' }).click();
    await expect(status).toHaveAttribute('data-status', 'submitted', { timeout: DATA_TIMEOUT });
    // The stored evaluation's reviewer, and who took each step, is the signed-in user.
    const workflow = page.getByTestId('review-workflow');
    await expect(workflow).toContainText(`${demoUser.name} · human`);
    const history = () => workflow.locator('ol');
    await expect(history()).toContainText(`· ${demoUser.name} · draft`);
    await expect(history()).toContainText(`· ${demoUser.name} · submit`);
    let steps: string[] = [];
    await expect.poll(async () => (steps = await stampsIn(history()))).toHaveLength(2);
    const path = new URL(page.url()).pathname + new URL(page.url()).search;
    shown.push({ what: 'evaluation history', path, history, stamps: steps });
  });

  await test.step('restart the API: every history shows the times it showed before', async () => {
    const stamps = shown.flatMap((h) => h.stamps);
    // Distinct writes, each stamped to the millisecond, all before the restart: a replay that
    // stamped the restart's time could not show any of them.
    expect(new Set(stamps).size).toBe(stamps.length - 1); // "Last change" repeats a version's.
    const restartedAt = new Date().toISOString();
    expect(stamps.filter((stamp) => !(stamp < restartedAt))).toEqual([]);
    await app.restartApi();
    // Each history checked and reported, whichever lost its times.
    const each = expect.configure({ soft: true });
    for (const { what, path, history, stamps: before } of shown) {
      await page.goto(path);
      await each
        .poll(() => stampsIn(history()), { message: what, timeout: DATA_TIMEOUT })
        .toEqual(before);
    }
  });
});
