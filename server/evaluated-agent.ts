/**
 * Only the evaluated agent answers an evaluation (acknowledges or disputes it; issue 33, 38.5).
 * Which agent a signed-in user is: the agent directory's `email` (Agent.email, the sign-in
 * name) equal to the token's `preferred_username`, else its `email` claim, ignoring case. With
 * Entra ID that is the user principal name, which access tokens carry and which the contact
 * centre's agent directory holds as the agent's login (see docs/sign-in.md). The role table
 * lets no other role answer for an agent (src/auth/roles.ts, respond-to-evaluations), so
 * nobody answers on someone's behalf; a supervisor resolves a dispute instead.
 */
import type { Agent } from '../src/generated/data.types.ts';
import { evaluatedAgentId, type Corpus } from '../src/data/engine/index.ts';
import type { EvaluationUpdate } from '../src/data/source.ts';
import { isAgentSignedInAs } from '../src/auth/agent-identity.ts';
import { ForbiddenError, type Caller } from './auth.ts';

/** The directory's agent the caller signs in as, or null (no sign-in name, or nobody's). */
export function agentOfCaller(agents: readonly Agent[], caller: Caller): Agent | null {
  return agents.find((agent) => isAgentSignedInAs(agent, caller.signInName)) ?? null;
}

/** 403 unless an acknowledge or a dispute comes from the agent the evaluation is of. */
export function answersOwnEvaluation(corpus: Corpus, update: unknown, caller: Caller): void {
  const { id, action } = (update ?? {}) as Partial<EvaluationUpdate>;
  if (action !== 'acknowledge' && action !== 'dispute') return;
  const evaluated = evaluatedAgentId(corpus, String(id));
  // An id naming no call: the engine answers that it does not exist.
  if (evaluated === null) return;
  const agents = corpus.cast.agents;
  const me = agentOfCaller(agents, caller);
  if (me?.id === evaluated) return;
  const theirs = agents.find((agent) => agent.id === evaluated);
  throw new ForbiddenError(
    `Only ${theirs?.name ?? evaluated}, whose call was evaluated, can ${action} this evaluation: ${
      me
        ? `you are signed in as ${me.name}`
        : `your sign-in name ${caller.signInName ?? '(none in your token)'} is no agent's in the agent directory`
    }.`,
    ['id', `agent:${evaluated}`],
  );
}
