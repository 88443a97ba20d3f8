/**
 * The identity provider the browser tests sign in against: the embedded OpenID Connect
 * provider (scripts/local-idp) mounted at /idp on the app server. The build's authority is
 * "/idp", resolved against the app's own origin, so app and provider share one origin and one
 * certificate, as under `npm start`.
 */
export { localIdpMounts as identityProviderMounts } from '../../../scripts/serve/local-idp-mount.ts';
