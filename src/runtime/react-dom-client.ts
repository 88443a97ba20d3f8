/**
 * React DOM's client, a chunk of its own: main.tsx imports it beside the shell (app.tsx), which
 * does not import it, so the two evaluate apart. As one chunk their evaluation was a 35-65 ms
 * task after the first paint at 1x (20-33 ms of CPU), the longest left on `/` (issue 18).
 */
export { createRoot } from 'react-dom/client';
