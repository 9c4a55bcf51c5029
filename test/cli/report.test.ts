// The `report` command, run in-process on files written for each test: SPEC §4's worked examples A
// and B give their figures, a demo study's report has every bucket with n and interval in json, md,
// latex and csv, and invalid input exits 1 (bad usage 2) naming the file, field or line.

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../shared/formats/csv';
import { buildLabelFile, serializeLabelFile, type LabelRecord } from '../../shared/formats/label-file';
import { sha256Hex } from '../../shared/formats/sha256';
import { TRANSCRIPTS_FORMAT } from '../../shared/formats/transcript-bundle';
import type { AgreementReport, AgreementRow, ReportTask } from '../../shared/report/model/report-model';
import { wilsonInterval } from '../../shared/stats/wilson';
import { runCli, scratchDir } from './run-cli';

const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder of its own for one test's files. */
function folder(): string {
  return mkdtempSync(join(dir, 'case-'));
}

function write(where: string, name: string, text: string): string {
  const path = join(where, name);
  writeFileSync(path, text);
  return path;
}

interface TurnSpec {
  id: string;
  type: 'question' | 'final';
  judge: string;
}

/** A one-puzzle, one-session bundle whose judge `judge-m` gave the listed labels. */
function bundleText(id: string, turns: readonly TurnSpec[], puzzleId = 'p-1', sessionId = 's-1'): string {
  return JSON.stringify({
    format: TRANSCRIPTS_FORMAT,
    id,
    name: `Study ${id}`,
    puzzles: [{ id: puzzleId, story: 'A man walks into a bar and asks for water.', reference: 'He had hiccups.', difficulty: 2 }],
    sessions: [
      {
        id: sessionId,
        puzzleId,
        player: 'player-x',
        judge: 'judge-m',
        turns: turns.map((turn) => ({ id: turn.id, type: turn.type, text: `Turn ${turn.id}`, judgements: { 'judge-m': turn.judge } })),
      },
    ],
  });
}

function labelText(studyId: string, annotator: string, labels: ReadonlyArray<Pick<LabelRecord, 'unit' | 'task' | 'value'> & { rev?: number }>): string {
  return serializeLabelFile(
    buildLabelFile({
      studyId,
      annotator: { id: annotator, name: annotator },
      exportedAt: '2026-11-22T10:00:00Z',
      app: 'agreement-studio 0.1.0',
      labels: labels.map((label) => ({ ...label, at: '2026-11-22T09:00:00Z', rev: label.rev ?? 1, unsure: false, note: '' })),
    }),
  );
}

/** SPEC §4 worked example A: one final answer; humans matched, matched, unmatched; the judge matched. */
function exampleA(where: string): { transcripts: string; labels: string[] } {
  const transcripts = write(where, 'example-a.json', bundleText('example-a', [{ id: 's-1/1', type: 'final', judge: 'matched' }]));
  const labels = (['matched', 'matched', 'unmatched'] as const).map((value, i) =>
    write(where, `h${i + 1}.labels.json`, labelText('example-a', `h${i + 1}`, [{ unit: 's-1/1', task: 'match', value }])),
  );
  return { transcripts, labels };
}

/** SPEC §4 worked example B: unit 1 humans yes, yes, no, judge yes; unit 2 humans irrelevant, irrelevant, judge no. */
function exampleB(where: string): { transcripts: string; labels: string[] } {
  const transcripts = write(
    where,
    'example-b.json',
    bundleText('example-b', [
      { id: 's-1/1', type: 'question', judge: 'yes' },
      { id: 's-1/2', type: 'question', judge: 'no' },
    ]),
  );
  const labels = [
    write(
      where,
      'a.labels.json',
      labelText('example-b', 'a', [
        { unit: 's-1/1', task: 'answer', value: 'yes' },
        { unit: 's-1/2', task: 'answer', value: 'irrelevant' },
      ]),
    ),
    write(
      where,
      'b.labels.json',
      labelText('example-b', 'b', [
        { unit: 's-1/1', task: 'answer', value: 'yes' },
        { unit: 's-1/2', task: 'answer', value: 'irrelevant' },
      ]),
    ),
    write(where, 'c.labels.json', labelText('example-b', 'c', [{ unit: 's-1/1', task: 'answer', value: 'no' }])),
  ];
  return { transcripts, labels };
}

async function jsonReport(...args: string[]): Promise<AgreementReport> {
  const run = await runCli('report', '--format', 'json', '--bootstrap', '200', ...args);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as AgreementReport;
}

