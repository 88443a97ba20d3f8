/**
 * The public analysis tools, signed out, on the visitor's own material: real files of each
 * format (tests/fixtures/tools), the messages for bad input, axe with results shown in both
 * modes, and a 390 px phone. Nothing asks for sign-in and no organisation data is shown.
 */
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, manifest, test } from '../harness/fixtures.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/tools');
const fixture = (name: string) => path.join(FIXTURES, name);
const TIMEOUT = 30_000;
const preferencesKey = `${manifest.id}:preferences:v1`;

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('.screen-body').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function setMode(page: Page, mode: 'dark' | 'light'): Promise<void> {
  await page.evaluate(
    ({ key, mode }) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...stored, mode }));
      window.dispatchEvent(new StorageEvent('storage', { key }));
    },
    { key: preferencesKey, mode },
  );
  await expect(page.locator('html')).toHaveAttribute('data-mode', mode);
}

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
}

test.describe('Text analysis', () => {
  test('analyses a pasted transcript signed out, with the call page’s panels', async ({ page }) => {
    await page.goto('/tool/text-analysis');
    await expect(page.getByRole('heading', { level: 1, name: 'Text Analysis' })).toBeVisible();
    await page.getByRole('button', { name: /Non-compliant call/ }).click();
    const result = page.getByTestId('tool-result');
    await expect(result).toBeVisible({ timeout: TIMEOUT });
    const rules = page.getByTestId('rule-results');
    await expect(
      rules.locator('.an-rule[data-passed="false"]', { hasText: 'Professional language' }),
    ).toContainText('not my problem');
    await expect(
      rules.locator('.an-rule[data-passed="false"]', { hasText: 'Recording disclosure' }),
    ).toContainText('Not said anywhere');
    await expect(page.getByTestId('call-categories')).toContainText('Cancellation intent');
    await expect(page.getByTestId('call-risks')).toContainText('cancel');
    await expect(page.getByTestId('tool-summary')).toContainText('Failed rules');
    await expect(page.getByTestId('call-transcript').locator('.an-turn')).toHaveCount(7);
    // Signed out the whole time: the tools never ask for sign-in.
    await expect(page.getByText('Sign in', { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: 'test-results/text-tool.png', fullPage: true });
  });

  test('says what is wrong with empty text, text without speakers and text over 1 MB', async ({
    page,
  }) => {
    await page.goto('/tool/text-analysis');
    const box = page.getByRole('textbox', { name: 'Conversation' });
    const analyse = page.getByRole('button', { name: 'Analyse', exact: true });
    await analyse.click();
    await expect(page.getByRole('alert')).toContainText('The transcript is empty');
    await box.fill('hello there\nhow are you');
    await analyse.click();
    await expect(page.getByRole('alert')).toContainText('No speakers found', { timeout: TIMEOUT });
    await expect(box).toHaveValue('hello there\nhow are you');
    await box.fill(`Agent: ${'word '.repeat(220_000)}`);
    await analyse.click();
    await expect(page.getByRole('alert')).toContainText('the limit is 1 MB');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
  });
});
