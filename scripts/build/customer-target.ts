/**
 * Which deployment a Vite run builds. By default the product (src/generated, dist/). With
 * SA_CUSTOMER=NAME, or SA_MANIFEST naming a customer manifest, a white-label customer: its
 * merged manifest generates into .cache/generated/NAME, the app's imports of src/generated/*
 * are redirected there, and the site goes to dist/customers/NAME. The product's generated
 * files are never touched, so product and customer builds can follow each other freely.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

/** The manifest-generated modules the app imports from src/generated. */
export const GENERATED_MODULES = ['manifest.gen.ts', 'routes.gen.ts', 'manifest.types.ts'];

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

/**
 * Vite plugin: imports of src/generated/{manifest.gen,routes.gen,manifest.types}.ts resolve to
 * the customer's generated directory. Other files there (the data types) are shared.
 */
export function redirectGeneratedPlugin(target: CustomerTarget): Plugin {
  const redirects = new Map(
    GENERATED_MODULES.map((name) => [
      join(productGeneratedDir, name),
      join(target.generatedDir, name),
    ]),
  );
  return {
    name: 'customer-generated',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      const [path] = source.split('?');
      return redirects.get(resolve(dirname(importer.split('?')[0]!), path!)) ?? null;
    },
  };
}
