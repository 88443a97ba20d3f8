/**
 * The libraries' floor: what react, react-dom, react-router-dom and @azure/msal-browser alone
 * cost in a minimal Vite production build (each used the way an app must use it). Everything
 * above it in our first load is the shell's own code and the manifest.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { gzipBytes } from './first-load.ts';

const MINIMAL_APP = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { PublicClientApplication } from '@azure/msal-browser';

const msal = new PublicClientApplication({ auth: { clientId: 'floor' } });
await msal.initialize();
await msal.handleRedirectPromise();
const router = createBrowserRouter([{ path: '/', element: createElement('h1', null, 'Floor') }]);
createRoot(document.getElementById('root')).render(createElement(RouterProvider, { router }));
`;

/** Builds the minimal app under `workDir` (inside the repository, so node_modules resolve). */
export async function libraryFloorBytes(workDir: string): Promise<number> {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  writeFileSync(
    join(workDir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>',
  );
  writeFileSync(join(workDir, 'main.js'), MINIMAL_APP);
  const outDir = join(workDir, 'dist');
  await build({
    root: workDir,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    build: { outDir, emptyOutDir: true },
  });
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipBytes(outDir, join('assets', file)), 0);
}
