import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { customerTarget, redirectGeneratedPlugin } from '../../../scripts/build/customer-target.ts';
import { findHiddenLinks } from '../../../scripts/build/hidden-links.ts';
import { findHiddenScreens, hiddenScreens } from '../../../scripts/build/hidden-screens.ts';
import { repoRoot } from './helpers.ts';

describe('customerTarget: which deployment a Vite run builds', () => {
  it('is the product without SA_CUSTOMER, or with SA_MANIFEST naming a product manifest', () => {
    expect(customerTarget({})).toBeUndefined();
    expect(customerTarget({ SA_MANIFEST: 'manifest/product.manifest.json' })).toBeUndefined();
  });

  it('SA_CUSTOMER=NAME: generated code in .cache/generated/NAME, site in dist/customers/NAME', () => {
    expect(customerTarget({ SA_CUSTOMER: 'acme' })).toEqual({
      name: 'acme',
      manifestFile: resolve(repoRoot, 'manifest/customers/acme.manifest.json'),
      generatedDir: resolve(repoRoot, '.cache/generated/acme'),
      outDir: resolve(repoRoot, 'dist/customers/acme'),
    });
  });

  it('SA_MANIFEST naming a customer manifest builds that customer too', () => {
    expect(customerTarget({ SA_MANIFEST: 'manifest/customers/globex.manifest.json' })?.name).toBe(
      'globex',
    );
  });

  it('an unknown customer fails with the closest name and the known ones', () => {
    expect(() => customerTarget({ SA_CUSTOMER: 'acmee' })).toThrow(
      'env SA_CUSTOMER: build.customer: no customer "acmee" in manifest/customers/ (did you mean "acme"?); the customers are acme, globex',
    );
  });
});

describe('redirectGeneratedPlugin', () => {
  // A customer whose pipeline output sits in a temporary directory.
  const generatedDir = mkdtempSync(join(tmpdir(), 'sa-generated-'));
  for (const name of ['manifest.gen.ts', 'routes.gen.ts', 'manifest.types.ts']) {
    writeFileSync(join(generatedDir, name), '');
  }
  afterAll(() => rmSync(generatedDir, { recursive: true, force: true }));
  const target = { ...customerTarget({ SA_CUSTOMER: 'acme' })!, generatedDir };
  const resolveId = redirectGeneratedPlugin(target).resolveId as (
    source: string,
    importer?: string,
  ) => string | null;
  const importer = resolve(repoRoot, 'src/runtime/shell/sidebar.tsx');

  it("sends the app's imports of the manifest modules to the customer's generated directory", () => {
    expect(resolveId('../../generated/manifest.gen.ts', importer)).toBe(
      join(generatedDir, 'manifest.gen.ts'),
    );
    expect(resolveId('../generated/routes.gen.ts', resolve(repoRoot, 'src/runtime/x.ts'))).toBe(
      join(generatedDir, 'routes.gen.ts'),
    );
    expect(resolveId('../../generated/manifest.types.ts?v=1', importer)).toBe(
      join(generatedDir, 'manifest.types.ts'),
    );
  });

  it('leaves everything else alone, the shared data types included', () => {
    expect(resolveId('../../generated/data.types.ts', importer)).toBeNull();
    expect(resolveId('react', importer)).toBeNull();
    expect(resolveId('./manifest.gen.ts', resolve(repoRoot, 'src/other/x.ts'))).toBeNull();
    expect(resolveId('../../generated/manifest.gen.ts')).toBeNull();
  });
});

