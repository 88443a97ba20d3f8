/**
 * Vite plugin for `npm start`: the page names the API the app uses in its meta tags, as a
 * deployment's server does (scripts/serve/deployment-meta.ts), so the dev server runs the app
 * the way a deployment configured at run time does.
 */
import type { Plugin } from 'vite';
import { deploymentMeta, type DeploymentApiSettings } from '../serve/deployment-meta.ts';

export function deploymentMetaPlugin(settings: DeploymentApiSettings): Plugin {
  return {
    name: 'callscope-deployment-meta',
    apply: 'serve',
    transformIndexHtml: () =>
      deploymentMeta(settings).map((attrs) => ({
        tag: 'meta',
        attrs,
        injectTo: 'head-prepend' as const,
      })),
  };
}
