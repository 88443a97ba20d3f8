/**
 * What the app takes from MSAL at run time: the identity client's class and MSAL's React
 * context. Imported by runtime-instance.ts when sign-in starts, so MSAL is a chunk of its own
 * that evaluates in a task of its own (in `main` it made main's evaluation a 45-65 ms task
 * after the first paint at 1x, issue 18). Both from this one module: the bundle still leaves
 * out what the app does not use (importing MSAL's face whole added 10 KB gzip to every first
 * load), and MSAL is one chunk rather than one for the client and one shared with the shell.
 */
export { PublicClientApplication } from '@azure/msal-browser';
export { MsalProvider } from '@azure/msal-react';
