/**
 * Type tests for the screens' link API, checked by `tsc`: every `@ts-expect-error` line must
 * fail to compile, or the type check goes red on the unused directive.
 */
import { AppLink, useNavigateTo, useRouteQuery, type RouteQuery } from './index.ts';

export function Links() {
  return (
    <>
      <AppLink route="agents" query={{ compliant: false }}>
        Non-compliant calls
      </AppLink>
      <AppLink route="voc" query={{ disposition: 'Fake Call' }} className="x">
        Fake calls
      </AppLink>
      <AppLink route="dashboard">Dashboard</AppLink>
      {/* @ts-expect-error an unknown route id */}
      <AppLink route="agent">Agents</AppLink>
      {/* @ts-expect-error an unknown parameter */}
      <AppLink route="agents" query={{ compliantt: false }}>
        Agents
      </AppLink>
      {/* @ts-expect-error a wrong value type: compliant is a boolean */}
      <AppLink route="agents" query={{ compliant: 'false' }}>
        Agents
      </AppLink>
      {/* @ts-expect-error a value outside the enum */}
      <AppLink route="voc" query={{ disposition: 'Fake' }}>
        VOC
      </AppLink>
      {/* @ts-expect-error the dashboard takes no query */}
      <AppLink route="dashboard" query={{ tab: 'x' }}>
        Dashboard
      </AppLink>
    </>
  );
}

export function useTypedQueries() {
  const agents = useRouteQuery('agents');
  const compliant: boolean | undefined = agents.compliant;
  // @ts-expect-error not a parameter of this route
  void agents.disposition;
  const search: RouteQuery<'keyword-search'> = useRouteQuery('keyword-search');
  const limit: number | undefined = search.limit;

  const navigateTo = useNavigateTo();
  void navigateTo('voc', { disposition: 'Churn Prediction' }, { replace: true });
  // @ts-expect-error a wrong value type: limit is an integer
  void navigateTo('keyword-search', { limit: '5' });
  return { compliant, limit };
}
