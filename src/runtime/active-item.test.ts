import { describe, expect, it } from 'vitest';
import { manifest } from '../generated/manifest.gen.ts';
import { findActiveEntry, type LinkedEntry } from './active-item.ts';
import { sidebarEntries } from './shell/sidebar.tsx';
import { routeById, targetHref } from './targets.ts';

const at = (href: string) => {
  const url = new URL(href, 'https://app.example');
  return { pathname: url.pathname, search: url.search };
};
const entries: (LinkedEntry & { id: string })[] = [
  { id: 'agents', target: { route: 'agents' } },
  { id: 'non-compliant', target: { route: 'agents', query: { compliant: false } } },
  { id: 'voc', target: { route: 'voc' } },
  { id: 'churn-voc', target: { route: 'voc', query: { disposition: 'Churn Prediction' } } },
];
const activeId = (href: string) => findActiveEntry(entries, at(href))?.id;

describe('findActiveEntry', () => {
  it('marks the entry with a query active only when the URL has that query', () => {
    expect(activeId('/performance/agents?compliant=false')).toBe('non-compliant');
    expect(activeId('/performance/agents')).toBe('agents');
  });

  it('falls back to the plain entry when the query matches no entry of its own', () => {
    expect(activeId('/performance/agents?compliant=true')).toBe('agents');
    expect(activeId('/customer/voc?disposition=Complaint')).toBe('voc');
    expect(activeId('/customer/voc?disposition=Churn%20Prediction')).toBe('churn-voc');
    expect(activeId('/customer/voc?disposition=Churn+Prediction')).toBe('churn-voc');
  });

  it('ignores other query parameters and finds nothing on other paths', () => {
    expect(activeId('/performance/agents?compliant=false&vendor=v1')).toBe('non-compliant');
    expect(activeId('/performance/vendors')).toBeUndefined();
  });

  it('makes each sidebar entry of the manifest the one active entry at its own link', () => {
    for (const entry of sidebarEntries) {
      expect(findActiveEntry(sidebarEntries, at(targetHref(entry.target)))).toBe(entry);
    }
    expect(sidebarEntries.length).toBeGreaterThan(manifest.sidebar.sections.length);
  });

  it('throws on a route id the generated code does not know', () => {
    expect(() => routeById('no-such-route')).toThrow(/Unknown route id "no-such-route"/);
  });
});
