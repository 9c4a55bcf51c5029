// The domain model of SPEC §3: puzzles, sessions, turns, labels, studies.
// Pure data shapes shared by the parser, the database, the UI and the command line.

export const TASKS = ['answer', 'match', 'difficulty'] as const;
export type Task = (typeof TASKS)[number];

export const ANSWER_LABELS = ['yes', 'no', 'irrelevant', 'unknown'] as const;
export type AnswerLabel = (typeof ANSWER_LABELS)[number];

export const MATCH_LABELS = ['matched', 'unmatched'] as const;
export type MatchLabel = (typeof MATCH_LABELS)[number];

export type TurnType = 'question' | 'final';

/** A judge's reply the normaliser could not read as a label; its raw text is kept in `judgeReplies`. */
export const UNPARSEABLE = 'unparseable';
export type JudgeLabel = AnswerLabel | MatchLabel | typeof UNPARSEABLE;

/** Difficulty levels run 1 (easiest) to 9 (hardest). */
export const MIN_DIFFICULTY = 1;
export const MAX_DIFFICULTY = 9;

export interface Puzzle {
  studyId: string;
  id: string;
  title?: string;
  story: string;
  reference: string;
  /** The bundle's own difficulty (1..9), used where no human rated the puzzle. */
  difficulty?: number;
  language?: string;
  genre?: string;
  keyClues: string[];
  source?: string;
}

export interface Session {
  studyId: string;
  id: string;
  puzzleId: string;
  player: string;
  /** The model that played judge in this session. */
  judge: string;
  maxRounds?: number;
  run?: number;
  turnCount: number;
}

export interface Turn {
  studyId: string;
  id: string;
  sessionId: string;
  puzzleId: string;
  /** 0-based position in the session. */
  index: number;
  type: TurnType;
  text: string;
  /** Judge model -> label. Keys are validated model names, never prototype keys. */
  judgements: Record<string, JudgeLabel>;
  /** The session judge's reply as written, when the source gave one. */
  judgeReply?: string;
  /** Judge model -> its reply as written (lead only, never in a pack); every `unparseable` judgement has one. */
  judgeReplies?: Record<string, string>;
  /** Judge model -> what its confidence in its label is read from (issue 31), where a run or the source kept it. */
  judgeConfidence?: Record<string, JudgeConfidence>;
}

/**
 * How a judge's order-swapped twin is named (issue 31): the judge's name and this, `gpt-4o@studio-1
 * (order swapped)` (the model under the prompt version `studio-1 (order swapped)`, which gives the
 * reference and the guess in the other order), or for an imported judge `arbiter-large (order
 * swapped)`. The report pairs the two for its order check.
 */
export const ORDER_SWAPPED = ' (order swapped)';

/** The most times a judge run asks each turn, and so the most samples a study's files keep of one label. */
export const MAX_JUDGE_SAMPLES = 99;

/**
 * What a judge's confidence in one label is read from: the labels of its k samples (k >= 2, in
 * sample order; its label is their majority, and its confidence the share that gave it), and the
 * probability the endpoint's log-probabilities gave its label (0 to 1, the mean over the samples
 * that gave it). Either, or both.
 */
export interface JudgeConfidence {
  samples?: JudgeLabel[];
  probability?: number;
}

export interface LabelScheme {
  /** Whether `unknown` is a fourth answer value; when false, `unknown` reads as irrelevant. */
  answerUnknown: boolean;
  /**
   * Whether annotators may mark every acceptable answer on a question (issue 33): the keys toggle
   * answers and Enter saves. Absent or false: one key, one answer, saved at once (the default).
   */
  multipleAnswers?: boolean;
}

export interface Study {
  id: string;
  name: string;
  /** The `format` string the study was imported from. */
  format: string;
  scheme: LabelScheme;
  guidelines?: string;
  importedAt: string;
  sourceFiles: string[];
  counts: StudyCounts;
  /** Set when the study was opened from a pack: this computer holds one annotator's copy. */
  origin?: PackOrigin;
  /** The lead's team setup, once the lead has assigned the study to annotators. */
  setup?: StudySetup;
  /** The demo study loaded on first start: while untouched, an annotator's pack of it may replace it. */
  sample?: true;
  /** What the lead's report makes of unparseable judge replies; absent: left out (the default). */
  unparseableReplies?: UnparseableReplies;
  /** How expert the study's annotators are, which sets the Alt-Test's epsilon in the report; absent: expert (the default). */
  annotatorExpertise?: AnnotatorExpertise;
  /** Judges whose imported labels are each the majority of several samples (SPLAT's judge_times): the report says so. */
  judgeSamples?: JudgeSamples[];
  /** The lead's model families by model name, before those read from the names (the report's own-family check); absent: the names' own. */
  modelFamilies?: Record<string, string>;
  /** The sample of puzzles the current assignment covers, when the lead assigned a sample rather than every puzzle. */
  calibrationSample?: CalibrationSample;
  /** The lead's split of the puzzles for improving a judge honestly (issue 34), and what has been run on it. */
  judgeSplit?: JudgeSplitSetting;
}

