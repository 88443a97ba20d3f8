/**
 * Roles from the token: the local identity provider issues a `roles` claim (Avery Quinn is a
 * supervisor and reviewer, Noah Garcia an agent: the corpus's agent-001), and each step of the
 * evaluation workflow is offered only to the role it belongs to, and answering an evaluation
 * only to the agent evaluated. One browser, three sign-ins: the reviewer submits, the agent
 * disputes, the supervisor resolves; what a role may not do is said on the page.
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers, displayName } from '../../../scripts/local-idp/demo-users.ts';
import { signInThroughProvider } from '../harness/sign-in.ts';
import { DATA_TIMEOUT, expect, seriousViolationsInBothModes, test } from './screens.ts';

const [avery, jordan] = demoUsers.map((user) => ({
  email: user.email,
  password: DEMO_PASSWORD,
  name: displayName(user),
}));

async function signOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: /log ?out|sign out/i }).click();
  await expect(page).toHaveURL(/\/page\/login$/);
}

test('the reviewer evaluates, the agent disputes, the supervisor resolves: each as the token says', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/settings?section=profile');
  await expect(page.getByTestId('profile-roles')).toHaveText('reviewer, supervisor');

  // A call of the agent who signs in below (the local provider's agent is the corpus's
  // agent-001): only the evaluated agent may answer an evaluation.
  await page.goto('/performance/recordings?agent=agent-001');
  const link = page.getByTestId('call-link').first();
  const callId = new URL(
    (await link.getAttribute('href', { timeout: DATA_TIMEOUT }))!,
    page.url(),
  ).searchParams.get('call')!;
  await page.goto(`/call/evaluations-recording?call=${callId}`);
  await page.getByRole('button', { name: 'Submit evaluation' }).click({ timeout: DATA_TIMEOUT });
  const status = page.getByTestId('review-status');
  await expect(status).toHaveAttribute('data-status', 'submitted', { timeout: DATA_TIMEOUT });
  await expect(page.getByTestId('review-workflow')).toContainText(`${avery!.name} · submit`);
  // The supervisor-reviewer is not the agent: no acknowledge or dispute, and the page says why.
  await expect(page.getByTestId('workflow-refused')).toHaveText(
    'Only an agent can acknowledge or dispute an evaluation: your account is a reviewer and a supervisor.',
  );
  await expect(page.getByRole('button', { name: 'Dispute' })).toHaveCount(0);
  const review = new URL(page.url()).pathname + new URL(page.url()).search;

  await signOut(page, avery!.name);
  await signInThroughProvider(page, review, jordan);
  await expect(status).toHaveAttribute('data-status', 'submitted', { timeout: DATA_TIMEOUT });
  await expect(page.getByTestId('evaluate-refused')).toHaveText(
    'Only a reviewer or a supervisor can evaluate calls: your account is an agent.',
  );
  await page.getByLabel('Why the agent disputes it').fill('The greeting was there at 0:02');
  await page.getByRole('button', { name: 'Dispute' }).click();
  await expect(status).toHaveAttribute('data-status', 'disputed', { timeout: DATA_TIMEOUT });
  await expect(page.getByTestId('review-workflow')).toContainText(`${jordan!.name} · dispute`);
  await expect(page.getByTestId('workflow-refused')).toHaveText(
    'Only a supervisor can resolve a disputed evaluation: your account is an agent.',
  );
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await seriousViolationsInBothModes(page), "the agent's evaluation view").toEqual([]);
  // Nor may an agent change a rule: the builder keeps Save disabled and says why.
  await page.goto('/settings/compliance-rules?rule=rule-identity-verification');
  const save = page.getByRole('button', { name: /^Save version/ });
  await expect(save).toBeDisabled({ timeout: DATA_TIMEOUT });
  await expect(page.getByTestId('role-refused')).toContainText(
    'Only a supervisor or an administrator can change compliance rules: your account is an agent.',
  );
  expect(await seriousViolationsInBothModes(page), "the agent's rule builder").toEqual([]);
  // Nor the organisation's settings, nor who owns a lead: read-only, saying who may.
  await page.goto('/settings/smart-settings');
  // Each of these pages says so with its data, which a reload reads afresh.
  await expect(page.getByTestId('role-refused')).toHaveText(
    'Only a supervisor or an administrator can change the analysis and cost settings: your account is an agent. You can still look at everything here.',
    { timeout: DATA_TIMEOUT },
  );
  await expect(page.locator('form[aria-label="Smart settings"] input').first()).toBeDisabled({
    timeout: DATA_TIMEOUT,
  });
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await page.goto('/lead/list');
  await expect(page.getByTestId('role-refused')).toContainText(
    'Only a supervisor or an administrator can assign leads: your account is an agent.',
    { timeout: DATA_TIMEOUT },
  );
  await expect(page.getByRole('button', { name: /^Assign/ })).toHaveAttribute(
    'aria-describedby',
    'assign-role',
  );
  // Nor the team calendar: the agent reads it, the quality team schedules on it.
  await page.goto('/settings?section=calendar');
  await expect(page.getByTestId('role-refused')).toContainText(
    'Only a reviewer, a supervisor or an administrator can put evaluations, calibrations and report deliveries on the team calendar: your account is an agent.',
    { timeout: DATA_TIMEOUT },
  );
  await expect(page.getByTestId('calendar-entry').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schedule…' })).toHaveCount(0);

  await signOut(page, jordan!.name);
  await signInThroughProvider(page, review, avery);
  await expect(status).toHaveAttribute('data-status', 'disputed', { timeout: DATA_TIMEOUT });
  await page.getByLabel('Supervisor’s decision').fill('Upheld: the greeting is at 0:02');
  await page.getByRole('button', { name: 'Resolve' }).click();
  await expect(status).toHaveAttribute('data-status', 'resolved', { timeout: DATA_TIMEOUT });
  await expect(page.getByTestId('review-workflow')).toContainText(`${avery!.name} · resolve`);
});
