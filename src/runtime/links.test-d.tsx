/**
 * Type tests for the screens' link API, checked by `tsc`: every `@ts-expect-error` line must
 * fail to compile, or the type check goes red on the unused directive.
 */
import { AppLink, useNavigateTo, useRouteQuery, type RouteQuery } from './index.ts';

export function Links() {
  return (
    <>
      <AppLink to="/performance/agents" query={{ compliant: false }}>
        Non-compliant calls
      </AppLink>
      <AppLink to="/customer/voc" query={{ disposition: 'Fake Call' }} className="x">
        Fake calls
      </AppLink>
      <AppLink to="/">Dashboard</AppLink>
      {/* @ts-expect-error an unknown path */}
      <AppLink to="/performance/agent">Agents</AppLink>
      {/* @ts-expect-error an unknown parameter */}
      <AppLink to="/performance/agents" query={{ compliantt: false }}>
        Agents
      </AppLink>
      {/* @ts-expect-error a wrong value type: compliant is a boolean */}
      <AppLink to="/performance/agents" query={{ compliant: 'false' }}>
        Agents
      </AppLink>
      {/* @ts-expect-error a value outside the enum */}
      <AppLink to="/customer/voc" query={{ disposition: 'Fake' }}>
        VOC
      </AppLink>
      {/* @ts-expect-error the dashboard takes no query */}
      <AppLink to="/" query={{ tab: 'x' }}>
        Dashboard
      </AppLink>
    </>
  );
}

export function useTypedQueries() {
  const agents = useRouteQuery('/performance/agents');
  const compliant: boolean | undefined = agents.compliant;
  // @ts-expect-error not a parameter of this route
  void agents.disposition;
  const search: RouteQuery<'/search/keywords'> = useRouteQuery('/search/keywords');
  const limit: number | undefined = search.limit;

  const navigateTo = useNavigateTo();
  void navigateTo('/customer/voc', { disposition: 'Churn Prediction' }, { replace: true });
  // @ts-expect-error a wrong value type: limit is an integer
  void navigateTo('/search/keywords', { limit: '5' });
  return { compliant, limit };
}
