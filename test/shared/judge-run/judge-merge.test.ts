// Merging one judge into another (issue 28 point 5), as pure logic: a judge may go only into a
// judge that labelled a task it labelled, `~2` first into the judge it was kept apart from; the
// counts (units each labelled, both, differing) are exact; the merged judge's labels and replies move under the target, where both labelled the
// rule decides whose label and reply stay, and the merged judge is left on no turn; on seeded
// random studies the target ends with merged + target - both units, each label the rule's; the
// study's note on a judge's samples follows its labels.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/random/prng';
import type { JudgeLabel, Turn } from '../../../shared/domain/model';
import {
  checkJudgeMerge,
  judgeMergeCounts,
  judgeSamplesAfterMerge,
  judgeTasks,
  likelyTarget,
  mergeJudgeLabels,
  mergeTargets,
} from '../../../shared/judge-run/judge-merge';

function turn(id: string, type: Turn['type'], judgements: Record<string, JudgeLabel>, judgeReplies?: Record<string, string>): Turn {
  return { studyId: 's', id, sessionId: 's1', puzzleId: 'p', index: 0, type, text: id, judgements, ...(judgeReplies ? { judgeReplies } : {}) };
}

const A = 'fake@studio-1';
const B = 'fake@studio-1~2';

const turns = [
  turn('q1', 'question', { [A]: 'yes', [B]: 'yes', 'model-j': 'no' }, { [A]: 'Yes.', [B]: 'Yes!' }),
  turn('q2', 'question', { [A]: 'no', [B]: 'yes' }, { [A]: 'No.', [B]: 'Yes, it is.' }),
  turn('q3', 'question', { [B]: 'unparseable' }, { [B]: 'Maybe?' }),
  turn('q4', 'question', { [A]: 'irrelevant' }, { [A]: 'Irrelevant.' }),
  turn('f1', 'final', { [A]: 'matched', [B]: 'unmatched', finals: 'matched' }, { [B]: 'Not quite.' }),
  turn('q5', 'question', {}),
];

describe('which judges a judge may be merged into', () => {
  it('lists the others that labelled a task it labelled, in name order', () => {
    const tasks = judgeTasks(turns);
    expect([...(tasks.get(A) ?? [])].sort()).toEqual(['answer', 'match']);
    expect([...(tasks.get('finals') ?? [])]).toEqual(['match']);
    expect(mergeTargets(tasks, B)).toEqual(['fake@studio-1', 'finals', 'model-j']);
    // Only answers against only final answers: no task in common.
    expect(mergeTargets(tasks, 'model-j')).toEqual(['fake@studio-1', 'fake@studio-1~2']);
    expect(mergeTargets(tasks, 'finals')).toEqual(['fake@studio-1', 'fake@studio-1~2']);
    expect(mergeTargets(tasks, 'nobody')).toEqual([]);
  });

  it('offers first the judge a `~2` was kept apart from, else the first in name order', () => {
    expect(likelyTarget(B, ['arbiter', A, 'model-j'])).toBe(A);
    expect(likelyTarget('fake@studio-1~3', ['arbiter', B])).toBe('arbiter');
    expect(likelyTarget(A, ['arbiter', B])).toBe('arbiter');
    expect(likelyTarget(A, [])).toBeUndefined();
  });

  it('refuses a judge into itself, a judge the study lacks and judges with no task in common, in words', () => {
    const tasks = judgeTasks(turns);
    expect(() => checkJudgeMerge(tasks, A, A)).toThrow('A judge cannot be merged into itself (fake@studio-1).');
    expect(() => checkJudgeMerge(tasks, A, 'gpt@strict')).toThrow('The study has no labels of the judge gpt@strict.');
    expect(() => checkJudgeMerge(tasks, 'model-j', 'finals')).toThrow(/model-j and finals labelled different tasks/);
    expect(() => checkJudgeMerge(tasks, B, A)).not.toThrow();
  });
});

