// Turns off zod's compiled fast path for the UI and its workers, before any schema exists. The
// Content-Security-Policy refuses eval, so the fast path could never run here, but zod's probe for
// it (`new Function("")`) is reported as a violation on every page and worker that loads zod.
// Imported first by every entry point (main.tsx, each *.worker.ts); the command line keeps the fast path.

import { z } from 'zod';

z.config({ jitless: true });
