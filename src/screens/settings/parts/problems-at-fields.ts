/**
 * The rule builder's problems keyed by the field that shows them. The source names the exact
 * place (`condition.phrase.terms[0]`), the form has one field per list (`…terms`): a problem
 * inside a list is shown at the list's field, several of one field are joined, and the count
 * the page gives is the count of fields marked, so "2 problems shown at the fields" is what
 * the user sees in red.
 */
import type { DataSourceError } from '../../../data/index.ts';
import { fieldProblems } from '../../../ui/use-action.ts';

export function problemsAtFields(error: DataSourceError | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, message] of fieldProblems(error)) {
    const field = path.replace(/(\[\d+\])+$/, '');
    const before = out.get(field);
    if (!before) out.set(field, message);
    else if (!before.split('; ').includes(message)) out.set(field, `${before}; ${message}`);
  }
  return out;
}
