// Agreement on set-valued labels (issue 33 point 4): the MASI distance and Krippendorff's alpha
// with it equal NLTK's (test/fixtures/nltk-masi, with NLTK's rounded weights) and a plainly
// written coincidence-matrix alpha; on single labels alpha is the studio's nominal alpha.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../../shared/random/prng';
import { computeReliability } from '../../../../shared/stats/reliability';
import {
  intersectingPairShare,
  masiDistance,
  PASSONNEAU_WEIGHTS,
  setAlpha,
  type LabelSet,
  type MasiWeights,
} from '../../../../shared/stats/reliability/set-agreement';

interface Reference {
  doctest: { a: number[]; b: number[]; distance: number };
  pairs: Array<{ a: LabelSet; b: LabelSet; distance: number }>;
  studies: Array<{ units: LabelSet[][]; alpha: number }>;
}

const reference = JSON.parse(readFileSync(new URL('../../../fixtures/nltk-masi/reference.json', import.meta.url), 'utf8')) as Reference;

/** NLTK's masi_distance rounds Passonneau's thirds. */
const NLTK_WEIGHTS: MasiWeights = { subset: 0.67, overlap: 0.33 };
const nltkDistance = (a: LabelSet, b: LabelSet) => masiDistance(a, b, NLTK_WEIGHTS);

const maskOf = (labels: readonly number[]) => labels.reduce((mask, label) => mask | (1 << label), 0);

/**
 * Krippendorff (2011) written out: the coincidence matrix o of ordered pairs of values within
 * units (each pair counted 1 / (m_u - 1)), its marginals n_c, and
 * alpha = 1 - (n - 1) sum o_ck d_ck / sum n_c n_k d_ck over every pair of distinct sets c, k.
 */
function plainAlpha(units: readonly (readonly LabelSet[])[], distance: (a: LabelSet, b: LabelSet) => number): number | null {
  const coincidences = new Map<string, number>();
  const key = (a: LabelSet, b: LabelSet) => `${a} ${b}`;
  for (const sets of units) {
    if (sets.length < 2) continue;
    for (let i = 0; i < sets.length; i++)
      for (let j = 0; j < sets.length; j++) {
        if (i === j) continue;
        const pair = key(sets[i] as LabelSet, sets[j] as LabelSet);
        coincidences.set(pair, (coincidences.get(pair) ?? 0) + 1 / (sets.length - 1));
      }
  }
  const marginals = new Map<LabelSet, number>();
  for (const [pair, count] of coincidences) {
    const c = Number(pair.split(' ')[0]);
    marginals.set(c, (marginals.get(c) ?? 0) + count);
  }
  const n = [...marginals.values()].reduce((sum, count) => sum + count, 0);
  let observed = 0;
  for (const [pair, count] of coincidences) {
    const [c, k] = pair.split(' ').map(Number) as [number, number];
    observed += count * distance(c, k);
  }
  let expected = 0;
  for (const [c, nc] of marginals) for (const [k, nk] of marginals) expected += nc * nk * distance(c, k);
  return expected === 0 ? null : 1 - ((n - 1) * observed) / expected;
}

function randomUnits(seed: number): LabelSet[][] {
  const random = createPrng(seed);
  return Array.from({ length: random.int(3, 30) }, () =>
    Array.from({ length: random.int(1, 7) }, () => (random.chance(0.6) ? 1 << random.int(0, 2) : random.int(1, 7))),
  );
}

describe('masiDistance', () => {
  it("equals NLTK's on its doctest example and on every pair of sets of three categories, with its rounded weights", () => {
    expect(nltkDistance(maskOf(reference.doctest.a), maskOf(reference.doctest.b))).toBeCloseTo(reference.doctest.distance, 12);
    expect(reference.pairs).toHaveLength(49);
    for (const { a, b, distance } of reference.pairs) expect(nltkDistance(a, b)).toBeCloseTo(distance, 12);
  });

  it("takes Passonneau's thirds by default: 0 identical, 1 - J * 2/3 a subset, 1 - J / 3 an overlap, 1 disjoint", () => {
    expect(PASSONNEAU_WEIGHTS).toEqual({ subset: 2 / 3, overlap: 1 / 3 });
    expect(masiDistance(0b011, 0b011)).toBe(0);
    expect(masiDistance(0b001, 0b011)).toBeCloseTo(1 - (1 / 2) * (2 / 3), 15);
    expect(masiDistance(0b011, 0b110)).toBeCloseTo(1 - (1 / 3) * (1 / 3), 15);
    expect(masiDistance(0b001, 0b110)).toBe(1);
    expect(masiDistance(0b011, 0b001)).toBe(masiDistance(0b001, 0b011));
  });

  it('refuses an empty set and a set past 31 categories, saying what a set must be', () => {
    expect(() => masiDistance(0, 1)).toThrow('the first set: a label set must hold at least one of up to 31 categories (a bitmask from 1 to 2^31 - 1), not 0');
    expect(() => masiDistance(1, 2 ** 31)).toThrow(/the second set: a label set must hold at least one/);
    expect(() => setAlpha([[1, 0.5]])).toThrow(/unit 0, set 1: a label set must/);
  });
});

describe('setAlpha', () => {
  it("equals NLTK's alpha with masi_distance on 100 seeded studies, with its rounded weights", () => {
    expect(reference.studies).toHaveLength(100);
    for (const { units, alpha } of reference.studies) expect(setAlpha(units, nltkDistance).value).toBeCloseTo(alpha, 12);
  });

  it('equals a plainly written coincidence-matrix alpha on seeded studies, with the thirds', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const units = randomUnits(seed);
      const expected = plainAlpha(units, masiDistance);
      const found = setAlpha(units).value;
      if (expected === null) expect(found).toBeNull();
      else expect(found).toBeCloseTo(expected, 12);
    }
  });

  it("is the studio's nominal alpha when every rater marks one label", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const units = randomUnits(seed).map((sets) => sets.map((set) => 1 << (31 - Math.clz32(set))));
      const nominal = computeReliability(units.flatMap((sets, u) => sets.map((set, r) => ({ unit: `u${u}`, rater: `r${r}`, value: String(set) })))).alpha
        .nominal;
      const found = setAlpha(units).value;
      if (nominal === null) expect(found).toBeNull();
      else expect(found).toBeCloseTo(nominal, 12);
    }
  });

  it('says why there is no alpha: no unit with two sets, or one set everywhere', () => {
    expect(setAlpha([[1], [3]])).toMatchObject({ value: null, pairableValues: 0, reason: 'no unit has two ratings' });
    expect(
      setAlpha([
        [3, 3],
        [3, 3, 3],
      ]),
    ).toMatchObject({ value: null, pairableValues: 5, reason: 'no variation: every pairable set is the same set' });
  });
});

describe('intersectingPairShare', () => {
  it('counts the pairs of raters on a unit whose sets share a label', () => {
    // Unit 0: {a,b} with {b}, {a,b} with {c}, {b} with {c}: one of three; unit 1: {c} with {c}; unit 2 has no pair.
    expect(intersectingPairShare([[0b011, 0b010, 0b100], [0b100, 0b100], [0b001]])).toEqual({ share: 2 / 4, pairs: 4 });
    expect(intersectingPairShare([[1]])).toEqual({ share: null, pairs: 0 });
  });
});
