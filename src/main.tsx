/**
 * Entry point: apply the saved theme, run the sign-in start-up sequence (spec section 4:
 * initialise, handle a pending redirect, pick the active account), then mount the app.
 */
// First: starts the current page's screen chunk on its way before anything heavy evaluates.
import './runtime/first-screen.ts';
import { acquireApiToken, startAuth } from './auth/index.ts';
import { setApiTokenSource } from './data/http/api-connection.ts';
import { applyStoredTheme, mountApp } from './runtime/app.tsx';

applyStoredTheme();
// With an API configured (VITE_API_URL), data requests carry sign-in's access token.
setApiTokenSource(acquireApiToken);
void startAuth().then(() => mountApp(document.getElementById('root')!));
