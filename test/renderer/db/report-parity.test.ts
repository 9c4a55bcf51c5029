// The report in the app and the command line's report give identical numbers: the same files go
// through the app's own import into a fake-indexeddb database and are reported the way the report
// worker does it (loadReportInputs + buildReport), and through `agreement-studio report`.

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/random/prng';
import type { LabelValue, StudyData } from '../../../shared/domain/model';
import { formatErrorText } from '../../../shared/formats/errors';
import { buildLabelFile, serializeLabelFile, type LabelFileContent, type LabelRecord } from '../../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { buildReport } from '../../../shared/report/build-report';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import type { UnsureLabels } from '../../../shared/report/unsure-labels';
import { importLabelSources } from '../../../renderer/db/import-label-files';
import { importStudies } from '../../../renderer/db/import-study';
import { loadReportInputs } from '../../../renderer/db/report-inputs';
import { runCli, scratchDir } from '../../cli/run-cli';
import { closeDatabases, freshDatabase, NOW } from './db-fixtures';

const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(closeDatabases);

const SETTINGS = { bootstrap: 200, seed: 5, average: 'micro' } as const;

/** The command line's JSON report of the files, with the settings the app report uses. */
async function cliReport(transcripts: string, labels: readonly string[], unsure: UnsureLabels): Promise<AgreementReport> {
  const flags = unsure === 'left-out' ? ['--leave-out-unsure'] : [];
  const run = await runCli(
    'report',
    '--transcripts',
    transcripts,
    '--labels',
    ...labels,
    '--format',
    'json',
    '--bootstrap',
    String(SETTINGS.bootstrap),
    '--seed',
    String(SETTINGS.seed),
    ...flags,
  );
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as AgreementReport;
}

/** The files imported through the app's own code, then reported as the report worker does. */
async function appReport(transcripts: string, labels: readonly string[], unsure: UnsureLabels): Promise<AgreementReport> {
  const db = freshDatabase();
  const parsed = parseTranscriptBundle({ name: transcripts, text: readFileSync(transcripts, 'utf8') }, { now: NOW });
  if (!parsed.ok) throw new Error(parsed.errors.map(formatErrorText).join('\n'));
  await importStudies(db, [parsed.value]);
  const studyId = parsed.value.study.id;
  const imported = await importLabelSources(
    db,
    studyId,
    labels.map((file) => ({ name: file, text: readFileSync(file, 'utf8') })),
    { now: NOW },
  );
  expect(imported.rejected).toEqual([]);
  expect(imported.totals.files).toBe(labels.length);
  const { study, labels: stored, gold, annotatorNames, inputs } = await loadReportInputs(db, studyId, { gold: false });
  expect(gold).toEqual([]);
  const report = buildReport({
    study,
    labels: stored,
    gold,
    annotatorNames,
    settings: { ...SETTINGS, unsure },
    inputs,
    app: 'agreement-studio test',
    now: NOW,
  });
  // As the worker hands it over: structured clone keeps what JSON keeps for this plain data.
  return JSON.parse(JSON.stringify(report)) as AgreementReport;
}

/** Equal in every field but when, by what and from which files each report was made. */
async function expectParity(transcripts: string, labels: readonly string[], unsure: UnsureLabels = 'counted'): Promise<AgreementReport> {
  const [cli, app] = [await cliReport(transcripts, labels, unsure), await appReport(transcripts, labels, unsure)];
  expect({ ...app, generatedAt: cli.generatedAt, inputs: cli.inputs, app: cli.app }).toEqual(cli);
  expect(app.inputs.map((input) => input.file.split(':')[0])).toEqual(['transcripts', 'labels']);
  return app;
}

