/**
 * Which deployment a Vite run builds. By default the product (src/generated, dist/). With
 * SA_CUSTOMER=NAME, or SA_MANIFEST naming a customer manifest (the deployment configuration's
 * build.customer and build.manifest, also settable in the SA_CONFIG file), a customer: its
 * merged manifest generates into .cache/generated/NAME, the app's imports of src/generated/*
 * are redirected there, and the site goes to dist/customers/NAME. The product's generated
 * files are never touched, so product and customer builds can follow each other freely.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
// The paths alone, not the folder's face: that loads the manifest validator, which the
// browser tests' customer harness, importing this to find a build, does not need (issue 34).
import { isCustomerManifest } from '../manifest/customer/chain.ts';
import {
  customerGeneratedDir,
  customerManifestFile,
  customerName,
  customerOutDir,
} from '../manifest/customer/paths.ts';
import { generatedDir as productGeneratedDir, repoRoot } from '../manifest/paths.ts';
import { loadDeploymentConfig, type Env } from '../../server/deployment-config/index.ts';

export interface CustomerTarget {
  name: string;
  manifestFile: string;
  /** .cache/generated/NAME */
  generatedDir: string;
  /** dist/customers/NAME */
  outDir: string;
}

/**
 * The customer this run builds, or undefined for the product: the deployment configuration's
 * build.customer (SA_CUSTOMER), else build.manifest (SA_MANIFEST) when it names a customer's
 * manifest. Throws DeploymentConfigError, one located line, on an unknown name.
 */
export function customerTarget(env: Env = process.env): CustomerTarget | undefined {
  const build = loadDeploymentConfig({ env });
  const customer = build.value('build.customer') as string | undefined;
  const manifest = build.value('build.manifest') as string | undefined;
  let manifestFile: string;
  // The configuration refused a customer without a manifest (deployment-config/customer-check.ts).
  if (customer) {
    manifestFile = customerManifestFile(customer);
  } else if (manifest && isCustomerManifest(resolve(repoRoot, manifest))) {
    manifestFile = resolve(repoRoot, manifest);
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