describe('hidden screens in a build output', () => {
  const product = [
    { id: 'dashboard', screen: 'dashboard/overview' },
    { id: 'settings', screen: 'settings/overview' },
    { id: 'report-brand', screen: 'report/brand-report' },
    { id: 'voc', screen: 'customer/voice-of-customer' },
    { id: 'voc-copy', screen: 'customer/voice-of-customer' },
  ];
  const customer = product.filter(
    (r) => !['report-brand', 'voc', 'voc-copy', 'settings'].includes(r.id),
  );
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** A fake build: `.vite/manifest.json` entries by module, and asset file names. */
  function output(chunks: Record<string, { file: string; src?: string }>, files: string[]) {
    const dir = mkdtempSync(join(tmpdir(), 'sa-build-'));
    dirs.push(dir);
    mkdirSync(join(dir, '.vite'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(chunks));
    for (const f of files) writeFileSync(join(dir, 'assets', f), '');
    return dir;
  }

  it('are the screens no remaining route renders', () => {
    expect(hiddenScreens(product, customer)).toEqual([
      { screen: 'settings/overview', routes: ['settings'] },
      { screen: 'report/brand-report', routes: ['report-brand'] },
      { screen: 'customer/voice-of-customer', routes: ['voc', 'voc-copy'] },
    ]);
  });

  it('a clean build has no trace of them', () => {
    const dir = output(
      { 'screens/dashboard/overview.tsx': { file: 'assets/overview-AbC123xy.js' } },
      ['overview-AbC123xy.js'],
    );
    const found = findHiddenScreens(
      dir,
      hiddenScreens(product, customer),
      product.map((r) => r.screen),
    );
    expect(found.every((f) => f.evidence.length === 0)).toBe(true);
  });

  it('finds a hidden screen by its module in the build manifest or by its chunk name', () => {
    const dir = output(
      {
        'screens/report/brand-report.tsx': {
          file: 'assets/brand-report-Xy12ab34.js',
          src: 'screens/report/brand-report.tsx',
        },
      },
      ['brand-report-Xy12ab34.js', 'voice-of-customer-Qw3rty12.js', 'overview-AbC123xy.js'],
    );
    const found = findHiddenScreens(
      dir,
      hiddenScreens(product, customer),
      product.map((r) => r.screen),
    );
    expect(found).toEqual([
      // "overview" names two screens, so a file name alone proves nothing for settings/overview.
      { screen: 'settings/overview', evidence: [] },
      {
        screen: 'report/brand-report',
        evidence: [
          'assets/brand-report-Xy12ab34.js (from screens/report/brand-report.tsx in .vite/manifest.json)',
          'assets/brand-report-Xy12ab34.js',
        ],
      },
      { screen: 'customer/voice-of-customer', evidence: ['assets/voice-of-customer-Qw3rty12.js'] },
    ]);
  });
  it('finds a hidden screen by its generated screen module, the key its chunk has', () => {
    const dir = output(
      {
        '../.cache/generated/acme/screens/report/brand-report.gen.ts': {
          file: 'assets/brand-report-Xy12ab34.js',
          src: '../.cache/generated/acme/screens/report/brand-report.gen.ts',
        },
      },
      [],
    );
    const found = findHiddenScreens(
      dir,
      hiddenScreens(product, customer),
      product.map((r) => r.screen),
    );
    expect(found.find((f) => f.screen === 'report/brand-report')?.evidence).toEqual([
      'assets/brand-report-Xy12ab34.js (from ../.cache/generated/acme/screens/report/brand-report.gen.ts in .vite/manifest.json)',
    ]);
  });
});

describe('links to hidden routes in kept code', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('are found with file and line; comments, tests and the hidden screens themselves are not', () => {
    const root = mkdtempSync(join(tmpdir(), 'sa-links-'));
    dirs.push(root);
    const write = (file: string, text: string) => {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), text);
    };
    write(
      'src/screens/dashboard/overview.tsx',
      [
        'import { AppLink } from "../../runtime/index.ts";',
        '// a comment about "/customer/voc" is no link',
        'export const a = <AppLink to="/customer/voc">VOC</AppLink>;',
        "export const b = href('/customer/voc', { disposition: 'Fake Call' });",
        "export const c = href('/customer/vocabulary');",
        'export const d = `/chart/reportbrand?x=1`;',
        // Links by route id, in each place a link names one; a bare word is no link.
        'export const e = <AppLink route="voc">VOC</AppLink>;',
        "export const f = href('voc', { disposition: 'Fake Call' });",
        "export const g = [{ route: 'report-brand', label: 'Brands' }];",
        "navigateTo('voc', {}); const h = 'voc'; href('vocabulary');",
      ].join('\n'),
    );
    write('src/screens/customer/voice-of-customer.tsx', "useRouteQuery('voc');");
    write('src/screens/dashboard/overview.test.tsx', "href('voc')");
    write('src/generated/routes.gen.ts', "'/customer/voc'");
    const hidden = [
      { id: 'voc', path: '/customer/voc', screen: 'customer/voice-of-customer' },
      { id: 'report-brand', path: '/chart/reportbrand', screen: 'report/brand-report' },
    ];
    const file = 'src/screens/dashboard/overview.tsx';
    expect(findHiddenLinks(root, hidden)).toEqual([
      { file, line: 3, path: '/customer/voc' },
      { file, line: 4, path: '/customer/voc' },
      { file, line: 6, path: '/chart/reportbrand' },
      { file, line: 7, path: '/customer/voc' },
      { file, line: 8, path: '/customer/voc' },
      { file, line: 9, path: '/chart/reportbrand' },
      { file, line: 10, path: '/customer/voc' },
    ]);
    expect(findHiddenLinks(root, [])).toEqual([]);
  });
});
