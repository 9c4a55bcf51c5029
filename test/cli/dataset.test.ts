// The `dataset` command, run in-process on files written for each test: the labelled dataset of
// a study with its soft labels (people's shares, Dawid-Skene's posterior from the annotators
// alone) as JSONL and CSV, equal to the shared export of the same files, and bad usage refused;
// with --split-seed and shares each unit's part of the judge split, the part the split gives its puzzle.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { datasetRows, type DatasetRow } from '../../shared/export/dataset';
import { readCsv } from '../../shared/formats/csv';
import { buildLabelFile, serializeLabelFile } from '../../shared/formats/label-file';
import { TRANSCRIPTS_FORMAT } from '../../shared/formats/transcript-bundle';
import { loadStudyInputs } from '../../shared/report/load-study-inputs';
import { puzzleSplit } from '../../shared/study/judge-splits';
import { runCli, scratchDir } from './run-cli';

const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One puzzle of three questions judged by `judge-m`, and three annotators' label files. */
function files(): { transcripts: string; labels: string[] } {
  const where = mkdtempSync(join(dir, 'case-'));
  const transcripts = join(where, 'soft.json');
  const turns = ['yes', 'no', 'irrelevant'].map((judge, i) => ({
    id: `s-1/${i + 1}`,
    type: 'question',
    text: `Question ${i + 1}?`,
    judgements: { 'judge-m': judge },
  }));
  writeFileSync(
    transcripts,
    JSON.stringify({
      format: TRANSCRIPTS_FORMAT,
      id: 'soft',
      name: 'Study soft',
      puzzles: [{ id: 'p-1', story: 'A man walks into a bar and asks for water.', reference: 'He had hiccups.', difficulty: 2 }],
      sessions: [{ id: 's-1', puzzleId: 'p-1', player: 'player-x', judge: 'judge-m', turns }],
    }),
  );
  const answers: Record<string, string[]> = { a: ['yes', 'no', 'no'], b: ['yes', 'no', 'irrelevant'], c: ['no', 'no', 'irrelevant'] };
  const labels = Object.entries(answers).map(([annotator, values]) => {
    const path = join(where, `${annotator}.labels.json`);
    const records = values.map((value, i) => ({
      unit: `s-1/${i + 1}`,
      task: 'answer' as const,
      value: value as 'yes',
      at: '2026-11-22T10:00:00Z',
      rev: 1,
      unsure: false,
      note: '',
    }));
    writeFileSync(
      path,
      serializeLabelFile(
        buildLabelFile({ studyId: 'soft', annotator: { id: annotator, name: annotator }, exportedAt: '2026-11-22T10:00:00Z', app: 'test', labels: records }),
      ),
    );
    return path;
  });
  return { transcripts, labels };
}

function expectedRows(transcripts: string, labels: readonly string[]): DatasetRow[] {
  const read = (path: string) => ({ name: basename(path), text: readFileSync(path, 'utf8') });
  const loaded = loadStudyInputs([read(transcripts)], labels.map(read));
  if (!loaded.ok) throw new Error(loaded.errors[0]?.message);
  return datasetRows({ study: loaded.value.study, labels: loaded.value.labels, gold: [], includeJudges: true }).rows;
}

describe('agreement-studio dataset', () => {
  it('writes the JSONL with soft labels, row for row the shared export of the same files', async () => {
    const { transcripts, labels } = files();
    const run = await runCli('dataset', '--transcripts', transcripts, '--labels', ...labels);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [header, ...rows] = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header?.softLabels).toMatch(/Dawid-Skene .* annotators' labels alone, no judge/);
    expect(rows).toEqual(JSON.parse(JSON.stringify(expectedRows(transcripts, labels))));
    expect(rows[0]?.humanShares).toEqual({ yes: 2 / 3, no: 1 / 3, irrelevant: 0 });
    const posterior = rows[0]?.posterior as Record<string, number>;
    expect(posterior.yes).toBeGreaterThan(posterior.no as number);
  });

  it('writes the CSV with share and posterior columns, and leaves the judges out when asked', async () => {
    const { transcripts, labels } = files();
    const run = await runCli('dataset', '--transcripts', transcripts, '--labels', ...labels, '--format', 'csv', '--without-judges');
    expect(run.code).toBe(0);
    const read = readCsv(run.stdout);
    if (!read.ok) throw new Error(read.message);
    const [header] = read.rows.filter((row) => !(row[0] ?? '').startsWith('#'));
    expect(header).toEqual(expect.arrayContaining(['share:yes', 'posterior:irrelevant', 'gold_acceptable']));
    expect(run.stdout).not.toContain('judge-m');
  });

  it('refuses a format it does not write, and says how to use it', async () => {
    const run = await runCli('dataset', '--transcripts', 'a.json', '--labels', 'b.csv', '--format', 'xlsx');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('agreement-studio dataset: --format takes jsonl or csv, not "xlsx"');
    const help = await runCli('dataset', '--help');
    expect(help.stdout).toMatch(/^Usage: agreement-studio dataset --transcripts FILE\.\.\. --labels FILE\.\.\./);
  });

  it("adds each unit's part of the judge split the options give, in JSONL and CSV, and refuses a split the rule refuses", async () => {
    const { transcripts, labels } = files();
    const rule = { seed: 5, shares: { examples: 0.1, development: 0.6, test: 0.3 } };
    const part = puzzleSplit(rule, 'p-1');
    const options = ['--split-seed', '5', '--examples-share', '0.1', '--test-share', '0.3'];
    const jsonl = await runCli('dataset', '--transcripts', transcripts, '--labels', ...labels, ...options);
    expect(jsonl.code).toBe(0);
    const [header, ...rows] = jsonl.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header?.judgeSplit).toEqual(rule);
    expect(rows.map((row) => row.split)).toEqual(rows.map(() => part));
    const csv = await runCli('dataset', '--transcripts', transcripts, '--labels', ...labels, ...options, '--format', 'csv');
    const read = readCsv(csv.stdout);
    if (!read.ok) throw new Error(read.message);
    const [columns, ...records] = read.rows.filter((row) => !(row[0] ?? '').startsWith('#'));
    expect(columns?.at(-1)).toBe('split');
    expect(records.map((record) => record.at(-1))).toEqual(records.map(() => part));
    // Without the options, no split column at all.
    const plain = await runCli('dataset', '--transcripts', transcripts, '--labels', ...labels, '--format', 'csv');
    expect(plain.stdout).not.toContain('split');

    const refused = await runCli('dataset', '--transcripts', transcripts, '--labels', ...labels, '--examples-share', '0.3');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('agreement-studio dataset: the examples split must hold 10% to 20% of the puzzles, not 30%');
  });
});