/** The three parts of the judge split: examples for few-shot prompts, development for tuning, and the held-out test. */
export const JUDGE_SPLIT_PARTS = ['examples', 'development', 'test'] as const;
export type JudgeSplitPart = (typeof JUDGE_SPLIT_PARTS)[number];

/**
 * A study's judge split (shared/study/judge-splits.ts gives each puzzle its part by the seed and
 * shares) with the count that keeps the result honest: every judge run on the development split
 * is a version tried, the denominator of any choice among them, and every judge run on the test
 * split is a look at the held-out data; the first is the verdict, and the report says how many
 * there were. Kept on the study so its backup and every report carry them.
 */
export interface JudgeSplitSetting {
  /** A whole number; the same seed and shares give every puzzle the same part. */
  seed: number;
  /** Each part's share of the puzzles, adding up to 1; examples 0.1 to 0.2. */
  shares: Readonly<Record<JudgeSplitPart, number>>;
  /** When the lead set it (ISO 8601). */
  setAt: string;
  /** The judges run on the development split, each once, in the order first run. */
  developmentJudges: string[];
  /** Each run on the test split, in order: the judge and when it was started (ISO 8601). */
  testRuns: Array<{ judge: string; at: string }>;
}

/** A judge whose labels in the source are each the majority of `samples` replies, and where that number came from. */
export interface JudgeSamples {
  judge: string;
  samples: number;
  /** The file and setting that said so: `config.yaml: game.judge_times`. */
  source: string;
}

/**
 * A benchmark's own judge prompt, brought with its files (issue 26): the source's text with its
 * placeholders written as ours (shared/judge-run/prompts.ts), stored as a prompt version the lead
 * can run on an endpoint. `note` says where it differs from what the benchmark sent.
 */
export interface JudgePrompt {
  /** The version's name, after its source: `SPLAT judge (config.yaml)`. */
  name: string;
  /** The file and field it came from: `config.yaml: prompt.prompt_judge_init`. */
  source: string;
  question: string;
  final: string;
  note?: string;
}

/**
 * What an `unparseable` judge label means for the report (issue 14): `left-out` of every figure
 * (the default), or counted as a `disagreement` with every human label, as TurtleBench scores it.
 */
export type UnparseableReplies = 'left-out' | 'disagreement';

/** How expert a study's annotators are, as the lead describes them; each level has the Alt-Test epsilon its authors suggest. */
export const ANNOTATOR_EXPERTISE = ['expert', 'skilled', 'crowd'] as const;
export type AnnotatorExpertise = (typeof ANNOTATOR_EXPERTISE)[number];

/** An annotator's copy of a study, opened from the lead's pack (docs/formats.md#pack): always annotator mode. */
export interface PackOrigin {
  kind: 'pack';
  annotator: { id: string; name: string };
  /** SHA-256 of every pack opened into this study, oldest first. */
  packs: string[];
}

/** How the lead assigned the study (docs/command-line.md, `pack`): the same seed gives the same assignment. */
export interface StudySetup {
  /** Annotators per puzzle for the answer and match tasks. */
  overlap: number;
  /** Annotators per puzzle for difficulty; absent: the puzzle's own annotators. */
  difficultyOverlap?: number;
  seed: number;
  assignedAt: string;
  /** The lead changed the seeded assignment by hand, so the CLI with the seed no longer gives the same packs. */
  editedByHand: boolean;
}

/**
 * Where a judge's uncertainty on a unit is read from, in order of preference (issue 32 point 4): the
 * disagreement among its k samples, its label's probability (log-probabilities), or the other judges'
 * disagreement with it.
 */
export const UNCERTAINTY_SOURCES = ['samples', 'probability', 'judges'] as const;
export type UncertaintySource = (typeof UNCERTAINTY_SOURCES)[number];

/** `uncertainty`: puzzles drawn more likely where the judge is less sure (active inference); `random`: every puzzle alike. */
export const CALIBRATION_RULES = ['uncertainty', 'random'] as const;
export type CalibrationRule = (typeof CALIBRATION_RULES)[number];

/**
 * The puzzles the lead drew for people to label (shared/study/calibration-sample.ts), and every puzzle's
 * probability of being drawn, chosen or not: the report weights each chosen puzzle's labels by one over
 * its probability, so the estimate over all puzzles stays unbiased.
 */
