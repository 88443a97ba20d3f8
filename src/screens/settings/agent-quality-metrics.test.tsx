// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAuthStateForTests, signInWithRolesForTests } from '../../auth/test-account.ts';
import { createEmbeddedSource } from '../../data/engine/index.ts';
import { renderScreen } from '../../ui/screen-test-kit.tsx';
import AgentQualityMetrics from './agent-quality-metrics.tsx';
import { href } from '../../runtime/index.ts';

// Rules and forms are changed by supervisors (the token's roles); one test signs in as an agent.
beforeEach(() => signInWithRolesForTests('Sam Supervisor', ['supervisor']));
afterEach(() => {
  cleanup();
  resetAuthStateForTests();
});

describe('Agent Quality Metrics', () => {
  it('explains a bad form at its field, then publishes a version without changing given scores', async () => {
    const source = createEmbeddedSource({ calls: 600, seed: 44 });
    const before = (await source.kpis({ filters: { from: '2000-01-01', to: '2100-01-01' } }))
      .current.qaScore;
    renderScreen(AgentQualityMetrics, href('agent-quality-metrics'), source);
    const weight = (await screen.findAllByLabelText('Weight'))[0]!;
    expect(screen.getByTestId('qa-live-score').textContent).toMatch(/%/);
    fireEvent.change(weight, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 2' }));
    expect(await screen.findByText('must be above 0')).toBeTruthy();
    fireEvent.change(weight, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 2' }));
    await waitFor(async () => expect((await source.evaluationForms())[0]!.version).toBe(2));
    const forms = await source.evaluationForms();
    expect(forms[0]!.sections[0]!.weight).toBe(3);
    const after = (await source.kpis({ filters: { from: '2000-01-01', to: '2100-01-01' } })).current
      .qaScore;
    expect(after).toBe(before);
  });

  it('creates a second form, which new evaluations then use; a taken name is refused at Name', async () => {
    const source = createEmbeddedSource({ calls: 600, seed: 44 });
    const first = (await source.evaluationForms())[0]!;
    const { router } = renderScreen(AgentQualityMetrics, href('agent-quality-metrics'), source);
    fireEvent.click(await screen.findByRole('button', { name: 'New form' }));
    await waitFor(() => expect(router.state.location.search).toBe('?form=new'));
    const name = await screen.findByLabelText('Form name');
    fireEvent.change(name, { target: { value: first.name.toUpperCase() } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Use for new evaluations/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 1' }));
    expect(await screen.findByText('another form has this name')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(name, { target: { value: 'Sales calls' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish version 1' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?form=form-/));
    const forms = await source.evaluationForms();
    const second = forms.find((f) => f.name === 'Sales calls')!;
    expect(second).toMatchObject({ version: 1, active: true });
    expect(second.id).not.toBe(first.id);
    // One form is used for new evaluations: the first form's versions are all retired.
    expect(forms.filter((f) => f.active).map((f) => f.id)).toEqual([second.id]);
    // The builder reloads with the published form: the list is read afresh.
    await waitFor(() =>
      expect(screen.getByTestId('form-list').textContent).toContain('Sales calls · active'),
    );
    expect(screen.getByTestId('form-list').textContent).toContain(first.name);

    const queue = await source.reviewQueue({ sampling: 'random', filters: {}, limit: 1 });
    const callId = queue.page.items[0]!.callId;
    const ai = (await source.call(callId))!.evaluations.find((e) => e.source === 'ai')!;
    const review = await source.submitEvaluation({
      callId,
      evaluator: 'Sam Supervisor',
      source: 'human',
      answers: ai.answers,
    });
    expect(review.evaluation.formId).toBe(second.id);
  });

  it('offers a reviewer no form change, and says who may publish', async () => {
    signInWithRolesForTests('Rita Reviewer', ['reviewer']);
    renderScreen(
      AgentQualityMetrics,
      href('agent-quality-metrics'),
      createEmbeddedSource({ calls: 300, seed: 44 }),
    );
    const publish = await screen.findByRole('button', { name: 'Publish version 2' });
    expect((publish as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('role-refused').textContent).toMatch(
      /^Only a supervisor or an administrator can change evaluation forms: your account is a reviewer\./,
    );
  });
});
