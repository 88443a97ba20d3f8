/**
 * Entry of redirect-bridge.html: passes the identity provider's answer (in this page's URL)
 * to the MSAL instance of the window that asked for it, then removes it from the address.
 */
import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

broadcastResponseToMainFrame().catch(() => {
  // Opened directly, without an answer to deliver: the page's text points to the app.
});
