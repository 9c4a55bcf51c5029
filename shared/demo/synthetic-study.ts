// Seeded synthetic studies for trying the app and benchmarking it: a transcript bundle
// (docs/formats.md#transcript-bundle) whose judges err at set rates, and label files (docs/formats.md#label-file) from annotators who
// err at a set rate. Owns the hidden truth of every unit; the same options give the same study.

import type { AnswerLabel, MatchLabel } from '../domain/model';
import { MAX_DIFFICULTY, MIN_DIFFICULTY } from '../domain/model';
import { buildLabelFile, type LabelFile, type LabelRecord } from '../formats/label-file';
import { TRANSCRIPTS_FORMAT } from '../formats/transcript-bundle';
import { createPrng, type Prng } from '../random/prng';

export interface SyntheticBundleOptions {
  puzzles: number;
  seed: number;
  /** Sessions played on each puzzle (default 2). */
  sessionsPerPuzzle?: number;
  /** Fewest and most questions in a session (default [5, 12]). */
  questionsPerSession?: readonly [number, number];
  players?: readonly string[];
  /** Judge models; the first plays judge in every session, the others re-judge every turn. */
  judges?: readonly string[];
  /** Chance that each judge's label differs from the truth, on a puzzle of middling difficulty (default [0.1, 0.15]). */
  judgeErrorRates?: readonly number[];
  /** The first judge keeps this many samples of each label and the probability of each label, as a run with --samples and --logprobs does (default none). */
  judgeSamples?: number;
}

export interface SyntheticStudyOptions extends SyntheticBundleOptions {
  annotators: number;
  /** Chance that a human's label differs from the truth, on a puzzle of middling difficulty (default 0.08). */
  humanErrorRate?: number;
  /** Distinct annotators who label each puzzle and all its turns (default min(3, annotators)). */
  overlap?: number;
  /** The `app` written into the label files. */
  app?: string;
}

export interface SyntheticTurn {
  id: string;
  type: 'question' | 'final';
  text: string;
  judgements: Record<string, AnswerLabel | MatchLabel>;
  judgeReply?: string;
  judgeConfidence?: Record<string, { samples: Array<AnswerLabel | MatchLabel>; probability: number }>;
}

export interface SyntheticSession {
  id: string;
  puzzleId: string;
  player: string;
  judge: string;
  maxRounds: number;
  run: number;
  turns: SyntheticTurn[];
}

export interface SyntheticPuzzle {
  id: string;
  title: string;
  story: string;
  reference: string;
  difficulty: number;
  language: string;
  genre: string;
  keyClues: string[];
  source: string;
}

/** A valid `agreement-studio.transcripts/1` bundle. */
export interface SyntheticBundle {
  format: typeof TRANSCRIPTS_FORMAT;
  id: string;
  name: string;
  guidelines: string;
  puzzles: SyntheticPuzzle[];
  sessions: SyntheticSession[];
}

export interface SyntheticStudy {
  bundle: SyntheticBundle;
  labelFiles: LabelFile[];
}

const DEFAULT_PLAYERS = ['synthetic-player-a', 'synthetic-player-b', 'synthetic-player-c'];
const DEFAULT_JUDGES = ['synthetic-judge-a', 'synthetic-judge-b'];
const DEFAULT_JUDGE_ERROR_RATES = [0.1, 0.15];
const ANSWER_VALUES: readonly AnswerLabel[] = ['yes', 'no', 'irrelevant'];
// Labels start on a fixed day so a seed gives the same files whenever it runs.
const LABELLING_STARTS_AT = Date.UTC(2026, 0, 5, 9, 0, 0);

/** One unit with its hidden truth, kept beside the bundle to derive human labels from it. */
interface TruthUnit {
  unit: string;
  task: 'answer' | 'match';
  truth: AnswerLabel | MatchLabel;
}

interface TruthPuzzle {
  id: string;
  difficulty: number;
  units: TruthUnit[];
}

export function generateSyntheticBundle(options: SyntheticBundleOptions): SyntheticBundle {
  return generateWithTruth(options).bundle;
}

