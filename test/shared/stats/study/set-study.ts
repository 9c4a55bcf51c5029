// A seeded study whose people mark sets of acceptable answers on some questions (issue 33): its
// raw units as a plain list (what the brute-force figures read) and the same study as the report
// builder takes it (StudyData, labels with `acceptable`, gold labels with gold sets).

import type { AnswerLabel, StudyData } from '../../../../shared/domain/model';
import { createPrng } from '../../../../shared/random/prng';
import type { StudyGoldLabel, StudyLabel } from '../../../../shared/stats/study/study-units';
import { handStudy, type SessionSpec } from './study-fixtures';

export const ANSWERS: readonly AnswerLabel[] = ['yes', 'no', 'irrelevant'];

export interface RawUnit {
  id: string;
  puzzleId: string;
  judges: Record<string, AnswerLabel>;
  /** Each person's set, value first. */
  people: Array<{ annotator: string; answers: AnswerLabel[] }>;
  /** The gold set, value first. */
  gold?: AnswerLabel[];
}

export interface SetStudy {
  raw: RawUnit[];
  study: StudyData;
  labels: StudyLabel[];
  gold: StudyGoldLabel[];
}

/** `puzzles` puzzles in three buckets, four questions each, two judges, two to four people; about a third of the labels hold sets. */
export function setStudy(seed: number, puzzles = 9, withGold = true): SetStudy {
  const rng = createPrng(seed);
  const setOf = (): AnswerLabel[] => {
    const value = rng.pick(ANSWERS);
    if (!rng.chance(0.35)) return [value];
    return [value, ...ANSWERS.filter((answer) => answer !== value && rng.chance(0.6))].slice(0, rng.chance(0.5) ? 2 : 3);
  };
  const raw: RawUnit[] = [];
  const sessions: SessionSpec[] = [];
  for (let p = 0; p < puzzles; p++) {
    const puzzleId = `p${p}`;
    const turns = [];
    for (let q = 0; q < 4; q++) {
      const id = `${puzzleId}-q${q}`;
      const judges = { j1: rng.pick(ANSWERS), j2: rng.pick(ANSWERS) };
      const people = ['a', 'b', 'c', 'd'].slice(0, rng.int(1, 4)).map((annotator) => ({ annotator, answers: setOf() }));
      const unit: RawUnit = { id, puzzleId, judges, people };
      if (withGold && rng.chance(0.5)) unit.gold = setOf();
      raw.push(unit);
      turns.push({ id, judges, humans: Object.fromEntries(people.map((person) => [person.annotator, person.answers[0] as string])) });
    }
    sessions.push({ id: `s${p}`, puzzleId, player: 'P', judge: 'j1', turns });
  }
  const { study } = handStudy(
    Array.from({ length: puzzles }, (_, p) => ({ id: `p${p}`, difficulty: [2, 5, 8][p % 3] as number })),
    sessions,
  );
  const labels: StudyLabel[] = raw.flatMap((unit) =>
    unit.people.map((person) => ({
      annotatorId: person.annotator,
      unitId: unit.id,
      task: 'answer' as const,
      value: person.answers[0] as AnswerLabel,
      ...(person.answers.length > 1 ? { acceptable: person.answers } : {}),
    })),
  );
  const gold: StudyGoldLabel[] = raw.flatMap((unit) =>
    unit.gold === undefined
      ? []
      : [{ task: 'answer' as const, unitId: unit.id, value: unit.gold[0] as AnswerLabel, ...(unit.gold.length > 1 ? { acceptable: unit.gold } : {}) }],
  );
  return { raw, study, labels, gold };
}
