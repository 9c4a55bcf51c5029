// Bundles the Node-side entry points with esbuild: the command line (ESM) and Electron's main
// process and preload (CommonJS, as a sandboxed preload requires). Runs on `npm install`.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  define: { __APP_VERSION__: JSON.stringify(version) },
};

// The command line's chunks are named by their content: last build's would otherwise pile up.
rmSync('build/cli', { recursive: true, force: true });
await Promise.all([
  // CommonJS dependencies (yaml's Node build) call require() for Node's modules, which an ES module lacks.
  // sql.js requires Node's modules at run time in a way a bundle cannot follow: it stays a package the command line loads from node_modules.
  build({
    ...common,
    // Split: each command is its own chunk, loaded when it runs (cli/main.ts).
    entryPoints: ['cli/main.ts'],
    outdir: 'build/cli',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    external: ['sql.js'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  }),
  build({ ...common, entryPoints: ['electron/main.ts'], outfile: 'build/electron/main.cjs', format: 'cjs', external: ['electron'] }),
  build({ ...common, entryPoints: ['electron/preload.ts'], outfile: 'build/electron/preload.cjs', format: 'cjs', external: ['electron'] }),
]);
