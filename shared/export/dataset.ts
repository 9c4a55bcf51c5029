// The labelled dataset export (docs/formats.md#labelled-dataset): one row per unit (question turns, final turns, then
// puzzles) with its text, bucket, the judges' labels (lead export only), every annotator's label,
// the human majority, the gold label and the puzzle's difficulty, written as JSONL or CSV; soft
// labels beside them (issue 33): people's label shares, Dawid-Skene's posterior from the
// annotators alone, and each annotator's and the gold set of acceptable answers; and, when the
// study has a judge split (issue 34), each unit's part of it, its puzzle's.

import type { Bucket, DifficultySource } from '../domain/difficulty';
import type { GoldLabel, JudgeSplitPart, LabelValue, StudyData, Task } from '../domain/model';
import { CSV_COMMENT_NOTE, csvCommentText, writeCsv, type CsvCell } from '../formats/csv-escape';
import type { PuzzleDifficultyRow } from '../report/model/report-model';
import { peoplePosteriors } from '../stats/study/estimated-truth';
import { humanMajority } from '../stats/study/majority';
import { indexStudy, type StudyLabel, type TaskUnit } from '../stats/study/study-units';
import { puzzleSplit } from '../study/judge-splits';

export const DATASET_FORMAT = 'agreement-studio.dataset/1';

export interface DatasetInput {
  study: StudyData;
  labels: readonly StudyLabel[];
  gold: readonly GoldLabel[];
  /** Lead export: the judges' labels are columns. An annotator export carries no trace of a judge. */
  includeJudges: boolean;
}

export interface DatasetFileInput extends DatasetInput {
  format: 'jsonl' | 'csv';
  /** Name and version of the writing app, for provenance. */
  app: string;
  /** ISO 8601 time of the export. */
  now: string;
  /** The files the study and labels came from, with their SHA-256. */
  inputs: ReadonlyArray<{ file: string; sha256: string }>;
  /**
   * Annotator id -> display name. Columns and keys stay ids, which programs read; the names go
   * in the JSONL header and in the CSV's comment lines, one `annotator` line per column.
   */
  annotatorNames?: Readonly<Record<string, string>>;
  onProgress?: (done: number, total: number) => void;
}

/** Every annotator of the dataset with a display name (the id when there is none). */
function namesOf(input: DatasetFileInput, table: DatasetTable): Record<string, string> {
  const names = input.annotatorNames ?? {};
  return Object.fromEntries(table.annotators.map((id) => [id, Object.hasOwn(names, id) ? (names[id] as string) : id]));
}

export interface DatasetDifficulty {
  /** Mean of the human ratings, else the bundle's difficulty; null when unrated. */
  mean: number | null;
  level: number | null;
  bucket: Bucket;
  source: DifficultySource;
}

export interface DatasetRow {
  task: Task;
  unit: string;
  puzzleId: string;
  /** The session of a turn unit; null for a difficulty unit. */
  sessionId: string | null;
  /** The question or final answer of a turn unit; the puzzle's title (null without one) for a difficulty unit. */
  text: string | null;
  bucket: Bucket;
  /** Judge model -> label; only in a lead export. */
  judges?: Record<string, string>;
  /** Annotator id -> label (a difficulty rating for difficulty units), as the report reads it. */
  annotators: Record<string, string | number>;
  /** The strict human majority of a turn unit, null on a tie or without labels; always null for difficulty (see `difficulty`). */
  majority: string | null;
  /** The gold label; `acceptable` is its set (value first) when the lead accepts more than one answer. */
  gold: { value: LabelValue; note: string; by: string; at: string; acceptable?: readonly string[] } | null;
  difficulty: Readonly<DatasetDifficulty>;
  /** Soft labels of a turn unit: each label's share of the people's labels (every label of the task); null without human labels and for difficulty. */
  humanShares: Record<string, number> | null;
  /** Dawid-Skene's posterior over the task's labels, fitted to the annotators' labels alone (no judge); null without human labels and for difficulty. */
  posterior: Record<string, number> | null;
  /** Annotator id -> their set of acceptable answers (value first), for the annotators whose label has one. */
  acceptable: Record<string, readonly string[]>;
  /** The part of the study's judge split the unit's puzzle is in; only when the study has a split. */
  split?: JudgeSplitPart;
}

export interface DatasetTable {
  /** Every annotator with a label in the dataset, in code-unit order of their ids. */
  annotators: string[];
  /** Every judge model, in order of first appearance; empty unless judges are included. */
  judges: string[];
  /** The labels of the soft-label columns: the answer labels, then the match labels, in scheme order. */
  labels: string[];
  /** The annotators with a set of acceptable answers on some unit, in code-unit order of their ids. */
  setAnnotators: string[];
  rows: DatasetRow[];
}

