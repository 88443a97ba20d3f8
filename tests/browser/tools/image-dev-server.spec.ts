/**
 * The image tool on Vite's dev server (`npm start`), not only on the build the other specs use
 * (issue 38.6). Two things differ there: the dev server serves modules and worker entries as ES
 * modules (tesseract.js starts its worker as a classic script: "Cannot use import statement
 * outside a module"), and asset addresses carry a query (`…/ocr-engine-worker.js?no-inline`),
 * to which a second `?engine=` was appended, so the worker found no engine and the page waited at
 * "Starting the text recogniser" for ever. The spec starts its own dev server with the project's
 * Vite config, in this process, on a free port, and closes it when done: no API (the tool needs
 * none) and its own dependency cache (a developer's `npm start` may be optimizing the tree's).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LETTER = path.join(ROOT, 'tests/fixtures/tools/letter.png');
// Recognising loads a 4 MB engine and 11 MB of language data, served untransformed but
// uncached by the dev server, on a machine shared with other tests.
const RECOGNITION_BUDGET = 180_000;

let server: ViteDevServer | undefined;
let cacheDir = '';
let baseUrl = '';

test.describe('Image analysis on the dev server', () => {
  // One dev server for both tests, so they run one after the other.
  test.describe.configure({ mode: 'serial', timeout: RECOGNITION_BUDGET + 60_000 });

  test.beforeAll(async () => {
    // Loading the config, generating src/generated and optimizing the dependencies.
    test.setTimeout(180_000);
    cacheDir = mkdtempSync(path.join(tmpdir(), 'callscope-dev-spec-'));
    server = await createServer({
      configFile: path.join(ROOT, 'vite.config.ts'),
      cacheDir,
      logLevel: 'warn',
      server: { host: '127.0.0.1', port: 0, strictPort: true, hmr: false },
    });
    await server.listen();
    baseUrl = server.resolvedUrls?.local[0] ?? '';
    expect(baseUrl, 'the dev server says where it listens').toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
  });

  test.afterAll(async () => {
    await server?.close();
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
  });

  /** Uploads an image on the tool's page; resolves once its text is shown, or fails with why not. */
  async function recognise(browser: Browser, image: Parameters<Page['setInputFiles']>[1]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(new URL('/tool/image-analysis', baseUrl).href);
    await page.getByLabel('Choose or drop an image').setInputFiles(image);
    const text = page.getByRole('textbox', { name: 'Text' });
    const problem = page.getByRole('alert');
    // Whichever comes first: the recognised text, or the page saying it cannot read the image.
    await expect(text.or(problem).first()).toBeVisible({ timeout: RECOGNITION_BUDGET });
    expect(await problem.allTextContents(), 'what the page said instead of the text').toEqual([]);
    return { page, text, errors, close: () => context.close() };
  }

  test('recognises a scanned letter, which is one message from the customer', async ({
    browser,
  }) => {
    const { page, text, errors, close } = await recognise(browser, LETTER);
    await expect(text).toHaveValue(/charged twice/i);
    await expect(page.getByLabel('The text is')).toHaveValue('customer');
    expect(errors, 'errors in the page').toEqual([]);
    await close();
  });

  test('a chat screenshot is analysed as a conversation by default', async ({ browser }) => {
    // A chat screenshot drawn here: two speakers, alternating lines.
    const context = await browser.newContext();
    const drawing = await context.newPage();
    await drawing.setContent('<canvas width="900" height="200"></canvas>');
    const dataUrl = await drawing.evaluate(() => {
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
    await context.close();
    const buffer = Buffer.from(dataUrl.split(',')[1]!, 'base64');
    const { page, text, close } = await recognise(browser, {
      name: 'chat.png',
      mimeType: 'image/png',
      buffer,
    });
    await expect(text).toHaveValue(/charged twice/i);
    await expect(page.getByLabel('The text is')).toHaveValue('conversation');
    await close();
  });
});
