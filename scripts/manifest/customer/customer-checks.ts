/**
 * Rules for a merged customer manifest on top of the product's checks:
 * - its `id` is its own, not one it inherits, so stored preferences and the stored user stay
 *   apart from the product's and from other customers' on a shared origin;
 * - the theme panel offers at most the product's 12 colours and 9 covers (the panel is laid
 *   out for them), where the product itself must offer exactly these. A customer may offer a
 *   subset, or its own colours.
 */
import type { ManifestShape } from '../manifest-shape.ts';
import type { Finding } from '../problem.ts';
import { error } from '../problem.ts';
import { THEME_RULES } from '../theme-check.ts';

export interface InheritedId {
  id: string;
  file: string;
}

export function checkCustomer(m: ManifestShape, inherited: readonly InheritedId[]): Finding[] {
  const findings: Finding[] = [];
  const same = inherited.find((i) => i.id === m.id);
  if (same) {
    findings.push(
      error(
        '/id',
        `"${m.id}" is the id of ${same.file}; a customer needs its own id, so what the browser stores for one deployment is never read by another`,
      ),
    );
  }
  const colors = m.theme?.colors;
  if (Array.isArray(colors) && colors.length > THEME_RULES.colorCount) {
    findings.push(
      error(
        '/theme/colors',
        `expected at most ${THEME_RULES.colorCount} theme colours, found ${colors.length}`,
      ),
    );
  }
  const covers = m.theme?.covers;
  if (Array.isArray(covers) && covers.length > THEME_RULES.coverCount) {
    findings.push(
      error(
        '/theme/covers',
        `expected at most ${THEME_RULES.coverCount} cover images, found ${covers.length}`,
      ),
    );
  }
  return findings;
}
