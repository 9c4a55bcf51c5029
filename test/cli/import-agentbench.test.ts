// AgentBench's lateral-thinking run on the command line (issue 26 points 5 and 7): in its own
// folders (outputs/<time>/<agent>/<task>/), each file `import` reads is named by `validate` with the
// layout `import` prints for it, and validate's counts for runs.jsonl and the workbook are the
// ones `import` writes; the agent is the folder's, and a runs.jsonl out of its folder asks for it.

import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_YAML, DEV_XLSX_PATH, ERROR_JSONL, OVERALL_JSON, runsJsonl } from '../shared/formats/importers/agentbench-run';
import { runCli, scratchDir } from './run-cli';

const dir = scratchDir();
const output = join(dir, 'outputs', '2024-01-02-03-04-00');
const run = join(output, 'gpt-4', 'ltp-dev');
mkdirSync(run, { recursive: true });
const FILES = {
  runs: join(run, 'runs.jsonl'),
  errors: join(run, 'error.jsonl'),
  overall: join(run, 'overall.json'),
  config: join(output, 'config.yaml'),
  sheet: join(dir, 'dev.xlsx'),
};
writeFileSync(FILES.runs, runsJsonl());
writeFileSync(FILES.errors, ERROR_JSONL);
writeFileSync(FILES.overall, OVERALL_JSON);
writeFileSync(FILES.config, CONFIG_YAML);
copyFileSync(DEV_XLSX_PATH, FILES.sheet);

/** The layout and counts validate gives for one file: `OK  path: layout: counts`. */
async function validated(path: string) {
  const run = await runCli('validate', path);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const line = run.stdout.slice(`OK  ${path}: `.length).trim();
  const layout = /^(.*?\)(?:, first sheet "[^"]*")?)/.exec(line)?.[1];
  const counts = /(\d+) puzzles?(?:, (\d+) sessions?, (\d+) turns?)?/.exec(line.slice(layout?.length ?? 0));
  return { line, layout, counts: counts?.slice(1).filter((n) => n !== undefined) };
}

async function imported(paths: string[], out: string, ...flags: string[]) {
  const run = await runCli('import', ...paths, '--out', out, ...flags);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const layouts = new Map([...run.stdout.matchAll(/^read (.*?): (.*)$/gm)].map((m) => [m[1], m[2]]));
  const wrote = /^wrote .*?: (\d+) puzzles?, (\d+) sessions?, (\d+) turns?/m.exec(run.stdout)?.slice(1);
  return { stdout: run.stdout, layouts, wrote };
}

describe('AgentBench lateral thinking on the command line', () => {
  it('validate names every file of the run with the layout import reads it as', async () => {
    const all = await imported(Object.values(FILES), join(dir, 'all.json'));
    expect(all.wrote).toEqual(['20', '2', '6']);
    expect(all.stdout).toContain("records: a question the task's code answered with a hint instead of the judge (no label): 2");
    for (const path of Object.values(FILES)) {
      const { layout } = await validated(path);
      expect({ path, layout: all.layouts.get(path)?.startsWith(layout ?? '—') }).toEqual({ path, layout: true });
    }
  });

  it('validate gives the counts import writes for runs.jsonl alone and for the workbook alone', async () => {
    const runs = await validated(FILES.runs);
    expect(runs.line).toContain("2 questions answered by the task's code, no label");
    expect(runs.counts).toEqual((await imported([FILES.runs], join(dir, 'runs.json'))).wrote);
    const sheet = await validated(FILES.sheet);
    expect(sheet.counts).toEqual(['20']);
    expect((await imported([FILES.sheet], join(dir, 'sheet.json'))).wrote?.[0]).toBe('20');
  });

  it('asks for the agent of a runs.jsonl out of its folders, and validate says so', async () => {
    const loose = join(dir, 'runs.jsonl');
    writeFileSync(loose, runsJsonl());
    const asked = await runCli('import', loose, '--out', join(dir, 'loose.json'));
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('--player NAME');
    expect((await validated(loose)).line).toContain('name the agent with --player NAME when importing');
    const named = await imported([loose], join(dir, 'loose.json'), '--player', 'glm-4');
    expect(named.wrote).toEqual(['2', '2', '6']);
  });
});
