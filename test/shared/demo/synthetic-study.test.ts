// The demo's seeded PRNG and synthetic study generator: deterministic for a seed, a bundle and label
// files the parsers accept, balanced overlap, and humans and judges agreeing near the configured
// error rates, checked against raw agreement counted here and the rate two such labellers expect.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/random/prng';
import { generateSyntheticBundle, generateSyntheticStudy, type SyntheticStudy } from '../../../shared/demo/synthetic-study';
import type { LabelValue } from '../../../shared/domain/model';
import { parseLabelFile, serializeLabelFile } from '../../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';

const small = { puzzles: 12, annotators: 4, seed: 7 };

/** Humans' labels per unit of one task, in annotator order. */
function humanLabels(study: SyntheticStudy, task: string): Map<string, LabelValue[]> {
  const byUnit = new Map<string, LabelValue[]>();
  for (const file of study.labelFiles) {
    for (const label of file.labels) {
      if (label.task !== task) continue;
      byUnit.set(label.unit, [...(byUnit.get(label.unit) ?? []), label.value]);
    }
  }
  return byUnit;
}

/** Raw agreement as SPEC §4 defines it: micro-averaged over human pairs, and over human-judge comparisons. */
function agreement(study: SyntheticStudy, judge: string) {
  const judged = new Map(study.bundle.sessions.flatMap((session) => session.turns).map((turn) => [turn.id, turn.judgements[judge]]));
  let pairs = 0;
  let pairsAgreeing = 0;
  let comparisons = 0;
  let comparisonsAgreeing = 0;
  for (const [unit, labels] of humanLabels(study, 'answer')) {
    for (let i = 0; i < labels.length; i++) {
      comparisons++;
      if (labels[i] === judged.get(unit)) comparisonsAgreeing++;
      for (let k = i + 1; k < labels.length; k++) {
        pairs++;
        if (labels[i] === labels[k]) pairsAgreeing++;
      }
    }
  }
  return { hh: pairsAgreeing / pairs, hj: comparisonsAgreeing / comparisons, pairs, comparisons };
}

/** Agreement of two labellers who each err at rate a and b, spreading errors evenly over the other two answers. */
function expectedAgreement(a: number, b: number): number {
  return (1 - a) * (1 - b) + (a * b) / 2;
}

describe('seeded PRNG', () => {
  it('repeats for a seed and stays in range', () => {
    const a = createPrng(42);
    const b = createPrng(42);
    const drawsA = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(drawsA);
    expect(Math.min(...drawsA)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...drawsA)).toBeLessThan(1);
    expect(createPrng(43).next()).not.toBe(drawsA[0]);
    const ints = new Set(Array.from({ length: 500 }, () => a.int(1, 3)));
    expect([...ints].sort()).toEqual([1, 2, 3]);
  });
});

