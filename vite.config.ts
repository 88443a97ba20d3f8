import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { manifestPlugin } from './scripts/manifest/vite-plugin.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

// The app lives in src/ (index.html included) so the repository's top level stays
// manifest -> schema -> src -> scripts -> tests.
export default defineConfig({
  root: fileURLToPath(new URL('./src', import.meta.url)),
  // Checks the manifest (SA_MANIFEST selects another one) and generates src/generated first.
  plugins: [manifestPlugin(), react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  test: {
    root: projectRoot,
    include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
});
