/**
 * A customer build does not ship the screens it hides: acme hides the Brand Report (and the
 * Voice of the Customer, Trend Analysis and Churn Prediction screens), so Vite's build manifest
 * has no module for them and no chunk file carries their name, while the product build has
 * them. And the OCR engine of Image analysis (tesseract.js, its wasm core and language data)
 * is in no page's first load, only behind that screen's on-demand import; the light pages
 * (sign-in, content, error) load none of the data screens' kit. No browser needed;
 * it runs with the browser tests because it needs the builds.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '../harness/fixtures.ts';
import { customerBuild } from './customer-site.ts';
import { isModuleOfScreen } from '../../../scripts/build/screen-modules.ts';
import { readViteManifest, staticLoad } from '../../../scripts/build/vite-manifest.ts';

const productDist = resolve(import.meta.dirname, '..', '..', '..', 'dist');
const hiddenScreens = [
  'report/brand-report',
  'customer/voice-of-customer',
  'customer/trend-analysis',
  'customer/churn-prediction',
];

function buildOutput(dir: string) {
  const modules = Object.keys(readViteManifest(dir));
  return {
    hasScreen: (screen: string) => modules.some((key) => isModuleOfScreen(key, screen)),
    files: readdirSync(join(dir, 'assets')),
  };
}

test('the screens of hidden routes are not in the acme build output', () => {
  const { target, manifest } = customerBuild('acme');
  const acme = buildOutput(target.outDir);
  const screens = new Set(manifest.routes.map((r) => r.screen));
  for (const screen of hiddenScreens) {
    expect(screens.has(screen), `${screen} is still a route's screen`).toBe(false);
    expect(acme.hasScreen(screen), `${screen} is in the build manifest`).toBe(false);
    const chunk = new RegExp(`^${screen.split('/').pop()}-[\\w-]+\\.js$`);
    expect(acme.files.filter((f) => chunk.test(f))).toEqual([]);
  }
  // Kept screens are there, each in its own chunk.
  expect(acme.hasScreen('report/churn-report')).toBe(true);
  expect(acme.files.some((f) => /^churn-report-[\w-]+\.js$/.test(f))).toBe(true);
  // The customer site is deployable on its own: its page, and its security headers.
  expect(existsSync(join(target.outDir, 'index.html'))).toBe(true);
  expect(readFileSync(join(target.outDir, '_headers'), 'utf8')).toContain(
    'Content-Security-Policy',
  );
});

test('the product build has those screens, so the check above can see them', () => {
  test.skip(!existsSync(join(productDist, '.vite', 'manifest.json')), 'no product build in dist/');
  const product = buildOutput(productDist);
  for (const screen of hiddenScreens) {
    expect(product.hasScreen(screen), screen).toBe(true);
  }
  expect(product.files.some((f) => /^brand-report-[\w-]+\.js$/.test(f))).toBe(true);
});

test('the OCR engine and its language data load only when Image analysis asks for them', () => {
  test.skip(!existsSync(join(productDist, '.vite', 'manifest.json')), 'no product build in dist/');
  const manifest = readViteManifest(productDist);
  const carriesOcr = (key: string) =>
    /tesseract|traineddata|ocr-engine/.test(
      [manifest[key]!.file, ...(manifest[key]!.assets ?? [])].join(' '),
    );
  const ocr = Object.keys(manifest).filter(carriesOcr);
  expect(ocr.length, 'the build has the OCR engine').toBeGreaterThan(0);
  for (const key of Object.keys(manifest).filter(
    (k) => k === 'index.html' || k.startsWith('generated/screens/'),
  )) {
    const loaded = [...staticLoad(manifest, key)].filter(carriesOcr);
    expect(loaded, `${key} loads the OCR engine with its page`).toEqual([]);
  }
  // Only Image analysis imports it, on demand.
  const importers = Object.keys(manifest).filter((k) =>
    (manifest[k]!.dynamicImports ?? []).some((d) => ocr.includes(d)),
  );
  expect(importers).toEqual(['generated/screens/tools/image-analysis.gen.ts']);
});

test('the sign-in, content and error pages load none of the data screens’ kit', () => {
  test.skip(!existsSync(join(productDist, '.vite', 'manifest.json')), 'no product build in dist/');
  const manifest = readViteManifest(productDist);
  const kit = Object.keys(manifest).filter((key) => /screen-kit/.test(manifest[key]!.file));
  expect(kit.length, 'the build has a screen kit').toBe(1);
  for (const screen of ['auth/sign-in', 'content/legal', 'system/not-found']) {
    const loaded = staticLoad(manifest, `generated/screens/${screen}.gen.ts`);
    expect(loaded.size, `${screen} is in the build`).toBeGreaterThan(1);
    expect(
      [...loaded].filter((key) => kit.includes(key)),
      `${screen} loads the kit`,
    ).toEqual([]);
  }
});

test('the first load carries React Router’s production build, not its development warnings', () => {
  test.skip(!existsSync(join(productDist, '.vite', 'manifest.json')), 'no product build in dist/');
  const manifest = readViteManifest(productDist);
  const page = [...staticLoad(manifest, 'index.html')].map((key) => manifest[key]!.file);
  const code = page.map((file) => readFileSync(join(productDist, file), 'utf8')).join('\n');
  // The router is in the page (an invariant message both builds have)...
  expect(code).toContain('A history only accepts one active listener');
  // ...and a warning only its development build has is not (scripts/build/react-router-production.ts).
  expect(code).not.toContain('No routes matched location');
});
