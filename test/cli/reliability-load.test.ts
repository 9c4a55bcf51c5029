// Proves the `reliability` command loads only what it needs (issue 30): the command line's
// commands are split into chunks loaded when they run, and the reliability command's own code
// reaches neither zod nor the other commands, whose loading once cost more than its statistics.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));

describe('the reliability command', () => {
  it('bundles without zod or another command', async () => {
    const result = await build({
      entryPoints: ['cli/commands/reliability.ts'],
      absWorkingDir: repo,
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      outdir: 'unused',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes('cli/commands/reliability.ts'))).toBe(true);
    expect(inputs.filter((path) => /node_modules\/zod\//.test(path))).toEqual([]);
    expect(inputs.filter((path) => /cli\/commands\//.test(path) && !path.endsWith('reliability.ts'))).toEqual([]);
  });

  it('is loaded by the command line only when asked for', async () => {
    const result = await build({
      entryPoints: ['cli/main.ts'],
      absWorkingDir: repo,
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      outdir: 'unused',
      external: ['sql.js'],
      define: { __APP_VERSION__: '"test"' },
    });
    const entry = Object.values(result.metafile.outputs).find((output) => output.entryPoint === 'cli/main.ts');
    expect(entry).toBeDefined();
    expect(Object.keys(entry?.inputs ?? {}).filter((path) => /cli\/commands\//.test(path))).toEqual([]);
  });
});
