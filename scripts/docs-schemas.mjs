// `npm run docs:schemas`: writes docs/schemas/*.json, the JSON Schema of each file format, from
// the zod schemas the readers use (scripts/docs-schemas/published-schemas.ts). Bundles that module
// with esbuild (zod inside, as the file runs from a temporary folder) and runs it; test/docs/schemas.test.ts keeps the files equal to it.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const folder = mkdtempSync(join(tmpdir(), 'docs-schemas-'));
try {
  const outfile = join(folder, 'published-schemas.mjs');
  await build({
    entryPoints: ['scripts/docs-schemas/published-schemas.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  });
  const { publishedSchemas, schemaText } = await import(pathToFileURL(outfile).href);
  mkdirSync('docs/schemas', { recursive: true });
  for (const [file, schema] of publishedSchemas()) {
    writeFileSync(`docs/schemas/${file}`, schemaText(schema));
    console.log(`wrote docs/schemas/${file}`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