describe('the app report and `agreement-studio report` agree', () => {
  it('on the study the demo command writes', { timeout: 60_000 }, async () => {
    const out = join(dir, 'demo');
    expect((await runCli('demo', '--out', out, '--puzzles', '18', '--annotators', '4', '--seed', '3')).code).toBe(0);
    const labels = readdirSync(join(out, 'labels')).map((name) => join(out, 'labels', name));
    const report = await expectParity(join(out, 'demo-study.json'), labels);
    // The figures compared are real ones: intervals, several annotators, players.
    expect(report.tables.answer.find((row) => row.bucket === 'all' && row.a === 'human' && row.b === 'human')?.ci95).not.toBeNull();
    expect(report.annotators.length).toBeGreaterThan(4);
    expect(report.players.outcomes.length).toBeGreaterThan(0);
    expect(report.settings.unsureLabels).toBe('counted');
    // Both read the annotators' display names, not only their ids.
    const names = Object.entries(report.annotatorNames ?? {});
    expect(names.length).toBeGreaterThan(3);
    expect(names.some(([id, name]) => id !== name)).toBe(true);
  });

  it('with labels marked unsure left out (--leave-out-unsure)', { timeout: 60_000 }, async () => {
    const out = join(dir, 'demo-unsure');
    expect((await runCli('demo', '--out', out, '--puzzles', '12', '--annotators', '4', '--seed', '6')).code).toBe(0);
    const labels = readdirSync(join(out, 'labels')).map((name) => join(out, 'labels', name));
    // Mark every third label unsure, so leaving them out changes the figures.
    for (const file of labels) {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as LabelFileContent;
      parsed.labels.forEach((label, index) => (label.unsure = index % 3 === 0));
      writeFileSync(file, serializeLabelFile(buildLabelFile(parsed)));
    }
    const counted = await expectParity(join(out, 'demo-study.json'), labels);
    const leftOut = await expectParity(join(out, 'demo-study.json'), labels, 'left-out');
    expect(leftOut.settings.unsureLabels).toBe('left-out');
    expect(leftOut.settings.unsureLabelsLeftOut).toBeGreaterThan(0);
    expect(leftOut.tables.answer).not.toEqual(counted.tables.answer);
  });

  it('on a demo study with three judges, ten annotators and the label files given in reverse', { timeout: 60_000 }, async () => {
    const out = join(dir, 'demo-wide');
    expect((await runCli('demo', '--out', out, '--puzzles', '12', '--annotators', '10', '--seed', '8', '--judge-error', '0.1,0.2,0.3')).code).toBe(0);
    const labels = readdirSync(join(out, 'labels'))
      .map((name) => join(out, 'labels', name))
      .reverse();
    const report = await expectParity(join(out, 'demo-study.json'), labels);
    expect(report.confusion.filter((matrix) => matrix.task === 'answer')).toHaveLength(3);
  });

  it('on the shipped demo study (records not in id order) with label files, a label CSV and a revision', { timeout: 60_000 }, async () => {
    const transcripts = join(process.cwd(), 'assets', 'demo-study.json');
    const parsed = parseTranscriptBundle({ name: 'demo-study.json', text: readFileSync(transcripts, 'utf8') }, { now: NOW });
    if (!parsed.ok) throw new Error('the shipped demo study does not parse');
    const study = parsed.value;
    // The bundle lists puzzles and sessions out of id order, and turn ids sort apart from play order.
    expect(study.puzzles.map((puzzle) => puzzle.id)).not.toEqual(study.puzzles.map((puzzle) => puzzle.id).sort());

    const files = writeShippedLabels(study, join(dir, 'shipped'));
    const report = await expectParity(transcripts, files);
    expect(report.study.id).toBe(study.study.id);
    expect(report.difficulty.every((row) => row.source === 'human')).toBe(true);
  });
});

/**
 * Label files for the shipped study: zed and amy as label files (amy's second file revises some
 * of her labels), bob as a label CSV; each annotator skips some units and sometimes departs from
 * the first judge. Labels are written in reverse study order, so no reader can lean on file order.
 */
function writeShippedLabels(study: StudyData, where: string): string[] {
  const prng = createPrng(42);
  const write = (name: string, text: string) => {
    const path = join(where, name);
    writeFileSync(path, text);
    return path;
  };
  mkdirSync(where, { recursive: true });
  const labelsOf = (annotator: string) => {
    const labels: Array<{ unit: string; task: LabelRecord['task']; value: LabelValue }> = [];
    for (const turn of [...study.turns].reverse()) {
      if (prng.chance(0.2)) continue;
      const judge = Object.values(turn.judgements)[0] ?? (turn.type === 'question' ? 'no' : 'unmatched');
      const options = turn.type === 'question' ? ['yes', 'no', 'irrelevant'] : ['matched', 'unmatched'];
      const value = (prng.chance(0.2) ? prng.pick(options) : judge) as LabelValue;
      labels.push({ unit: turn.id, task: turn.type === 'question' ? 'answer' : 'match', value });
    }
    for (const puzzle of [...study.puzzles].reverse()) labels.push({ unit: puzzle.id, task: 'difficulty', value: prng.int(1, 9) });
    return { annotator, labels };
  };
  const labelFile = (annotator: string, labels: ReadonlyArray<{ unit: string; task: LabelRecord['task']; value: LabelValue }>, rev: number) =>
    serializeLabelFile(
      buildLabelFile({
        studyId: study.study.id,
        annotator: { id: annotator, name: `Annotator ${annotator}` },
        exportedAt: NOW,
        app: 'agreement-studio test',
        labels: labels.map((label) => ({ ...label, at: NOW, rev, unsure: false, note: '' })),
      }),
    );
  const zed = labelsOf('zed');
  const amy = labelsOf('amy');
  const bob = labelsOf('bob');
  const revised = amy.labels
    .filter((label) => label.task === 'answer')
    .slice(0, 25)
    .map((label) => ({ ...label, value: (label.value === 'yes' ? 'no' : 'yes') as LabelValue }));
  const csv = ['annotator,unit,task,value', ...bob.labels.map((label) => `bob,${label.unit},${label.task},${label.value}`)].join('\n');
  return [
    write('zed.labels.json', labelFile('zed', zed.labels, 1)),
    write('amy-revised.labels.json', labelFile('amy', revised, 2)),
    write('bob.csv', `${csv}\n`),
    write('amy.labels.json', labelFile('amy', amy.labels, 1)),
  ];
}