/** The row of a task's table comparing groups x and y (in either order) on a bucket. */
function rowOf(report: AgreementReport, task: ReportTask, bucket: AgreementRow['bucket'], x: string, y: string): AgreementRow {
  const found = report.tables[task].find((row) => row.bucket === bucket && ((row.a === x && row.b === y) || (row.a === y && row.b === x)));
  if (found === undefined) throw new Error(`no ${task} row ${bucket} ${x} vs ${y} in ${JSON.stringify(report.tables[task])}`);
  return found;
}

describe('agreement-studio report: the figures of SPEC §4', () => {
  it('takes a negative seed as a number, after the flag as after an equals sign', async () => {
    const { transcripts, labels } = exampleA(folder());
    for (const seed of [['--seed', '-5'], ['--seed=-5']]) {
      const report = await jsonReport('--transcripts', transcripts, '--labels', ...labels, ...seed);
      expect(report.settings.seed).toBe(-5);
    }
  });

  it('worked example A: HH 1/3 over 3 pairs, HJ 2/3 over 3 comparisons', async () => {
    const { transcripts, labels } = exampleA(folder());
    const started = Date.now();
    const report = await jsonReport('--transcripts', transcripts, '--labels', ...labels);
    for (const bucket of ['easy', 'all'] as const) {
      const hh = rowOf(report, 'match', bucket, 'human', 'human');
      expect(hh.agreement).toBeCloseTo(1 / 3, 12);
      expect(hh.n).toBe(3);
      const hj = rowOf(report, 'match', bucket, 'judge:judge-m', 'human');
      expect(hj.agreement).toBeCloseTo(2 / 3, 12);
      expect(hj.n).toBe(3);
    }
    expect(report.format).toBe('agreement-studio.report/1');
    expect(report.study).toEqual({ id: 'example-a', name: 'Study example-a' });
    expect(report.app).toBe('agreement-studio test');
    expect(report.settings).toEqual({
      bootstrap: 200,
      seed: 1,
      average: 'micro',
      unsureLabels: 'counted',
      unparseable: 'left-out',
      resample: 'puzzles',
      pairedTest: 'bootstrap-t',
    });
    expect(report.inputs).toEqual([transcripts, ...labels].map((file) => ({ file, sha256: sha256Hex(readFileSync(file, 'utf8')) })));
    expect(Date.parse(report.generatedAt)).toBeGreaterThanOrEqual(started);
    expect(Date.parse(report.generatedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('resamples puzzles by default and units with --resample units, and says which', async () => {
    const { transcripts, labels } = exampleB(folder());
    const byPuzzle = await jsonReport('--transcripts', transcripts, '--labels', ...labels);
    const byUnit = await jsonReport('--transcripts', transcripts, '--labels', ...labels, '--resample', 'units');
    expect(byPuzzle.settings.resample).toBe('puzzles');
    expect(byUnit.settings.resample).toBe('units');
    // Example B's two units are of one puzzle: drawing it gives every replicate the same 0.4, so the
    // interval is Wilson's at 1 puzzle; drawing the two units apart gives other replicates.
    const hj = (report: AgreementReport) => rowOf(report, 'answer', 'all', 'judge:judge-m', 'human');
    expect(hj(byPuzzle)).toMatchObject({ ci95: wilsonInterval(0.4, 1), ci95Method: 'studentized+wilson' });
    expect(hj(byUnit).ci95).not.toEqual(hj(byPuzzle).ci95);
  });

  it('uses the bootstrap-t paired test by default and the exact McNemar test with --paired-test exact-mcnemar, and says which', async () => {
    const { transcripts, labels } = exampleB(folder());
    const byDefault = await jsonReport('--transcripts', transcripts, '--labels', ...labels);
    const exact = await jsonReport('--transcripts', transcripts, '--labels', ...labels, '--paired-test', 'exact-mcnemar');
    expect(byDefault.settings.pairedTest).toBe('bootstrap-t');
    expect(exact.settings.pairedTest).toBe('exact-mcnemar');
    expect(byDefault.judges?.againstPeople.every((row) => row.leniencyTest.method === 'bootstrap-t')).toBe(true);
    expect(exact.judges?.againstPeople.every((row) => row.leniencyTest.method === 'exact-mcnemar')).toBe(true);
    const markdown = await runCli('report', '--transcripts', transcripts, '--labels', ...labels, '--format', 'md', '--paired-test', 'exact-mcnemar');
    expect(markdown.stdout).toContain('p: exact McNemar test of the unit counts, units taken as independent');
    expect(markdown.stdout).toContain('| McNemar p | Holm p |');
  });

  it('worked example B: micro HH 0.5 and HJ 0.4; with --macro 0.6667 and 0.3333', async () => {
    const { transcripts, labels } = exampleB(folder());
    const micro = await jsonReport('--transcripts', transcripts, '--labels', ...labels);
    const hh = rowOf(micro, 'answer', 'all', 'human', 'human');
    const hj = rowOf(micro, 'answer', 'all', 'judge:judge-m', 'human');
    expect([hh.agreement, hh.n, hj.agreement, hj.n]).toEqual([0.5, 4, 0.4, 5]);
    expect(micro.settings.average).toBe('micro');

    const macro = await jsonReport('--transcripts', transcripts, '--labels', ...labels, '--macro');
    expect(macro.settings.average).toBe('macro');
    const macroHh = rowOf(macro, 'answer', 'all', 'human', 'human');
    const macroHj = rowOf(macro, 'answer', 'all', 'judge:judge-m', 'human');
    expect(macroHh.macro).toBeCloseTo(2 / 3, 4);
    expect(macroHh.units).toBe(2);
    expect(macroHj.macro).toBeCloseTo(1 / 3, 4);
    expect(macroHj.units).toBe(2);

    const markdown = await runCli('report', '--transcripts', transcripts, '--labels', ...labels, '--macro', '--format', 'md', '--bootstrap', '200');
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('Macro agreement: mean of the per-unit agreement in %');
    expect(markdown.stdout).toMatch(/\| Humans vs Humans \|[^\n]* \| 66\.7 \(units=2\)[^|\n]* \|\n/);
  });

  it('counts a label in several files once, at its highest revision', async () => {
    const where = folder();
    const { transcripts, labels } = exampleA(where);
    // h3 changed their mind: revision 2 says matched, so all three humans and the judge agree.
    const revised = write(where, 'h3-revised.labels.json', labelText('example-a', 'h3', [{ unit: 's-1/1', task: 'match', value: 'matched', rev: 2 }]));
    const report = await jsonReport('--transcripts', transcripts, '--labels', ...labels, revised);
    expect(rowOf(report, 'match', 'all', 'human', 'human')).toMatchObject({ agreement: 1, n: 3 });
    expect(rowOf(report, 'match', 'all', 'judge:judge-m', 'human')).toMatchObject({ agreement: 1, n: 3 });
  });

  it('reads label CSVs beside label files, and several transcript files as one study', async () => {
    const where = folder();
    const first = write(where, 'part-1.json', bundleText('split', [{ id: 's-1/1', type: 'final', judge: 'matched' }]));
    const second = write(where, 'part-2.json', bundleText('split', [{ id: 's-2/1', type: 'final', judge: 'unmatched' }], 'p-2', 's-2'));
    const csv = write(
      where,
      'labels.csv',
      'annotator,unit,task,value\nh1,s-1/1,match,matched\nh2,s-1/1,match,matched\nh1,s-2/1,match,unmatched\nh2,s-2/1,match,matched\n',
    );
    const report = await jsonReport('--transcripts', first, second, '--labels', csv);
    expect(report.study.id).toBe('split');
    expect(rowOf(report, 'match', 'all', 'human', 'human')).toMatchObject({ agreement: 0.5, n: 2 });
    expect(rowOf(report, 'match', 'all', 'judge:judge-m', 'human')).toMatchObject({ agreement: 0.75, n: 4 });
    expect(report.inputs.map((input) => input.file)).toEqual([first, second, csv]);
  });
});

describe('agreement-studio report on a demo study, in every format', () => {
  const out = join(dir, 'demo');
  const demo = runCli('demo', '--out', out, '--puzzles', '9', '--seed', '5');
  const inputs = async () => {
    expect((await demo).code).toBe(0);
    return ['--transcripts', join(out, 'demo-study.json'), '--labels', ...readdirSync(join(out, 'labels')).map((name) => join(out, 'labels', name))];
  };
  const buckets = ['easy', 'medium', 'hard', 'all'] as const;
  const cell = String.raw`\d+\.\d \(n=\d+\) \[\d+\.\d, \d+\.\d\]`;

  it('json: every bucket of M and R has n and an interval for the judges and the humans', async () => {
    const report = await jsonReport(...(await inputs()));
    for (const task of ['match', 'answer'] as const) {
      for (const bucket of buckets) {
        for (const group of ['judge:synthetic-judge-a', 'judge:synthetic-judge-b', 'human']) {
          const row = rowOf(report, task, bucket, group, 'human');
          expect(row.n, `${task} ${bucket} ${group}`).toBeGreaterThan(0);
          expect(row.ci95).not.toBeNull();
        }
      }
    }
  });

  it('md: M and R tables with a value, n and interval in every bucket of every row', async () => {
    const run = await runCli('report', ...(await inputs()), '--format', 'md');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    for (const title of ['M: final-answer agreement', 'R: question agreement']) {
      const start = run.stdout.indexOf(`## ${title}\n`);
      expect(start).toBeGreaterThanOrEqual(0);
      const section = run.stdout.slice(start, run.stdout.indexOf('\n## ', start + 1));
      expect(section).toContain('| Raters | Easy | Medium | Hard | All |');
      const rows = section.split('\n').filter((line) => line.startsWith('| ') && line.includes(' vs '));
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const row of rows) expect(row).toMatch(new RegExp(`^\\| [^|]+ vs [^|]+ \\| ${cell} \\| ${cell} \\| ${cell} \\| ${cell} \\|$`));
    }
    expect(run.stdout).toContain('## M: chance-corrected agreement');
    expect(run.stdout).toContain('## Per-annotator reliability');
    expect(run.stdout).toContain('## Player outcomes under judge and human verdicts');
  });

  it('latex: booktabs tables for M and R with every bucket, and the inputs in the top comment', async () => {
    const args = await inputs();
    const run = await runCli('report', ...args, '--format', 'latex', '--bootstrap', '300', '--seed', '9');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^% agreement-studio test, agreement report generated /);
    expect(run.stdout).toContain(`% input: ${args[1]} sha256 ${sha256Hex(readFileSync(args[1] ?? '', 'utf8'))}`);
    expect(run.stdout).toContain('% settings: bootstrap 300, seed 9, average micro');
    for (const [task, title] of [
      ['match', 'M: final-answer agreement'],
      ['answer', 'R: question agreement'],
    ] as const) {
      const start = run.stdout.indexOf(`\\caption[${title}]`);
      expect(start).toBeGreaterThanOrEqual(0);
      const table = run.stdout.slice(run.stdout.lastIndexOf('\\begin{table', start), run.stdout.indexOf('\\end{table', start));
      expect(table).toContain(`\\label{tab:agreement-${task}}`);
      expect(table).toContain('Raters & Easy & Medium & Hard & All \\\\');
      for (const rule of ['\\toprule', '\\midrule', '\\bottomrule']) expect(table).toContain(rule);
      const rows = table.split('\n').filter((line) => line.startsWith('    ') && line.includes('vs '));
      expect(rows.length).toBeGreaterThanOrEqual(3);
      // The rater pair on two lines ("a", "vs b"), then a cell per bucket: a figure over its interval.
      const twoLines = String.raw`\\begin\{tabular\}\[t\]\{@\{\}[lr]@\{\}\}`;
      const latexCell = String.raw`${twoLines}\d+\.\d \(n=\d+\)\\\\\{\}\[\d+\.\d, \d+\.\d\]\\end\{tabular\}`;
      for (const row of rows)
        expect(row).toMatch(new RegExp(`^ {4}${twoLines}[^&]+vs [^&]+ & ${latexCell} & ${latexCell} & ${latexCell} & ${latexCell} \\\\\\\\$`));
    }
  });

  it('csv: every bucket of M and R reads back as numbers, matching the JSON report', async () => {
    const args = await inputs();
    const report = await jsonReport(...args);
    const run = await runCli('report', ...args, '--format', 'csv', '--bootstrap', '200');
    expect(run.code).toBe(0);
    const table = readCsv(run.stdout);
    if (!table.ok) throw new Error(table.message);
    const [header, ...rows] = table.rows.filter((fields) => !(fields[0] ?? '').startsWith('#'));
    const records = rows.map((fields) => Object.fromEntries((header ?? []).map((name, i) => [name, fields[i] ?? ''])));
    for (const task of ['match', 'answer'] as const) {
      for (const bucket of buckets) {
        const source = rowOf(report, task, bucket, 'judge:synthetic-judge-a', 'human');
        const found = records.find((r) => r.section === 'agreement' && r.task === task && r.bucket === bucket && r.a === source.a && r.b === source.b);
        expect(found, `${task} ${bucket}`).toBeDefined();
        expect(Number(found?.value)).toBe(source.agreement);
        expect(Number(found?.n)).toBe(source.n);
        expect([Number(found?.ci_low), Number(found?.ci_high)]).toEqual(source.ci95);
      }
    }
  });

  it("judges: --alt-test-epsilon 0 runs the Alt-Test with no allowance, as the authors' notebook does", async () => {
    const report = await jsonReport(...(await inputs()), '--alt-test-epsilon', '0');
    expect(report.judges?.altTestEpsilon).toBe(0);
    expect(report.judges?.altTest.map((row) => row.epsilon)).toEqual([0, 0, 0, 0]);
  });

  it('judges: the Alt-Test runs with --alt-test-epsilon, and the CSV holds the Judges figures of the JSON, bias checks too', async () => {
    const args = await inputs();
    const report = await jsonReport(...args, '--alt-test-epsilon', '0.1');
    expect(report.judges?.altTestEpsilon).toBe(0.1);
    expect(report.judges?.altTest.map((row) => row.epsilon)).toEqual([0.1, 0.1, 0.1, 0.1]);
    const run = await runCli('report', ...args, '--format', 'csv', '--bootstrap', '200', '--alt-test-epsilon', '0.1');
    expect(run.code).toBe(0);
    const table = readCsv(run.stdout);
    if (!table.ok) throw new Error(table.message);
    const [header, ...rows] = table.rows.filter((fields) => !(fields[0] ?? '').startsWith('#'));
    const records = rows.map((fields) => Object.fromEntries((header ?? []).map((name, i) => [name, fields[i] ?? ''])));
    const number = (text: string | undefined) => (text === undefined || text === '' ? null : Number(text));
    for (const pair of report.judges?.comparisons ?? []) {
      const found = records.find(
        (r) =>
          r.section === 'judge_vs_judge' &&
          r.task === pair.task &&
          r.bucket === pair.bucket &&
          r.a === `judge:${pair.a}` &&
          r.b === `judge:${pair.b}` &&
          r.measure === 'agreement_difference',
      );
      expect([number(found?.value), number(found?.n), number(found?.ci_low), number(found?.ci_high)]).toEqual([
        pair.difference,
        pair.n,
        ...(pair.differenceCi95 ?? [null, null]),
      ]);
    }
    for (const score of report.judges?.correctedScores ?? []) {
      const found = records.find(
        (r) =>
          r.section === 'corrected_score' &&
          r.bucket === score.bucket &&
          r.a === `judge:${score.judge}` &&
          r.b === score.player &&
          r.measure === 'corrected_score',
      );
      expect([number(found?.value), number(found?.n), number(found?.ci_low), number(found?.ci_high)]).toEqual([
        score.theta,
        score.sessions,
        ...(score.ci95 ?? [null, null]),
      ]);
    }
    const people = report.judges?.againstPeople.find((row) => row.task === 'match' && row.bucket === 'all');
    const leniency = records.find(
      (r) => r.section === 'judge_vs_people' && r.task === 'match' && r.bucket === 'all' && r.a === `judge:${people?.judge}` && r.measure === 'leniency_rate',
    );
    expect(number(leniency?.value)).toBe(people?.errors.leniencyRate.value);
    const alt = records.filter((r) => r.section === 'alt_test' && r.measure === 'epsilon');
    expect(alt.map((r) => number(r.value))).toEqual([0.1, 0.1, 0.1, 0.1]);
    const checks = report.judges?.biasChecks ?? [];
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) {
      const found = records.find(
        (r) =>
          r.section === 'bias_check' &&
          r.task === check.task &&
          r.bucket === check.bucket &&
          r.a === `judge:${check.judge}` &&
          r.b === `${check.check}:${check.figure}` &&
          r.measure === 'effect',
      );
      expect([number(found?.value), number(found?.ci_low), number(found?.ci_high)]).toEqual([check.value, ...(check.ci95 ?? [null, null])]);
    }
    // An undefined figure is an empty cell, never NaN or null.
    expect(run.stdout).not.toMatch(/NaN|null/);
  });

  it('--out writes the report to a file and says so', async () => {
    const path = join(dir, 'report.md');
    const run = await runCli('report', ...(await inputs()), '--format', 'md', '--bootstrap', '100', '--out', path);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`wrote ${path}\n`);
    expect(readFileSync(path, 'utf8')).toContain('## R: question agreement');
  });
});

