// The units of a study (SPEC §3) with every label on them, as the figures of SPEC §4 read them:
// each question turn is an `answer` unit, each final turn a `match` unit, each puzzle a
// `difficulty` unit, and each unit carries the bucket of its puzzle.

import type { Bucket } from '../../domain/difficulty';
import type { AcceptableAnswers, JudgeConfidence, JudgeLabel, LabelScheme, LabelValue, StudyData, Task, UnparseableReplies } from '../../domain/model';
import { answerLabelsOf, MATCH_LABELS, MAX_DIFFICULTY, MIN_DIFFICULTY, UNPARSEABLE } from '../../domain/model';
import { normaliseAnswerLabel, normaliseMatchLabel } from '../../formats/label-values';
import type { PuzzleDifficultyRow, ReportTask } from '../../report/model/report-model';
import { bucketsOfPuzzles, puzzleDifficultyRows } from './difficulty';

/** One human label as the report builder receives it (a domain Label without its bookkeeping). */
export interface StudyLabel {
  annotatorId: string;
  unitId: string;
  task: Task;
  value: LabelValue;
  /** Marked unsure by its annotator; a report can leave such labels out (unsure-labels.ts). */
  unsure?: boolean;
  /** Every answer its annotator accepts on the question, `value` first (issue 33); absent: `value` alone. */
  acceptable?: AcceptableAnswers;
}

/** The lead's adjudicated label of a unit as the report reads it (a domain GoldLabel without its bookkeeping). */
export interface StudyGoldLabel {
  task: Task;
  unitId: string;
  value: LabelValue;
  /** The gold set: every answer the lead accepts on the question, `value` first; absent: `value` alone. */
  acceptable?: AcceptableAnswers;
}

export interface HumanLabel {
  annotator: string;
  value: string;
  /** Every answer the annotator accepts, as categories of the task, `value` first; absent when `value` is the only one. */
  acceptable?: readonly string[];
}

/** An `answer` or `match` unit: one turn, its judges' labels and its humans' labels. */
export interface TaskUnit {
  id: string;
  puzzleId: string;
  bucket: Bucket;
  /** Judge model -> label, in the order the turn lists them. */
  judgements: ReadonlyMap<string, string>;
  /** One label per annotator, in the order the annotators first labelled the unit. */
  humans: HumanLabel[];
  /** The lead's gold label, when the unit has one and indexStudy was given gold labels. */
  gold?: string;
  /** The gold set as categories, `gold` first; absent when the gold label has no set. */
  goldAcceptable?: readonly string[];
  /** Judge model -> what its confidence in its label is read from, for the judges with a label that kept it (issue 31). */
  confidence?: ReadonlyMap<string, UnitConfidence>;
}

/** A judge's confidence in its label on one unit, as the calibration and stability figures read it. */
export interface UnitConfidence {
  /** Its samples' labels as categories of the task (`unparseable` too), in sample order; two or more. */
  samples?: readonly string[];
  /** The share of its samples that gave its label. */
  share?: number;
  /** The probability its log-probabilities gave its label. */
  probability?: number;
}

export interface DifficultyRating {
  puzzleId: string;
  annotator: string;
  value: number;
}

export interface StudyUnits {
  /** Label categories of each task in scheme order (SPEC §3, docs/formats.md#transcript-bundle). */
  categories: Record<ReportTask, readonly string[]>;
  units: Record<ReportTask, TaskUnit[]>;
  /** The units on which some judge kept what its confidence is read from (samples, probabilities), in study order. */
  confident: Record<ReportTask, TaskUnit[]>;
  unitsById: Record<ReportTask, ReadonlyMap<string, TaskUnit>>;
  /** Every judge model that labelled a unit of the task, in order of first appearance. */
  judges: Record<ReportTask, string[]>;
  /** Judge model -> how many of its replies could not be read (`unparseable`), whichever way the figures count them. */
  unparseable: Record<ReportTask, ReadonlyMap<string, number>>;
  difficulty: PuzzleDifficultyRow[];
  bucketOfPuzzle: ReadonlyMap<string, Bucket>;
  difficultyRatings: DifficultyRating[];
  /** Present when some label or gold label given to a unit held a set of answers: the set-aware figures walk the units only then. */
  withSets?: true;
}