/**
 * The first judge's samples and probability on every turn (options.judgeSamples), drawn from a
 * stream of their own, so the rest of the bundle of a seed is the same with or without them: a
 * strict majority of the samples gives the judge's label, each other sample its label four times
 * in five, and the probability of the label is between 0.55 and 0.99.
 */
function withJudgeConfidence(bundle: SyntheticBundle, judge: string, samples: number, seed: number): void {
  const rng = createPrng(seed ^ 0x2c1b3c6d);
  const majority = Math.floor(samples / 2) + 1;
  for (const session of bundle.sessions)
    for (const turn of session.turns) {
      const label = turn.judgements[judge];
      if (label === undefined) continue;
      const other = () => (turn.type === 'question' ? otherAnswer(label as AnswerLabel, rng) : otherMatch(label as MatchLabel));
      const drawn = Array.from({ length: samples }, (_, s) => (s < majority || rng.chance(0.8) ? label : other()));
      // A seeded shuffle, so the label's samples are not always first.
      for (let i = drawn.length - 1; i > 0; i--) {
        const j = rng.int(0, i);
        [drawn[i], drawn[j]] = [drawn[j] as AnswerLabel | MatchLabel, drawn[i] as AnswerLabel | MatchLabel];
      }
      turn.judgeConfidence = { [judge]: { samples: drawn, probability: Math.round((0.55 + 0.44 * rng.next()) * 1000) / 1000 } };
    }
}

export function generateSyntheticStudy(options: SyntheticStudyOptions): SyntheticStudy {
  const annotators = checkCount('annotators', options.annotators, 0);
  const overlap = options.overlap ?? Math.min(3, annotators);
  checkCount('overlap', overlap, 0);
  if (overlap > annotators) throw new RangeError(`overlap is ${overlap}, but there are only ${annotators} annotators`);
  const humanErrorRate = checkRate('humanErrorRate', options.humanErrorRate ?? 0.08);
  const { bundle, truth } = generateWithTruth(options);
  // A separate stream, so the bundle of a seed is the same whatever the label options.
  const rng = createPrng(options.seed ^ 0x5bd1e995);
  const assignment = assignPuzzles(truth, annotators, overlap, rng);
  const labelFiles = assignment.map((puzzles, index) =>
    annotatorLabelFile(bundle.id, index, annotators, puzzles, humanErrorRate, options.app ?? 'agreement-studio synthetic-study generator', rng),
  );
  return { bundle, labelFiles };
}