describe('agreement-studio report: invalid input (exit 1) and bad usage (exit 2)', () => {
  it('rejects a label file of another study, naming the file and field, unless --any-study', async () => {
    const where = folder();
    const { transcripts, labels } = exampleA(where);
    const foreign = write(where, 'foreign.labels.json', labelText('other-study', 'h4', [{ unit: 's-1/1', task: 'match', value: 'matched' }]));
    const run = await runCli('report', '--transcripts', transcripts, '--labels', ...labels, foreign);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `${foreign}: studyId: the labels are for study "other-study", but the transcripts are study "example-a"; labels of another study are only used with --any-study\n`,
    );
    const accepted = await jsonReport('--transcripts', transcripts, '--labels', ...labels, foreign, '--any-study');
    expect(rowOf(accepted, 'match', 'all', 'human', 'human').n).toBe(6);
  });

  it('names every label on a unit the study lacks or of a task that does not fit its unit, with its path or line', async () => {
    const where = folder();
    const { transcripts } = exampleA(where);
    const json = write(
      where,
      'h1.labels.json',
      labelText('example-a', 'h1', [
        { unit: 's-1/1', task: 'match', value: 'matched' },
        { unit: 's-9/9', task: 'match', value: 'matched' },
        { unit: 's-1/1', task: 'answer', value: 'yes' },
        { unit: 'p-1', task: 'difficulty', value: 4 },
      ]),
    );
    const csv = write(where, 'more.csv', 'annotator,unit,task,value\nh2,s-1/1,match,matched\nh2,p-2,difficulty,3\nh2,p-1,match,matched\n');
    const run = await runCli('report', '--transcripts', transcripts, '--labels', json, csv);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `${json}: labels[1].unit: the study has no unit "s-9/9"; expected the id of a turn (answer, match) or a puzzle (difficulty)`,
      `${json}: labels[2].task: unit "s-1/1" is a final turn; an answer label belongs on a question turn`,
      `${csv}: line 3: unit: the study has no unit "p-2"; expected the id of a turn (answer, match) or a puzzle (difficulty)`,
      `${csv}: line 4: task: unit "p-1" is a puzzle; a match label belongs on a final turn`,
    ]);
  });

  it('rejects the same label at the same revision with two values, naming both places', async () => {
    const where = folder();
    const { transcripts, labels } = exampleA(where);
    const csv = write(where, 'h3.csv', 'annotator,unit,task,value\nh3,s-1/1,match,matched\n');
    const run = await runCli('report', '--transcripts', transcripts, '--labels', ...labels, csv);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `${csv}: line 2: conflicting match labels by annotator "h3" on unit "s-1/1", both revision 1: "matched" here, "unmatched" in ${labels[2]} labels[0]\n`,
    );
  });

  it('rejects ids used in two transcript files, and lists the errors of every file', async () => {
    const where = folder();
    const first = write(where, 'one.json', bundleText('dup', [{ id: 's-1/1', type: 'final', judge: 'matched' }]));
    const second = write(where, 'two.json', bundleText('dup', [{ id: 's-1/1', type: 'final', judge: 'matched' }], 'p-1', 's-2'));
    const broken = write(where, 'broken.labels.json', '{"format": "agreement-studio.labels/1"');
    const run = await runCli('report', '--transcripts', first, second, '--labels', broken);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${second}: a puzzle has the id "p-1", already the id of a puzzle in ${first}; ids must be unique across the transcript files of one report\n`,
    );
    expect(run.stderr).toContain(`${second}: a final turn has the id "s-1/1", already the id of a final turn in ${first}`);
    expect(run.stderr).toContain(`${broken}: line 1: invalid JSON`);
    const twice = await runCli('report', '--transcripts', first, first, '--labels', broken);
    expect(twice.stderr.split('\n')[0]).toBe(`${first}: the same transcripts as ${first}; give each transcript file once`);
  });

  it('says which file is missing, and which file is given in the wrong place', async () => {
    const where = folder();
    const { transcripts, labels } = exampleA(where);
    const missing = join(where, 'missing.labels.json');
    const run = await runCli('report', '--transcripts', transcripts, '--labels', missing);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${missing}: no such file\n`);
    const swapped = await runCli('report', '--transcripts', labels[0] ?? '', '--labels', transcripts);
    expect(swapped.code).toBe(1);
    expect(swapped.stderr).toContain(`${labels[0]}: this is a label file, not a transcript bundle`);
    expect(swapped.stderr).toContain(`${transcripts}: this is a transcript bundle, not a label file`);
  });

  it.each([
    [[], '--transcripts FILE... is required'],
    [['--transcripts', 'a.json'], '--labels FILE... is required'],
    [['--labels', 'a.labels.json'], '--transcripts FILE... is required'],
    [['--transcripts', 'a.json', '--labels', 'b.csv', '--format', 'pdf'], '--format takes json, md, csv or latex, not "pdf"'],
    [['--transcripts', 'a.json', '--labels', 'b.csv', '--bootstrap', 'many'], '--bootstrap takes a whole number from 0 to 100000, not "many"'],
    [['--transcripts', 'a.json', '--labels', 'b.csv', '--seed', '1.5'], '--seed takes a whole number'],
    [['--transcripts', 'a.json', '--labels', 'b.csv', '--resample', 'turns'], '--resample takes puzzles or units, not "turns"'],
    [['--transcripts', 'a.json', '--labels', 'b.csv', '--paired-test', 'mcnemar'], '--paired-test takes bootstrap-t or exact-mcnemar, not "mcnemar"'],
    [
      ['--transcripts', 'a.json', '--format', 'md', 'stray.json', '--labels', 'b.csv'],
      'unexpected argument "stray.json"; files follow --transcripts or --labels',
    ],
    [['--transcripts', 'a.json', '--labels', 'b.csv', '--colour'], "Unknown option '--colour'"],
    [['--transcripts'], "Option '--transcripts <value>' argument missing"],
    [
      ['--transcripts', 'a.json', '--labels', 'b.csv', '--alt-test-epsilon', '1'],
      '--alt-test-epsilon takes a number from 0 up to but not including 1, such as 0.2 (expert), 0.15 (skilled) or 0.1 (crowd annotators), not "1"',
    ],
    [['--transcripts', 'a.json', '--labels', 'b.csv', '--alt-test-epsilon', '-0.1'], '--alt-test-epsilon takes a number from 0 up to but not including 1'],
    [['--transcripts', 'a.json', '--labels', 'b.csv', '--alt-test-epsilon', 'crowd'], '--alt-test-epsilon takes a number from 0 up to but not including 1'],
    [['--transcripts', 'a.json', '--labels', 'b.csv', '--selective-agreement', '90'], '--selective-agreement takes a number between 0 and 1, such as 0.9'],
    [['--transcripts', 'a.json', '--labels', 'b.csv', '--selective-risk', '0'], '--selective-risk takes a number between 0 and 1, such as 0.1'],
    [['--transcripts', 'a.json', '--labels', 'b.csv', '--truth-raters', 'people'], '--truth-raters needs --estimated-truth'],
    [
      ['--transcripts', 'a.json', '--labels', 'b.csv', '--estimated-truth', '--truth-raters', 'judges'],
      '--truth-raters takes people or people-and-judges, not "judges"',
    ],
  ])('exits 2 on bad usage: %j', async (args, message) => {
    const run = await runCli('report', ...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`agreement-studio report: ${message}`);
  });

  it('prints its usage with --help', async () => {
    const run = await runCli('report', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: agreement-studio report --transcripts FILE\.\.\. --labels FILE\.\.\./);
    expect(run.stdout).toContain('--leave-out-unsure     leave labels marked unsure out of every figure');
    expect(run.stdout).toContain('pass; 0.2 suits expert, 0.15 skilled and 0.1 crowd annotators');
    expect(run.stdout).toContain('--estimated-truth      add the Estimated truth section');
    expect(run.stdout).toContain('--truth-raters WHO     with --estimated-truth: people (default)');
  });
});

