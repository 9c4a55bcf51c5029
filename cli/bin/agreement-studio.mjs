#!/usr/bin/env node
// The `agreement-studio` command: runs the bundled CLI that `npm install` builds.
import { existsSync } from 'node:fs';

const bundle = new URL('../../build/cli/main.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('agreement-studio: the command line is not built yet; run `npm install` (or `npm run build:node`) in the repository.\n');
  process.exit(2);
}
// A reader that stops early (`| head`) closes the pipe: the command's output is simply no longer wanted.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
const { main } = await import(bundle.href);
process.exitCode = await main(process.argv.slice(2));