describe('merging a judge', () => {
  it('counts the units each labelled, both labelled and where they differ (an unparseable reply is a label)', () => {
    expect(judgeMergeCounts(turns, B, A)).toEqual({ merged: 4, target: 4, both: 3, differ: 2 });
    expect(judgeMergeCounts(turns, A, B)).toEqual({ merged: 4, target: 4, both: 3, differ: 2 });
    expect(judgeMergeCounts(turns, 'model-j', A)).toEqual({ merged: 1, target: 4, both: 1, differ: 1 });
  });

  it('keeps the target its own label and reply where both labelled, by default, and moves the rest', () => {
    const after = new Map(mergeJudgeLabels(turns, B, A, 'target-keeps').map((next) => [next.id, next]));
    // q4 and q5 carry no label of the merged judge: unchanged, not written.
    expect([...after.keys()]).toEqual(['q1', 'q2', 'q3', 'f1']);
    expect(after.get('q1')).toMatchObject({ judgements: { [A]: 'yes', 'model-j': 'no' }, judgeReplies: { [A]: 'Yes.' } });
    expect(after.get('q2')).toMatchObject({ judgements: { [A]: 'no' }, judgeReplies: { [A]: 'No.' } });
    expect(after.get('q3')).toMatchObject({ judgements: { [A]: 'unparseable' }, judgeReplies: { [A]: 'Maybe?' } });
    expect(after.get('f1')?.judgements).toEqual({ [A]: 'matched', finals: 'matched' });
    // The target's label at f1 came with no reply; the merged judge's reply goes with its label.
    expect(after.get('f1')?.judgeReplies).toBeUndefined();
    for (const next of after.values()) {
      expect(Object.keys(next.judgements)).not.toContain(B);
      expect(Object.keys(next.judgeReplies ?? {})).not.toContain(B);
    }
  });

  it("moves the samples and probability with the label they gave, and drops the merged judge's where the target keeps its own", () => {
    const confident = turns.map((turn): Turn =>
      turn.id === 'q2'
        ? { ...turn, judgeConfidence: { [A]: { probability: 0.9 }, [B]: { samples: ['yes', 'yes', 'no'] } } }
        : turn.id === 'q3'
          ? { ...turn, judgeConfidence: { [B]: { probability: 0.6 } } }
          : turn,
    );
    const kept = new Map(mergeJudgeLabels(confident, B, A, 'target-keeps').map((next) => [next.id, next]));
    expect(kept.get('q2')?.judgeConfidence).toEqual({ [A]: { probability: 0.9 } });
    expect(kept.get('q3')?.judgeConfidence).toEqual({ [A]: { probability: 0.6 } });
    const won = new Map(mergeJudgeLabels(confident, B, A, 'merged-wins').map((next) => [next.id, next]));
    expect(won.get('q2')?.judgeConfidence).toEqual({ [A]: { samples: ['yes', 'yes', 'no'] } });
    expect(won.get('q1')?.judgeConfidence).toBeUndefined();
  });

  it("gives the merged judge's label and its reply (or none) where both labelled, when the lead chose so", () => {
    const after = new Map(mergeJudgeLabels(turns, B, A, 'merged-wins').map((next) => [next.id, next]));
    expect(after.get('q2')).toMatchObject({ judgements: { [A]: 'yes' }, judgeReplies: { [A]: 'Yes, it is.' } });
    expect(after.get('f1')).toMatchObject({ judgements: { [A]: 'unmatched', finals: 'matched' }, judgeReplies: { [A]: 'Not quite.' } });
    // The other way round: the merged judge's label had no reply, so the target's reply goes with the label it replaced.
    const back = new Map(mergeJudgeLabels(turns, A, B, 'merged-wins').map((next) => [next.id, next]));
    expect(back.get('f1')?.judgements).toEqual({ [B]: 'matched', finals: 'matched' });
    expect(back.get('f1')?.judgeReplies).toBeUndefined();
    // The input turns are left as they were.
    expect(turns[1]?.judgements).toEqual({ [A]: 'no', [B]: 'yes' });
  });

  it.each(['target-keeps', 'merged-wins'] as const)(
    'on seeded random studies (%s), the target ends with merged + target - both units, each label the rule gives',
    (rule) => {
      const prng = createPrng(28);
      const values: JudgeLabel[] = ['yes', 'no', 'irrelevant', 'unparseable'];
      const pick = () => values[Math.floor(prng.next() * values.length)] as JudgeLabel;
      for (let study = 0; study < 50; study++) {
        const random = Array.from({ length: 40 }, (_, index) => {
          const judgements: Record<string, JudgeLabel> = {};
          if (prng.next() < 0.6) judgements[A] = pick();
          if (prng.next() < 0.6) judgements[B] = pick();
          return turn(`t${index}`, 'question', judgements);
        });
        const counts = judgeMergeCounts(random, B, A);
        const changed = new Map(mergeJudgeLabels(random, B, A, rule).map((next) => [next.id, next]));
        const after = random.map((before) => changed.get(before.id) ?? before);
        expect(after.filter((next) => next.judgements[A] !== undefined)).toHaveLength(counts.merged + counts.target - counts.both);
        expect(after.some((next) => next.judgements[B] !== undefined)).toBe(false);
        let differing = 0;
        random.forEach((before, index) => {
          const [from, into] = [before.judgements[B], before.judgements[A]];
          const expected = from === undefined ? into : into === undefined || rule === 'merged-wins' ? from : into;
          expect(after[index]?.judgements[A]).toBe(expected);
          if (from !== undefined && into !== undefined && from !== into) differing++;
        });
        expect(counts.differ).toBe(differing);
      }
    },
  );

  it("moves the study's note that a judge's labels are majorities of several samples to the target, once", () => {
    const note = (judge: string, samples: number) => ({ judge, samples, source: 'config.yaml: game.judge_times' });
    expect(judgeSamplesAfterMerge([note(B, 3), note('other', 5)], B, A)).toEqual([note(A, 3), note('other', 5)]);
    expect(judgeSamplesAfterMerge([note(B, 3), note(A, 3)], B, A)).toEqual([note(A, 3)]);
    expect(judgeSamplesAfterMerge([note(B, 3), note(A, 5)], B, A)).toEqual([note(A, 3), note(A, 5)]);
  });
});
