// Per-annotator reliability on hand-made and bucket studies: agreement with the majority of the
// others, a tie counted as a share, difficulty against the level of the others' mean, and a
// careless annotator ranked lowest.

import { describe, expect, it } from 'vitest';
import { annotatorReliability, difficultyAnnotatorReliability } from '../../../../shared/stats/study/annotator-reliability';
import { indexStudy } from '../../../../shared/stats/study/study-units';
import { bucketStudy, handStudy, type TurnSpec } from './study-fixtures';

describe('per-annotator reliability (agreement with the majority of the others)', () => {
  it('counts every unit another annotator labelled too, a tie among the others as a share of the tied labels', () => {
    const { study, labels } = bucketStudy();
    const units = indexStudy(study, labels);
    // e1 yes,yes,no: a1 and a2 each face a yes/no tie (1/2 each); a3 faces yes,yes and disagrees.
    // e2 irrelevant,irrelevant (a1, a2): each faces the other and agrees. m1 is a three-way split:
    // the others always tie, between two labels that are not one's own (0). h1 has no other annotator.
    expect(annotatorReliability('answer', units.units.answer)).toEqual([
      { task: 'answer', annotator: 'a1', agreement: 18 / 36, n: 3, ties: 2 },
      { task: 'answer', annotator: 'a2', agreement: 18 / 36, n: 3, ties: 2 },
      { task: 'answer', annotator: 'a3', agreement: 0, n: 2, ties: 1 },
    ]);
    // e3 m,m,u: a1 and a2 face an m/u tie (1/2 each); a3 disagrees with m,m. m2 u,m: a1 vs m and
    // a2 vs u both disagree. h2 u,u (a1, a2): both agree. h3 m,u,u: a1 vs u,u disagrees; a2 and a3
    // each face an m/u tie (1/2 each).
    expect(annotatorReliability('match', units.units.match)).toEqual([
      { task: 'match', annotator: 'a1', agreement: 18 / 48, n: 4, ties: 1 },
      { task: 'match', annotator: 'a2', agreement: 24 / 48, n: 4, ties: 2 },
      { task: 'match', annotator: 'a3', agreement: 6 / 24, n: 2, ties: 1 },
    ]);
  });

  it('compares a difficulty rating with the level of the mean of the others', () => {
    const { study, labels } = bucketStudy();
    // pE 2,3,3: a1's 2 vs level(3) = 3 no; a2's 3 vs level(2.5) = 3 yes; a3 likewise yes.
    // pH 7,8: a1's 7 vs 8 no; a2's 8 vs 7 no.
    expect(difficultyAnnotatorReliability(indexStudy(study, labels).difficultyRatings)).toEqual([
      { task: 'difficulty', annotator: 'a1', agreement: 0, n: 2 },
      { task: 'difficulty', annotator: 'a2', agreement: 0.5, n: 2 },
      { task: 'difficulty', annotator: 'a3', agreement: 1, n: 1 },
    ]);
  });

  it('ranks a careless annotator lowest', () => {
    // Twelve units whose truth cycles yes/no/irrelevant. c1..c3 always give the truth except c3
    // errs on unit 5; c4 answers "no" to everything, right only on the four "no" units.
    const truth = ['yes', 'no', 'irrelevant'];
    const turns: TurnSpec[] = Array.from({ length: 12 }, (_, i) => {
      const right = truth[i % 3] as string;
      return { id: `t${i}`, judges: { j: right }, humans: { c1: right, c2: right, c3: i === 5 ? 'yes' : right, c4: 'no' } };
    });
    const { study, labels } = handStudy([{ id: 'p' }], [{ id: 's', puzzleId: 'p', player: 'P', judge: 'j', turns }]);
    const rows = annotatorReliability('answer', indexStudy(study, labels).units.answer);
    // c1, c2: the others hold the truth by at least 2 of 3, except on unit 5, where they are a
    // three-way split (irrelevant, yes, no) and their own label earns a third: (11 + 1/3)/12.
    // c3: 11/12, wrong on unit 5 (the others say irrelevant, irrelevant, no).
    // c4: 4/12, right only on the "no" units.
    expect(rows.map((row) => [row.annotator, row.agreement, row.n])).toEqual([
      ['c1', (11 * 12 + 4) / (12 * 12), 12],
      ['c2', (11 * 12 + 4) / (12 * 12), 12],
      ['c3', 11 / 12, 12],
      ['c4', 4 / 12, 12],
    ]);
  });
});
