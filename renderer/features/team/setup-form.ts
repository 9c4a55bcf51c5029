// The team setup form's values as typed, and their reading into assignTeam's input: the team
// from the annotator list, whole numbers for the overlaps and the seed, which puzzles people label
// (every one, or a sample of a budget of them), or every problem found. Whether the overlap fits
// the team is assignTeam's check (its RangeError says why).

import type { CalibrationRule, Study } from '../../../shared/domain/model';
import { formatAnnotatorList, parseAnnotatorList, type TeamMember } from './annotator-list';

export interface SetupFormValues {
  annotators: string;
  overlap: string;
  /** Blank: each puzzle's difficulty goes to the annotators who label its turns. */
  difficultyOverlap: string;
  seed: string;
  /** Which puzzles people label: every one, or a sample drawn by a rule. */
  puzzles: PuzzleChoice;
  /** The sample's expected number of puzzles; read only for a sample. */
  budget: string;
}

export type PuzzleChoice = 'every' | CalibrationRule;

export interface SetupInput {
  annotators: TeamMember[];
  overlap: number;
  difficultyOverlap?: number;
  seed: number;
  sample?: { rule: CalibrationRule; budget: number };
}

export const DEFAULT_OVERLAP = 3;
/** The command line's default seed, so a lead who changes nothing gets the CLI's packs. */
const DEFAULT_SEED = 1;
/** The command line's seed range. */
const MIN_SEED = -(2 ** 31);
const MAX_SEED = 2 ** 32 - 1;

/** The form as the stored setup left it, or the defaults for a study not assigned yet. */
export function initialSetupValues(study: Study, team: readonly TeamMember[]): SetupFormValues {
  const { setup, calibrationSample } = study;
  return {
    annotators: formatAnnotatorList(team),
    overlap: String(setup?.overlap ?? DEFAULT_OVERLAP),
    difficultyOverlap: setup?.difficultyOverlap === undefined ? '' : String(setup.difficultyOverlap),
    seed: String(setup?.seed ?? DEFAULT_SEED),
    puzzles: calibrationSample?.rule ?? 'every',
    budget: String(calibrationSample?.budget ?? defaultBudget(study.counts.puzzles)),
  };
}

/** A third of the puzzles, at least one: a first calibration round the lead can enlarge. */
function defaultBudget(puzzles: number): number {
  return Math.max(1, Math.round(puzzles / 3));
}

/** A fresh seed in the command line's range, for "Draw a new seed". */
export function drawSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

/** The whole number typed, or undefined with a problem added; `max` absent means no upper bound. */
function wholeNumber(text: string, what: string, problems: string[], min: number, max?: number): number | undefined {
  const trimmed = text.trim();
  const value = /^-?\d{1,12}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (value >= min && (max === undefined || value <= max)) return value;
  problems.push(max === undefined ? `${what}: enter a whole number of at least ${min}.` : `${what}: enter a whole number from ${min} to ${max}.`);
  return undefined;
}

/** Reads the form; a sample's budget is checked against the study's `puzzles`. */
export function readSetupForm(values: SetupFormValues, puzzles: number): { ok: true; input: SetupInput } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const team = parseAnnotatorList(values.annotators);
  if (!team.ok) problems.push(...team.problems);
  const overlap = wholeNumber(values.overlap, 'Overlap', problems, 1);
  const difficultyOverlap = values.difficultyOverlap.trim() === '' ? undefined : wholeNumber(values.difficultyOverlap, 'Difficulty overlap', problems, 1);
  const seed = wholeNumber(values.seed, 'Seed', problems, MIN_SEED, MAX_SEED);
  const rule = values.puzzles === 'every' ? undefined : values.puzzles;
  const budget = rule === undefined ? undefined : wholeNumber(values.budget, 'Budget', problems, 1, puzzles);
  if (!team.ok || overlap === undefined || seed === undefined || problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    input: {
      annotators: team.annotators,
      overlap,
      ...(difficultyOverlap !== undefined ? { difficultyOverlap } : {}),
      seed,
      ...(rule !== undefined && budget !== undefined ? { sample: { rule, budget } } : {}),
    },
  };
}