/**
 * Indexes a study and its labels. The builder is lenient where the command line is strict: a
 * label on a unit the study does not have, of a task that unit does not take (an `answer` label
 * on a final turn, say), or with a value the task does not allow is ignored here, because the
 * command line and the import reject such labels before they reach the builder. When one
 * annotator labelled a unit twice, the later label in `labels` wins; likewise for two gold labels
 * on one unit. Gold labels of `difficulty` are not read: no figure compares difficulty with gold.
 * An unparseable judge label is left out of the unit by default; with `unparseable` set to
 * `disagreement` the unit keeps it as the label `unparseable`, a category no human can give, so it
 * disagrees with every human label (and gold) in every figure that compares a judge with humans.
 * That extra category is the honest encoding for the chance-corrected figures too: Cohen's kappa
 * takes its chance term from both raters' marginals, and a category only the judge uses adds
 * nothing to it. Between two judges the same category agrees: both failed to give a verdict.
 */
export function indexStudy(
  data: StudyData,
  labels: readonly StudyLabel[],
  gold: readonly StudyGoldLabel[] = [],
  unparseable: UnparseableReplies = 'left-out',
): StudyUnits {
  const { scheme } = data.study;
  const categories: Record<ReportTask, readonly string[]> = {
    // `unknown` is its own answer only when the scheme enables it (docs/formats.md#transcript-bundle).
    answer: answerLabelsOf(scheme),
    match: MATCH_LABELS,
  };

  const difficultyRatings = latestDifficultyRatings(data, labels);
  const ratingsByPuzzle = new Map<string, number[]>();
  for (const rating of difficultyRatings) {
    const list = ratingsByPuzzle.get(rating.puzzleId);
    if (list) list.push(rating.value);
    else ratingsByPuzzle.set(rating.puzzleId, [rating.value]);
  }
  const difficulty = puzzleDifficultyRows(data.puzzles, ratingsByPuzzle);
  const bucketOfPuzzle = bucketsOfPuzzles(difficulty);

  const units: Record<ReportTask, TaskUnit[]> = { answer: [], match: [] };
  const confident: Record<ReportTask, TaskUnit[]> = { answer: [], match: [] };
  const unitsById: Record<ReportTask, Map<string, TaskUnit>> = { answer: new Map(), match: new Map() };
  const judgeSets: Record<ReportTask, Set<string>> = { answer: new Set(), match: new Set() };
  const unparseableCounts: Record<ReportTask, Map<string, number>> = { answer: new Map(), match: new Map() };
  for (const turn of data.turns) {
    const task: ReportTask = turn.type === 'question' ? 'answer' : 'match';
    const judgements = new Map<string, string>();
    for (const [model, label] of Object.entries(turn.judgements)) {
      if (label === UNPARSEABLE) {
        unparseableCounts[task].set(model, (unparseableCounts[task].get(model) ?? 0) + 1);
        if (unparseable === 'disagreement') {
          judgements.set(model, UNPARSEABLE);
          judgeSets[task].add(model);
        }
        continue;
      }
      const value = categoryOf(task, label, scheme);
      if (value === undefined) continue;
      judgements.set(model, value);
      judgeSets[task].add(model);
    }
    const unit: TaskUnit = { id: turn.id, puzzleId: turn.puzzleId, bucket: bucketOfPuzzle.get(turn.puzzleId) ?? 'unrated', judgements, humans: [] };
    if (turn.judgeConfidence !== undefined) {
      const confidence = unitConfidence(task, turn.judgeConfidence, judgements, scheme);
      if (confidence.size > 0) {
        unit.confidence = confidence;
        confident[task].push(unit);
      }
    }
    units[task].push(unit);
    unitsById[task].set(turn.id, unit);
  }

  let withSets = false;
  for (const label of labels) {
    if (label.task === 'difficulty') continue;
    const unit = unitsById[label.task].get(label.unitId);
    const value = categoryOf(label.task, label.value, scheme);
    if (unit === undefined || value === undefined) continue;
    const human: HumanLabel = { annotator: label.annotatorId, value };
    const acceptable = label.acceptable === undefined ? undefined : acceptedCategories(label.task, value, label.acceptable, scheme);
    if (acceptable !== undefined) {
      human.acceptable = acceptable;
      withSets = true;
    }
    const earlier = unit.humans.findIndex((known) => known.annotator === label.annotatorId);
    if (earlier >= 0) unit.humans[earlier] = human;
    else unit.humans.push(human);
  }

  for (const label of gold) {
    if (label.task === 'difficulty') continue;
    const unit = unitsById[label.task].get(label.unitId);
    const value = categoryOf(label.task, label.value, scheme);
    if (unit === undefined || value === undefined) continue;
    unit.gold = value;
    const acceptable = label.acceptable === undefined ? undefined : acceptedCategories(label.task, value, label.acceptable, scheme);
    if (acceptable === undefined) delete unit.goldAcceptable;
    else {
      unit.goldAcceptable = acceptable;
      withSets = true;
    }
  }

  return {
    categories,
    units,
    confident,
    unitsById,
    judges: { answer: [...judgeSets.answer], match: [...judgeSets.match] },
    unparseable: unparseableCounts,
    difficulty,
    bucketOfPuzzle,
    difficultyRatings,
    ...(withSets ? { withSets: true as const } : {}),
  };
}

