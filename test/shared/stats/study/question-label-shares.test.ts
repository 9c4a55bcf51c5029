// The question accuracy with three answer labels (issue 32 point 2): each cell's corrected yes and
// relevant shares equal the confusion-matrix correction of its own counts, written out here (the
// judge's confusion from every labelled question of that judge, its mix from the cell's judged
// ones), and a missing label is said, not guessed.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import { confusionCorrectedShares, correctedCombination } from '../../../../shared/stats/judge/confusion-corrected';
import { questionLabelShares, type QuestionLabelItem } from '../../../../shared/stats/study/question-label-shares';

const CATEGORIES = ['yes', 'no', 'irrelevant'];

function seededItems(seed: number, count: number): QuestionLabelItem[] {
  const random = createPrng(seed);
  return Array.from({ length: count }, () => {
    const truth = random.int(0, 2);
    const judge = random.chance(0.8) ? truth : random.int(0, 2);
    return { cell: random.int(0, 3), stratum: random.int(0, 1), judge, people: random.chance(0.3) ? truth : null };
  });
}

describe('questionLabelShares', () => {
  it("equals the correction of each cell's counts through its judge's confusion, for one stratum and for all", () => {
    const items = seededItems(5, 3000);
    const judgeOfCell = ['a', 'a', 'b', 'b'];
    for (const strata of [new Set([0]), new Set([0, 1])]) {
      const shares = questionLabelShares(items, judgeOfCell, strata, CATEGORIES);
      judgeOfCell.forEach((judge, cell) => {
        const inStrata = items.filter((item) => strata.has(item.stratum));
        const calibration = CATEGORIES.map((_, truth) =>
          CATEGORIES.map((__, label) => inStrata.filter((item) => judgeOfCell[item.cell] === judge && item.people === truth && item.judge === label).length),
        );
        const mix = CATEGORIES.map((_, label) => inStrata.filter((item) => item.cell === cell && item.judge === label).length);
        const expected = confusionCorrectedShares(calibration, mix);
        const yes = correctedCombination(expected, [1, 0, 0]);
        const relevant = correctedCombination(expected, [1, 1, 0]);
        expect(shares[cell]?.yes.share).toBeCloseTo(yes?.estimate as number, 12);
        expect(shares[cell]?.yes.ci95?.[0]).toBeCloseTo(yes?.ci95[0] as number, 12);
        expect(shares[cell]?.relevant.share).toBeCloseTo(relevant?.estimate as number, 12);
        expect(shares[cell]?.relevant.ci95?.[1]).toBeCloseTo(relevant?.ci95[1] as number, 12);
        expect(shares[cell]?.yes.judgeShare).toBeCloseTo((mix[0] as number) / mix.reduce((a, b) => a + b, 0), 12);
      });
    }
  });

  it('says so when people gave no answer of some label to measure the judge on, and when the judge answered nothing', () => {
    const items: QuestionLabelItem[] = [
      { cell: 0, stratum: 0, judge: 0, people: 0 },
      { cell: 0, stratum: 0, judge: 1, people: 1 },
      { cell: 0, stratum: 0, judge: 1, people: null },
    ];
    const [shares, none] = questionLabelShares(items, ['a', 'a'], new Set([0]), CATEGORIES);
    expect(shares?.yes.share).toBeNull();
    expect(shares?.reason).toBe("people's majority gave no irrelevant answer here to measure the judge's errors on");
    expect(none?.reason).toBe('the judge answered none of these questions');
  });
});
