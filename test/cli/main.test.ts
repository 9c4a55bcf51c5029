import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const repo = fileURLToPath(new URL('../..', import.meta.url));

describe('agreement-studio: top level', () => {
  it('prints usage listing every command of FORMATS §6 on --help', async () => {
    const run = await runCli('--help');
    expect(run.code).toBe(0);
    for (const command of ['validate FILE...', 'report --transcripts', 'reliability FILE.csv', 'pack --transcripts', 'demo --out DIR']) {
      expect(run.stdout).toContain(command);
    }
    expect(run.stderr).toBe('');
  });

  it('prints usage and exits 2 without a command', async () => {
    const run = await runCli();
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^Usage: agreement-studio <command>/);
  });

  it('prints the version', async () => {
    expect(await runCli('--version')).toEqual({ code: 0, stdout: 'agreement-studio test\n', stderr: '' });
  });

  it('exits 2 on an unknown command', async () => {
    const run = await runCli('frobnicate');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown command "frobnicate"');
    expect(run.stderr).toContain('--help');
  });
});

describe('the installed bin', () => {
  beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/build-node.mjs'], { cwd: repo, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  }, 120_000);

  it('validates the demo study in a real process', () => {
    const run = spawnSync(process.execPath, ['cli/bin/agreement-studio.mjs', 'validate', 'assets/demo-study.json'], { cwd: repo, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^OK {2}assets\/demo-study\.json: \d+ puzzles, \d+ sessions, \d+ turns/);
  });
});
