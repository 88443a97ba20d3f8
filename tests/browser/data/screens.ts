/**
 * Helpers of the analytics screens' browser tests. The demo corpus is generated in the data
 * worker on each page load (a few seconds at 20,000 calls on a busy 2-core machine), so the
 * tests load a page once and move on by following the app's own links (client-side navigation
 * keeps the worker and its corpus), and wait for data with a generous timeout.
 */
import type { Locator, Page } from '@playwright/test';
import { test as baseTest } from '../harness/fixtures.ts';
import { axeCheck } from '../harness/axe.ts';
import { COLOUR_RULES, expect, preferencesKey, switchMode } from '../shell/session.ts';

export {
  expect,
  manifest,
  preferencesKey,
  signedInTest as test,
  switchMode,
} from '../shell/session.ts';

/**
 * First data of a page: corpus decoding included. Two minutes: at load 20-38 on two cores (five
 * engineers' builds and browsers beside the suite) a first answer took more than the 60 s this
 * was; a budget only ends a hang, it costs nothing when the data comes (issue 34).
 */
export const DATA_TIMEOUT = 120_000;

/** One in-app round trip of a test that repeats it per row or tile (open, wait, come back). */
export const ROUND_TRIP_BUDGET = 30_000;

/**
 * Adds `count` round trips to the running test's budget, for a test whose work grows with what
 * the data holds (one per vendor, one per tile): its budget follows its work, not the machine.
 */
export function budgetRoundTrips(count: number): void {
  const info = baseTest.info();
  info.setTimeout(info.timeout + count * ROUND_TRIP_BUDGET);
}

export async function numberOf(locator: Locator): Promise<number> {
  const raw = await locator.getAttribute('data-value');
  const value = Number(raw);
  expect(raw, 'a number carries its value in data-value').not.toBeNull();
  expect(Number.isFinite(value)).toBe(true);
  return value;
}

export async function sumOf(locators: Locator): Promise<number> {
  let sum = 0;
  for (const locator of await locators.all()) sum += await numberOf(locator);
  return sum;
}

/**
 * Waits until a screen's number is there (its query answered), and is not the previous answer
 * shown dimmed while the next one loads (inside an aria-busy region): under load, a table
 * switched to another grouping was read with its old first row, and the row clicked was the new.
 */
export async function waitForValue(page: Page, testId: string): Promise<Locator> {
  const locator = page.getByTestId(testId).first();
  await expect(locator).toHaveAttribute('data-value', /\d/, { timeout: DATA_TIMEOUT });
  await expect
    .poll(() => locator.evaluate((el) => el.closest('[aria-busy="true"]') === null), {
      timeout: DATA_TIMEOUT,
    })
    .toBe(true);
  return locator;
}

/** The value shown on a dashboard tile. */
export function tileValue(page: Page, metric: string): Locator {
  return page.getByTestId(`kpi-${metric}`).locator('.an-kpi__value');
}

/** Waits for the dashboard's tiles. */
export async function waitForTiles(page: Page): Promise<void> {
  await expect(tileValue(page, 'analysedCalls')).toHaveAttribute('data-value', /\d/, {
    timeout: DATA_TIMEOUT,
  });
}

/**
 * Goes to a path inside the app without reloading the page (the router follows popstate), so
 * the data worker keeps its corpus. For tests that visit many screens.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/**
 * How many px the page is wider than the viewport (0 or less: no sideways scrolling), once the
 * layout has settled: right after a viewport change the shell still has the layout of the old
 * width until a media query's change event (dispatched with the next frame) re-renders it, and
 * then its sidebar slides away. Measured at once, 1 of 20 resizes to 390 px read 123 px.
 */
export async function horizontalOverflow(page: Page): Promise<number> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
  });
  await settledAnimations(page);
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The phone every "no sideways scroll" check uses. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/**
 * At a 390 px phone's width, visits each path inside the app and expects none to scroll the
 * page sideways. Called by a test that has just checked the same views at desktop width: the
 * page, its sign-in and its data are loaded once for both walks (issue 34), and the screens are
 * still waited for (`ready`) before measuring, as when loaded afresh.
 */
export async function expectNoSidewaysScroll(
  page: Page,
  paths: readonly string[],
  ready: (path: string) => Promise<unknown>,
): Promise<void> {
  await page.setViewportSize(PHONE_VIEWPORT);
  for (const path of paths) {
    await goInApp(page, path);
    await ready(path);
    const overflow = await horizontalOverflow(page);
    expect(overflow, `${path} is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
  }
}

/**
 * Waits for the page's running animations that end (a page arriving fades in from transparent,
 * which axe would measure as too little contrast); endless ones (a loading shimmer) are left.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Serious or critical axe violations in the screen's own content and any open tooltip; `rules`
 * limits the check to those axe rules.
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  // A region still loading, or showing its previous answer dimmed while the next one loads
  // (aria-busy), is checked once its answer is in: under load a table switched to another
  // grouping was read half-faded, its muted text below the contrast threshold.
  await expect(page.locator('.screen-body [aria-busy="true"]')).toHaveCount(0, {
    timeout: DATA_TIMEOUT,
  });
  await settledAnimations(page);
  const builder = axeCheck(page).include('.screen-body').include('[role="tooltip"]:not([hidden])');
  if (rules) builder.withRules([...rules]);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

/**
 * Serious violations of what is on screen now in dark and then light mode, switched in place:
 * the data is loaded once and checked in both modes, every rule in dark mode and in light mode
 * the rules that colours decide (the rest see the same page). Each finding names its mode.
 */
export async function seriousViolationsInBothModes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const mode of ['dark', 'light'] as const) {
    await switchMode(page, preferencesKey, mode);
    const rules = mode === 'light' ? COLOUR_RULES : undefined;
    found.push(...(await seriousViolations(page, rules)).map((v) => `${mode} mode: ${v}`));
  }
  return found;
}
