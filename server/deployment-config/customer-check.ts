/**
 * `build.customer` (SA_CUSTOMER) must name a white-label customer of manifest/customers/. The
 * loader reports any other name as a problem of its own, at the place it was set and naming
 * the customers there are, so `npm start`, `npm run build` and `npm run config` all refuse it
 * with one located line instead of failing later on a missing file.
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import {
  customerManifestFile,
  customerNames,
  customersDir,
} from '../../scripts/manifest/customer/paths.ts';
import { repoRoot } from '../../scripts/manifest/paths.ts';
import { closestName } from '../../scripts/manifest/suggest.ts';

/** What is wrong with `name` as build.customer, or null when the customer exists. */
export function unknownCustomer(name: string): string | null {
  if (existsSync(customerManifestFile(name))) return null;
  const known = customerNames();
  const meant = closestName(name, known);
  return (
    `no customer "${name}" in ${relative(repoRoot, customersDir)}/` +
    (meant ? ` (did you mean "${meant}"?)` : '') +
    `; the customers are ${known.length ? known.join(', ') : 'none'}`
  );
}