const UNRATED: Readonly<DatasetDifficulty> = { mean: null, level: null, bucket: 'unrated', source: 'none' };

/**
 * The rows of the dataset. Units, labels and difficulty come from the report's own index
 * (indexStudy), so label values, majorities and buckets are exactly the report's. Linear in
 * turns + puzzles + labels + gold labels.
 */
export function datasetRows(input: DatasetInput): DatasetTable {
  const { study, includeJudges } = input;
  const index = indexStudy(study, input.labels);
  const goldByUnit = new Map(input.gold.map((gold) => [`${gold.task}\u0000${gold.unitId}`, gold]));
  const difficultyByPuzzle = new Map(index.difficulty.map((row) => [row.puzzleId, datasetDifficulty(row)]));

  const ratingsByPuzzle = new Map<string, Array<[string, number]>>();
  for (const rating of index.difficultyRatings) {
    const list = ratingsByPuzzle.get(rating.puzzleId);
    if (list) list.push([rating.annotator, rating.value]);
    else ratingsByPuzzle.set(rating.puzzleId, [[rating.annotator, rating.value]]);
  }

  const annotatorSet = new Set(index.difficultyRatings.map((rating) => rating.annotator));
  for (const units of [index.units.answer, index.units.match]) for (const unit of units) for (const human of unit.humans) annotatorSet.add(human.annotator);
  const annotators = [...annotatorSet].sort(byCodeUnits);
  const judges = includeJudges ? [...new Set([...index.judges.answer, ...index.judges.match])] : [];

  const goldOf = (task: Task, unitId: string): DatasetRow['gold'] => {
    const gold = goldByUnit.get(`${task}\u0000${unitId}`);
    if (gold === undefined) return null;
    return { value: gold.value, note: gold.note, by: gold.by, at: gold.at, ...(gold.acceptable === undefined ? {} : { acceptable: [...gold.acceptable] }) };
  };
  const posteriors = {
    answer: peoplePosteriors(index.units.answer, index.categories.answer),
    match: peoplePosteriors(index.units.match, index.categories.match),
  };
  const acceptableOf = acceptableSets(input.labels);
  // Every unit of a puzzle is in its puzzle's part, labelled or not: a label added later joins it there.
  const rule = study.study.judgeSplit;
  const splitOf = (puzzleId: string): Pick<DatasetRow, 'split'> => (rule === undefined ? {} : { split: puzzleSplit(rule, puzzleId) });

  const rows: DatasetRow[] = [];
  for (const task of ['answer', 'match'] as const) {
    const type = task === 'answer' ? 'question' : 'final';
    for (const turn of study.turns) {
      if (turn.type !== type) continue;
      // indexStudy makes a unit of every turn: question turns answer units, final turns match units.
      const unit = index.unitsById[task].get(turn.id) as TaskUnit;
      rows.push({
        task,
        unit: turn.id,
        puzzleId: turn.puzzleId,
        sessionId: turn.sessionId,
        text: turn.text,
        bucket: unit.bucket,
        ...(includeJudges ? { judges: Object.fromEntries(unit.judgements) } : {}),
        annotators: Object.fromEntries(unit.humans.map((human): [string, string] => [human.annotator, human.value]).sort(byFirst)),
        majority: humanMajority(unit),
        gold: goldOf(task, turn.id),
        difficulty: difficultyByPuzzle.get(turn.puzzleId) ?? UNRATED,
        humanShares: humanShares(unit, index.categories[task]),
        posterior: labelRecord(index.categories[task], posteriors[task].get(turn.id)),
        acceptable: acceptableOf(unit),
        ...splitOf(turn.puzzleId),
      });
    }
  }
  for (const puzzle of study.puzzles) {
    const difficulty = difficultyByPuzzle.get(puzzle.id) ?? UNRATED;
    rows.push({
      task: 'difficulty',
      unit: puzzle.id,
      puzzleId: puzzle.id,
      sessionId: null,
      text: puzzle.title ?? null,
      bucket: difficulty.bucket,
      ...(includeJudges ? { judges: {} } : {}),
      annotators: Object.fromEntries((ratingsByPuzzle.get(puzzle.id) ?? []).sort(byFirst)),
      majority: null,
      gold: goldOf('difficulty', puzzle.id),
      difficulty,
      humanShares: null,
      posterior: null,
      acceptable: {},
      ...splitOf(puzzle.id),
    });
  }
  const labels = [...index.categories.answer, ...index.categories.match];
  const setAnnotators = [...new Set(rows.flatMap((row) => Object.keys(row.acceptable)))].sort(byCodeUnits);
  return { annotators, judges, labels, setAnnotators, rows };
}

