// `agreement-studio reliability` on set values (issue 33): `no|irrelevant` is a set, its first
// label the forced choice every other statistic reads; "sets" adds MASI alpha and the share of
// rater pairs whose sets intersect, checked against a plain computation; a malformed set is an
// error with its line; a file without sets prints what it always printed.

import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrng } from '../../shared/random/prng';
import { runCli, scratchDir, scratchWriter } from './run-cli';

const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = scratchWriter(dir);

async function reliability(...args: string[]) {
  const run = await runCli('reliability', ...args);
  return { ...run, json: run.code === 0 ? (JSON.parse(run.stdout) as Record<string, unknown>) : undefined };
}

function csv(ratings: ReadonlyArray<readonly [string, string, string]>): string {
  return `unit,rater,value\n${ratings.map((rating) => rating.join(',')).join('\n')}\n`;
}

/** MASI as Passonneau (2006) defines it, on JavaScript sets. */
function plainMasi(a: readonly string[], b: readonly string[]): number {
  const x = new Set(a);
  const y = new Set(b);
  const shared = [...x].filter((label) => y.has(label)).length;
  const monotonicity = shared === x.size && shared === y.size ? 1 : shared === Math.min(x.size, y.size) ? 2 / 3 : shared > 0 ? 1 / 3 : 0;
  return 1 - (shared / new Set([...x, ...y]).size) * monotonicity;
}

/** Alpha and the intersecting share as their definitions read, over every pair of ratings. */
function plainSetFigures(ratings: ReadonlyArray<readonly [string, string, string]>) {
  const byUnit = new Map<string, string[][]>();
  for (const [unit, , value] of ratings) byUnit.set(unit, [...(byUnit.get(unit) ?? []), value.split('|')]);
  const units = [...byUnit.values()].filter((sets) => sets.length >= 2);
  const values = units.flat();
  let within = 0;
  let pairs = 0;
  let meeting = 0;
  for (const sets of units) {
    let sum = 0;
    sets.forEach((a, i) =>
      sets.forEach((b, j) => {
        if (i === j) return;
        sum += plainMasi(a, b);
        if (i < j) {
          pairs++;
          if (a.some((label) => b.includes(label))) meeting++;
        }
      }),
    );
    within += sum / (sets.length - 1);
  }
  let between = 0;
  values.forEach((a, i) => values.forEach((b, j) => i !== j && (between += plainMasi(a, b))));
  const n = values.length;
  return { masiAlpha: 1 - within / n / (between / (n * (n - 1))), intersectingPairShare: meeting / pairs, pairs, pairableValues: n };
}

const SMALL: ReadonlyArray<readonly [string, string, string]> = [
  ['u1', 'A', 'yes|no'],
  ['u1', 'B', 'yes'],
  ['u1', 'C', 'no'],
  ['u2', 'A', 'no'],
  ['u2', 'B', 'no|irrelevant'],
  ['u3', 'A', 'irrelevant'],
  ['u3', 'B', 'yes'],
];

describe('agreement-studio reliability with sets of labels', () => {
  it('prints MASI alpha and the intersecting share beside the figures of the forced choices', async () => {
    const run = await reliability(write('sets.csv', csv(SMALL)));
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const { sets, ...figures } = run.json as Record<string, unknown>;
    // Pairs: u1 A-B and A-C meet, B-C not; u2 meets; u3 not: 3 of 5.
    expect(sets).toMatchObject({ categories: ['yes', 'no', 'irrelevant'], intersectingPairShare: 0.6, pairs: 5, pairableValues: 7, undefinedReasons: {} });
    expect((sets as { masiAlpha: number }).masiAlpha).toBeCloseTo(plainSetFigures(SMALL).masiAlpha, 12);
    const forced = await reliability(write('forced.csv', csv(SMALL.map(([unit, rater, value]) => [unit, rater, value.split('|')[0] as string]))));
    expect(figures).toEqual(forced.json);
  });

  it('matches the plain computation on seeded studies of one to three labels per set', async () => {
    const rng = createPrng(33);
    const labels = ['yes', 'no', 'irrelevant', 'unknown'];
    for (let study = 0; study < 5; study++) {
      const ratings: Array<[string, string, string]> = [];
      for (let u = 0; u < 30; u++)
        for (const rater of ['A', 'B', 'C', 'D'].slice(0, rng.int(1, 4))) {
          const set = labels.filter(() => rng.chance(0.4));
          ratings.push([`u${u}`, rater, (set.length > 0 ? set : [rng.pick(labels)]).join('|')]);
        }
      const plain = plainSetFigures(ratings);
      const sets = (await reliability(write(`seeded-${study}.csv`, csv(ratings)))).json?.sets as Record<string, number>;
      expect(sets.masiAlpha).toBeCloseTo(plain.masiAlpha, 12);
      expect(sets.intersectingPairShare).toBeCloseTo(plain.intersectingPairShare, 12);
      expect(sets).toMatchObject({ pairs: plain.pairs, pairableValues: plain.pairableValues });
    }
  });

  it('exits 1 naming the line of a set with an empty or a repeated label', async () => {
    const empty = write('empty.csv', csv([...SMALL, ['u4', 'A', 'no|'], ['u4', 'B', 'no']]));
    expect(await reliability(empty)).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `${empty}: line 9: the value "no|" has an empty label; write a set as labels joined by |, such as no|irrelevant\n`,
    });
    const twice = write('twice.csv', csv([['u0', 'A', 'no|yes|no'], ...SMALL]));
    expect((await reliability(twice)).stderr).toBe(`${twice}: line 2: the value "no|yes|no" names "no" twice\n`);
  });

  it('prints no "sets" for a file without them, and the help says how to write one', async () => {
    const plain = await reliability(write('plain.csv', csv(SMALL.map(([unit, rater, value]) => [unit, rater, value.split('|')[0] as string]))));
    expect(Object.keys(plain.json ?? {})).not.toContain('sets');
    expect((await runCli('reliability', '--help')).stdout).toContain('no|irrelevant is the set');
  });
});
