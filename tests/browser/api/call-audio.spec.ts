/**
 * A call's recording end to end against the API (issue 37): on the upload page a supervisor
 * sends a transcript in which the caller speaks a card number, with its 8 kHz WAV; the call is
 * accepted and its recording kept with the card number's stretch silenced. The call page shows
 * the masked span, plays the recording from the API's signed link (its length as the WAV's
 * header says, time advancing; a turn's time moves the player there and marks that turn), is
 * axe-clean and fits 390 px; the call is counted on the dashboard of its day and found by a
 * word its agent said.
 */
import { expect, signInThroughProvider } from '../harness/fixtures.ts';
import { spokenCardTranscript, telephoneWav } from '../../audio-fixtures.ts';
import { horizontalOverflow, seriousViolationsInBothModes } from '../data/screens.ts';
import { test } from './with-api.ts';

const DATA_TIMEOUT = 60_000;
/** A day inside the API corpus's period (it ends on TEST_CORPUS_DAY, 2026-03-31). */
const DAY = '2026-03-30';
/** A word no other call says (letters only, new on each run, so a retry finds one call too). */
const KEYWORD = `zebra${[...String(Date.now()).slice(-6)].map((d) => 'abcdefghij'[Number(d)]).join('')}`;

test('a recording sent with its transcript plays on the call page, its card number silenced and marked', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const card = spokenCardTranscript({ keyword: KEYWORD });
  // 16-bit PCM at 8 kHz: every browser plays it.
  const wav = Buffer.from(telephoneWav(card.durationMs, { code: 1, fill: 0x11 }));
  const id = `audio-${Date.now()}`;
  const tile = page.getByTestId('kpi-analysedCalls').locator('.an-kpi__value');
  const dayDashboard = `/?from=${DAY}&to=${DAY}`;

  await signInThroughProvider(page, dayDashboard);
  await expect(tile).toHaveAttribute('data-value', /\d/, { timeout: DATA_TIMEOUT });
  const before = Number(await tile.getAttribute('data-value'));

  await test.step('upload the transcript, its metadata and its WAV', async () => {
    await page.goto('/settings/upload-calls');
    await page.getByLabel('Transcripts, recordings and metadata files').setInputFiles([
      { name: `${id}.json`, mimeType: 'application/json', buffer: Buffer.from(card.text) },
      {
        name: `${id}.meta.json`,
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({
            startedAt: `${DAY}T10:00:00Z`,
            direction: 'inbound',
            agent: 'Ken Ito',
            vendor: 'Contoso Outsourcing',
            customer: `CUST-${id}`,
          }),
        ),
      },
      { name: `${id}.wav`, mimeType: 'audio/wav', buffer: wav },
    ]);
    const row = page.locator(`[data-testid="upload-file"][data-file="${id}.json"]`);
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: DATA_TIMEOUT });
    await expect(row.getByTestId('upload-recording')).toContainText(`${id}.wav`);
    await page.getByRole('button', { name: 'Send 1 call' }).click();
    await expect(page.getByTestId('upload-report')).toHaveAttribute('data-accepted', '1', {
      timeout: DATA_TIMEOUT,
    });
    const recording = row.getByTestId('recording-outcome');
    await expect(recording).toHaveAttribute('data-status', 'stored', { timeout: DATA_TIMEOUT });
    await expect(recording).toContainText('1 masked stretch silenced');
    await row.getByTestId('ingested-call').click();
  });

  const audio = page.locator('audio.an-audio');
  await test.step('the call page shows the masked card number and plays the recording', async () => {
    const transcript = page.getByTestId('call-transcript');
    await expect(transcript.locator('.an-redacted').first()).toContainText('[card]', {
      timeout: DATA_TIMEOUT,
    });
    await expect(transcript).toContainText('(card number masked)');
    await expect(transcript).not.toContainText('4111');
    await expect(audio).toHaveAttribute('src', /\/api\/v1\/calls\/call-\d+\/audio\?expires=/);
    // Metadata loaded from the API through the signed link: the WAV's own length.
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.duration), {
        timeout: DATA_TIMEOUT,
      })
      .toBeCloseTo(card.durationMs / 1000, 1);
    // The caller's turn (with the card number): its time button moves the player there.
    const turn = transcript.locator('li.an-turn').filter({ hasText: '[card]' });
    await turn.getByRole('button').click();
    await expect(turn).toHaveAttribute('aria-current', 'true');
    const at = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    expect(at).toBeGreaterThan(1);
    await audio.evaluate(async (el: HTMLAudioElement) => {
      el.muted = true;
      await el.play();
    });
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), {
        timeout: DATA_TIMEOUT,
      })
      .toBeGreaterThan(at + 0.2);
    await audio.evaluate((el: HTMLAudioElement) => el.pause());
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await seriousViolationsInBothModes(page), 'the call page with its player').toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page), 'the call page at 390 px').toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('the call is counted on its day and found by a word said in it', async () => {
    const callId = new URL(page.url()).searchParams.get('call');
    expect(callId).toMatch(/^call-\d+$/);
    await page.goto(dayDashboard);
    await expect(tile).toHaveAttribute('data-value', String(before + 1), {
      timeout: DATA_TIMEOUT,
    });
    await page.goto(`/search/keywords?key=${KEYWORD}&from=${DAY}&to=${DAY}`);
    const hits = page.getByTestId('search-hits');
    await expect(page.getByTestId('search-total')).toHaveAttribute('data-value', '1', {
      timeout: DATA_TIMEOUT,
    });
    await expect(hits.getByTestId('hit-link').first()).toHaveAttribute(
      'href',
      new RegExp(`call=${callId}`),
    );
  });
});
