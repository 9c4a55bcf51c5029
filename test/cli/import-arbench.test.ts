// AR-Bench's situation-puzzle logs on the command line (issue 26 points 5 and 7): for a log of
// every method, `validate` gives the layout `import` prints and the counts it writes (puzzles,
// sessions, turns, questions left without a label), and says the judge will be asked for; `import`
// without --judge stops and names the flag; the tot tree's unchosen branches counted by `validate`
// alone are the ones `import` lists. Before the importer, validate read a log as a puzzle list.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proactiveCotLog, totFiles, uotLog, zeroShotLog } from '../shared/formats/importers/arbench-sp-log';
import { runCli, scratchDir } from './run-cli';

const dir = scratchDir();
const logs = join(dir, 'logs', 'sp');
mkdirSync(logs, { recursive: true });
const write = (name: string, text: string) => {
  const path = join(logs, name);
  writeFileSync(path, text);
  return path;
};
const { log: totLog, tree: totTree } = totFiles();
const LOGS = {
  zero_shot: write('log_zero_shot_gpt-4o-mini.json', zeroShotLog()),
  few_shot: write('log_few_shot_gpt-4o-mini.json', zeroShotLog()),
  few_shot_inst: write('log_few_shot_inst_gpt-4o-mini.json', zeroShotLog()),
  tot: write('log_tot_gpt-4o.json', totLog),
  proactive_cot: write('log_proactive_cot_o3-mini.json', proactiveCotLog()),
  uot: write('log_uot_gpt-4o.json', uotLog()),
};
const TREE = write('log_tot_gpt-4o_tree.json', totTree);
// Given as ./logs/sp/…, beside a log given as logs/sp/…: still its tree.
const TREE_ELSEWHERE = TREE.replace('/logs/sp/', '/logs/./sp/');
const JUDGE = 'qwen2.5-32b-instruct';

/** validate's line: the layout, then puzzles, sessions, turns, questions with no label and unchosen branches. */
async function validated(path: string) {
  const run = await runCli('validate', path);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const line = run.stdout.slice(`OK  ${path}: `.length).trim();
  const m =
    /^(.*?): (\d+) puzzles?, (\d+) sessions?, (\d+) turns? \((\d+) questions?, (\d+) final answers? with no verdict; (\d+) questions? the judge called no question, no label; (\d+) unchosen branch questions? listed as not imported\)(.*)$/.exec(
      line,
    );
  return { line, layout: m?.[1], counts: m?.slice(2, 5), unlabelled: m?.[7], unchosen: m?.[8], rest: m?.[9] };
}

async function imported(paths: string[], out: string) {
  const run = await runCli('import', ...paths, '--out', out, '--judge', JUDGE);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const layouts = new Map([...run.stdout.matchAll(/^read (.*?): (.*)$/gm)].map((m) => [m[1], m[2]]));
  const wrote = /^wrote .*?: (\d+) puzzles?, (\d+) sessions?, (\d+) turns? \(\d+ questions?, \d+ final answers?\), 1 judge$/m.exec(run.stdout)?.slice(1);
  const listed = (what: string) => new RegExp(`: ${what}[^\\n]*: (\\d+) questions? \\(for example`).exec(run.stdout)?.[1] ?? '0';
  return {
    layouts,
    wrote,
    unlabelled: listed('records: a question the judge answered "This is not a question'),
    unchosen: listed('records: questions of branches the tot search did not choose'),
  };
}

describe('AR-Bench situation-puzzle logs on the command line', () => {
  for (const [method, path] of Object.entries(LOGS))
    it(`validate and import agree on a ${method} log: same layout, same counts`, async () => {
      const said = await validated(path);
      expect(said.rest).toBe('; name the judge with --judge NAME when importing');
      const done = await imported([path], join(dir, `${method}.json`));
      expect(said.layout).toBe(done.layouts.get(path));
      expect(said.layout).toContain(`method ${method}, policy model`);
      expect(said.counts).toEqual(done.wrote);
      expect([said.unlabelled, said.unchosen]).toEqual([done.unlabelled, done.unchosen]);
    });

  it('counts the zero_shot log’s questions the judge called no question, in validate and import alike', async () => {
    const said = await validated(LOGS.zero_shot);
    expect(said.counts).toEqual(['2', '2', '8']);
    expect(said.unlabelled).toBe('1');
  });

  it('lists the tot tree’s unchosen branches as validate counts them for the tree alone', async () => {
    const run = await runCli('validate', TREE);
    expect(run.code).toBe(0);
    const unchosen = /: 1 tree, (\d+) unchosen branch questions listed as not imported; import it with its log$/m.exec(run.stdout)?.[1];
    const done = await imported([LOGS.tot, TREE_ELSEWHERE], join(dir, 'tot-tree.json'));
    expect(done.layouts.get(TREE_ELSEWHERE)).toBe("AR-Bench tree-of-thought search trees (log_tot_{model}_tree.json beside the tot method's log)");
    expect(run.stdout).toContain(done.layouts.get(TREE_ELSEWHERE));
    expect(done.wrote).toEqual(['1', '1', '3']);
    expect(unchosen).toBe(done.unchosen);
    expect(done.unchosen).toBe('4');
  });

  it('takes every method’s log as one study and stops without --judge, naming the flag', async () => {
    const all = [...Object.values(LOGS), TREE];
    const done = await imported(all, join(dir, 'all.json'));
    expect(done.wrote).toEqual(['3', '9', '33']);
    const asked = await runCli('import', ...all, '--out', join(dir, 'asked.json'));
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('AR-Bench writes the response model (the judge) in no file');
    expect(asked.stderr).toContain('--judge NAME');
  });
});
