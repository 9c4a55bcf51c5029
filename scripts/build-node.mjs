// Bundles the Node-side entry points with esbuild: the command line (ESM) and Electron's main
// process and preload (CommonJS, as a sandboxed preload requires). Runs on `npm install`.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  define: { __APP_VERSION__: JSON.stringify(version) },
};

await Promise.all([
  // sql.js is CommonJS that requires Node's modules at run time, which an ESM bundle cannot do: it
  // stays a package the command line loads from node_modules.
  build({ ...common, entryPoints: ['cli/main.ts'], outfile: 'build/cli/main.mjs', format: 'esm', external: ['sql.js'] }),
  build({ ...common, entryPoints: ['electron/main.ts'], outfile: 'build/electron/main.cjs', format: 'cjs', external: ['electron'] }),
  build({ ...common, entryPoints: ['electron/preload.ts'], outfile: 'build/electron/preload.cjs', format: 'cjs', external: ['electron'] }),
]);
