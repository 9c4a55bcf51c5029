// Test projects: fast unit tests (Node, fake-indexeddb, happy-dom), end-to-end tests that drive
// Debian's Chromium against the built web app, and the long kill run (`npm run test:kill`).
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
          include: ['test/{shared,renderer,electron,cli,scripts,docs}/**/*.test.{ts,tsx}', 'test/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/unit-setup.ts'],
          // vitest's 5 s default fails a correct test on a busy machine; a test that is slow
          // by nature sets its own budget, and the bench keeps the timings.
          testTimeout: 30_000,
          expect: { poll: { timeout: 20_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // Every wait inside is on a condition with a 60 s ceiling; a test's whole budget is
          // larger, so a busy machine makes the suite slower, not red.
          testTimeout: 180_000,
          // expect.poll's own default ceiling is 1 s.
          expect: { poll: { timeout: 60_000 } },
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'kill',
          include: ['test/kill/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
