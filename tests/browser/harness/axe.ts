/**
 * The one way browser tests start an axe-core check. Legacy mode runs axe in the page itself
 * (its frames included, as axe.run does): the default mode finishes every check in a blank
 * page it opens in the test's context, which cost 1.4-2.9 s per check on a busy 2-core machine
 * (a check of one rule on two nodes: 2.5 s median against 1.1 s; every rule on a customer-insight
 * screen: 8.1 s against 5.6 s; issue 34), and a data screen's spec runs ten checks.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** An axe check of `page` reporting violations only. */
export function axeCheck(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
}
