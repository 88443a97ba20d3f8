// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthStateForTests, signInWithRolesForTests } from '../../auth/test-account.ts';
import { createEmbeddedSource } from '../../data/engine/index.ts';
import { linkSearch, renderScreen } from '../../ui/screen-test-kit.tsx';
import { filtersFromParams } from '../../ui/url-filters.ts';
import ComplianceRuleBuilder from './compliance-rules.tsx';
import ComplianceRulesList from './compliance-rules-list.tsx';
import { href } from '../../runtime/index.ts';

// Rules and forms are changed by supervisors (the token's roles); one test signs in as an agent.
beforeEach(() => signInWithRolesForTests('Sam Supervisor', ['supervisor']));
afterEach(() => {
  cleanup();
  resetAuthStateForTests();
});

describe('Compliance rules list', () => {
  it('lists every rule; a hit count links to a call list of that many calls', async () => {
    const source = createEmbeddedSource({ calls: 600, seed: 41 });
    renderScreen(
      ComplianceRulesList,
      href('compliance-rules-list', { kind: 'compliance' }),
      source,
    );
    const table = await screen.findByTestId('rules-table');
    const rules = (await source.rules()).filter((r) => r.kind === 'compliance');
    expect(within(table).getAllByRole('row').length).toBe(rules.length + 1);
    const link = within(table).getAllByRole('link', { name: /calls hit by/ })[0]!;
    const count = Number(link.textContent!.replace(/,/g, ''));
    const filters = filtersFromParams(linkSearch(link.getAttribute('href')!)).filters;
    expect((await source.calls({ filters, limit: 1 })).total).toBe(count);
  });

  it('deletes a rule after confirmation and brings it back with undo', async () => {
    const source = createEmbeddedSource({ calls: 300, seed: 45 });
    renderScreen(ComplianceRulesList, href('compliance-rules-list'), source);
    const table = await screen.findByTestId('rules-table');
    const [rule] = await source.rules();
    fireEvent.click(within(table).getByRole('button', { name: `Delete ${rule!.name}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect((await source.rules()).some((r) => r.id === rule!.id)).toBe(true);
    fireEvent.click(within(table).getByRole('button', { name: `Delete ${rule!.name}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete rule' }));
    await screen.findByText(`“${rule!.name}” was deleted.`);
    expect((await source.rules()).some((r) => r.id === rule!.id)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => {
      const back = (await source.rules()).find((r) => r.id === rule!.id);
      expect(back?.version).toBe(rule!.version + 1);
    });
  });

  it('says which address value it ignored', async () => {
    renderScreen(ComplianceRulesList, `${href('compliance-rules-list')}?severity=huge`);
    expect(
      await screen.findByText(
        /severity: “.*” was ignored \(expected one of critical, major, minor\)/,
      ),
    ).toBeTruthy();
  });
});

describe('Rule builder', () => {
  it('marks every problem of a new rule at its field and previews only a draft that passes', async () => {
    const source = createEmbeddedSource({ calls: 300, seed: 48 });
    const previews = vi.spyOn(source, 'previewRule');
    renderScreen(ComplianceRuleBuilder, href('compliance-rules'), source);
    const name = await screen.findByLabelText('Name');
    const terms = screen.getByLabelText(/^Terms/);
    const summary = await screen.findByText(/not complete yet: \d+ problems? shown at the fields/);
    // Name and the empty term: both fields are marked, and the count is what is marked.
    await waitFor(() => expect(terms.getAttribute('aria-invalid')).toBe('true'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const marked = document.querySelectorAll('[aria-invalid="true"]').length;
    expect(summary.textContent).toContain(`${marked} problem`);
    expect(previews).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: 'Says sorry' } });
    fireEvent.change(terms, { target: { value: 'sorry' } });
    await screen.findByTestId('preview-hits');
    expect(previews).toHaveBeenCalled();
  });

  it('bounds the points and keeps rule names unique, at the fields', async () => {
    const source = createEmbeddedSource({ calls: 300, seed: 49 });
    const [existing] = await source.rules();
    renderScreen(ComplianceRuleBuilder, href('compliance-rules'), source);
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: ` ${existing!.name.toUpperCase()} ` } });
    fireEvent.change(screen.getByLabelText(/^Terms/), { target: { value: 'sorry' } });
    const points = screen.getByLabelText(/^Points/);
    fireEvent.change(points, { target: { value: '999999999' } });
    expect(await screen.findByText('must be at most 100')).toBeTruthy();
    expect(points.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(points, { target: { value: '5' } });
    await screen.findByTestId('preview-hits');
    fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(
      await screen.findByText(`another rule is already called “${existing!.name}”`),
    ).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect((await source.rules()).filter((r) => r.name === existing!.name)).toHaveLength(1);
  });

  it('explains an incomplete rule at its field and previews a complete one', async () => {
    const source = createEmbeddedSource({ calls: 600, seed: 42 });
    renderScreen(ComplianceRuleBuilder, href('compliance-rules'), source);
    const name = await screen.findByLabelText('Name');
    expect(await screen.findByText(/name: must not be empty|must not be empty/)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Says sorry' } });
    const terms = screen.getByLabelText(/^Terms/);
    fireEvent.change(terms, { target: { value: 'sorry' } });
    const hits = await screen.findByTestId('preview-hits');
    await waitFor(() => expect(screen.queryByText(/not complete yet/)).toBeNull());
    const ids = filtersFromParams(linkSearch(hits.getAttribute('href')!)).filters;
    const count = Number(hits.textContent!.replace(/,/g, ''));
    expect((await source.calls({ filters: ids, limit: 1 })).total).toBe(count);
  });

  it('scopes a rule to agents found by name; the preview counts only their calls', async () => {
    const source = createEmbeddedSource({ calls: 600, seed: 43 });
    const { agents } = await source.catalog();
    // An agent with analysed calls, and one more to add and remove again.
    const [busiest] = (await source.calls({ filters: { status: 'analysed' }, limit: 1 })).items;
    const agent = agents.find((a) => a.id === busiest!.agentId);
    const other = agents.find((a) => a.id !== agent!.id);
    renderScreen(ComplianceRuleBuilder, href('compliance-rules'), source);
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Agent scoped' } });
    // The new rule's agent must say the term: a word nobody says fails every call in scope.
    fireEvent.change(screen.getByLabelText(/^Terms/), { target: { value: 'zebra' } });
    const search = screen.getByLabelText('Agents (all)');
    fireEvent.change(search, { target: { value: 'zzzz no such agent' } });
    expect(screen.getByText(/No agent matches/)).toBeTruthy();
    for (const a of [agent!, other!]) {
      fireEvent.change(search, { target: { value: a.name } });
      fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Add ${a.name}`) }));
    }
    expect(screen.getByLabelText('Agents (2 chosen)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Remove ${other!.name}` }));
    expect(screen.getByLabelText('Agents (1 chosen)')).toBeTruthy();
    await waitFor(async () => {
      const hits = screen.getByTestId('preview-hits');
      const count = Number(hits.textContent!.replace(/,/g, ''));
      const ids = filtersFromParams(linkSearch(hits.getAttribute('href')!)).filters;
      const listed = await source.calls({ filters: ids, limit: 500 });
      expect(listed.total).toBe(count);
      expect(count).toBeGreaterThan(0);
      expect(listed.items.every((r) => r.agentId === agent!.id)).toBe(true);
    });
  });

  it('offers an agent no rule change: the list and the builder say who may', async () => {
    signInWithRolesForTests('Alex Agent', ['agent']);
    const source = createEmbeddedSource({ calls: 300, seed: 45 });
    renderScreen(ComplianceRulesList, href('compliance-rules-list'), source);
    const table = await screen.findByTestId('rules-table');
    expect(screen.getByTestId('role-refused').textContent).toMatch(
      /^Only a supervisor or an administrator can change compliance rules: your account is an agent\./,
    );
    for (const button of within(table).getAllByRole('button', { name: /^(Delete|Duplicate)/ })) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
    expect(screen.queryByRole('link', { name: 'New rule' })).toBeNull();
    cleanup();
    const [rule] = await source.rules();
    renderScreen(ComplianceRuleBuilder, href('compliance-rules', { rule: rule!.id }), source);
    const save = await screen.findByRole('button', { name: /^Save version/ });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(save.getAttribute('aria-describedby')).toContain('rb-role');
    expect(document.getElementById('rb-role')!.textContent).toMatch(/^Only a supervisor/);
  });
});
