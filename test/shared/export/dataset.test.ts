// The labelled dataset export (docs/formats.md#labelled-dataset) on a hand-built study: the exact rows, in JSONL and in
// CSV; majority null on ties; gold labels; difficulty as the report computes it; formula escaping
// of hostile cells and provenance; no trace of a judge in an annotator export; and the soft labels
// (people's shares, Dawid-Skene's posterior against a plainly built fit, the sets of acceptable answers);
// each unit's part of the judge split when the study has one, and a file unchanged when it has none.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import type { GoldLabel, StudyData } from '../../../shared/domain/model';
import { DATASET_FORMAT, datasetFile, datasetRows, type DatasetFileInput, type DatasetRow } from '../../../shared/export/dataset';
import { readCsv } from '../../../shared/formats/csv';
import { keyedUniform } from '../../../shared/random/keyed-uniform';
import { ratingColumns } from '../../../shared/stats/crowd/crowd-ratings';
import { dawidSkene } from '../../../shared/stats/crowd/dawid-skene';
import { formatErrorText } from '../../../shared/formats/errors';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { buildReport } from '../../../shared/report/build-report';
import type { StudyLabel } from '../../../shared/stats/study/study-units';

const NOW = '2026-11-22T10:00:00.000Z';
const DEMO_TEXT = readFileSync(new URL('../../../assets/demo-study.json', import.meta.url), 'utf8');
const APP = 'agreement-studio test';
const SHA = 'ab'.repeat(32);

