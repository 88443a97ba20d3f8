/**
 * The local provider's agent is an agent of the demo corpus (issue 38.5): the agent directory's
 * sign-in name is the demo user's e-mail, and the names agree, so what they dispute is their
 * own calls' evaluations and the history and the inbox name the same person.
 */
import { describe, expect, it } from 'vitest';
import { demoUsers, displayName } from '../../../scripts/local-idp/demo-users.ts';
import { agentEmail, buildCast } from '../../../src/data/corpus/catalog.ts';

describe('the demo agent user', () => {
  const agentUsers = demoUsers.filter((user) => user.roles.includes('agent'));

  it.each([1, 42, 20260331])('is an agent of the corpus of seed %i, by sign-in name', (seed) => {
    const agents = buildCast(seed).agents;
    expect(agentUsers.length).toBeGreaterThan(0);
    for (const user of agentUsers) {
      const agent = agents.find((a) => a.email === user.email);
      expect(agent?.name).toBe(displayName(user));
    }
    // One sign-in name per agent: a token names at most one.
    expect(new Set(agents.map((a) => a.email)).size).toBe(agents.length);
  });

  it('sign-in names are letters only at the directory’s domain', () => {
    expect(agentEmail('Tomás', 'O’Brien')).toBe('tomas.obrien@callscope.example');
  });
});
