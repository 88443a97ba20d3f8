/**
 * Generated hostile input over every method of the contract table (issue 33): arguments the
 * contract allows at its limits, the same with one field made wrong (numbers at and beyond their
 * limits, negative and huge offsets, invalid dates, wrong types, unknown fields, long repetitive
 * expressions), bodies that are not objects or nest 100,000 deep, query strings no route takes.
 * Nothing is answered 500; whatever is refused is refused 4xx with the contract's error body; and
 * /v1/health answers after every method's batch. The methods come from CONTRACT and the
 * requests from the generated request schema, so a new method is fuzzed as it is added.
 * Bounded (a few requests per kind and method, fixed seed) to run in seconds in `npm test`.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT, STATUS_OF_CODE, type ContractRoute } from '../src/data/http/contract.ts';
import type { DataSourceMethod } from '../src/data/source.ts';
import { hostileValue, objectPaths, validRequest, withField } from './request-arbitraries.ts';
import { startTestApi } from './test-kit.ts';

/**
 * Starting (and stopping) an API server over 300 calls: generating and storing the corpus, seconds
 * alone, several times that on a machine busy with other test files.
 */
const START_BUDGET_MS = 120_000;

/** Requests of each kind per method: ~60 methods x 4 kinds x RUNS requests in all. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 33);

/** A request with one thing made wrong, and whether the contract refuses it whatever it is. */
interface Mutation {
  changed: unknown;
  mustRefuse: boolean;
}

interface Answer {
  status: number;
  body: unknown;
}

describe('every contract method under generated hostile input', { timeout: 120_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestApi>>;
  let token: string;

  beforeAll(async () => {
    t = await startTestApi(300);
    token = await t.authority.token({}, { expiresIn: '30m' });
  }, START_BUDGET_MS);
  afterAll(() => t?.stop(), START_BUDGET_MS);

  /** Methods that answered at least one generated request 2xx: the fuzz reaches the service. */
  const answered = new Set<DataSourceMethod>();

  /** Sends a method's argument as its route carries it; `raw` replaces the body text. */
  const send = async (
    method: DataSourceMethod,
    arg: unknown,
    options: { raw?: string; query?: string } = {},
  ): Promise<Answer> => {
    const routes: readonly ContractRoute[] = CONTRACT[method].routes;
    const id = routes[0]!.args === 'id' ? arg : (arg as { id?: unknown } | null)?.id;
    const route =
      (typeof id === 'string' && id !== ''
        ? routes[0]
        : routes.find((r) => !r.path.includes('{id}'))) ?? routes[0]!;
    const pathId = typeof id === 'string' && id !== '' ? id : 'fuzz';
    const path = route.path.replace('{id}', encodeURIComponent(pathId));
    const carriesBody = route.args === 'body' || route.args === 'id+body';
    const body = options.raw ?? (carriesBody ? JSON.stringify(arg) : undefined);
    const response = await fetch(`${t.api.url}/v1${path}${options.query ?? ''}`, {
      method: route.verb,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined || route.verb === 'GET' ? {} : { body }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // kept as text: the assertions say what was wrong with it
    }
    return { status: response.status, body: parsed };
  };

  /** Never 500; a refusal carries the contract's error body. 503 only as "busy, retry". */
  const expectHandled = (answer: Answer, what: string) => {
    expect(answer.status === 500 || answer.status > 503, `${what}: ${JSON.stringify(answer)}`).toBe(
      false,
    );
    if (answer.status < 400) return;
    const error = (answer.body as { error?: Record<string, unknown> } | null)?.error;
    expect(error, `${what}: ${JSON.stringify(answer)}`).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
      details: expect.any(Array),
    });
    expect(Object.keys(STATUS_OF_CODE)).toContain(error!.code);
    if (answer.status === 503) expect(error!.code).toBe('unavailable');
  };

  const expectRefused = (answer: Answer, what: string) => {
    expectHandled(answer, what);
    expect(answer.status >= 400 && answer.status < 500, `${what}: ${JSON.stringify(answer)}`).toBe(
      true,
    );
  };

  const healthy = async () => {
    const r = await fetch(`${t.api.url}/v1/health`);
    expect(r.status).toBe(200);
  };

  const run = <T extends [unknown]>(property: fc.IAsyncProperty<T>) =>
    fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });

  for (const method of (Object.keys(CONTRACT) as DataSourceMethod[]).sort()) {
    const takesBody = CONTRACT[method].routes.some(
      (r) => (r.args === 'body' || r.args === 'id+body') && r.verb !== 'GET',
    );

    it(
      method,
      async () => {
        // What the contract allows, at its limits: answered, never 500.
        await run(
          fc.asyncProperty(validRequest(method), async (arg) => {
            const answer = await send(method, arg);
            expectHandled(answer, `${method} ${JSON.stringify(arg)}`);
            if (answer.status < 300) answered.add(method);
          }),
        );

        // One field made wrong, or one more field than the type names.
        const mutated = validRequest(method).chain((arg): fc.Arbitrary<Mutation> => {
          const paths = objectPaths(arg);
          if (paths.length === 0) {
            // An id (or nothing): one longer than any id is.
            return fc.constant({ changed: 'x'.repeat(300), mustRefuse: typeof arg === 'string' });
          }
          return fc
            .record({
              path: fc.constantFrom(...paths),
              unknown: fc.boolean(),
              value: hostileValue,
              pick: fc.nat(),
            })
            .map(({ path, unknown, value, pick }) => {
              const at = path.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], arg);
              const keys = Object.keys(at as object);
              const key =
                unknown || keys.length === 0 ? 'fuzzUnknownField' : keys[pick % keys.length]!;
              return {
                changed: withField(arg, path, key, value),
                // Request objects name their fields: one more at the top is always refused.
                mustRefuse: key === 'fuzzUnknownField' && path.length === 0,
              };
            });
        });
        await run(
          fc.asyncProperty(mutated, async ({ changed, mustRefuse }) => {
            const answer = await send(method, changed);
            const what = `${method} ${JSON.stringify(changed).slice(0, 400)}`;
            if (mustRefuse) expectRefused(answer, what);
            else expectHandled(answer, what);
          }),
        );

        if (takesBody) {
          // Bodies that are no request at all.
          await run(
            fc.asyncProperty(
              fc.oneof(
                hostileValue.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
                fc.constant('{"a":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}'),
                fc.constant('{not json'),
              ),
              async (body) => {
                const raw =
                  typeof body === 'string' && body.startsWith('{') ? body : JSON.stringify(body);
                expectRefused(
                  await send(method, {}, { raw }),
                  `${method} body ${raw.slice(0, 80)}`,
                );
              },
            ),
          );
        }

        // Query strings: no contract route takes one.
        await run(
          fc.asyncProperty(
            fc.constantFrom('?offset=1e308', '?limit=99999999999999999999', '?x=%00', '?filters=x'),
            async (query) => {
              const arg = fc.sample(validRequest(method), { numRuns: 1, seed: SEED })[0];
              expectRefused(await send(method, arg, { query }), `${method} ${query}`);
            },
          ),
        );
        await healthy();
      },
      60_000,
    );
  }

  it('reaches the service with most methods (the generated requests are not all refused)', () => {
    expect(answered.size).toBeGreaterThan(Object.keys(CONTRACT).length / 2);
  });
});