describe('agreement-studio report --estimated-truth', () => {
  it('adds the Estimated truth section only when asked, from the people by default or with the judges, in JSON and Markdown', async () => {
    const { transcripts, labels } = exampleB(folder());
    const args = ['--transcripts', transcripts, '--labels', ...labels];
    expect((await jsonReport(...args)).estimatedTruth).toBeUndefined();

    const people = await jsonReport(...args, '--estimated-truth', '--bootstrap', '20');
    expect(people.estimatedTruth?.raters).toBe('people');
    expect(people.estimatedTruth?.replicates).toBe(20);
    const answer = people.estimatedTruth?.tasks.find((task) => task.task === 'answer');
    expect(answer?.units).toBe(2);
    expect(answer?.raters.map((row) => row.rater)).toEqual(['human:a', 'human:b', 'human:c']);
    // Worked example B: the judge agrees with the majority on unit 1 (yes) and not on unit 2 (irrelevant).
    const judge = answer?.judges.find((row) => row.judge === 'judge-m' && row.bucket === 'all');
    expect(judge?.majority).toMatchObject({ agreement: 0.5, n: 2 });

    const withJudges = await jsonReport(...args, '--estimated-truth', '--truth-raters', 'people-and-judges', '--bootstrap', '0');
    const judged = withJudges.estimatedTruth?.tasks.find((task) => task.task === 'answer');
    expect(judged?.raters.map((row) => row.rater)).toContain('judge:judge-m');
    expect(judged?.judges.every((row) => row.inTruth)).toBe(true);

    const md = await runCli('report', ...args, '--format', 'md', '--bootstrap', '0', '--estimated-truth', '--truth-raters', 'people-and-judges');
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('## Estimated truth');
    expect(md.stdout).toContain('each judge is measured against the truth fitted without its own labels');
  });
});

