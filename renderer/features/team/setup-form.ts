// The team setup form's values as typed, and their reading into assignTeam's input: the team
// from the annotator list, whole numbers for the overlaps and the seed, or every problem found.
// Whether the overlap fits the team is assignTeam's check (its RangeError says why).

import type { Study } from '../../../shared/domain/model';
import { formatAnnotatorList, parseAnnotatorList, type TeamMember } from './annotator-list';

export interface SetupFormValues {
  annotators: string;
  overlap: string;
  /** Blank: each puzzle's difficulty goes to the annotators who label its turns. */
  difficultyOverlap: string;
  seed: string;
}

export interface SetupInput {
  annotators: TeamMember[];
  overlap: number;
  difficultyOverlap?: number;
  seed: number;
}

export const DEFAULT_OVERLAP = 3;
/** The command line's default seed, so a lead who changes nothing gets the CLI's packs. */
const DEFAULT_SEED = 1;
/** The command line's seed range. */
const MIN_SEED = -(2 ** 31);
const MAX_SEED = 2 ** 32 - 1;

/** The form as the stored setup left it, or the defaults for a study not assigned yet. */
export function initialSetupValues(study: Study, team: readonly TeamMember[]): SetupFormValues {
  const setup = study.setup;
  return {
    annotators: formatAnnotatorList(team),
    overlap: String(setup?.overlap ?? DEFAULT_OVERLAP),
    difficultyOverlap: setup?.difficultyOverlap === undefined ? '' : String(setup.difficultyOverlap),
    seed: String(setup?.seed ?? DEFAULT_SEED),
  };
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

export function readSetupForm(values: SetupFormValues): { ok: true; input: SetupInput } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const team = parseAnnotatorList(values.annotators);
  if (!team.ok) problems.push(...team.problems);
  const overlap = wholeNumber(values.overlap, 'Overlap', problems, 1);
  const difficultyOverlap = values.difficultyOverlap.trim() === '' ? undefined : wholeNumber(values.difficultyOverlap, 'Difficulty overlap', problems, 1);
  const seed = wholeNumber(values.seed, 'Seed', problems, MIN_SEED, MAX_SEED);
  if (!team.ok || overlap === undefined || seed === undefined || problems.length > 0) return { ok: false, problems };
  return { ok: true, input: { annotators: team.annotators, overlap, ...(difficultyOverlap !== undefined ? { difficultyOverlap } : {}), seed } };
}
