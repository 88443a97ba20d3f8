/**
 * Upload Calls (issue 37): the supervisor drops a sample transcript with the samples' metadata
 * file, a broken transcript and a call dated after the deployment's last day; each file is
 * checked before anything is sent (format named, the broken one's problem at its row), the two
 * readable calls are sent, the late one comes back rejected at startedAt, the good one accepted
 * with a link; it is listed in Recordings (the report's count equals the list it opens, and the
 * day's list grows by the call added) and opens as an analysed call. An agent is told who may
 * load calls.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as plainTest } from '../harness/fixtures.ts';
import { signInThroughProvider } from '../harness/sign-in.ts';
import { SIGN_IN_CARD } from '../../../src/ui/sign-in-card-words.ts';
import { DEMO_PASSWORD, demoUsers, displayName } from '../../../scripts/local-idp/demo-users.ts';
import {
  DATA_TIMEOUT,
  expect,
  goInApp,
  horizontalOverflow,
  numberOf,
  seriousViolationsInBothModes,
  test,
} from './screens.ts';

const samples = path.resolve(import.meta.dirname, '../../../samples/calls');
const file = (name: string) => ({
  name,
  mimeType: 'text/plain',
  buffer: readFileSync(path.join(samples, name)),
});
const lateCall = {
  direction: 'inbound',
  agent: 'Ken Ito',
  vendor: 'Contoso Outsourcing',
  customer: 'CUST-33102',
};
/** The sample call's day (samples/calls/metadata.csv), inside the test corpus's 90 days. */
const DAY = '/performance/recordings?from=2026-03-02&to=2026-03-02';

test('a supervisor uploads a transcript, sees it checked and accepted, and finds the call in Recordings', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The day's calls before: the ingested one adds to them (or replaces itself, sent before).
  await page.goto(DAY);
  const total = page.getByTestId('call-list-total');
  await expect(total).toHaveAttribute('data-value', /\d/, { timeout: DATA_TIMEOUT });
  const before = await numberOf(total);

  await goInApp(page, '/settings/upload-calls');
  await expect(page.getByTestId('ways-to-load')).toContainText('npm run ingest -- DIR');
  await page.getByLabel('Transcripts, recordings and metadata files').setInputFiles([
    file('call-1002.vtt'),
    file('metadata.csv'),
    { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"words": 3') },
    // Reads well, but starts after the deployment's last day: only the server can say so.
    { ...file('call-1002.vtt'), name: 'late-1002.vtt' },
    {
      name: 'late-1002.meta.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...lateCall, startedAt: '2099-01-01T09:00:00Z' })),
    },
  ]);

  const good = page.locator('[data-testid="upload-file"][data-file="call-1002.vtt"]');
  const bad = page.locator('[data-testid="upload-file"][data-file="broken.json"]');
  await expect(good).toHaveAttribute('data-status', 'ready', { timeout: DATA_TIMEOUT });
  await expect(good).toContainText('WebVTT captions');
  await expect(bad).toHaveAttribute('data-status', 'problems');
  await expect(bad.getByTestId('file-problems')).toContainText('transcript broken.json:');
  await expect(
    page.locator('[data-testid="metadata-file"][data-file="metadata.csv"]'),
  ).toContainText('metadata.csv: 6 calls');
  const late = page.locator('[data-testid="upload-file"][data-file="late-1002.vtt"]');
  await expect(late).toHaveAttribute('data-status', 'ready');
  // Only the ready calls are offered; the broken one stays with its message.
  await page.getByRole('button', { name: 'Send 2 calls' }).click();
  const report = page.getByTestId('upload-report');
  await expect(report).toHaveAttribute('data-accepted', '1', { timeout: DATA_TIMEOUT });
  await expect(report).toHaveAttribute('data-rejected', '1');
  await expect(late).toHaveAttribute('data-status', 'rejected');
  await expect(late.getByTestId('file-problems')).toContainText('startedAt 2099-01-01');
  await expect(good).toHaveAttribute('data-status', /^(accepted|replaced)$/);
  const replaced = (await good.getAttribute('data-status')) === 'replaced';
  await expect(bad).toHaveAttribute('data-status', 'problems');
  const callLink = good.getByTestId('ingested-call');
  const callId = (await callLink.textContent())!.replace(/^Open /, '');
  expect(callId).toMatch(/^call-\d+$/);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await seriousViolationsInBothModes(page), 'the upload report').toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page), 'the upload page at 390 px').toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The report's Recordings link lists exactly the accepted calls.
  const listed = page.getByTestId('ingested-calls');
  const accepted = await numberOf(listed);
  const acceptedList = (await listed.getAttribute('href'))!;
  await listed.click();
  await expect(total).toHaveAttribute('data-value', String(accepted), { timeout: DATA_TIMEOUT });
  const row = page.getByTestId('call-link').filter({ hasText: callId });
  await expect(row).toHaveCount(1);
  // The day it started on counts it too.
  await goInApp(page, DAY);
  await expect(total).toHaveAttribute('data-value', String(before + (replaced ? 0 : 1)), {
    timeout: DATA_TIMEOUT,
  });
  // And the call opens from the list of the accepted calls.
  await goInApp(page, acceptedList);
  await row.click();
  const header = page.getByTestId('call-header');
  await expect(header).toContainText(callId, { timeout: DATA_TIMEOUT });
  await expect(header).toContainText('Ken Ito');
  await expect(header).toContainText('analysed');
});

const agent = demoUsers.find((u) => u.roles.includes('agent') && !u.roles.includes('supervisor'))!;

plainTest('an agent is told who may load calls, and gets no file picker', async ({ page }) => {
  await page.goto('/settings/upload-calls');
  await expect(page.getByRole('heading', { name: SIGN_IN_CARD.heading })).toBeVisible();
  await signInThroughProvider(page, '/page/login', {
    email: agent.email,
    password: DEMO_PASSWORD,
    name: displayName(agent),
  });
  await page.goto('/settings/upload-calls');
  await expect(page.getByTestId('role-refused')).toHaveText(
    'Only a supervisor or an administrator can load calls into Callscope: your account is an agent.',
  );
  await expect(page.getByTestId('ways-to-load')).toContainText('POST /v1/calls/batch');
  await expect(page.getByLabel('Transcripts, recordings and metadata files')).toHaveCount(0);
});
