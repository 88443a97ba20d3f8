// worker_threads do not inherit tsx's loader: register it here, then load the TypeScript helper.
import { register } from 'tsx/esm/api';

register();
await import('./slice-thread.ts');
