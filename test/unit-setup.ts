// Set-up of every unit test file. On a shared 2-core machine a render, a worker round trip or a
// fake-indexeddb transaction can take seconds: tests wait on conditions, so the ceilings here are
// generous and a slow machine makes a test slower, not red. Timings belong in `npm run bench`.

import { beforeAll } from 'vitest';

/** How long Testing Library's findBy queries and waitFor keep polling for their condition (its default, 1 s, is a clock assertion). */
const CONDITION_CEILING_MS = 20_000;

beforeAll(async () => {
  // Only files that run in a DOM (happy-dom) render components.
  if (typeof document === 'undefined') return;
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: CONDITION_CEILING_MS });
});
