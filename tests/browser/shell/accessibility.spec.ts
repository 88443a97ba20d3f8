/**
 * axe-core on every route of the manifest in both modes, plus the shell's pop-ups: no serious
 * or critical violation. Reduced motion is emulated so no check runs mid-transition.
 *
 * A screen whose own spec checks it in both modes with its data on screen (a stronger check:
 * here a data screen may still show its skeleton) is left to that spec, which the first test
 * below holds to it.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { axeCheck } from '../harness/axe.ts';
import { budgetPageLoads } from '../harness/fixtures.ts';
import {
  COLOUR_RULES,
  expect,
  manifest,
  preferencesKey,
  signedInTest as test,
  switchMode,
} from './session.ts';

const modes = ['dark', 'light'] as const;
const loginPath = manifest.routes.find((r) => r.id === manifest.auth.loginRoute)!.path;

/** Routes checked with their data by a screen spec (path under tests/browser/). */
const CHECKED_WITH_DATA: Record<string, string> = {
  '/': 'data/accessibility.spec.ts',
  '/performance/vendors': 'data/accessibility.spec.ts',
  '/performance/agents': 'data/accessibility.spec.ts',
  '/performance/recordings': 'data/accessibility.spec.ts',
  '/search/keywords': 'data/accessibility.spec.ts',
  '/customer/voc': 'data/customer-insight.spec.ts',
  '/customer/trend-analysis': 'data/customer-insight.spec.ts',
  '/customer/chrun-prediction': 'data/customer-insight.spec.ts',
  '/analytics/repeated-call-stats': 'data/repeated-calls.spec.ts',
  '/analytics/repeated-call-analysis': 'data/repeated-calls.spec.ts',
  '/analytics/usage-cost': 'data/repeated-calls.spec.ts',
  '/call/evaluations-recording': 'data/rules-and-quality.spec.ts',
  '/settings/agent-quality-metrics': 'data/rules-and-quality.spec.ts',
  '/settings/compliance-rules-list': 'data/rules-and-quality.spec.ts',
  '/settings/compliance-rules': 'data/rules-and-quality.spec.ts',
  '/settings': 'data/settings-and-leads.spec.ts',
  '/settings/smart-settings': 'data/settings-and-leads.spec.ts',
  '/settings/cost-control-settings': 'data/settings-and-leads.spec.ts',
  '/settings/recording-meta-upload': 'data/settings-and-leads.spec.ts',
  '/lead/list': 'data/settings-and-leads.spec.ts',
  '/lead/lead': 'data/settings-and-leads.spec.ts',
  '/chart/reportchurn': 'data/reports.spec.ts',
  '/chart/reportbrand': 'data/reports.spec.ts',
  '/chart/reportsentiment': 'data/reports.spec.ts',
  '/report/reportcard': 'data/reports.spec.ts',
  '/analytics/roi': 'data/roi-compare-mydash.spec.ts',
  '/analytics/comparison-matrix': 'data/roi-compare-mydash.spec.ts',
  '/view/my-dashboard': 'data/roi-compare-mydash.spec.ts',
  '/tool/text-analysis': 'tools/tools.spec.ts',
  '/tool/post-call-analysis': 'tools/tools.spec.ts',
  '/tool/real-time-analysis': 'tools/tools.spec.ts',
  '/tool/image-analysis': 'tools/tools.spec.ts',
  '/tool/intraction-analysis': 'tools/tools.spec.ts',
  '/tool/aqm': 'tools/tools.spec.ts',
};

const routes = manifest.routes
  .filter((r) => !(r.path in CHECKED_WITH_DATA))
  .map((r) => ({ path: r.path === '*' ? '/no/such/page' : r.path, title: r.title }));

test('each route left to its screen spec is a route of the manifest that spec checks in both modes', () => {
  const paths = new Set(manifest.routes.map((r) => r.path));
  for (const [path, spec] of Object.entries(CHECKED_WITH_DATA)) {
    expect(paths.has(path), `${path} is a route`).toBe(true);
    const text = readFileSync(new URL(`../${spec}`, import.meta.url), 'utf8');
    expect(text, `${spec} checks axe in both modes`).toContain('seriousViolationsInBothModes(');
    expect(text, `${spec} visits ${path}`).toMatch(new RegExp(`'${path}[?']`));
  }
});

/**
 * Serious and critical violations. `scope` "main" checks only the screen: the chrome around it
 * (sidebar, header, footer) is the same on every route and is checked whole once per group. In
 * light mode only the rules that colours decide: dark mode checked the same page with them all.
 */
async function seriousViolations(
  page: Page,
  mode: (typeof modes)[number],
  scope: 'page' | 'main' = 'page',
) {
  const builder = axeCheck(page);
  if (scope === 'main') builder.include('main');
  if (mode === 'light') builder.withRules([...COLOUR_RULES]);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

async function useMode(page: Page, mode: (typeof modes)[number]) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: preferencesKey,
    value: JSON.stringify({ mode }),
  });
}

const groups: (typeof routes)[] = [];
for (let i = 0; i < routes.length; i += 8) groups.push(routes.slice(i, i + 8));

// One page load per group: later routes are reached in the app (as a user's click would), so
// the demo corpus is built once per group, and each route is checked in both modes.
for (const group of groups) {
  test(`${group[0]!.path} ... ${group.at(-1)!.path} have no serious axe violation in either mode`, async ({
    page,
  }) => {
    budgetPageLoads(group.length);
    await useMode(page, 'dark');
    for (const [index, { path, title }] of group.entries()) {
      if (index === 0) await page.goto(path);
      else
        await page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
      await expect(page.locator('.screen-body')).not.toBeEmpty();
      // The sign-in page has a layout of its own: checked whole too.
      const scope = index === 0 || path === loginPath ? 'page' : 'main';
      for (const mode of modes) {
        await switchMode(page, preferencesKey, mode);
        expect(await seriousViolations(page, mode, scope), `${path} in ${mode} mode`).toEqual([]);
      }
    }
  });
}

for (const mode of modes) {
  test(`${mode} mode: the open menus, theme panel and mobile drawer pass axe`, async ({ page }) => {
    await useMode(page, mode);
    await page.goto('/');
    // Each pop-up is checked once it is open and has the focus (its chunk may load first): a
    // check run before would see the page without it, and Escape pressed then would be lost.
    const opened = async (button: Locator, popup: Locator) => {
      await button.click();
      await expect(popup).toBeVisible();
      await expect(popup.locator(':focus')).toHaveCount(1);
    };
    for (const name of ['Tools', 'Quick Search']) {
      const menu = page.getByRole('menu', { name });
      await opened(page.getByRole('button', { name }), menu);
      expect(await seriousViolations(page, mode), name).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
    const userMenu = page.getByRole('menu', { name: 'Account' });
    await opened(page.getByRole('button', { name: /account menu/i }), userMenu);
    expect(await seriousViolations(page, mode), 'user menu').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(userMenu).toBeHidden();
    const theme = page.getByRole('dialog', { name: 'Theme' });
    await opened(page.getByRole('button', { name: 'Theme settings' }), theme);
    expect(await seriousViolations(page, mode), 'theme panel').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(theme).toBeHidden();
    await page.setViewportSize({ width: 390, height: 800 });
    const drawerButton = page.getByRole('button', { name: 'Open navigation' });
    await drawerButton.click();
    await expect(drawerButton).toHaveAttribute('aria-expanded', 'true');
    expect(await seriousViolations(page, mode), 'mobile drawer').toEqual([]);
  });
}
