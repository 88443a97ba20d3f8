/**
 * The one way browser tests start an axe-core check: axe runs in the page itself, its frames
 * included (what @axe-core/playwright calls legacy mode, and what axe.run does); the default
 * mode of that package finishes every check in a blank page it opens in the test's context,
 * which cost 1.4-2.9 s per check on a busy 2-core machine (issue 34).
 *
 * axe is put into a page once and every later check of the same document reuses it.
 * @axe-core/playwright evaluates axe's 0.5 MB source twice on every check, and each check then
 * runs a fresh, cold copy: on a customer-insight screen at load ~15 one rule cost 5.5 s through
 * it against 0.5-0.7 s run in the page's copy, and the data screens' specs run ten checks each
 * (two modes per view, on views reached by client-side navigation, so one document).
 */
import axe from 'axe-core';
import type { AxeResults, ContextObject, RunOptions } from 'axe-core';
import type { Frame, Page } from '@playwright/test';

/** axe, and its configuration as @axe-core/playwright sets it in legacy mode. */
const AXE_SCRIPT = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/** Puts axe into the frame unless this document has it already. */
async function ensureAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(
    () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!present) await frame.evaluate(AXE_SCRIPT);
}

export class AxeCheck {
  private readonly included: string[] = [];
  private readonly excluded: string[] = [];
  private readonly options: RunOptions = { resultTypes: ['violations'] };

  constructor(private readonly page: Page) {}

  /** Checks only what matches `selector` (several: their union). */
  include(selector: string): this {
    this.included.push(selector);
    return this;
  }

  exclude(selector: string): this {
    this.excluded.push(selector);
    return this;
  }

  /** Runs only these rules. */
  withRules(rules: string[]): this {
    this.options.runOnly = { type: 'rule', values: rules };
    return this;
  }

  /** Runs only the rules with these tags (e.g. wcag2aa). */
  withTags(tags: string[]): this {
    this.options.runOnly = { type: 'tag', values: tags };
    return this;
  }

  disableRules(rules: string[]): this {
    this.options.rules = Object.fromEntries(rules.map((rule) => [rule, { enabled: false }]));
    return this;
  }

  async analyze(): Promise<AxeResults> {
    const main = this.page.mainFrame();
    await ensureAxe(main);
    // axe.run asks the page's frames for their part; a frame that is gone or of another origin
    // by now is left out, as @axe-core/playwright leaves it.
    for (const frame of this.page.frames()) {
      if (frame !== main) await ensureAxe(frame).catch(() => undefined);
    }
    const context: ContextObject = { include: this.included, exclude: this.excluded };
    if (this.included.length === 0) delete (context as { include?: unknown }).include;
    // Plain JSON both ways: axe's own types are too deep for Playwright's serialisable check.
    const request: { context: unknown; options: unknown } = { context, options: this.options };
    const outcome: { results: unknown; error: string | null } = await this.page.evaluate(
      async ({ context, options }: { context: unknown; options: unknown }) => {
        const page = window as unknown as {
          axe: { run: (c: unknown, o: unknown) => Promise<unknown> };
        };
        try {
          return { results: await page.axe.run(context, options), error: null };
        } catch (error) {
          return { results: null, error: (error as Error).message };
        }
      },
      request,
    );
    if (outcome.error !== null) throw new Error(`axe: ${outcome.error}`);
    return outcome.results as AxeResults;
  }
}

/** An axe check of `page` reporting violations only. */
export function axeCheck(page: Page): AxeCheck {
  return new AxeCheck(page);
}
