import { describe, expect, it } from 'vitest';
import {
  customerManifestFile,
  customerNames,
  validateAnyManifest,
} from '../../../scripts/manifest/customer/index.ts';
import type { ManifestShape } from '../../../scripts/manifest/manifest-shape.ts';
import { errors } from './helpers.ts';

const product = validateAnyManifest('manifest/product.manifest.json').manifest!;
const load = (name: string): ManifestShape => {
  const { manifest, problems } = validateAnyManifest(`manifest/customers/${name}.manifest.json`);
  expect(errors(problems)).toEqual([]);
  return manifest!;
};

const sidebarLabels = (m: ManifestShape) =>
  m.sidebar.sections.flatMap((s) => s.items.map((i) => i.label));
const linksTo = (m: ManifestShape, route: string) =>
  [
    ...m.sidebar.sections.flatMap((s) => s.items),
    ...m.header.tools,
    ...m.header.quickSearch,
    ...m.footer.columns.flatMap((c) => c.links),
  ].filter((e) => e.target.route === route);

describe('the example customers', () => {
  it('are every manifest under manifest/customers, each valid with an id of its own', () => {
    expect(customerNames()).toEqual(['acme', 'globex']);
    const ids = customerNames().map((name) => load(name).id);
    expect(ids).toEqual(['acme', 'globex']);
    expect(ids).not.toContain(product.id);
    expect(customerManifestFile('acme')).toMatch(/manifest\/customers\/acme\.manifest\.json$/);
  });

  it('acme: its own brand, light mode, fewer colours and covers', () => {
    const acme = load('acme');
    expect(acme.brand.name).toBe('Acme Telecom');
    expect(acme.brand.logo).toBe('acme/assets/logo.svg');
    expect(acme.theme.defaultMode).toBe('light');
    expect(acme.theme.colors.map((c) => c.id)).toEqual([
      'indigo',
      'blue',
      'sky',
      'teal',
      'emerald',
      'amber',
      'orange',
      'rose',
    ]);
    expect(acme.theme.covers.map((c) => c.id)).toEqual([
      'aurora',
      'dunes',
      'waves',
      'grid',
      'ocean',
    ]);
    expect(acme.auth.clientId).toBe('acme-speech-analytics');
  });

  it('acme: Brand Analysis and "The Story Behind the Calls" are gone, routes included', () => {
    const acme = load('acme');
    for (const hidden of ['report-brand', 'trend-analysis', 'voc', 'churn-prediction']) {
      expect(acme.routes.map((r) => r.id)).not.toContain(hidden);
      expect(linksTo(acme, hidden)).toEqual([]);
    }
    expect(acme.sidebar.sections.map((s) => s.title)).toEqual(['Performance Metrics', 'Settings']);
    expect(sidebarLabels(acme)).toEqual([
      'Dashboard',
      'My Dashboard',
      'Vendors',
      'Advisors',
      'Non-Compliant Calls',
      'Churn Analysis',
      'Agent Quality Metrics',
      'Compliance Rules list',
    ]);
    expect(acme.routes.find((r) => r.id === 'agents')?.title).toBe('Advisor Performance');
  });

  it('acme: its own presets first, two of the product kept', () => {
    expect(load('acme').header.quickSearch.map((p) => p.label)).toEqual([
      'Network Outage Reports',
      'Roaming Charge Disputes',
      'Port-Out Requests',
      'Top 10 Critical Customer Concerns',
      'Repeated Complaint',
    ]);
  });

  it('globex: dark, warm colours with its own cover, its own tools, presets and titles', () => {
    const globex = load('globex');
    expect(globex.brand.name).toBe('Globex Contact Centres');
    expect(globex.theme.defaultMode).toBe('dark');
    expect(globex.theme.defaultColor).toBe('amber');
    expect(globex.theme.covers.map((c) => c.id)).toEqual([
      'embers',
      'waves',
      'nebula',
      'sunset',
      'forest',
      'graphite',
    ]);
    expect(globex.header.tools.map((t) => t.label)).toEqual([
      'Impact Analysis',
      'Cost Control',
      'ROI',
      'Repeated Call',
      'Smart Settings',
      'Metadata Upload',
    ]);
    expect(globex.header.quickSearch.map((p) => p.id)).toEqual([
      'escalation-requests',
      'payment-arrangements',
      'top-10-critical-concerns',
    ]);
    expect(globex.routes.find((r) => r.id === 'voc')?.title).toBe('Customer Voice');
    expect(globex.sidebar.sections[0]?.title).toBe('Operations');
    expect(globex.sidebar.callToAction).toBeUndefined();
    expect(globex.auth).toMatchObject({
      protocol: 'entra',
      authority: 'https://login.microsoftonline.com/globex.onmicrosoft.com',
    });
    // Hidden public pages take their footer links with them.
    expect(globex.footer.columns.flatMap((c) => c.links.map((l) => l.id))).not.toContain('quantum');
  });

  it('differ visibly from each other and from the product', () => {
    const [acme, globex] = [load('acme'), load('globex')];
    const look = (m: ManifestShape) => ({
      name: m.brand.name,
      mode: m.theme.defaultMode,
      color: m.theme.defaultColor,
      presets: m.header.quickSearch.map((p) => p.id).join(),
      sidebar: sidebarLabels(m).join(),
    });
    const looks = [product, acme, globex].map(look);
    for (const key of ['name', 'color', 'presets', 'sidebar'] as const) {
      expect(new Set(looks.map((l) => l[key])).size).toBe(3);
    }
    expect(acme.theme.defaultMode).not.toBe(product.theme.defaultMode);
  });
});