describe('synthetic study generator', () => {
  it('is deterministic for a seed and different for another seed', () => {
    const first = generateSyntheticStudy(small);
    expect(generateSyntheticStudy(small)).toEqual(first);
    const other = generateSyntheticStudy({ ...small, seed: 8 });
    expect(other.bundle).not.toEqual(first.bundle);
    expect(other.labelFiles).not.toEqual(first.labelFiles);
  });

  it('gives the same bundle from generateSyntheticBundle, whatever the label options', () => {
    const study = generateSyntheticStudy(small);
    expect(generateSyntheticBundle({ puzzles: 12, seed: 7 })).toEqual(study.bundle);
    expect(generateSyntheticStudy({ ...small, annotators: 2, humanErrorRate: 0.3 }).bundle).toEqual(study.bundle);
  });

  it('writes a bundle the transcript parser accepts, with label files for the same study', () => {
    const study = generateSyntheticStudy(small);
    const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(study.bundle) });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 5)));
    const { counts } = parsed.value.study;
    expect(counts.puzzles).toBe(12);
    expect(counts.sessions).toBe(24);
    expect(counts.finals).toBeGreaterThanOrEqual(24);
    expect(counts.finals).toBeLessThanOrEqual(48);
    expect(study.labelFiles).toHaveLength(4);
    for (const file of study.labelFiles) {
      const result = parseLabelFile({ name: `${file.annotator.id}.labels.json`, text: serializeLabelFile(file) });
      if (!result.ok) throw new Error(JSON.stringify(result.errors.slice(0, 5)));
      expect(result.value).toEqual(file);
      expect(file.studyId).toBe(parsed.value.study.id);
    }
  });

  it('shapes sessions like played games: questions, then one or two finals; every turn judged by every judge', () => {
    const { bundle } = generateSyntheticStudy({ ...small, puzzles: 30, judges: ['j-1', 'j-2', 'j-3'], judgeErrorRates: [0.1, 0.2, 0.3] });
    for (const session of bundle.sessions) {
      const types = session.turns.map((turn) => turn.type);
      const finals = types.filter((type) => type === 'final').length;
      expect(finals === 1 || finals === 2).toBe(true);
      expect(types.slice(-finals).every((type) => type === 'final')).toBe(true);
      expect(types.length - finals).toBeGreaterThanOrEqual(5);
      expect(types.length - finals).toBeLessThanOrEqual(12);
      expect(session.judge).toBe('j-1');
      expect(session.turns.length).toBeLessThanOrEqual(session.maxRounds);
      for (const turn of session.turns) expect(Object.keys(turn.judgements).sort()).toEqual(['j-1', 'j-2', 'j-3']);
    }
    expect(bundle.puzzles.every((puzzle) => puzzle.story.startsWith(`Synthetic puzzle ${puzzle.title.replace('Synthetic puzzle ', '')}:`))).toBe(true);
  });

  it('sends each puzzle with all its turns to `overlap` distinct annotators, balanced', () => {
    const study = generateSyntheticStudy({ puzzles: 40, annotators: 5, overlap: 2, seed: 3 });
    // Turn labels are counted under their puzzle: two annotators in all means the same two
    // rated the puzzle and labelled every one of its turns.
    const annotatorsOf = new Map<string, Set<string>>();
    for (const file of study.labelFiles) {
      for (const label of file.labels) {
        const puzzle = label.task === 'difficulty' ? label.unit : label.unit.replace(/^s-(\d+)-\d+\/\d+$/, 'p-$1');
        annotatorsOf.set(puzzle, (annotatorsOf.get(puzzle) ?? new Set()).add(file.annotator.id));
      }
    }
    expect(annotatorsOf.size).toBe(40);
    for (const annotators of annotatorsOf.values()) expect(annotators.size).toBe(2);
    const turnLabels = humanLabels(study, 'answer');
    const questionCount = study.bundle.sessions.flatMap((session) => session.turns).filter((turn) => turn.type === 'question').length;
    expect(turnLabels.size).toBe(questionCount);
    for (const labels of turnLabels.values()) expect(labels).toHaveLength(2);
    const loads = study.labelFiles.map((file) => file.labels.length);
    const biggestPuzzle = Math.max(
      ...study.bundle.puzzles.map((puzzle) => study.bundle.sessions.filter((s) => s.puzzleId === puzzle.id).reduce((n, s) => n + s.turns.length, 1)),
    );
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(biggestPuzzle);
  });

  it('makes humans and judges agree at about the configured rates, never perfectly', () => {
    const study = generateSyntheticStudy({ puzzles: 400, annotators: 4, seed: 11, humanErrorRate: 0.08, judgeErrorRates: [0.1, 0.2] });
    const primary = agreement(study, 'synthetic-judge-a');
    const second = agreement(study, 'synthetic-judge-b');
    expect(primary.pairs).toBeGreaterThan(10_000);
    for (const observed of [primary.hh, primary.hj, second.hj]) {
      expect(observed).toBeGreaterThan(0);
      expect(observed).toBeLessThan(1);
    }
    expect(Math.abs(primary.hh - expectedAgreement(0.08, 0.08))).toBeLessThan(0.02);
    expect(Math.abs(primary.hj - expectedAgreement(0.08, 0.1))).toBeLessThan(0.02);
    expect(Math.abs(second.hj - expectedAgreement(0.08, 0.2))).toBeLessThan(0.02);
    // "no" dominates the answers, as in real transcripts.
    const answers = [...humanLabels(study, 'answer').values()].flat();
    const share = (value: string) => answers.filter((answer) => answer === value).length / answers.length;
    expect(share('no')).toBeGreaterThan(0.45);
    expect(share('yes')).toBeGreaterThan(0.22);
    expect(share('irrelevant')).toBeGreaterThan(0.1);
  });

  it('follows the human error rate: error-free humans always agree', () => {
    const study = generateSyntheticStudy({ puzzles: 30, annotators: 3, seed: 5, humanErrorRate: 0 });
    expect(agreement(study, 'synthetic-judge-a').hh).toBe(1);
    for (const labels of humanLabels(study, 'match').values()) expect(new Set(labels).size).toBe(1);
  });

  it('solves easy puzzles more often, and rates difficulty near the truth', () => {
    const study = generateSyntheticStudy({ puzzles: 300, annotators: 3, seed: 2 });
    const difficultyOf = new Map(study.bundle.puzzles.map((puzzle) => [puzzle.id, puzzle.difficulty]));
    const solvedShare = (low: number, high: number) => {
      const sessions = study.bundle.sessions.filter((session) => {
        const difficulty = difficultyOf.get(session.puzzleId) ?? 0;
        return difficulty >= low && difficulty <= high;
      });
      return sessions.filter((session) => session.turns.some((turn) => turn.judgements['synthetic-judge-a'] === 'matched')).length / sessions.length;
    };
    expect(solvedShare(1, 3)).toBeGreaterThan(solvedShare(7, 9) + 0.2);
    const ratings = [...humanLabels(study, 'difficulty')].flatMap(([unit, values]) =>
      values.map((value) => ({ rating: value as number, truth: difficultyOf.get(unit) ?? 0 })),
    );
    expect(ratings).toHaveLength(900);
    expect(ratings.every(({ rating }) => Number.isInteger(rating) && rating >= 1 && rating <= 9)).toBe(true);
    const meanError = ratings.reduce((sum, { rating, truth }) => sum + Math.abs(rating - truth), 0) / ratings.length;
    expect(meanError).toBeGreaterThan(0.2);
    expect(meanError).toBeLessThan(1.5);
  });

  it('gives labels realistic provenance: times, revisions, some unsure flags and a few notes', () => {
    const labels = generateSyntheticStudy({ puzzles: 200, annotators: 3, seed: 4 }).labelFiles.flatMap((file) => file.labels);
    expect(labels.every((label) => label.rev === 1 && (label.ms ?? 0) > 0 && !Number.isNaN(Date.parse(label.at)))).toBe(true);
    const unsure = labels.filter((label) => label.unsure).length / labels.length;
    expect(unsure).toBeGreaterThan(0.01);
    expect(unsure).toBeLessThan(0.2);
    const notes = labels.filter((label) => label.note !== '').length;
    expect(notes).toBeGreaterThan(0);
    expect(notes / labels.length).toBeLessThan(0.05);
  });

  it('refuses impossible options', () => {
    expect(() => generateSyntheticStudy({ ...small, overlap: 5 })).toThrow(RangeError);
    expect(() => generateSyntheticStudy({ ...small, puzzles: 0 })).toThrow(/puzzles/);
    expect(() => generateSyntheticStudy({ ...small, humanErrorRate: 1.5 })).toThrow(/humanErrorRate/);
    expect(() => generateSyntheticBundle({ puzzles: 3, seed: 1, questionsPerSession: [6, 4] })).toThrow(RangeError);
    expect(() => generateSyntheticBundle({ puzzles: 3, seed: 1.5 })).toThrow(/seed/);
  });

  it('generates a 100,000-question bundle quickly', () => {
    const started = performance.now();
    const bundle = generateSyntheticBundle({ puzzles: 5900, seed: 1 });
    const elapsed = performance.now() - started;
    const questions = bundle.sessions.reduce((n, session) => n + session.turns.filter((turn) => turn.type === 'question').length, 0);
    expect(questions).toBeGreaterThan(95_000);
    // About 0.2 s on a laptop; the bound leaves room for a loaded CI machine.
    expect(elapsed).toBeLessThan(5_000);
  });
});
