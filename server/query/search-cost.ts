/**
 * What a search expression may cost before it runs. The database joins one word's postings per
 * word (search.ts) and the matcher walks every phrase word by word, so the work grows with the
 * words and terms an expression names: "a a a … a" of 1,000 words under the 2,000-character
 * limit asked for a thousand-way join (it failed in the database), and a 2,000-character phrase
 * ran for half a minute. Expressions beyond the budget are refused, with the reason, before any
 * work; every search people write (a few words, a phrase, a handful of alternatives) is far
 * inside it.
 */
import { parseSearchExpression, type SearchNode } from '../../src/data/search/parse.ts';

export const SEARCH_BUDGET = {
  /** Words, phrases and prefixes of the expression. */
  terms: 24,
  /** Words in all of them together (a phrase counts each of its words). */
  words: 48,
} as const;

export interface SearchCost {
  terms: number;
  words: number;
}

export function searchCost(tree: SearchNode): SearchCost {
  const cost = { terms: 0, words: 0 };
  const walk = (node: SearchNode): void => {
    switch (node.type) {
      case 'term':
        cost.terms++;
        cost.words += Math.max(1, node.words.length);
        return;
      case 'and':
      case 'or':
        return node.children.forEach(walk);
      case 'not':
        return walk(node.child);
      case 'near':
        walk(node.left);
        return walk(node.right);
    }
  };
  walk(tree);
  return cost;
}

/**
 * Why the expression is too costly to run, or null when it is within the budget (or does not
 * parse: the search itself answers that with the place of the mistake).
 */
export function searchCostProblem(expression: string): string | null {
  let tree: SearchNode;
  try {
    tree = parseSearchExpression(expression);
  } catch {
    return null;
  }
  const { terms, words } = searchCost(tree);
  if (terms > SEARCH_BUDGET.terms) {
    return `The search is too costly to run: ${terms} terms (at most ${SEARCH_BUDGET.terms}); search for fewer words`;
  }
  if (words > SEARCH_BUDGET.words) {
    return `The search is too costly to run: ${words} words (at most ${SEARCH_BUDGET.words}); use a shorter phrase`;
  }
  return null;
}
