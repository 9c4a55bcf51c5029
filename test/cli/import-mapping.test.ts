// `agreement-studio import FILE... --mapping PRESET.json` (issue 14 points 2 and 6, issue 26 point 4):
// a CSV and an Excel workbook of a layout no importer knows become a bundle `validate` accepts
// through a mapping preset, raters' columns one label file each beside it and judges' columns
// judgements; a bad preset, a field the files lack and a judge nobody names are errors that say so.

import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAPPING_FORMAT, serializeMappingPreset, type MappingPreset } from '../../shared/formats/importers/mapping-preset';
import { writeWorkbook } from '../shared/formats/importers/workbook-writer';
import { runCli, scratchDir, scratchWriter } from './run-cli';

const dir = scratchDir();
const write = scratchWriter(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PRESET: MappingPreset = {
  format: MAPPING_FORMAT,
  name: 'Lab transcripts',
  fields: {
    session: 'game',
    puzzleId: 'pid',
    story: 'surface',
    reference: 'truth',
    player: 'who',
    turnKind: 'kind',
    question: 'utterance',
    judgeLabel: 'verdict',
  },
  turnKinds: { question: ['ask'], final: ['guess'] },
};

const HEADER = ['game', 'pid', 'surface', 'truth', 'who', 'kind', 'utterance', 'verdict', 'cost'];
const ROWS = [
  ['g1', 'p1', 'A man turns off a lamp.', 'He lives in a lighthouse.', 'gpt-x', 'ask', 'Is he at sea?', 'Yes, he is.', '0.1'],
  ['g1', 'p1', '', '', 'gpt-x', 'guess', 'He kept ships safe', 'Congratulations!', '0.2'],
  ['g2', 'p2', 'A note on a door.', 'It was a ransom note.', 'gpt-y', 'ask', 'Was it a threat?', 'maybe so', ''],
];
const csv = [HEADER, ...ROWS].map((row) => row.map((cell) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')).join('\n');

describe('agreement-studio import --mapping', () => {
  const preset = write('lab.mapping.json', serializeMappingPreset(PRESET));

  it('imports a CSV through the preset, lists the unmapped field and the reply it could not read, and validate accepts the bundle', async () => {
    const source = write('runs.csv', csv);
    const out = join(dir, 'runs.json');
    const run = await runCli('import', source, '--mapping', preset, '--judge', 'judge-m', '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`read ${source}: CSV, 3 records, mapped by the preset "Lab transcripts"`);
    expect(run.stdout).toContain(`wrote ${out}: 2 puzzles, 2 sessions, 3 turns (2 questions, 1 final answer), 1 judge`);
    expect(run.stdout).toContain('judge replies that could not be read (kept as written, left out of the figures):\n  judge-m: "maybe so" 1x\n');
    expect(run.stdout).toContain(`not imported: 2 values\n  ${source}: field cost: 2 values (for example "0.1", "0.2")\n`);
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as {
      sessions: Array<{ turns: Array<{ type: string; judgements: Record<string, string>; judgeReplies?: Record<string, string> }> }>;
    };
    expect(bundle.sessions[0]?.turns[1]).toEqual({
      id: 'g1/2',
      type: 'final',
      text: 'He kept ships safe',
      judgements: { 'judge-m': 'matched' },
      judgeReplies: { 'judge-m': 'Congratulations!' },
    });
    const validate = await runCli('validate', out);
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toContain('2 puzzles, 2 sessions, 3 turns');
  });

  it('imports the same records from an Excel workbook', async () => {
    const source = write('runs.xlsx', writeWorkbook([{ name: 'Runs', rows: [HEADER, ...ROWS] }]));
    const out = join(dir, 'xlsx.json');
    const run = await runCli('import', source, '--mapping', preset, '--judge', 'judge-m', '--out', out);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`read ${source}: Excel workbook (the first sheet), 3 records, mapped by the preset "Lab transcripts"`);
    expect(run.stdout).toContain(`wrote ${out}: 2 puzzles, 2 sessions, 3 turns (2 questions, 1 final answer), 1 judge`);
  });

  it('asks for the judge by its flag when neither the files nor the preset name one', async () => {
    const run = await runCli('import', write('again.csv', csv), '--mapping', preset, '--out', join(dir, 'no-judge.json'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('the records name no judge (map a judge field, or name one); name it with --judge NAME');
  });

  it("writes each rater column's labels as a label file beside the bundle, and the report compares them with the judge columns", async () => {
    const labelled = [
      'pid,surface,truth,asked,Ann 1,ann-2,ann-3,judge-a,judge-b',
      'p1,A man turns off a lamp.,He keeps a lighthouse.,Is he at sea?,1,1,1,1,1',
      'p1,,,Is it night?,2,2,0,2,0',
      'p1,,,Did people drown?,1,1,1,1,2',
      'p2,A note on a door.,A proposal.,A letter?,0,2,0,0,0',
    ].join('\n');
    const values = { question: { '1': 'yes', '2': 'no', '0': 'irrelevant' } } as const;
    const labelsPreset = write(
      'labelled.mapping.json',
      serializeMappingPreset({
        format: MAPPING_FORMAT,
        name: 'Labelled',
        fields: { puzzleId: 'pid', story: 'surface', reference: 'truth', question: 'asked' },
        constants: { player: 'lab-player' },
        raters: [{ field: 'Ann 1' }, { field: 'ann-2' }, { field: 'ann-3' }],
        judges: [{ field: 'judge-a' }, { field: 'judge-b' }],
        values: { 'Ann 1': values, 'ann-2': values, 'ann-3': values, 'judge-a': values, 'judge-b': values },
      }),
    );
    const out = join(dir, 'labelled.json');
    const run = await runCli('import', write('labelled.csv', labelled), '--mapping', labelsPreset, '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('the column "Ann 1" is the rater Ann-1: an annotator\'s id is 1 to 100 letters');
    expect(run.stdout).toContain(`wrote ${out}: 2 puzzles, 2 sessions, 4 turns (4 questions, 0 final answers), 2 judges`);
    const labelFiles = ['Ann-1', 'ann-2', 'ann-3'].map((id) => join(dir, `labelled.${id}.labels.json`));
    expect(run.stdout).toContain(`wrote ${labelFiles[0]}: 4 labels by Ann-1 (Ann 1)`);
    expect(run.stdout).toContain('not imported: nothing');
    const validate = await runCli('validate', out, ...labelFiles);
    expect(validate.stderr).toBe('');
    const report = await runCli('report', '--transcripts', out, ...labelFiles.flatMap((file) => ['--labels', file]), '--bootstrap', '0', '--format', 'json');
    expect(report.stderr).toBe('');
    const json = JSON.parse(report.stdout) as {
      annotatorNames: Record<string, string>;
      tables: { answer: Array<{ bucket: string; a: string; b: string; n: number }> };
    };
    expect(json.annotatorNames).toEqual({ 'Ann-1': 'Ann 1', 'ann-2': 'ann-2', 'ann-3': 'ann-3' });
    const all = json.tables.answer.filter((row) => row.bucket === 'all').map((row) => [row.a, row.b, row.n]);
    // Each judge against the three raters' 4 labels (12 comparisons), the raters' 3 pairs on 4 turns, and the judges' 4 turns.
    expect(all).toEqual([
      ['judge:judge-a', 'human', 12],
      ['judge:judge-b', 'human', 12],
      ['human', 'human', 12],
      ['judge:judge-a', 'judge:judge-b', 4],
    ]);
  });

  it('names a field the preset maps that the files lack', async () => {
    const wrong = write('wrong.mapping.json', serializeMappingPreset({ ...PRESET, fields: { ...PRESET.fields, judgeLabel: 'judge_says' } }));
    const source = write('runs2.csv', csv);
    const run = await runCli('import', source, '--mapping', wrong, '--judge', 'j', '--out', join(dir, 'wrong.json'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${source}: the mapping takes the judge label from the field "judge_says", which the files do not have`);
  });

  it('refuses a bad preset, naming the file and the member', async () => {
    const source = write('runs3.csv', csv);
    const newer = write('newer.mapping.json', JSON.stringify({ ...PRESET, format: 'agreement-studio.mapping/3' }));
    const run = await runCli('import', source, '--mapping', newer, '--out', join(dir, 'bad.json'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${newer}: format: this file is agreement-studio.mapping/3, newer than the version this app reads`);
    const unknown = write('unknown.mapping.json', JSON.stringify({ ...PRESET, fields: { ...PRESET.fields, answer: 'truth' } }));
    const second = await runCli('import', source, '--mapping', unknown, '--out', join(dir, 'bad.json'));
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`${unknown}: fields.answer:`);
  });
});
