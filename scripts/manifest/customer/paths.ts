/**
 * Where a customer's files live and go. A customer manifest never generates into src/generated
 * (the product's): its code goes to .cache/generated/NAME, and its build to dist/customers/NAME.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { repoRoot } from '../paths.ts';
import { isCustomerManifest } from './chain.ts';

export const customersDir = resolve(repoRoot, 'manifest', 'customers');
const SUFFIX = '.manifest.json';

/** `acme` for manifest/customers/acme.manifest.json (any directory; `.json` alone works too). */
export function customerName(file: string): string {
  const name = basename(file);
  return name.endsWith(SUFFIX) ? name.slice(0, -SUFFIX.length) : name.replace(/\.json$/, '');
}

export function customerManifestFile(name: string): string {
  return resolve(customersDir, name + SUFFIX);
}

/** Every customer under manifest/customers/, by name, sorted. */
export function customerNames(): string[] {
  if (!existsSync(customersDir)) return [];
  return readdirSync(customersDir)
    .filter((f) => f.endsWith(SUFFIX))
    .map(customerName)
    .sort();
}

/** .cache/generated/NAME for a customer manifest; undefined for any other manifest. */
export function customerGeneratedDir(file: string): string | undefined {
  return isCustomerManifest(file)
    ? resolve(repoRoot, '.cache', 'generated', customerName(file))
    : undefined;
}

/** dist/customers/NAME: the customer's deployable static site. */
export function customerOutDir(name: string): string {
  return resolve(repoRoot, 'dist', 'customers', name);
}
