// Two test projects: fast unit tests (Node, fake-indexeddb, happy-dom) and end-to-end tests
// that drive Debian's Chromium against the built web app.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/{shared,renderer,electron,cli}/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
