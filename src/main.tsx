/**
 * Entry point: apply the saved theme, run the sign-in start-up sequence (spec section 4:
 * initialise, handle a pending redirect, pick the active account), then mount the app.
 */
import { acquireApiToken, startAuth } from './auth/index.ts';
// Starts the current page's screen chunk on its way before React DOM and the shell evaluate
// and before the sign-in start-up (placed after the identity client: first in the chunk, it
// reordered the modules and cost 0.6 KB more gzip for a few milliseconds).
import './runtime/first-screen.ts';
import { setApiTokenSource, warmApi } from './data/http/api-connection.ts';
import { applyStoredTheme, mountApp } from './runtime/app.tsx';

applyStoredTheme();
// With an API configured (data/http/deployment-api.ts), data requests carry sign-in's token.
setApiTokenSource(acquireApiToken);
void startAuth().then(() => {
  warmApi();
  mountApp(document.getElementById('root')!);
});
