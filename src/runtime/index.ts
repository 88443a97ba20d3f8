/**
 * The runtime's public face: the only module screens import from the shell. Screens get typed
 * links and the typed query of the current URL; the shell's frame (heading, breadcrumbs,
 * description) is drawn around them, so a screen never renders its own <h1>.
 */
export { AppLink, useCurrentAddress, useNavigateTo, useRouteQuery } from './links.tsx';
export type { AppLinkProps, NavigateOptions } from './links.tsx';
export { href } from '../generated/routes.gen.ts';
export type { LinkableRouteId, RouteQuery, RouteQueryMap } from '../generated/routes.gen.ts';
export { useIgnoredParams } from './ignored-params.tsx';
export { useRoutePurpose } from './route-purpose.ts';
export { describeIgnored } from './address-check.ts';
export type { IgnoredParam } from './address-check.ts';
export { contactSettings, deploymentStorage } from './deployment.ts';
export type { ContactSettings, ScopedStorage, StoredValueSpec } from './deployment.ts';
