// Zod for the UI and its workers, with its compiled fast path turned off before any schema exists.
// The Content-Security-Policy refuses eval, so the fast path could never run here, but zod's probe
// for it (`new Function("")`) is reported as a violation wherever a schema is built with it on.
// The web build resolves every `import ... from 'zod'` to this module (vite.config.ts), so the
// switch runs before the first schema whichever chunk a schema lands in: a side-effect import at
// the top of each entry point ran too late once a chunk holding schemas was evaluated before the
// entry's own code. The command line and the tests keep zod as it is, fast path included.

import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
