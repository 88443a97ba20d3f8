import { dirname, resolve } from 'node:path';
import { importPath } from './import-path.ts';
import { applyAuthOverrides, type AuthOverrides } from './auth-overrides.ts';
import type { ManifestShape } from './manifest-shape.ts';
import { GENERATED_BANNER } from './banner.ts';
import { RawCode, quote, tsLiteral } from './ts-literal.ts';

export interface EmitManifestOptions {
  /** Absolute path of the manifest file; asset paths are relative to it. */
  manifestFile: string;
  /** Absolute directory the generated file is written to; imports are relative to it. */
  outDir: string;
  overrides: AuthOverrides;
  source: string;
}

/**
 * Emits `manifest.gen.ts`: the validated manifest minus its routes as data, with auth values after the
 * environment overrides and every asset path replaced by an imported URL so the bundler
 * fingerprints and copies the images.
 */
export function emitManifest(manifest: ManifestShape, options: EmitManifestOptions): string {
  const imports: string[] = [];
  const importedAs = new Map<string, string>();
  const asset = (path: string): RawCode => {
    const absolute = resolve(dirname(options.manifestFile), path);
    let name = importedAs.get(absolute);
    if (!name) {
      name = `asset${importedAs.size}`;
      importedAs.set(absolute, name);
      imports.push(`import ${name} from ${quote(importPath(options.outDir, absolute))};`);
    }
    return new RawCode(name);
  };

  // Routes live in routes.gen.ts (with their lazy screens); carrying them here too would ship
  // every title and description twice in the first load.
  const { routes: _routes, ...shell } = manifest;
  const data = {
    ...shell,
    brand: { ...manifest.brand, logo: asset(manifest.brand.logo) },
    theme: {
      ...manifest.theme,
      covers: manifest.theme.covers.map((c) => ({ ...c, image: asset(c.image) })),
    },
    auth: applyAuthOverrides(manifest.auth, options.overrides),
  };
  // The editor hint is meaningless at runtime.
  delete (data as { $schema?: string }).$schema;

  return `${GENERATED_BANNER}
// Source: ${options.source}
import type { Manifest } from './manifest.types.ts';
${imports.join('\n')}

/** The manifest without its routes, which routes.gen.ts carries (with their lazy screens). */
export type ShellManifest = Omit<Manifest, 'routes'>;

export const manifest: ShellManifest = ${tsLiteral(data)};
`;
}
