// Few-shot examples from people's corrections (issue 34 point 2): only the examples split's units
// where the judge and the human majority disagree, balanced over labels, the same for a seed, a
// count of what there was when fewer than asked, and the guard that no unit is judged with an
// example of its own puzzle.

import { describe, expect, it } from 'vitest';
import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import type { StudyData } from '../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { chooseFewShotExamples, examplesFor, type FewShotRequest } from '../../../shared/judge-run/few-shot-examples';
import { humanMajority } from '../../../shared/stats/study/majority';
import { indexStudy, type StudyUnits } from '../../../shared/stats/study/study-units';
import { puzzleSplit, type SplitRule } from '../../../shared/study/judge-splits';

const SPLIT: SplitRule = { seed: 5, shares: { examples: 0.2, development: 0.4, test: 0.4 } };
const JUDGE = 'synthetic-judge-b';

function syntheticStudy(seed: number): { data: StudyData; units: StudyUnits } {
  const generated = generateSyntheticStudy({ puzzles: 60, annotators: 4, seed });
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: '2026-01-05T09:00:00.000Z' });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const labels = generated.labelFiles.flatMap((file) =>
    file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  return { data: parsed.value, units: indexStudy(parsed.value, labels) };
}

const { data, units } = syntheticStudy(34);

function request(overrides: Partial<FewShotRequest> = {}): FewShotRequest {
  return { task: 'answer', judge: JUDGE, split: SPLIT, count: 6, seed: 9, ...overrides };
}

describe('few-shot examples', () => {
  it('takes only units of the examples split where the judge and the human majority disagree, people giving the answer', () => {
    const { examples, eligible } = chooseFewShotExamples(data, units, request({ count: 1000 }));
    const expected = units.units.answer.filter((unit) => {
      const majority = humanMajority(unit);
      const judged = unit.judgements.get(JUDGE);
      return majority !== null && judged !== undefined && judged !== majority && puzzleSplit(SPLIT, unit.puzzleId) === 'examples';
    });
    expect(eligible).toBe(expected.length);
    expect(examples.map((example) => example.unitId).sort()).toEqual(expected.map((unit) => unit.id).sort());
    const unitsById = units.unitsById.answer;
    for (const example of examples) {
      const unit = unitsById.get(example.unitId)!;
      expect(example.answer).toBe(humanMajority(unit));
      expect(example.judged).toBe(unit.judgements.get(JUDGE));
      expect(example.answer).not.toBe(example.judged);
      expect(puzzleSplit(SPLIT, example.puzzleId)).toBe('examples');
    }
    console.log(`few-shot examples, synthetic study of 60 puzzles: ${eligible} eligible answer units of ${units.units.answer.length}`);
  });

  it('gives each label its turn in scheme order, a label that runs out skipped', () => {
    for (const task of ['answer', 'match'] as const) {
      const all = chooseFewShotExamples(data, units, request({ task, count: 1000 }));
      const available = new Map<string, number>();
      for (const example of all.examples) available.set(example.answer, (available.get(example.answer) ?? 0) + 1);
      const count = 7;
      const { examples } = chooseFewShotExamples(data, units, request({ task, count }));
      expect(examples).toHaveLength(Math.min(count, all.eligible));
      // Round by round: each label with units left, in scheme order.
      const expectedLabels: string[] = [];
      for (let round = 0; expectedLabels.length < examples.length; round++)
        for (const label of units.categories[task]) if ((available.get(label) ?? 0) > round && expectedLabels.length < count) expectedLabels.push(label);
      expect(examples.map((example) => example.answer)).toEqual(expectedLabels);
      expect(new Set(expectedLabels).size).toBeGreaterThan(1);
    }
  });

  it('chooses the same examples for a seed and others for another seed', () => {
    const first = chooseFewShotExamples(data, units, request()).examples.map((example) => example.unitId);
    expect(chooseFewShotExamples(data, units, request()).examples.map((example) => example.unitId)).toEqual(first);
    expect(chooseFewShotExamples(data, units, request({ seed: 10 })).examples.map((example) => example.unitId)).not.toEqual(first);
  });

  it('leaves out a unit whose human labels tie for first place', () => {
    const unit = units.units.answer.find((candidate) => puzzleSplit(SPLIT, candidate.puzzleId) === 'examples' && candidate.judgements.has(JUDGE))!;
    const judged = unit.judgements.get(JUDGE)!;
    const other = units.categories.answer.find((label) => label !== judged)!;
    const tied = {
      ...units,
      units: {
        ...units.units,
        answer: [
          {
            ...unit,
            humans: [
              { annotator: 'a', value: other },
              { annotator: 'b', value: judged },
            ],
          },
        ],
      },
    };
    expect(chooseFewShotExamples(data, tied, request())).toEqual({ examples: [], eligible: 0 });
    const corrected = { ...units, units: { ...units.units, answer: [{ ...unit, humans: [{ annotator: 'a', value: other }] }] } };
    expect(chooseFewShotExamples(data, corrected, request()).eligible).toBe(1);
  });

  it('returns what there is, and how many, when fewer are eligible than asked', () => {
    const { examples, eligible } = chooseFewShotExamples(data, units, request({ task: 'match', count: 1000 }));
    expect(eligible).toBeLessThan(1000);
    expect(examples).toHaveLength(eligible);
    expect(chooseFewShotExamples(data, units, request({ judge: 'no-such-judge' }))).toEqual({ examples: [], eligible: 0 });
  });

  it('carries the text the prompt needs', () => {
    const [example] = chooseFewShotExamples(data, units, request({ count: 1 })).examples;
    const turn = data.turns.find((candidate) => candidate.id === example!.unitId)!;
    const puzzle = data.puzzles.find((candidate) => candidate.id === turn.puzzleId)!;
    expect(example).toMatchObject({
      task: 'answer',
      puzzleId: puzzle.id,
      story: puzzle.story,
      reference: puzzle.reference,
      question: turn.text,
      finalAnswer: '',
    });
  });

  it('refuses a count or seed that is not a whole number', () => {
    expect(() => chooseFewShotExamples(data, units, request({ count: -1 }))).toThrow(
      new RangeError('the number of examples must be a whole number, 0 or more, not -1'),
    );
    expect(() => chooseFewShotExamples(data, units, request({ seed: 0.5 }))).toThrow(new RangeError("the examples' seed must be a whole number, not 0.5"));
  });
});

