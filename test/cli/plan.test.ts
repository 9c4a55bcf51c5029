// The `plan` command, run in-process on a demo study written by `agreement-studio demo` (as the
// report's tests do): the JSON plan of a width target with progress on stderr, the text plan with
// its assumptions, the other targets, and bad usage naming the flag and what it takes.

import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyPlan } from '../../shared/stats/planner/plan';
import { runCli, scratchDir } from './run-cli';

const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let inputs: string[] = [];
beforeAll(async () => {
  const out = join(dir, 'demo');
  const demo = await runCli('demo', '--out', out, '--puzzles', '30', '--seed', '5');
  expect(demo.code).toBe(0);
  inputs = ['--transcripts', join(out, 'demo-study.json'), '--labels', ...readdirSync(join(out, 'labels')).map((name) => join(out, 'labels', name))];
});

/** Few simulated studies: the command's reading and printing are under test here, the planner's figures in test/shared/stats/planner. */
const FAST = ['--repeats', '40', '--replicates', '100'];

describe('agreement-studio plan', () => {
  it('prints the JSON plan of a width target, with progress on stderr', async () => {
    const run = await runCli('plan', ...inputs, '--target', 'width=0.1', '--task', 'match', '--judge', 'synthetic-judge-a', '--json', ...FAST);
    expect(run.code).toBe(0);
    const { plan, estimates } = JSON.parse(run.stdout) as { plan: StudyPlan; estimates: { puzzles: number; judges: { judge: string }[] } };
    expect(plan.target).toEqual({ kind: 'width', width: 0.1, judge: 'synthetic-judge-a' });
    expect(plan).toMatchObject({
      task: 'match',
      bucket: 'all',
      vary: 'puzzles',
      level: 0.8,
      current: { puzzles: 30, studyPuzzles: 30, annotatorsPerPuzzle: 3 },
    });
    expect(plan.recommended?.puzzles).toBeGreaterThan(30);
    expect(plan.more?.puzzles).toBe((plan.recommended?.puzzles as number) - 30);
    expect(plan.atRecommended?.share).toBeGreaterThanOrEqual(0.8);
    expect(plan.assumptions.length).toBeGreaterThan(4);
    expect(estimates.puzzles).toBe(30);
    expect(estimates.judges.map((judge) => judge.judge)).toEqual(['synthetic-judge-a', 'synthetic-judge-b']);
    expect(run.stderr).toMatch(/^plan: 0% \(\d+ of at most \d+ simulated studies\)$/m);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(/^plan: 100% /);
  });

  it('prints a readable plan by default, with its assumptions', async () => {
    const run = await runCli('plan', ...inputs, '--target', 'power=0.8', '--task', 'answer', '--bucket', 'hard', '--judge', 'synthetic-judge-b', ...FAST);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Plan for R \(questions\), the hard bucket: synthetic-judge-b passes the Alt-Test \(epsilon 0.2\) with chance 80.0%\./);
    expect(run.stdout).toMatch(/^Now: \d+ puzzles in the bucket \(30 in the study\), 3 people per puzzle: power /m);
    expect(run.stdout).toMatch(/^Recommended: /m);
    expect(run.stdout).toContain("Assumptions:\n  - New puzzles are like the study's hard puzzles");
    expect(run.stdout).toContain('Buckets keep their shares');
  });

  it('plans a difference between two judges, and finds the smallest one without a difference', async () => {
    const sized = await runCli(
      'plan',
      ...inputs,
      '--target',
      'difference=0.1',
      '--judges',
      'synthetic-judge-a,synthetic-judge-b',
      '--task',
      'answer',
      '--json',
      ...FAST,
    );
    expect(sized.code).toBe(0);
    expect((JSON.parse(sized.stdout) as { plan: StudyPlan }).plan.recommended?.puzzles).toBeGreaterThan(0);
    const smallest = await runCli('plan', ...inputs, '--target', 'difference', '--judges', 'synthetic-judge-a,synthetic-judge-b', '--task', 'answer', ...FAST);
    expect(smallest.code).toBe(0);
    expect(smallest.stdout).toMatch(/^Smallest difference found with 80.0% power at 30 puzzles: 0\.\d+\.$/m);
  });

  it.each([
    [
      ['--target', 'width=0'],
      /--target width=0: the target width must be a number above 0 and below 1, such as 0.05, not "0"|the target width must be a number above 0 and below 1, such as 0.05, not "0"/,
    ],
    [['--target', 'breadth=0.05'], /--target takes width=W \(such as width=0.05\), power=P \(such as power=0.8\) or difference\[=D\]/],
    [[], /--target is required/],
    [['--target', 'width=0.05'], /--judge NAME is required: the task has several judges \(synthetic-judge-a, synthetic-judge-b\)/],
    [
      ['--target', 'width=0.05', '--judge', 'nobody'],
      /the judge must be one that labelled the match task \(synthetic-judge-a, synthetic-judge-b\), not "nobody"/,
    ],
    [['--target', 'difference=0.05'], /--target difference needs --judges A,B/],
    [['--target', 'width=0.05', '--judge', 'synthetic-judge-a', '--task', 'difficulty'], /--task takes match or answer, not "difficulty"/],
    [['--target', 'width=0.05', '--judge', 'synthetic-judge-a', '--bucket', 'tricky'], /--bucket takes all, easy, medium, hard, unrated, not "tricky"/],
    [['--target', 'width=0.05', '--judge', 'synthetic-judge-a', '--repeats', '3'], /--repeats takes a whole number from 20 to 10000, not "3"/],
  ])('exits 2 on bad usage, naming the flag and what it takes: %j', async (flags, message) => {
    const run = await runCli('plan', ...inputs, ...flags);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('agreement-studio plan --help');
    expect(run.stdout).toBe('');
  });

  it('exits 1 on a file it cannot read, naming it', async () => {
    const run = await runCli('plan', '--transcripts', join(dir, 'missing.json'), '--labels', join(dir, 'missing.labels.json'), '--target', 'width=0.05');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('missing.json');
  });

  it('prints its usage on --help', async () => {
    const run = await runCli('plan', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: agreement-studio plan --transcripts FILE\.\.\. --labels FILE\.\.\. --target TARGET/);
  });
});