/** Each label's share of the unit's human labels, every label of the task in scheme order; null without human labels. */
function humanShares(unit: TaskUnit, categories: readonly string[]): Record<string, number> | null {
  if (unit.humans.length === 0) return null;
  return Object.fromEntries(categories.map((category) => [category, unit.humans.filter((human) => human.value === category).length / unit.humans.length]));
}

function labelRecord(categories: readonly string[], values: readonly number[] | undefined): Record<string, number> | null {
  return values === undefined ? null : Object.fromEntries(categories.map((category, c) => [category, values[c] as number]));
}

/**
 * Per unit, annotator id -> the set of the label the unit kept of them, where it has one: the later
 * of two labels by one annotator on one unit counts, as in indexStudy, and a set stays only while
 * its value is the label the unit holds.
 */
function acceptableSets(labels: readonly StudyLabel[]): (unit: TaskUnit) => Record<string, readonly string[]> {
  const latest = new Map<string, StudyLabel>();
  for (const label of labels) if (label.task === 'answer') latest.set(`${label.unitId}\u0000${label.annotatorId}`, label);
  return (unit) => {
    const sets: Array<[string, readonly string[]]> = [];
    for (const human of unit.humans) {
      const label = latest.get(`${unit.id}\u0000${human.annotator}`);
      if (label?.acceptable !== undefined && label.value === human.value) sets.push([human.annotator, [...label.acceptable]]);
    }
    return Object.fromEntries(sets.sort(byFirst));
  };
}

/** The dataset as a file to save: `<studyId>.dataset.jsonl` or `.csv`, provenance first. */
export function datasetFile(input: DatasetFileInput): { name: string; text: string; mimeType: string } {
  const table = datasetRows(input);
  const studyId = input.study.study.id;
  if (input.format === 'jsonl') return { name: `${studyId}.dataset.jsonl`, text: datasetJsonl(input, table), mimeType: 'application/x-ndjson' };
  return { name: `${studyId}.dataset.csv`, text: datasetCsv(input, table), mimeType: 'text/csv' };
}

/** Fields of a JSONL row, in the order they are written. */
function jsonlColumns(includeJudges: boolean, withSplit: boolean): string[] {
  return [
    'task',
    'unit',
    'puzzleId',
    'sessionId',
    'text',
    'bucket',
    ...(includeJudges ? ['judges'] : []),
    'annotators',
    'majority',
    'gold',
    'difficulty',
    'humanShares',
    'posterior',
    'acceptable',
    ...(withSplit ? ['split'] : []),
  ];
}

/** What the soft labels are, in the header of either file. */
const SOFT_LABELS =
  "humanShares: each label's share of the people's labels; posterior: Dawid-Skene (crowd-kit's EM) fitted per task to the annotators' labels alone, no judge; acceptable: each annotator's set of acceptable answers, value first";

/** How often progress is reported, in rows: often enough for a bar, rarely enough to cost nothing. */
const PROGRESS_EVERY = 1000;

function datasetJsonl(input: DatasetFileInput, table: DatasetTable): string {
  const { judgeSplit } = input.study.study;
  const header = {
    format: DATASET_FORMAT,
    app: input.app,
    exportedAt: input.now,
    study: { id: input.study.study.id, name: input.study.study.name },
    inputs: input.inputs.map(({ file, sha256 }) => ({ file, sha256 })),
    settings: { judges: input.includeJudges },
    columns: jsonlColumns(input.includeJudges, judgeSplit !== undefined),
    softLabels: SOFT_LABELS,
    annotators: table.annotators,
    annotatorNames: namesOf(input, table),
    ...(input.includeJudges ? { judges: table.judges } : {}),
    ...(judgeSplit === undefined ? {} : { judgeSplit: { seed: judgeSplit.seed, shares: judgeSplit.shares } }),
  };
  const lines = [jsonLine(header)];
  const total = table.rows.length;
  table.rows.forEach((row, done) => {
    lines.push(jsonLine(row));
    if ((done + 1) % PROGRESS_EVERY === 0) input.onProgress?.(done + 1, total);
  });
  input.onProgress?.(total, total);
  return lines.join('');
}

/**
 * One JSON record and its line end. U+2028 and U+2029 are legal raw in JSON but are line breaks
 * to some line splitters (Python's str.splitlines), so they are escaped to keep one record a line.
 */
