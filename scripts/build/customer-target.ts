/**
 * Which deployment a Vite run builds. By default the product (src/generated, dist/). With
 * SA_CUSTOMER=NAME, or SA_MANIFEST naming a customer manifest, a white-label customer: its
 * merged manifest generates into .cache/generated/NAME, the app's imports of src/generated/*
 * are redirected there, and the site goes to dist/customers/NAME. The product's generated
 * files are never touched, so product and customer builds can follow each other freely.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import {
  customerGeneratedDir,
  customerManifestFile,
  customerName,
  customerNames,
  customerOutDir,
  isCustomerManifest,
} from '../manifest/customer/index.ts';
import { generatedDir as productGeneratedDir, repoRoot } from '../manifest/paths.ts';
import { closestName } from '../manifest/suggest.ts';

export interface CustomerTarget {
  name: string;
  manifestFile: string;
  /** .cache/generated/NAME */
  generatedDir: string;
  /** dist/customers/NAME */
  outDir: string;
}

/** The customer this run builds, or undefined for the product. Throws on an unknown name. */
export function customerTarget(env: NodeJS.ProcessEnv = process.env): CustomerTarget | undefined {
  let manifestFile: string;
  if (env.SA_CUSTOMER) {
    manifestFile = customerManifestFile(env.SA_CUSTOMER);
    if (!existsSync(manifestFile)) {
      const meant = closestName(env.SA_CUSTOMER, customerNames());
      throw new Error(
        `SA_CUSTOMER=${env.SA_CUSTOMER}: ${relative(repoRoot, manifestFile)} does not exist` +
          (meant ? ` (did you mean "${meant}"?)` : `; customers: ${customerNames().join(', ')}`),
      );
    }
  } else if (env.SA_MANIFEST && isCustomerManifest(resolve(repoRoot, env.SA_MANIFEST))) {
    manifestFile = resolve(repoRoot, env.SA_MANIFEST);
  } else {
    return undefined;
  }
  const name = customerName(manifestFile);
  return {
    name,
    manifestFile,
    generatedDir: customerGeneratedDir(manifestFile)!,
    outDir: customerOutDir(name),
  };
}

/** The customer whose site `siteDir` is (dist/customers/NAME), or undefined for any other dir. */
export function customerServedFrom(siteDir: string): CustomerTarget | undefined {
  const dir = resolve(siteDir);
  const name = basename(dir);
  if (dirname(dir) !== dirname(customerOutDir(name))) return undefined;
  return customerTarget({ SA_CUSTOMER: name });
}

/**
 * Vite plugin: the app's imports of src/generated/X resolve to the customer's generated X when
 * the manifest pipeline wrote one there (manifest.gen.ts, routes.gen.ts, manifest.types.ts).
 * Other generated files (the data types) do not depend on the manifest and are shared.
 */
export function redirectGeneratedPlugin(target: CustomerTarget): Plugin {
  return {
    name: 'customer-generated',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      const imported = resolve(dirname(importer.split('?')[0]!), source.split('?')[0]!);
      if (dirname(imported) !== productGeneratedDir) return null;
      const redirected = join(target.generatedDir, basename(imported));
      return existsSync(redirected) ? redirected : null;
    },
  };
}