export interface CalibrationSample {
  rule: CalibrationRule;
  /** The expected number of puzzles drawn; the number drawn varies around it. */
  budget: number;
  seed: number;
  /** The mix with the uniform rule under `uncertainty` (unused under `random`). */
  tau: number;
  /** The uncertainty source the probabilities grew with; absent under `random`, or where no puzzle had a judge signal. */
  source?: UncertaintySource;
  /** Under `uncertainty`, the puzzles without a judge signal, which took the uniform share; 0 under `random`. */
  withoutSignal: number;
  /** The puzzles drawn, in study order: the assignment covers these and no others. */
  chosen: string[];
  /** Puzzle id -> its probability of being drawn, in (0, 1], for every puzzle of the study. */
  probabilities: Record<string, number>;
  drawnAt: string;
}

export interface StudyCounts {
  puzzles: number;
  sessions: number;
  turns: number;
  questions: number;
  finals: number;
}

/** Everything a transcript bundle holds, ready to store. */
export interface StudyData {
  study: Study;
  puzzles: Puzzle[];
  sessions: Session[];
  turns: Turn[];
  /** The judge prompts the bundle brought; stored as prompt versions with the study. */
  judgePrompts?: JudgePrompt[];
}

export interface Annotator {
  studyId: string;
  id: string;
  name: string;
}

/** The units one annotator is given for one task, in study order: turn ids (answer, match) or puzzle ids (difficulty). */
export interface Assignment {
  studyId: string;
  annotatorId: string;
  task: Task;
  units: string[];
}

export type LabelValue = AnswerLabel | MatchLabel | number;

/**
 * The highest revision a label can have. Every stored revision must be one a label file can
 * carry back, so revisions stop here rather than grow past what files are checked against
 * (2^31 - 1: no one edits one label two billion times; a file claiming more is not ours).
 */
export const MAX_REVISION = 2_147_483_647;

/** The longest note a label may carry: in the workspace, label files and team server documents alike. */
export const MAX_LABEL_NOTE_CHARS = 10_000;

/** The answer labels a study's scheme allows: `unknown` only where the scheme enables it (docs/formats.md#transcript-bundle). */
export function answerLabelsOf(scheme: LabelScheme): readonly AnswerLabel[] {
  return scheme.answerUnknown ? ANSWER_LABELS : ANSWER_LABELS.filter((label) => label !== 'unknown');
}

/** The revision after `rev`: one more, held at MAX_REVISION so every stored label round-trips. */
export function nextRevision(rev: number): number {
  return Math.min(rev + 1, MAX_REVISION);
}

/** One human's label on one unit. Unit ids are turn ids (answer, match) or puzzle ids (difficulty). */
export interface Label {
  studyId: string;
  annotatorId: string;
  unitId: string;
  task: Task;
  value: LabelValue;
  /** When the label was last set (ISO 8601). */
  at: string;
  /** When the label was first set (ISO 8601); absent on labels from files written before it existed. */
  createdAt?: string;
  /** Time the unit was on screen before the label, in milliseconds. */
  ms?: number;
  /** Counts edits of this label, from 1 to MAX_REVISION. */
  rev: number;
  unsure: boolean;
  note: string;
  /** Every answer the annotator accepts on the question (see AcceptableAnswers); absent: `value` alone. */
  acceptable?: AcceptableAnswers;
}

/**
 * Every answer accepted on a question where more than one is right (issue 33): two or more distinct
 * answer labels, first the one the rater would give if made to pick one, which is also the label's
 * `value` (the forced-choice figures read `value`, the set-aware ones the whole set). Only on the
 * answer task, only in studies whose scheme allows several answers, and only when more than one was
 * marked: a single answer is `value` alone, as in every file written before sets existed.
 */
export type AcceptableAnswers = readonly AnswerLabel[];

/** The answers a label or gold label accepts: its set, or its value alone. */
export function acceptedValues(label: { value: LabelValue; acceptable?: AcceptableAnswers }): readonly LabelValue[] {
  return label.acceptable ?? [label.value];
}

/** The lead's adjudicated label of a unit (SPEC §5 adjudication), kept with who set it, when and why. */
export interface GoldLabel {
  studyId: string;
  task: Task;
  unitId: string;
  value: LabelValue;
  note: string;
  /** Who adjudicated (the lead's name on the computer that set it). */
  by: string;
  /** When the gold label was set (ISO 8601). */
  at: string;
  /** Every label on the unit when it was set, as `rater=value`, so the decision can be traced. */
  basis: string[];
  /** Every answer the lead accepts as right on the question (a gold set; see AcceptableAnswers); absent: `value` alone. */
  acceptable?: AcceptableAnswers;
}

export interface AuditEntry {
  id?: number;
  studyId: string;
  at: string;
  kind: string;
  detail: string;
}
