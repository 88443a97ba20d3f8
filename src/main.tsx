/**
 * Entry point: apply the saved theme, run the sign-in start-up sequence (spec section 4:
 * initialise, handle a pending redirect, pick the active account), then mount the app.
 */
import { acquireApiToken, startAuth } from './auth/index.ts';
// Starts the current page's screen chunk on its way before React DOM and the shell evaluate
// and before the sign-in start-up (placed after the identity client: first in the chunk, it
// reordered the modules and cost 0.6 KB more gzip for a few milliseconds).
import './runtime/first-screen.ts';
import { fetchApiClient, setApiTokenSource, warmApi } from './data/http/api-connection.ts';
import { nextTask } from './data/engine/next-task.ts';
import { applyStoredTheme } from './runtime/preferences-store.ts';

// React DOM and the shell (its frame and components) are chunks of their own, asked for
// together once this chunk has evaluated (after a task boundary: a chunk already in the browser
// can otherwise evaluate in this very task). Neither imports the other, so each evaluates in a
// task of its own as it arrives, each well under the 50 ms of a long task. When the shell
// imported React DOM it could only be asked for after React DOM had evaluated, and with MSAL
// preloaded (scripts/serve/route-preloads.ts) it became the last thing `/` waited for. The
// shell's stylesheet comes with the page (scripts/build/shell-chunk-styles.ts).
const startUp = nextTask();
const shell = Promise.all([
  startUp.then(() => import('./runtime/react-dom-client.ts')),
  startUp.then(() => import('./runtime/app.tsx')),
]);

applyStoredTheme();
fetchApiClient();
const started = startAuth();
// With an API configured (data/http/deployment-api.ts), data requests carry sign-in's token;
// one made during the start-up (the first screen reading ahead) waits for its account.
setApiTokenSource((refresh) => started.then(() => acquireApiToken(refresh)));
void started.then(async (identityLoaded) => {
  warmApi();
  const loaded = identityLoaded ? await shell.catch(() => null) : null;
  if (loaded) {
    const [reactDom, app] = loaded;
    app.mountApp(document.getElementById('root')!, reactDom.createRoot);
  } else showLoadFailure();
});

/**
 * The shell's or the identity client's chunk did not arrive: the skeleton's status line says so
 * instead of loading.
 */
function showLoadFailure(): void {
  const status = document.querySelector('.boot-status');
  if (status) {
    status.textContent =
      'The application could not be loaded. Check your connection, then reload the page.';
  }
}