describe('agreement-studio report: selective evaluation', () => {
  // 40 questions the judge is sure of (probability 0.95) and right on, 10 it is unsure of (0.6) and wrong on.
  const turns = Array.from({ length: 50 }, (_, i) => ({ id: `s-1/${i + 1}`, sure: i < 40 }));
  const inputs = () => {
    const where = folder();
    const transcripts = write(
      where,
      'selective.json',
      JSON.stringify({
        format: TRANSCRIPTS_FORMAT,
        id: 'selective',
        name: 'Study selective',
        puzzles: [{ id: 'p-1', story: 'A man walks into a bar and asks for water.', reference: 'He had hiccups.', difficulty: 2 }],
        sessions: [
          {
            id: 's-1',
            puzzleId: 'p-1',
            player: 'player-x',
            judge: 'judge-m',
            turns: turns.map((turn) => ({
              id: turn.id,
              type: 'question',
              text: `Turn ${turn.id}`,
              judgements: { 'judge-m': turn.sure ? 'yes' : 'no' },
              judgeConfidence: { 'judge-m': { probability: turn.sure ? 0.95 : 0.6 } },
            })),
          },
        ],
      }),
    );
    const labels = ['a', 'b'].map((annotator) =>
      write(
        where,
        `${annotator}.labels.json`,
        labelText(
          'selective',
          annotator,
          turns.map((turn) => ({ unit: turn.id, task: 'answer', value: 'yes' })),
        ),
      ),
    );
    return ['--transcripts', transcripts, '--labels', ...labels];
  };

  it('keeps the sure labels, sends the unsure ones to people, and writes the rows in the JSON, CSV and Markdown', async () => {
    const args = inputs();
    const report = await jsonReport(...args);
    const row = report.judges?.selectiveEvaluation?.find((one) => one.judge === 'judge-m' && one.source === 'log-probabilities');
    expect(row).toMatchObject({
      task: 'answer',
      alpha: 0.1,
      delta: 0.1,
      passes: true,
      calibrationUnits: 50,
      keptCalibrationUnits: 40,
      agreementOnKept: 1,
      units: 50,
    });
    expect(row?.escalatedUnits).toEqual(turns.filter((turn) => !turn.sure).map((turn) => turn.id));
    const csv = await runCli('report', ...args, '--format', 'csv', '--bootstrap', '0');
    expect(csv.code).toBe(0);
    expect(csv.stdout).toContain(`selective_evaluation,answer,all,judge:judge-m,log-probabilities,threshold,${row?.threshold},50,`);
    expect(csv.stdout).toContain('selective_evaluation,answer,all,judge:judge-m,log-probabilities,escalated_units,10,50,');
    const md = await runCli('report', ...args, '--format', 'md', '--bootstrap', '0');
    expect(md.stdout).toContain("R: which of each judge's labels to keep, and which to send to people");
    expect(md.stdout).toContain('| judge-m | log-probabilities |');
  });

  it('runs at the target set with --selective-agreement and --selective-risk, and says it in the Markdown', async () => {
    const args = inputs();
    const report = await jsonReport(...args, '--selective-agreement', '0.75', '--selective-risk', '0.2');
    const row = report.judges?.selectiveEvaluation?.find((one) => one.judge === 'judge-m' && one.source === 'log-probabilities');
    expect([row?.alpha, row?.delta]).toEqual([0.25, 0.2]);
    const md = await runCli('report', ...args, '--format', 'md', '--bootstrap', '0', '--selective-agreement', '0.75', '--selective-risk', '0.2');
    expect(md.stdout).toContain('for 75.0% agreement (alpha 0.25) with 80.0% certainty (delta 0.2)');
  });
});