describe('the leakage guard', () => {
  it('never gives a unit an example of its own puzzle, over every unit of seeded synthetic studies', () => {
    let removed = 0;
    let checked = 0;
    for (const seed of [1, 2, 3]) {
      const study = syntheticStudy(seed);
      for (const task of ['answer', 'match'] as const) {
        const { examples } = chooseFewShotExamples(study.data, study.units, request({ task, count: 12 }));
        expect(examples.length).toBeGreaterThan(0);
        for (const unit of study.units.units[task]) {
          const shown = examplesFor(examples, unit);
          for (const example of shown) {
            expect(example.unitId).not.toBe(unit.id);
            expect(example.puzzleId).not.toBe(unit.puzzleId);
          }
          // Everything else is kept.
          expect(shown).toHaveLength(examples.filter((example) => example.puzzleId !== unit.puzzleId).length);
          removed += examples.length - shown.length;
          checked++;
        }
      }
    }
    // The units of the examples split meet their own examples, so the guard had work to do.
    console.log(`leakage guard, three synthetic studies of 60 puzzles: ${checked} units checked, ${removed} examples withheld`);
    expect(removed).toBeGreaterThan(0);
  });

  it('removes an example of the same unit even when its puzzle is given another id', () => {
    const { examples } = chooseFewShotExamples(data, units, request({ count: 3 }));
    const [first] = examples;
    expect(examplesFor(examples, { id: first!.unitId, puzzleId: 'elsewhere' }).map((example) => example.unitId)).not.toContain(first!.unitId);
  });
});
