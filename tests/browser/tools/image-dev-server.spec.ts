/**
 * The image tool under `npm start` (Vite's dev server), not only in the build: the dev server
 * serves worker entries as ES modules, and tesseract.js starts its worker as a classic script,
 * so a recogniser that worked in the build failed in dev ("Cannot use import statement outside
 * a module"). The spec starts the dev server itself and stops it when done.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LETTER = path.join(ROOT, 'tests/fixtures/tools/letter.png');

let server: ChildProcess | undefined;
let baseUrl = '';
// Its own data directory: a developer's `npm start` in this tree holds the lock on .cache/api.
const dataDir = mkdtempSync(path.join(tmpdir(), 'callscope-dev-spec-'));

/** Starts `npm start`'s script in its own process group; resolves with the URL it prints. */
function startDevServer(): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, SA_API_DATA_DIR: dataDir },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Callscope is running at (https:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
}

test.describe('Image analysis on the dev server', () => {
  // Starting the dev server generates and loads the demo data; recognising loads a 4 MB engine.
  // One dev server for both tests, so they run one after the other.
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    baseUrl = await startDevServer();
  });

  test.afterAll(() => {
    // The whole group: the dev server and anything it started.
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('recognises a scanned letter', async ({ browser }) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(new URL('/tool/image-analysis', baseUrl).href);
    await page.getByLabel('Choose or drop an image').setInputFiles(LETTER);
    const text = page.getByRole('textbox', { name: 'Text' });
    const problem = page.getByRole('alert');
    // Either the text arrives or the page says it cannot read the image: wait for whichever.
    await expect(text.or(problem)).toBeVisible({ timeout: 240_000 });
    await expect(problem).toHaveCount(0);
    await expect(text).toHaveValue(/charged twice/i, { timeout: 240_000 });
    // A letter is one message from the customer.
    await expect(page.getByLabel('The text is')).toHaveValue('customer');
    expect(errors, 'errors in the page').toEqual([]);
    await context.close();
  });

  test('a chat screenshot is analysed as a conversation by default', async ({ browser }) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    // A chat screenshot drawn here: two speakers, alternating lines.
    await page.setContent('<canvas width="900" height="200"></canvas>');
    const dataUrl = await page.evaluate(() => {
      const canvas = document.querySelector('canvas')!;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#fff';
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.fillStyle = '#000';
      g.font = '28px sans-serif';
      g.fillText('Agent: Hello, how can I help you today?', 20, 50);
      g.fillText('Customer: I was charged twice on my bill.', 20, 110);
      g.fillText('Agent: I am sorry, let me check that.', 20, 170);
      return canvas.toDataURL('image/png');
    });
    const buffer = Buffer.from(dataUrl.split(',')[1]!, 'base64');
    await page.goto(new URL('/tool/image-analysis', baseUrl).href);
    await page
      .getByLabel('Choose or drop an image')
      .setInputFiles({ name: 'chat.png', mimeType: 'image/png', buffer });
    const text = page.getByRole('textbox', { name: 'Text' });
    await expect(text).toHaveValue(/charged twice/i, { timeout: 240_000 });
    await expect(page.getByLabel('The text is')).toHaveValue('conversation');
    await context.close();
  });
});
