/**
 * A demo call with audio (src/data/corpus/recorded/): the page serves the recording, the
 * transcript follows playback (the current turn moves with the audio), and seeking on the
 * timeline moves the audio to the same moment.
 */
import { callId } from '../../../src/data/corpus/corpus.ts';
import {
  RECORDED_SCRIPTS,
  RECORDING_TIMINGS,
  recordingAt,
  recordingUrl,
} from '../../../src/data/corpus/recorded/index.ts';
import { TEST_CORPUS_CALLS } from '../../corpus-day.ts';
import { EXPECT_BUDGET } from '../harness/budgets.ts';
import { DATA_TIMEOUT, expect, numberOf, seriousViolationsInBothModes, test } from './screens.ts';

const n = TEST_CORPUS_CALLS;
const index = [...Array(n).keys()].find((i) => recordingAt(n, i)?.id === RECORDED_SCRIPTS[0]!.id)!;
const script = recordingAt(n, index)!;
const timing = RECORDING_TIMINGS.calls[script.id]!;

test('a recorded call plays, the transcript follows it and the timeline seeks it', async ({
  page,
}) => {
  // Axe in two modes is slow on a busy machine.
  test.setTimeout(180_000);
  await page.goto(`/performance/recordings?call=${callId(index)}`);
  const audio = page.locator('audio.an-audio');
  await expect(audio).toHaveAttribute('src', recordingUrl(script.id), { timeout: DATA_TIMEOUT });
  // The recording loads from the site (same origin, allowed by the CSP) and is as long as the call.
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState))
    .toBeGreaterThanOrEqual(1);
  const seconds = await audio.evaluate((a: HTMLAudioElement) => a.duration);
  expect(Math.abs(seconds * 1000 - timing.durationMs)).toBeLessThan(200);

  // Play from just before the fourth turn: the current turn becomes that turn, then the next.
  const transcript = page.getByTestId('call-transcript');
  const current = transcript.locator('[aria-current="true"]');
  const [third, fourth] = [3, 4].map((k) => script.turns[k]!.text);
  await audio.evaluate(
    async (a: HTMLAudioElement, from: number) => {
      a.muted = true;
      a.currentTime = from;
      await a.play();
    },
    (timing.turns[3]![0] - 400) / 1000,
  );
  // Within the expectations' budget (the config's), plus for the fourth turn the third's time
  // played in real time: no budget shorter than the machine needs to start playing (issue 34).
  await expect(current).toContainText(third!);
  await expect(current).toContainText(fourth!, {
    timeout: EXPECT_BUDGET + timing.turns[4]![0] - timing.turns[3]![0],
  });
  const playedTo = await audio.evaluate((a: HTMLAudioElement) => a.currentTime * 1000);
  expect(playedTo).toBeGreaterThanOrEqual(timing.turns[4]![0] - 300);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());

  // Seeking on the timeline (keyboard: End, then back 30 s) moves the audio there.
  const slider = page.getByRole('slider', { name: 'Position in the call' });
  await slider.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('PageDown');
  const target = timing.durationMs - 30_000;
  await expect(slider).toHaveAttribute('aria-valuenow', String(target));
  expect(await numberOf(page.getByTestId('call-position'))).toBe(target);
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => Math.round(a.currentTime * 1000)))
    .toBeGreaterThanOrEqual(target - 50);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime * 1000)).toBeLessThan(
    target + 50,
  );
  // And the transcript marks the turn spoken at that moment.
  const spoken = timing.turns.findLastIndex(([begin]) => begin <= target);
  await expect(current).toContainText(script.turns[spoken]!.text);

  // The page with its player stays accessible in both modes, with a customer's turn current (its
  // tint is where the speaker's colour is closest to the limit).
  await transcript.locator('.an-turn--customer .an-turn__time').first().click();
  await expect(transcript.locator('.an-turn--customer[aria-current="true"]')).toHaveCount(1);
  expect(await seriousViolationsInBothModes(page), 'call page with audio').toEqual([]);
});