function generateWithTruth(options: SyntheticBundleOptions): { bundle: SyntheticBundle; truth: TruthPuzzle[] } {
  const puzzleCount = checkCount('puzzles', options.puzzles, 1);
  const sessionsPerPuzzle = checkCount('sessionsPerPuzzle', options.sessionsPerPuzzle ?? 2, 1);
  const [minQuestions, maxQuestions] = options.questionsPerSession ?? [5, 12];
  checkCount('questionsPerSession[0]', minQuestions, 0);
  checkCount('questionsPerSession[1]', maxQuestions, minQuestions);
  const players = options.players ?? DEFAULT_PLAYERS;
  const judges = options.judges ?? DEFAULT_JUDGES;
  if (players.length === 0 || judges.length === 0) throw new RangeError('a synthetic study needs at least one player and one judge');
  if (new Set(judges).size !== judges.length) throw new RangeError('judge names must be distinct');
  const rates = options.judgeErrorRates ?? DEFAULT_JUDGE_ERROR_RATES;
  // A judge without a rate of its own errs like the last one listed.
  const judgeErrorRates = judges.map((_, j) => checkRate(`judgeErrorRates[${j}]`, rates[j] ?? rates[rates.length - 1] ?? 0.1));
  const primaryJudge = judges[0] as string;

  if (!Number.isSafeInteger(options.seed)) throw new RangeError(`seed must be a whole number, not ${options.seed}`);
  const rng = createPrng(options.seed);
  const width = String(puzzleCount).length;
  const bundle: SyntheticBundle = {
    format: TRANSCRIPTS_FORMAT,
    id: `synthetic-${options.seed}-${puzzleCount}`,
    name: `Synthetic study (seed ${options.seed}, ${puzzleCount} puzzles)`,
    guidelines: 'Synthetic study generated for trying Agreement Studio. Answer each question from the story and the reference answer alone.',
    puzzles: [],
    sessions: [],
  };
  const truth: TruthPuzzle[] = [];
  for (let p = 0; p < puzzleCount; p++) {
    const number = p + 1;
    const id = `p-${String(number).padStart(width, '0')}`;
    // Puzzles cycle through the three buckets so every bucket is filled even in a small study.
    const difficulty = 1 + 3 * (p % 3) + rng.int(0, 2);
    const fact = rng.int(1, 999);
    bundle.puzzles.push({
      id,
      title: `Synthetic puzzle ${number}`,
      story: `Synthetic puzzle ${number}: a generated story that hides fact #${fact}. It is not a real puzzle.`,
      reference: `Synthetic reference for puzzle ${number}: fact #${fact} explains the story.`,
      difficulty,
      language: 'en',
      genre: 'synthetic',
      keyClues: [`Synthetic clue ${number}: fact #${fact} matters.`],
      source: 'synthetic',
    });
    const units: TruthUnit[] = [];
    const judgeFactor = difficultyFactor(difficulty, 0.4);
    const solveChance = 0.92 - 0.08 * (difficulty - 1);
    for (let s = 0; s < sessionsPerPuzzle; s++) {
      const sessionId = `s-${String(number).padStart(width, '0')}-${s + 1}`;
      const turns: SyntheticTurn[] = [];
      const questions = rng.int(minQuestions, maxQuestions);
      for (let q = 1; q <= questions; q++) {
        const draw = rng.next();
        const truthLabel: AnswerLabel = draw < 0.55 ? 'no' : draw < 0.85 ? 'yes' : 'irrelevant';
        const judgements: Record<string, AnswerLabel> = {};
        judges.forEach((judge, j) => {
          judgements[judge] = rng.chance((judgeErrorRates[j] ?? 0) * judgeFactor) ? otherAnswer(truthLabel, rng) : truthLabel;
        });
        const turnId = `${sessionId}/${q}`;
        turns.push({ id: turnId, type: 'question', text: `Synthetic question ${q} on puzzle ${number}: does fact #${rng.int(1, 999)} hold?`, judgements });
        units.push({ unit: turnId, task: 'answer', truth: truthLabel });
      }
      const solved = rng.chance(solveChance);
      const finals = rng.int(1, 2);
      for (let f = 1; f <= finals; f++) {
        const truthLabel: MatchLabel = solved && f === finals ? 'matched' : 'unmatched';
        const judgements: Record<string, MatchLabel> = {};
        judges.forEach((judge, j) => {
          judgements[judge] = rng.chance((judgeErrorRates[j] ?? 0) * judgeFactor) ? otherMatch(truthLabel) : truthLabel;
        });
        const turnId = `${sessionId}/${questions + f}`;
        turns.push({
          id: turnId,
          type: 'final',
          text: `Synthetic final answer ${f} on puzzle ${number}.`,
          judgements,
          judgeReply:
            judgements[primaryJudge] === 'matched' ? 'Synthetic judge reply: that matches the reference.' : 'Synthetic judge reply: that does not match.',
        });
        units.push({ unit: turnId, task: 'match', truth: truthLabel });
      }
      bundle.sessions.push({
        id: sessionId,
        puzzleId: id,
        player: players[(p * sessionsPerPuzzle + s) % players.length] as string,
        judge: primaryJudge,
        maxRounds: maxQuestions + 2,
        run: Math.floor(s / players.length) + 1,
        turns,
      });
    }
    truth.push({ id, difficulty, units });
  }
  if (options.judgeSamples !== undefined) withJudgeConfidence(bundle, primaryJudge, checkCount('judgeSamples', options.judgeSamples, 2), options.seed);
  return { bundle, truth };
}

/**
 * Balanced assignment: each puzzle, with all its turns, goes to the `overlap` annotators with
 * the least work so far (in units), ties broken at random, so workloads differ by about one puzzle.
 */
