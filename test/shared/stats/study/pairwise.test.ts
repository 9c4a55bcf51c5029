// pairwiseKappas on the bucket study: each pair's n counts the units both raters labelled and its
// units the units either labelled.

import { describe, expect, it } from 'vitest';
import { pairwiseKappas } from '../../../../shared/stats/study/pairwise';
import { indexStudy } from '../../../../shared/stats/study/study-units';
import { bucketStudy } from './study-fixtures';

describe('pairwiseKappas: units used and units labelled', () => {
  it('gives each pair n (units both labelled) and units (units either labelled)', () => {
    // Answer units e1, e2, m1, h1, u1. a1 labelled e1 e2 m1 h1; a2 e1 e2 m1; a3 e1 m1; j1 and j2 all five.
    const { study, labels } = bucketStudy();
    const units = indexStudy(study, labels);
    const pairs = pairwiseKappas(units.units.answer, units.judges.answer);
    const find = (a: string, b: string) => pairs.find((pair) => pair.a === a && pair.b === b);
    expect(find('human:a1', 'human:a2')).toMatchObject({ n: 3, units: 4 });
    expect(find('human:a2', 'human:a3')).toMatchObject({ n: 2, units: 3 });
    expect(find('human:a3', 'judge:j1')).toMatchObject({ n: 2, units: 5 });
    expect(find('judge:j1', 'judge:j2')).toMatchObject({ n: 5, units: 5 });
    // Majorities: e1 yes, e2 irrelevant, h1 no; m1 is a three-way tie and u1 has no human label.
    expect(find('judge:j1', 'human-majority')).toMatchObject({ n: 3, units: 5 });
    expect(pairs.map((pair) => `${pair.a}/${pair.b}`)).toEqual([
      'human:a1/human:a2',
      'human:a1/human:a3',
      'human:a1/judge:j1',
      'human:a1/judge:j2',
      'human:a2/human:a3',
      'human:a2/judge:j1',
      'human:a2/judge:j2',
      'human:a3/judge:j1',
      'human:a3/judge:j2',
      'judge:j1/judge:j2',
      'judge:j1/human-majority',
      'judge:j2/human-majority',
    ]);
  });
});
