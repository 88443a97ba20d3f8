// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  resetAuthStateForTests,
  signInWithRolesForTests as signInWithRoles,
} from '../../auth/test-account.ts';
import { createEmbeddedSource } from '../../data/engine/index.ts';
import { renderScreen } from '../../ui/screen-test-kit.tsx';
import RecordingEvaluations from './evaluations.tsx';
import { href } from '../../runtime/index.ts';

afterEach(() => {
  cleanup();
  resetAuthStateForTests();
});

describe('Recording evaluations', () => {
  it('states the queue rule, evaluates a call and takes it through a dispute', async () => {
    const source = createEmbeddedSource({ calls: 600, seed: 43 });
    signInWithRoles('Rita Reviewer', ['reviewer']);
    const { router } = renderScreen(RecordingEvaluations, href('evaluations'), source);
    await screen.findByText(/A fixed random 2 %/);
    const queue = await source.reviewQueue({ sampling: 'random', filters: {} });
    expect(queue.page.total).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: /^Evaluate/ })[0]!);
    await waitFor(() => expect(router.state.location.search).toMatch(/call=call-/));
    const submit = await screen.findByRole('button', { name: 'Submit evaluation' });
    expect(screen.getByTestId('qa-live-score').textContent).toMatch(/%|No score/);
    fireEvent.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Say who evaluated the call/);
    fireEvent.change(screen.getByLabelText('Reviewer'), { target: { value: 'Rita Reviewer' } });
    fireEvent.click(submit);
    const status = await screen.findByTestId('review-status');
    expect(status.getAttribute('data-status')).toBe('submitted');
    // A reviewer cannot answer for the agent: the step says who can.
    expect(screen.queryByRole('button', { name: 'Dispute' })).toBeNull();
    expect(screen.getByTestId('workflow-refused').textContent).toBe(
      'Only an agent can acknowledge or dispute an evaluation: your account is a reviewer.',
    );
    // Another agent may not answer for the evaluated one (the API server refuses it too).
    const id = new URLSearchParams(router.state.location.search).get('call')!;
    const agent = (await source.call(id))!.agent;
    expect(agent.email).toBeTruthy();
    signInWithRoles('Olly Other', ['agent']);
    expect((await screen.findByTestId('workflow-refused')).textContent).toBe(
      `Only ${agent.name}, whose call was evaluated, can acknowledge or dispute this evaluation.`,
    );
    expect(screen.queryByRole('button', { name: 'Dispute' })).toBeNull();
    // The evaluated agent signs in with the directory's sign-in name, in any case.
    signInWithRoles(agent.name, ['agent'], agent.email!.toUpperCase());
    expect((await screen.findByTestId('evaluate-refused')).textContent).toMatch(
      /^Only a reviewer or a supervisor can evaluate calls/,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Dispute' }));
    expect(await screen.findByText(/needs a note/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Why the agent disputes it'), {
      target: { value: 'I verified the caller at 0:40' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dispute' }));
    await waitFor(() =>
      expect(screen.getByTestId('review-status').getAttribute('data-status')).toBe('disputed'),
    );
    expect(screen.getByTestId('review-workflow').textContent).toContain(`${agent.name} · dispute`);
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
    signInWithRoles('Sam Supervisor', ['supervisor']);
    expect(await screen.findByRole('button', { name: 'Resolve' })).toBeTruthy();
    const disputes = await source.reviewQueue({ sampling: 'disputes', filters: {} });
    expect(disputes.page.items.map((i) => i.callId)).toContain(id);
  });

  it('saves an evaluation as a draft, shows it as one, and submits it later as the same review', async () => {
    const source = createEmbeddedSource({ calls: 600, seed: 43 });
    signInWithRoles('Rita Reviewer', ['reviewer']);
    const { router } = renderScreen(RecordingEvaluations, href('evaluations'), source);
    fireEvent.click((await screen.findAllByRole('button', { name: /^Evaluate/ }))[0]!);
    await waitFor(() => expect(router.state.location.search).toMatch(/call=call-/));
    const id = new URLSearchParams(router.state.location.search).get('call')!;
    fireEvent.change(await screen.findByLabelText('Reviewer'), {
      target: { value: 'Rita Reviewer' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(screen.getByTestId('review-status').getAttribute('data-status')).toBe('draft'),
    );
    expect(screen.getByTestId('review-workflow').textContent).toContain('Rita Reviewer · draft');
    expect(screen.getByTestId('new-review').textContent).toContain("The draft's answers");
    // The agent is not asked about a draft, and the call keeps the AI's score.
    expect(screen.queryByRole('button', { name: 'Dispute' })).toBeNull();
    const ai = (await source.call(id))!.evaluations.find((e) => e.source === 'ai')!;
    const row = (await source.calls({ filters: { callId: id } })).items[0]!;
    expect(row.qaScore).toBeCloseTo(ai.score!, 3);

    fireEvent.change(screen.getByLabelText('Reviewer'), { target: { value: 'Rita Reviewer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit evaluation' }));
    await waitFor(() =>
      expect(screen.getByTestId('review-status').getAttribute('data-status')).toBe('submitted'),
    );
    const steps = screen.getByTestId('review-workflow').textContent!;
    expect(steps).toContain('Rita Reviewer · draft');
    expect(steps).toContain('Rita Reviewer · submit');
    expect((await source.calibration(id)).reviews).toHaveLength(1);
  });

  it("names the queue's action by the role: an agent opens calls, a reviewer evaluates them", async () => {
    const source = createEmbeddedSource({ calls: 600, seed: 43 });
    signInWithRoles('Alex Agent', ['agent']);
    renderScreen(RecordingEvaluations, href('evaluations'), source);
    const open = await screen.findAllByRole('button', { name: /^Open call-/ });
    expect(open.length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('button', { name: /^Evaluate call-/ })).toHaveLength(0);
    signInWithRoles('Rita Reviewer', ['reviewer']);
    expect((await screen.findAllByRole('button', { name: /^Evaluate call-/ })).length).toBe(
      open.length,
    );
  });
});