function assignPuzzles(puzzles: readonly TruthPuzzle[], annotators: number, overlap: number, rng: Prng): TruthPuzzle[][] {
  const load = new Array<number>(annotators).fill(0);
  const assigned: TruthPuzzle[][] = Array.from({ length: annotators }, () => []);
  const order = Array.from({ length: annotators }, (_, a) => a);
  const tieBreak = new Array<number>(annotators).fill(0);
  for (const puzzle of puzzles) {
    for (let a = 0; a < annotators; a++) tieBreak[a] = rng.next();
    order.sort((a, b) => (load[a] ?? 0) - (load[b] ?? 0) || (tieBreak[a] ?? 0) - (tieBreak[b] ?? 0));
    for (const a of order.slice(0, overlap)) {
      assigned[a]?.push(puzzle);
      load[a] = (load[a] ?? 0) + puzzle.units.length + 1;
    }
  }
  return assigned;
}

function annotatorLabelFile(
  studyId: string,
  index: number,
  annotators: number,
  puzzles: readonly TruthPuzzle[],
  errorRate: number,
  app: string,
  rng: Prng,
): LabelFile {
  const number = String(index + 1).padStart(Math.max(2, String(annotators).length), '0');
  // Annotators start a few minutes apart so their timestamps are not identical.
  let clock = LABELLING_STARTS_AT + index * 7 * 60_000;
  const labels: LabelRecord[] = [];
  const add = (unit: string, task: LabelRecord['task'], value: LabelRecord['value'], wrong: boolean, difficulty: number) => {
    const ms = Math.round(1500 + rng.next() * 4000 * (1 + difficulty / 9) + (wrong ? 2000 : 0));
    clock += ms + rng.int(200, 1500);
    const unsure = rng.chance(wrong ? 0.3 : 0.04);
    const note = rng.chance(0.01) ? `Synthetic note ${labels.length + 1}: the story could be read two ways here.` : '';
    labels.push({ unit, task, value, at: new Date(clock).toISOString(), ms, rev: 1, unsure, note });
  };
  for (const puzzle of puzzles) {
    // A rating of true difficulty plus roughly normal noise (sd about 1), rounded and clamped.
    const noise = Math.round((rng.next() + rng.next() + rng.next() - 1.5) * 2);
    const rating = Math.min(MAX_DIFFICULTY, Math.max(MIN_DIFFICULTY, puzzle.difficulty + noise));
    add(puzzle.id, 'difficulty', rating, noise !== 0, puzzle.difficulty);
    const chance = errorRate * difficultyFactor(puzzle.difficulty, 0.2);
    for (const unit of puzzle.units) {
      const wrong = rng.chance(chance);
      const value = !wrong ? unit.truth : unit.task === 'answer' ? otherAnswer(unit.truth as AnswerLabel, rng) : otherMatch(unit.truth as MatchLabel);
      add(unit.unit, unit.task, value, wrong, puzzle.difficulty);
    }
  }
  return buildLabelFile({
    studyId,
    annotator: { id: `ann-${number}`, name: `Synthetic annotator ${index + 1}` },
    exportedAt: new Date(clock + 60_000).toISOString(),
    app,
    labels,
  });
}

/**
 * Scales an error rate with difficulty: 1 - spread on the easiest puzzles, 1 + spread on the
 * hardest, 1 in the middle, so across buckets the mean rate is the configured one.
 */
function difficultyFactor(difficulty: number, spread: number): number {
  return 1 + spread * ((difficulty - 5) / 4);
}

function otherAnswer(label: AnswerLabel, rng: Prng): AnswerLabel {
  const others = ANSWER_VALUES.filter((value) => value !== label);
  return rng.pick(others);
}

function otherMatch(label: MatchLabel): MatchLabel {
  return label === 'matched' ? 'unmatched' : 'matched';
}

function checkCount(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be a whole number of at least ${min}, not ${value}`);
  return value;
}

function checkRate(name: string, value: number): number {
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be a rate from 0 to 1, not ${value}`);
  return value;
}