/** The confidence of each judge that kept a label on the unit: its samples as categories, the share that gave its label, its probability. */
function unitConfidence(
  task: ReportTask,
  kept: Readonly<Record<string, JudgeConfidence>>,
  judgements: ReadonlyMap<string, string>,
  scheme: LabelScheme,
): Map<string, UnitConfidence> {
  const confidence = new Map<string, UnitConfidence>();
  // Written without spreads and closures: it runs per judge on every unit (48,000 at 20x).
  for (const model of Object.keys(kept)) {
    const label = judgements.get(model);
    if (label === undefined) continue;
    const { samples, probability } = kept[model] as JudgeConfidence;
    const one: { -readonly [K in keyof UnitConfidence]: UnitConfidence[K] } = {};
    if (samples !== undefined && samples.length >= 2) {
      const categories = new Array<string>(samples.length);
      let same = 0;
      for (let s = 0; s < samples.length; s++) {
        const sample = samples[s] as JudgeLabel;
        const category = sample === UNPARSEABLE ? UNPARSEABLE : (categoryOf(task, sample, scheme) ?? UNPARSEABLE);
        categories[s] = category;
        if (category === label) same++;
      }
      one.samples = categories;
      one.share = same / categories.length;
    }
    if (probability !== undefined) one.probability = probability;
    confidence.set(model, one);
  }
  return confidence;
}

/**
 * A set of answers as categories, `value` first and each once; undefined where it holds no answer
 * beside `value` (a set is an answer task's only) or names one the scheme does not allow, as the
 * builder is lenient with a value it does not allow.
 */
function acceptedCategories(task: Task, value: string, acceptable: AcceptableAnswers, scheme: LabelScheme): readonly string[] | undefined {
  if (task !== 'answer') return undefined;
  const categories = [value];
  for (const answer of acceptable) {
    const category = categoryOf(task, answer, scheme);
    if (category === undefined) return undefined;
    if (!categories.includes(category)) categories.push(category);
  }
  return categories.length >= 2 ? categories : undefined;
}

/** The category a label value stands for in a task, read as labels are normalised (docs/formats.md#transcript-bundle). */
function categoryOf(task: ReportTask, value: LabelValue, scheme: LabelScheme): string | undefined {
  if (task === 'answer') return normaliseAnswerLabel(value, scheme);
  return value === 'matched' || value === 'unmatched' ? value : normaliseMatchLabel(value);
}

/** Human difficulty ratings on the study's puzzles, one per annotator and puzzle (the latest). */
function latestDifficultyRatings(data: StudyData, labels: readonly StudyLabel[]): DifficultyRating[] {
  const puzzleIds = new Set(data.puzzles.map((puzzle) => puzzle.id));
  const ratings: DifficultyRating[] = [];
  const position = new Map<string, number>();
  for (const label of labels) {
    const { value } = label;
    if (label.task !== 'difficulty' || !puzzleIds.has(label.unitId)) continue;
    if (typeof value !== 'number' || !(value >= MIN_DIFFICULTY && value <= MAX_DIFFICULTY)) continue;
    const key = `${label.unitId}\u0000${label.annotatorId}`;
    const at = position.get(key);
    if (at === undefined) {
      position.set(key, ratings.length);
      ratings.push({ puzzleId: label.unitId, annotator: label.annotatorId, value });
    } else {
      (ratings[at] as DifficultyRating).value = value;
    }
  }
  return ratings;
}