function jsonLine(value: unknown): string {
  return `${JSON.stringify(value).replace(/[\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`)}\n`;
}

/**
 * The CSV columns: fixed ones, then one per judge (lead export) and one per annotator, then the
 * soft labels: `share:<label>` and `posterior:<label>` per label of either task (empty on the other
 * task's rows), `acceptable:<id>` per annotator with a set and `gold_acceptable`, sets joined by `|`;
 * last `split` when the study has a judge split, so a study without one writes the same file as before.
 */
function csvColumns(table: DatasetTable, withSplit: boolean): string[] {
  return [
    'task',
    'unit',
    'puzzle_id',
    'session_id',
    'text',
    'bucket',
    ...table.judges.map((model) => `judge:${model}`),
    ...table.annotators.map((annotator) => `human:${annotator}`),
    'majority',
    'gold',
    'gold_note',
    'gold_by',
    'gold_at',
    'difficulty_mean',
    'difficulty_level',
    'difficulty_bucket',
    'difficulty_source',
    ...table.labels.map((label) => `share:${label}`),
    ...table.labels.map((label) => `posterior:${label}`),
    ...table.setAnnotators.map((annotator) => `acceptable:${annotator}`),
    'gold_acceptable',
    ...(withSplit ? ['split'] : []),
  ];
}

function datasetCsv(input: DatasetFileInput, table: DatasetTable): string {
  const { id, name, judgeSplit } = input.study.study;
  const comments: Array<[string, string]> = [
    ['format', DATASET_FORMAT],
    ['app', csvCommentText(input.app)],
    ['exportedAt', csvCommentText(input.now)],
    ['study.id', csvCommentText(id)],
    ['study.name', csvCommentText(name)],
    ...input.inputs.map(({ file, sha256 }): [string, string] => ['input', `${csvCommentText(file)} sha256 ${csvCommentText(sha256)}`]),
    ['settings.judges', String(input.includeJudges)],
    ['softLabels', csvCommentText(SOFT_LABELS)],
    ...(judgeSplit === undefined
      ? []
      : [
          [
            'judgeSplit',
            `seed ${judgeSplit.seed} examples ${judgeSplit.shares.examples} development ${judgeSplit.shares.development} test ${judgeSplit.shares.test}`,
          ] as [string, string],
        ]),
    // The column `human:<id>` holds the labels of the annotator named here.
    ...Object.entries(namesOf(input, table)).map(([annotator, name]): [string, string] => [
      'annotator',
      `human:${csvCommentText(annotator)} is ${csvCommentText(name)}`,
    ]),
  ];
  // Trusted text, written without commas so each stays in one spreadsheet cell.
  comments.push(
    [
      'escaping',
      "text cells that begin with = + - @ a tab or a carriage return are prefixed with ' so spreadsheets do not run them as formulas; numbers are never prefixed",
    ],
    ['encoding', CSV_COMMENT_NOTE],
    ['read', "pandas.read_csv(path, comment='#')"],
  );
  const preamble = comments.map(([key, value]) => `# ${key}: ${value}\r\n`).join('');

  const total = table.rows.length;
  const cells = table.rows.map((row, done): CsvCell[] => {
    if ((done + 1) % PROGRESS_EVERY === 0) input.onProgress?.(done + 1, total);
    const { gold, difficulty } = row;
    return [
      row.task,
      row.unit,
      row.puzzleId,
      row.sessionId,
      row.text,
      row.bucket,
      ...table.judges.map((model) => row.judges?.[model] ?? null),
      ...table.annotators.map((annotator) => (Object.hasOwn(row.annotators, annotator) ? (row.annotators[annotator] as string | number) : null)),
      row.majority,
      gold?.value ?? null,
      gold?.note ?? null,
      gold?.by ?? null,
      gold?.at ?? null,
      difficulty.mean,
      difficulty.level,
      difficulty.bucket,
      difficulty.source,
      ...table.labels.map((label) => row.humanShares?.[label] ?? null),
      ...table.labels.map((label) => row.posterior?.[label] ?? null),
      ...table.setAnnotators.map((annotator) => row.acceptable[annotator]?.join(SET_SEPARATOR) ?? null),
      gold?.acceptable?.join(SET_SEPARATOR) ?? null,
      ...(judgeSplit === undefined ? [] : [row.split ?? null]),
    ];
  });
  input.onProgress?.(total, total);
  return preamble + writeCsv(csvColumns(table, judgeSplit !== undefined), cells);
}

/** Between the answers of a set in a CSV cell: no label has one. */
const SET_SEPARATOR = '|';

function datasetDifficulty(row: PuzzleDifficultyRow): Readonly<DatasetDifficulty> {
  return { mean: row.mean, level: row.level, bucket: row.bucket, source: row.source };
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byFirst(a: readonly [string, unknown], b: readonly [string, unknown]): number {
  return byCodeUnits(a[0], b[0]);
}