function parse(name: string, bundle: unknown): StudyData {
  const parsed = parseTranscriptBundle({ name, text: JSON.stringify(bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error(parsed.errors.map(formatErrorText).join('\n'));
  return parsed.value;
}

/**
 * Three puzzles: p1 rated only by the bundle (2: easy), p2 by two humans (4 and 5: mean 4.5,
 * level 5, medium, although the bundle says 8), p3 by nobody (unrated, no sessions).
 * Turn texts and a title that a spreadsheet would run as formulas.
 */
function tinyStudy(): StudyData {
  return parse('tiny.json', {
    format: 'agreement-studio.transcripts/1',
    id: 'tiny',
    name: 'Tiny, "=1+1" study',
    puzzles: [
      { id: 'p1', title: '=HYPERLINK("http://evil.example","click")', story: 'Story one.', reference: 'Answer one.', difficulty: 2 },
      { id: 'p2', story: 'Story two.', reference: 'Answer two.', difficulty: 8 },
      { id: 'p3', title: 'Third', story: 'Story three.', reference: 'Answer three.' },
    ],
    sessions: [
      {
        id: 's1',
        puzzleId: 'p1',
        player: 'player-a',
        judge: 'judge-x',
        turns: [
          { id: 's1/1', type: 'question', text: '@x', judgements: { 'judge-x': 'yes', 'judge-y': 'no' } },
          { id: 's1/2', type: 'question', text: 'Is it, "quoted"?', judgements: { 'judge-x': 'no' } },
          { id: 's1/3', type: 'final', text: '-1 is the answer', judgements: { 'judge-x': 'matched' }, judgeReply: 'Correct! Secret reply.' },
        ],
      },
      {
        id: 's2',
        puzzleId: 'p2',
        player: 'player-a',
        judge: 'judge-x',
        turns: [
          { id: 's2/1', type: 'question', text: 'Plain question?', judgements: { 'judge-x': 'irrelevant' } },
          { id: 's2/2', type: 'final', text: '+1 line\nand another', judgements: { 'judge-x': 'unmatched', 'judge-y': 'matched' }, judgeReply: 'Not quite.' },
        ],
      },
    ],
  });
}

const LABELS: StudyLabel[] = [
  { annotatorId: 'ann-b', unitId: 's1/1', task: 'answer', value: 'no' },
  { annotatorId: 'ann-a', unitId: 's1/1', task: 'answer', value: 'yes' },
  { annotatorId: 'ann-a', unitId: 's1/2', task: 'answer', value: 'no' },
  { annotatorId: 'ann-b', unitId: 's1/2', task: 'answer', value: 'no' },
  { annotatorId: 'ann-a', unitId: 's1/3', task: 'match', value: 'matched' },
  { annotatorId: 'ann-b', unitId: 's1/3', task: 'match', value: 'unmatched' },
  { annotatorId: 'ann-c', unitId: 's1/3', task: 'match', value: 'matched' },
  { annotatorId: 'ann-a', unitId: 's2/1', task: 'answer', value: 'irrelevant' },
  { annotatorId: 'ann-b', unitId: 's2/2', task: 'match', value: 'unmatched' },
  { annotatorId: 'ann-a', unitId: 'p2', task: 'difficulty', value: 4 },
  { annotatorId: 'ann-b', unitId: 'p2', task: 'difficulty', value: 5 },
  // Ignored, as the report ignores them: a unit the study lacks, a task the unit does not take.
  { annotatorId: 'ann-z', unitId: 's9/1', task: 'answer', value: 'yes' },
  { annotatorId: 'ann-z', unitId: 's1/3', task: 'answer', value: 'yes' },
];

const GOLD: GoldLabel[] = [
  {
    studyId: 'tiny',
    task: 'answer',
    unitId: 's1/1',
    value: 'yes',
    note: '=cmd|" /C calc"!A0',
    by: 'Lead',
    at: NOW,
    basis: ['human:ann-a=yes', 'judge:judge-x=yes'],
  },
  { studyId: 'tiny', task: 'difficulty', unitId: 'p2', value: 5, note: '', by: 'Lead', at: NOW, basis: [] },
];

const EASY = { mean: 2, level: 2, bucket: 'easy', source: 'bundle' } as const;
const MEDIUM = { mean: 4.5, level: 5, bucket: 'medium', source: 'human' } as const;
const UNRATED = { mean: null, level: null, bucket: 'unrated', source: 'none' } as const;

const JUDGED_ROWS: HardRow[] = [
  {
    task: 'answer',
    unit: 's1/1',
    puzzleId: 'p1',
    sessionId: 's1',
    text: '@x',
    bucket: 'easy',
    judges: { 'judge-x': 'yes', 'judge-y': 'no' },
    annotators: { 'ann-a': 'yes', 'ann-b': 'no' },
    majority: null,
    gold: { value: 'yes', note: '=cmd|" /C calc"!A0', by: 'Lead', at: NOW },
    difficulty: EASY,
  },
  {
    task: 'answer',
    unit: 's1/2',
    puzzleId: 'p1',
    sessionId: 's1',
    text: 'Is it, "quoted"?',
    bucket: 'easy',
    judges: { 'judge-x': 'no' },
    annotators: { 'ann-a': 'no', 'ann-b': 'no' },
    majority: 'no',
    gold: null,
    difficulty: EASY,
  },
  {
    task: 'answer',
    unit: 's2/1',
    puzzleId: 'p2',
    sessionId: 's2',
    text: 'Plain question?',
    bucket: 'medium',
    judges: { 'judge-x': 'irrelevant' },
    annotators: { 'ann-a': 'irrelevant' },
    majority: 'irrelevant',
    gold: null,
    difficulty: MEDIUM,
  },
  {
    task: 'match',
    unit: 's1/3',
    puzzleId: 'p1',
    sessionId: 's1',
    text: '-1 is the answer',
    bucket: 'easy',
    judges: { 'judge-x': 'matched' },
    annotators: { 'ann-a': 'matched', 'ann-b': 'unmatched', 'ann-c': 'matched' },
    majority: 'matched',
    gold: null,
    difficulty: EASY,
  },
  {
    task: 'match',
    unit: 's2/2',
    puzzleId: 'p2',
    sessionId: 's2',
    text: '+1 line\nand another',
    bucket: 'medium',
    judges: { 'judge-x': 'unmatched', 'judge-y': 'matched' },
    annotators: { 'ann-b': 'unmatched' },
    majority: 'unmatched',
    gold: null,
    difficulty: MEDIUM,
  },
  {
    task: 'difficulty',
    unit: 'p1',
    puzzleId: 'p1',
    sessionId: null,
    text: '=HYPERLINK("http://evil.example","click")',
    bucket: 'easy',
    judges: {},
    annotators: {},
    majority: null,
    gold: null,
    difficulty: EASY,
  },
  {
    task: 'difficulty',
    unit: 'p2',
    puzzleId: 'p2',
    sessionId: null,
    text: null,
    bucket: 'medium',
    judges: {},
    annotators: { 'ann-a': 4, 'ann-b': 5 },
    majority: null,
    gold: { value: 5, note: '', by: 'Lead', at: NOW },
    difficulty: MEDIUM,
  },
  {
    task: 'difficulty',
    unit: 'p3',
    puzzleId: 'p3',
    sessionId: null,
    text: 'Third',
    bucket: 'unrated',
    judges: {},
    annotators: {},
    majority: null,
    gold: null,
    difficulty: UNRATED,
  },
];

/** The rows as JUDGED_ROWS and BLIND_ROWS give them: without the soft labels, which the tests below check apart. */
type HardRow = Omit<DatasetRow, 'humanShares' | 'posterior' | 'acceptable'>;

const BLIND_ROWS: HardRow[] = JUDGED_ROWS.map(({ judges: _judges, ...row }) => row);

function hardLabels({ humanShares: _shares, posterior: _posterior, acceptable: _acceptable, ...row }: DatasetRow): HardRow {
  return row;
}

function fileInput(format: 'jsonl' | 'csv', includeJudges: boolean, study = tinyStudy(), labels = LABELS, gold = GOLD): DatasetFileInput {
  return {
    study,
    labels,
    gold,
    includeJudges,
    format,
    app: APP,
    now: NOW,
    inputs: [{ file: 'tiny, "v2".json', sha256: SHA }],
    annotatorNames: { 'ann-a': 'Ada Lovelace', 'ann-b': 'Bea, "B"' },
  };
}

/** CSV records without the `#` provenance lines, read by the app's own CSV reader. */
function csvRecords(text: string): string[][] {
  const read = readCsv(text);
  if (!read.ok) throw new Error(`line ${read.line}: ${read.message}`);
  return read.rows.filter((row) => !(row[0] ?? '').startsWith('#'));
}

function csvComments(text: string): string[] {
  return text.split('\r\n').filter((line) => line.startsWith('#'));
}

describe('datasetRows', () => {
  it('gives one row per unit: questions, finals, then puzzles, with judges in a lead export', () => {
    const table = datasetRows({ study: tinyStudy(), labels: LABELS, gold: GOLD, includeJudges: true });
    expect(table.annotators).toEqual(['ann-a', 'ann-b', 'ann-c']);
    expect(table.judges).toEqual(['judge-x', 'judge-y']);
    expect(table.rows.map(hardLabels)).toEqual(JUDGED_ROWS);
  });

  it('leaves every judge out of an annotator export', () => {
    const table = datasetRows({ study: tinyStudy(), labels: LABELS, gold: GOLD, includeJudges: false });
    expect(table.judges).toEqual([]);
    expect(table.rows.map(hardLabels)).toEqual(BLIND_ROWS);
    for (const row of table.rows) expect(Object.hasOwn(row, 'judges')).toBe(false);
  });

  it('takes the latest label of an annotator who labelled a unit twice, as the report does', () => {
    const labels: StudyLabel[] = [...LABELS, { annotatorId: 'ann-b', unitId: 's1/1', task: 'answer', value: 'yes' }];
    const row = datasetRows({ study: tinyStudy(), labels, gold: [], includeJudges: false }).rows[0];
    expect(row?.annotators).toEqual({ 'ann-a': 'yes', 'ann-b': 'yes' });
    expect(row?.majority).toBe('yes');
  });

  it('buckets every unit exactly as the report does', () => {
    const generated = generateSyntheticStudy({ puzzles: 40, annotators: 4, seed: 5 });
    const study = parse('synthetic.json', generated.bundle);
    const labels = generated.labelFiles.flatMap((file) =>
      file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
    );
    const report = buildReport({ study, labels, settings: { bootstrap: 0, seed: 1, average: 'micro' }, inputs: [], app: APP, now: NOW });
    const { rows } = datasetRows({ study, labels, gold: [], includeJudges: true });

    expect(rows).toHaveLength(study.turns.length + study.puzzles.length);
    const byPuzzle = new Map(report.difficulty.map((row) => [row.puzzleId, row]));
    for (const row of rows) {
      const expected = byPuzzle.get(row.puzzleId);
      expect(row.difficulty).toEqual({ mean: expected?.mean, level: expected?.level, bucket: expected?.bucket, source: expected?.source });
      expect(row.bucket).toBe(expected?.bucket);
    }
  });
});

describe('datasetFile as JSONL', () => {
  it('writes a provenance header, then one row a line', () => {
    const file = datasetFile(fileInput('jsonl', true));
    expect(file.name).toBe('tiny.dataset.jsonl');
    expect(file.mimeType).toBe('application/x-ndjson');
    expect(file.text.endsWith('\n')).toBe(true);
    const lines = file.text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(1 + JUDGED_ROWS.length);
    const [header, ...rows] = lines.map((line) => JSON.parse(line) as unknown);
    expect(header).toEqual({
      format: DATASET_FORMAT,
      app: APP,
      exportedAt: NOW,
      study: { id: 'tiny', name: 'Tiny, "=1+1" study' },
      inputs: [{ file: 'tiny, "v2".json', sha256: SHA }],
      settings: { judges: true },
      columns: [
        'task',
        'unit',
        'puzzleId',
        'sessionId',
        'text',
        'bucket',
        'judges',
        'annotators',
        'majority',
        'gold',
        'difficulty',
        'humanShares',
        'posterior',
        'acceptable',
      ],
      softLabels: expect.stringContaining('Dawid-Skene') as unknown,
      annotators: ['ann-a', 'ann-b', 'ann-c'],
      // Display names for people; the keys of every row stay the ids. ann-c has no name: its id.
      annotatorNames: { 'ann-a': 'Ada Lovelace', 'ann-b': 'Bea, "B"', 'ann-c': 'ann-c' },
      judges: ['judge-x', 'judge-y'],
    });
    expect((rows as DatasetRow[]).map(hardLabels)).toEqual(JUDGED_ROWS);
  });

  it('writes an annotator export without judges, in the header or the rows', () => {
    const text = datasetFile(fileInput('jsonl', false)).text;
    const [header, ...rows] = text
      .slice(0, -1)
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header?.settings).toEqual({ judges: false });
    expect(header?.columns).toEqual([
      'task',
      'unit',
      'puzzleId',
      'sessionId',
      'text',
      'bucket',
      'annotators',
      'majority',
      'gold',
      'difficulty',
      'humanShares',
      'posterior',
      'acceptable',
    ]);
    expect(Object.hasOwn(header ?? {}, 'judges')).toBe(false);
    expect((rows as unknown as DatasetRow[]).map(hardLabels)).toEqual(BLIND_ROWS);
    expect(text).not.toMatch(/judge-x|judge-y|Secret reply|Not quite/);
  });

  it('keeps a record with a Unicode line separator on one line', () => {
    const study = tinyStudy();
    const turn = study.turns[0];
    if (turn) turn.text = 'one\u2028two\u2029three';
    const text = datasetFile(fileInput('jsonl', false, study)).text;
    expect(text).not.toMatch(/[\u2028\u2029]/);
    const rows = text
      .slice(0, -1)
      .split('\n')
      .map((line) => JSON.parse(line) as DatasetRow);
    expect(rows[1]?.text).toBe('one\u2028two\u2029three');
  });

  it('reports progress up to the number of rows', () => {
    const calls: Array<[number, number]> = [];
    datasetFile({ ...fileInput('jsonl', true), onProgress: (done, total) => calls.push([done, total]) });
    expect(calls.at(-1)).toEqual([JUDGED_ROWS.length, JUDGED_ROWS.length]);
  });
});

/** The CSV columns that name the unit, before any judge column. */
const UNIT_COLUMNS = ['task', 'unit', 'puzzle_id', 'session_id', 'text', 'bucket'];
/** The CSV columns after the judges: the tiny study's three annotators, the majority, gold and difficulty. */
const LABEL_COLUMNS = [
  'human:ann-a',
  'human:ann-b',
  'human:ann-c',
  'majority',
  'gold',
  'gold_note',
  'gold_by',
  'gold_at',
  'difficulty_mean',
  'difficulty_level',
  'difficulty_bucket',
  'difficulty_source',
];
/** The soft-label columns after them: the tiny study sets no acceptable answers. */
const SOFT_COLUMNS = [
  ...['yes', 'no', 'irrelevant', 'matched', 'unmatched'].map((label) => `share:${label}`),
  ...['yes', 'no', 'irrelevant', 'matched', 'unmatched'].map((label) => `posterior:${label}`),
  'gold_acceptable',
];

/** A CSV's records without the soft-label columns, which the tests below check apart. */
function hardRecords(records: string[][]): string[][] {
  return records.map((record) => record.slice(0, record.length - SOFT_COLUMNS.length));
}

describe('datasetFile as CSV', () => {
  it('writes provenance comments, then the header and the exact rows', () => {
    const file = datasetFile(fileInput('csv', true));
    expect(file.name).toBe('tiny.dataset.csv');
    expect(file.mimeType).toBe('text/csv');
    expect(csvComments(file.text)).toEqual([
      `# format: ${DATASET_FORMAT}`,
      `# app: ${APP}`,
      `# exportedAt: ${NOW}`,
      '# study.id: tiny',
      '# study.name: Tiny%2C %22=1+1%22 study',
      `# input: tiny%2C %22v2%22.json sha256 ${SHA}`,
      '# settings.judges: true',
      expect.stringMatching(/^# softLabels: humanShares/) as unknown as string,
      '# annotator: human:ann-a is Ada Lovelace',
      '# annotator: human:ann-b is Bea%2C %22B%22',
      '# annotator: human:ann-c is ann-c',
      "# escaping: text cells that begin with = + - @ a tab or a carriage return are prefixed with ' so spreadsheets do not run them as formulas; numbers are never prefixed",
      '# encoding: in these comment lines % and commas and quotes and control characters of values are percent-encoded (decodeURIComponent reads them back)',
      "# read: pandas.read_csv(path, comment='#')",
    ]);
    expect(decodeURIComponent('Tiny%2C %22=1+1%22 study')).toBe('Tiny, "=1+1" study');

    expect(csvRecords(file.text)[0]).toEqual([...UNIT_COLUMNS, 'judge:judge-x', 'judge:judge-y', ...LABEL_COLUMNS, ...SOFT_COLUMNS]);
    expect(hardRecords(csvRecords(file.text))).toEqual([
      [...UNIT_COLUMNS, 'judge:judge-x', 'judge:judge-y', ...LABEL_COLUMNS],
      ['answer', 's1/1', 'p1', 's1', "'@x", 'easy', 'yes', 'no', 'yes', 'no', '', '', 'yes', `'=cmd|" /C calc"!A0`, 'Lead', NOW, '2', '2', 'easy', 'bundle'],
      ['answer', 's1/2', 'p1', 's1', 'Is it, "quoted"?', 'easy', 'no', '', 'no', 'no', '', 'no', '', '', '', '', '2', '2', 'easy', 'bundle'],
      [
        'answer',
        's2/1',
        'p2',
        's2',
        'Plain question?',
        'medium',
        'irrelevant',
        '',
        'irrelevant',
        '',
        '',
        'irrelevant',
        '',
        '',
        '',
        '',
        '4.5',
        '5',
        'medium',
        'human',
      ],
      [
        'match',
        's1/3',
        'p1',
        's1',
        "'-1 is the answer",
        'easy',
        'matched',
        '',
        'matched',
        'unmatched',
        'matched',
        'matched',
        '',
        '',
        '',
        '',
        '2',
        '2',
        'easy',
        'bundle',
      ],
      [
        'match',
        's2/2',
        'p2',
        's2',
        "'+1 line\nand another",
        'medium',
        'unmatched',
        'matched',
        '',
        'unmatched',
        '',
        'unmatched',
        '',
        '',
        '',
        '',
        '4.5',
        '5',
        'medium',
        'human',
      ],
      ['difficulty', 'p1', 'p1', '', `'=HYPERLINK("http://evil.example","click")`, 'easy', '', '', '', '', '', '', '', '', '', '', '2', '2', 'easy', 'bundle'],
      ['difficulty', 'p2', 'p2', '', '', 'medium', '', '', '4', '5', '', '', '5', '', 'Lead', NOW, '4.5', '5', 'medium', 'human'],
      ['difficulty', 'p3', 'p3', '', 'Third', 'unrated', '', '', '', '', '', '', '', '', '', '', '', '', 'unrated', 'none'],
    ]);
  });

  it('escapes hostile cells in the text itself, not only as parsed', () => {
    const { text } = datasetFile(fileInput('csv', true));
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
    expect(text).toContain(",'@x,");
    expect(text).toContain(`,"'=cmd|"" /C calc""!A0",`);
    // Numbers stay numbers: a rating of 4 and a mean of 4.5 are never prefixed or quoted.
    expect(text).toContain(',4,5,,,5,,Lead,');
    // No record and no cell after a comma starts a formula.
    expect(text).not.toMatch(/(^|[\r\n,])[=+\-@]/);
  });

  it('keeps a hostile study or file name inside its comment line', () => {
    const study = tinyStudy();
    study.study = { ...study.study, name: 'x\r\n=1+1,=2+2,"open' };
    const input = { ...fileInput('csv', false, study), inputs: [{ file: 'a,@b\n.json', sha256: SHA }] };
    const { text } = datasetFile(input);
    expect(csvComments(text)).toContain('# study.name: x%0D%0A=1+1%2C=2+2%2C%22open');
    expect(csvComments(text)).toContain(`# input: a%2C@b%0A.json sha256 ${SHA}`);
    expect(text).not.toMatch(/(^|[\r\n,])[=+\-@]/);
    expect(csvRecords(text)).toHaveLength(1 + BLIND_ROWS.length);
  });

  it('writes an annotator export without judge columns, names, labels or replies', () => {
    const { text } = datasetFile(fileInput('csv', false));
    const [header, ...rows] = hardRecords(csvRecords(text));
    expect(header).toEqual([...UNIT_COLUMNS, ...LABEL_COLUMNS]);
    expect(rows[0]).toEqual([
      'answer',
      's1/1',
      'p1',
      's1',
      "'@x",
      'easy',
      'yes',
      'no',
      '',
      '',
      'yes',
      `'=cmd|" /C calc"!A0`,
      'Lead',
      NOW,
      '2',
      '2',
      'easy',
      'bundle',
    ]);
    expect(text).not.toMatch(/judge-x|judge-y|Secret reply|Not quite/);
    expect(csvComments(text)).toContain('# settings.judges: false');
  });
});

describe('the demo study', () => {
  const demo = (): { study: StudyData; labels: StudyLabel[] } => {
    const study = parse('demo-study.json', JSON.parse(DEMO_TEXT));
    const answers = ['yes', 'no', 'irrelevant'] as const;
    const labels = study.turns.slice(0, 40).flatMap((turn, index): StudyLabel[] => {
      const task = turn.type === 'question' ? 'answer' : 'match';
      const value = task === 'answer' ? (answers[index % 3] ?? 'yes') : 'matched';
      return ['ann-1', 'ann-2'].map((annotatorId) => ({ annotatorId, unitId: turn.id, task, value }));
    });
    return { study, labels: [...labels, { annotatorId: 'ann-1', unitId: study.puzzles[0]?.id ?? '', task: 'difficulty', value: 3 }] };
  };

  it('has no judge name or reply anywhere in an annotator export, in either format', () => {
    const { study, labels } = demo();
    const judges = new Set(study.sessions.map((session) => session.judge));
    for (const turn of study.turns) for (const model of Object.keys(turn.judgements)) judges.add(model);
    const replies = new Set(study.turns.flatMap((turn) => (turn.judgeReply === undefined ? [] : [turn.judgeReply])));
    expect(judges.size).toBeGreaterThan(1);
    expect(replies.size).toBeGreaterThan(10);

    for (const format of ['jsonl', 'csv'] as const) {
      const blind = datasetFile({ ...fileInput(format, false, study, labels, []), inputs: [{ file: 'demo-study.json', sha256: SHA }] }).text;
      for (const model of judges) expect(blind).not.toContain(model);
      for (const reply of replies) expect(blind).not.toContain(reply);

      const lead = datasetFile({ ...fileInput(format, true, study, labels, []), inputs: [{ file: 'demo-study.json', sha256: SHA }] }).text;
      for (const model of judges) expect(lead).toContain(model);
    }
  });

  it('carries every judge label in a lead export', () => {
    const { study, labels } = demo();
    const { rows } = datasetRows({ study, labels, gold: [], includeJudges: true });
    const byUnit = new Map(rows.map((row) => [row.unit, row]));
    for (const turn of study.turns) expect(byUnit.get(turn.id)?.judges).toEqual(turn.judgements);
  });
});

describe('soft labels', () => {
  /** The people's answer ratings of the tiny study as a plain list, items the labelled question units in study order. */
  function plainAnswerPosteriors(): Map<string, number[]> {
    const units = ['s1/1', 's1/2', 's2/1'];
    const raters = ['ann-b', 'ann-a'];
    const categories = ['yes', 'no', 'irrelevant'];
    const latest = new Map<string, StudyLabel>();
    for (const label of LABELS) if (label.task === 'answer' && units.includes(label.unitId)) latest.set(`${label.unitId} ${label.annotatorId}`, label);
    const ratings = [...latest.values()].map((label) => ({
      item: units.indexOf(label.unitId),
      rater: raters.indexOf(label.annotatorId),
      label: categories.indexOf(label.value as string),
    }));
    const fit = dawidSkene({ itemCount: units.length, raterCount: raters.length, categoryCount: 3, ...ratingColumns(ratings) });
    return new Map(units.map((unit, i) => [unit, Array.from(fit.posteriors.subarray(i * 3, i * 3 + 3))]));
  }

  it("gives each turn unit people's label shares and Dawid-Skene's posterior from the annotators alone", () => {
    const { rows, labels } = datasetRows({ study: tinyStudy(), labels: LABELS, gold: GOLD, includeJudges: true });
    expect(labels).toEqual(['yes', 'no', 'irrelevant', 'matched', 'unmatched']);
    const byUnit = new Map(rows.map((row) => [`${row.task} ${row.unit}`, row]));
    expect(byUnit.get('answer s1/1')?.humanShares).toEqual({ yes: 0.5, no: 0.5, irrelevant: 0 });
    expect(byUnit.get('match s1/3')?.humanShares).toEqual({ matched: 2 / 3, unmatched: 1 / 3 });
    const plain = plainAnswerPosteriors();
    for (const [unit, posterior] of plain) {
      const row = byUnit.get(`answer ${unit}`);
      expect(Object.keys(row?.posterior ?? {})).toEqual(['yes', 'no', 'irrelevant']);
      Object.values(row?.posterior ?? {}).forEach((value, c) => expect(value).toBeCloseTo(posterior[c] as number, 12));
    }
    const matched = byUnit.get('match s1/3')?.posterior ?? {};
    expect((matched.matched ?? 0) + (matched.unmatched ?? 0)).toBeCloseTo(1, 12);
    for (const row of rows.filter((entry) => entry.task === 'difficulty')) {
      expect(row.humanShares).toBeNull();
      expect(row.posterior).toBeNull();
    }
  });

  it("carries each annotator's set where their label has one, the later label's, and the gold set, in JSONL and CSV", () => {
    const labels: StudyLabel[] = [
      ...LABELS,
      { annotatorId: 'ann-a', unitId: 's1/2', task: 'answer', value: 'no', acceptable: ['no', 'irrelevant'] },
      // ann-b's set on s2/1, then a later label without one: the later counts.
      { annotatorId: 'ann-b', unitId: 's2/1', task: 'answer', value: 'yes', acceptable: ['yes', 'no'] },
      { annotatorId: 'ann-b', unitId: 's2/1', task: 'answer', value: 'yes' },
    ];
    const gold: GoldLabel[] = [{ ...(GOLD[0] as GoldLabel), acceptable: ['yes', 'irrelevant'] }];
    const { rows, setAnnotators } = datasetRows({ study: tinyStudy(), labels, gold, includeJudges: false });
    expect(setAnnotators).toEqual(['ann-a']);
    expect(rows[1]?.acceptable).toEqual({ 'ann-a': ['no', 'irrelevant'] });
    expect(rows[2]?.acceptable).toEqual({});
    expect(rows[0]?.gold?.acceptable).toEqual(['yes', 'irrelevant']);

    const jsonl = datasetFile({ ...fileInput('jsonl', false, tinyStudy(), labels, gold) }).text.split('\n');
    expect((JSON.parse(jsonl[2] as string) as DatasetRow).acceptable).toEqual({ 'ann-a': ['no', 'irrelevant'] });

    const [header, ...records] = csvRecords(datasetFile(fileInput('csv', false, tinyStudy(), labels, gold)).text);
    const column = (name: string) => (header ?? []).indexOf(name);
    expect(header?.slice(-3)).toEqual(['posterior:unmatched', 'acceptable:ann-a', 'gold_acceptable']);
    expect(records[1]?.[column('acceptable:ann-a')]).toBe('no|irrelevant');
    expect(records[0]?.[column('gold_acceptable')]).toBe('yes|irrelevant');
    expect(Number(records[0]?.[column('share:yes')])).toBe(0.5);
    expect(Number(records[0]?.[column('posterior:yes')])).toBeCloseTo(rows[0]?.posterior?.yes as number, 12);
    expect(records[0]?.[column('posterior:matched')]).toBe('');
  });
});

describe('the judge split', () => {
  const rule = { seed: 7, shares: { examples: 0.15, development: 0.55, test: 0.3 } };
  const withSplit = (): StudyData => {
    const study = tinyStudy();
    return { ...study, study: { ...study.study, judgeSplit: { ...rule, setAt: NOW, developmentJudges: ['judge-x'], testRuns: [] } } };
  };
  /** Each puzzle's part by hand: its keyed draw against the cumulative shares. */
  const partOf = (puzzleId: string) => {
    const draw = keyedUniform(rule.seed, puzzleId);
    return draw < 0.15 ? 'examples' : draw < 0.15 + 0.55 ? 'development' : 'test';
  };

  it("gives every unit its puzzle's part, in JSONL and CSV, and reads back", () => {
    const { rows } = datasetRows({ study: withSplit(), labels: LABELS, gold: GOLD, includeJudges: true });
    expect(rows.map((row) => row.split)).toEqual(rows.map((row) => partOf(row.puzzleId)));
    const [header, ...lines] = datasetFile(fileInput('jsonl', true, withSplit()))
      .text.trimEnd()
      .split('\n');
    expect(JSON.parse(header as string)).toMatchObject({ columns: expect.arrayContaining(['split']), judgeSplit: rule });
    expect(lines.map((line) => (JSON.parse(line) as DatasetRow).split)).toEqual(rows.map((row) => partOf(row.puzzleId)));
    const csv = datasetFile(fileInput('csv', true, withSplit())).text;
    expect(csvComments(csv)).toContain('# judgeSplit: seed 7 examples 0.15 development 0.55 test 0.3');
    const [columns, ...records] = csvRecords(csv);
    expect(columns?.at(-1)).toBe('split');
    expect(records.map((record) => [record[2], record.at(-1)])).toEqual(rows.map((row) => [row.puzzleId, partOf(row.puzzleId)]));
  });

  it('leaves a study without a split exactly as before: its file is the split file without the split', () => {
    const plainCsv = datasetFile(fileInput('csv', true)).text;
    const splitCsv = datasetFile(fileInput('csv', true, withSplit())).text;
    expect(plainCsv).not.toMatch(/split/i);
    expect(csvComments(splitCsv).filter((line) => !line.startsWith('# judgeSplit'))).toEqual(csvComments(plainCsv));
    expect(csvRecords(splitCsv).map((record) => record.slice(0, -1))).toEqual(csvRecords(plainCsv));
    const plainJsonl = datasetFile(fileInput('jsonl', true)).text;
    expect(plainJsonl).not.toMatch(/split/i);
    const unsplit = datasetFile(fileInput('jsonl', true, withSplit()))
      .text.trimEnd()
      .split('\n')
      .map((line, index) => {
        const record = JSON.parse(line) as Record<string, unknown>;
        delete record.split;
        delete record.judgeSplit;
        return index === 0 ? { ...record, columns: (record.columns as string[]).filter((column) => column !== 'split') } : record;
      });
    expect(unsplit.map((record) => JSON.stringify(record)).join('\n')).toBe(plainJsonl.trimEnd());
  });
});
