/**
 * Entry point: apply the saved theme, run the sign-in start-up sequence (spec section 4:
 * initialise, handle a pending redirect, pick the active account), then mount the app.
 */
import { startAuth } from './auth/index.ts';
import { applyStoredTheme, mountApp } from './runtime/app.tsx';

applyStoredTheme();
void startAuth().then(() => mountApp(document.getElementById('root')!));
