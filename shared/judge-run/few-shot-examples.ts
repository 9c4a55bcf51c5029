// Few-shot examples from people's corrections (issue 34 point 2): units of the examples split where
// a judge's label differs from the human majority, with the majority as the answer, chosen in turn
// from each label so every label is shown, and the guard that keeps a unit, and every unit of its
// puzzle, from being judged with its own example. Pure: the study and its indexed units in, examples out.

import type { Puzzle, StudyData, Turn } from '../domain/model';
import type { ReportTask } from '../report/model/report-model';
import { keyedUniform } from '../random/keyed-uniform';
import { humanMajority } from '../stats/study/majority';
import type { StudyUnits, TaskUnit } from '../stats/study/study-units';
import { puzzleSplit, type SplitRule } from '../study/judge-splits';

/** Each example is a whole story in every prompt; more than this a task is a prompt no model reads well. */
export const MAX_FEW_SHOT_EXAMPLES = 50;

/** One example: what the prompt shows of its turn (the fields item-prompt.ts fills a template with) and people's label as its answer. */
export interface FewShotExample {
  task: ReportTask;
  unitId: string;
  puzzleId: string;
  title?: string;
  story: string;
  reference: string;
  keyClues: readonly string[];
  /** The player's question on an `answer` unit, '' on a `match` unit. */
  question: string;
  /** The player's final answer on a `match` unit, '' on an `answer` unit. */
  finalAnswer: string;
  /** People's label: the unit's human majority. */
  answer: string;
  /** The judge's label that people corrected. */
  judged: string;
}

export interface FewShotRequest {
  task: ReportTask;
  /** The judge model whose disagreements with people become examples. */
  judge: string;
  /** The study's split; examples come from its examples split only. */
  split: SplitRule;
  /** How many examples to choose: a whole number, 0 or more. */
  count: number;
  /** Orders the units within each label; the same seed and study give the same examples. */
  seed: number;
}

export interface FewShotChoice {
  examples: FewShotExample[];
  /** How many units could have been chosen; fewer than the count asked for means every one of them was. */
  eligible: number;
}

/**
 * Up to `count` examples for the task: the units of the examples split on which the judge's label
 * differs from a human majority (a tie for first place is no majority, so no example), taken one
 * label at a time in scheme order, round and round, a label that has run out skipped. Within a
 * label the units go by a seeded number of their own id, so units labelled later slot in without
 * reordering the rest.
 */
export function chooseFewShotExamples(
  data: Pick<StudyData, 'puzzles' | 'turns'>,
  units: Pick<StudyUnits, 'categories' | 'units'>,
  request: FewShotRequest,
): FewShotChoice {
  const { task, judge, split, count, seed } = request;
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`the number of examples must be a whole number, 0 or more, not ${count}`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`the examples' seed must be a whole number, not ${seed}`);
  const byLabel = new Map<string, Array<{ unit: TaskUnit; answer: string; judged: string; draw: number }>>(units.categories[task].map((label) => [label, []]));
  let eligible = 0;
  for (const unit of units.units[task]) {
    const judged = unit.judgements.get(judge);
    const answer = humanMajority(unit);
    if (judged === undefined || answer === null || judged === answer) continue;
    if (puzzleSplit(split, unit.puzzleId) !== 'examples') continue;
    const queue = byLabel.get(answer);
    if (queue === undefined) continue;
    queue.push({ unit, answer, judged, draw: keyedUniform(seed, unit.id) });
    eligible++;
  }
  const queues = [...byLabel.values()].filter((queue) => queue.length > 0);
  for (const queue of queues) queue.sort((a, b) => a.draw - b.draw || (a.unit.id < b.unit.id ? -1 : 1));

  const puzzles = new Map<string, Puzzle>(data.puzzles.map((puzzle) => [puzzle.id, puzzle]));
  const turns = new Map<string, Turn>(data.turns.map((turn) => [turn.id, turn]));
  const examples: FewShotExample[] = [];
  for (let round = 0; examples.length < count && examples.length < eligible; round++) {
    for (const queue of queues) {
      const chosen = queue[round];
      if (chosen === undefined || examples.length === count) continue;
      const turn = turns.get(chosen.unit.id);
      const puzzle = puzzles.get(chosen.unit.puzzleId);
      if (!turn || !puzzle) throw new Error(`the study holds no turn ${JSON.stringify(chosen.unit.id)} with its puzzle`);
      examples.push({
        task,
        unitId: turn.id,
        puzzleId: puzzle.id,
        ...(puzzle.title === undefined ? {} : { title: puzzle.title }),
        story: puzzle.story,
        reference: puzzle.reference,
        keyClues: puzzle.keyClues,
        question: task === 'answer' ? turn.text : '',
        finalAnswer: task === 'match' ? turn.text : '',
        answer: chosen.answer,
        judged: chosen.judged,
      });
    }
  }
  return { examples, eligible };
}

/**
 * The leakage guard: the examples a unit may be judged with, which are all of them but those of the
 * unit itself and of every other unit of its puzzle (a turn of the same story would tell its answer).
 */
export function examplesFor(examples: readonly FewShotExample[], unit: { id: string; puzzleId: string }): FewShotExample[] {
  return examples.filter((example) => example.unitId !== unit.id && example.puzzleId !== unit.puzzleId);
}
