// `agreement-studio reliability` through main(): the JSON docs/command-line.md describes, on published vectors,
// located errors with exit 1, usage errors with exit 2.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, scratchDir, scratchWriter } from './run-cli';

const vectors = 'test/fixtures/test-vectors/data';
const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = scratchWriter(dir);

/** The keys of the `reliability` command's JSON (docs/command-line.md), in their order. */
const EXAMPLE_KEYS = [
  'units',
  'raters',
  'pairableValues',
  'level',
  'categories',
  'alpha',
  'percentAgreement',
  'gwetAC1',
  'fleissKappa',
  'fleissKappaCompleteCases',
  'brennanPrediger',
  'congerKappa',
  'pairs',
  'ci95',
  'undefinedReasons',
];
const PAIR_KEYS = ['a', 'b', 'n', 'percentAgreement', 'cohenKappa', 'cohenKappaLinear', 'cohenKappaQuadratic', 'scottPi'];

async function reliability(...args: string[]) {
  const run = await runCli('reliability', ...args);
  return { ...run, json: run.code === 0 ? (JSON.parse(run.stdout) as Record<string, unknown>) : undefined };
}

describe('agreement-studio reliability', () => {
  it('prints one JSON object with the keys of docs/command-line.md for a published vector (Krippendorff 2011 sec. C)', async () => {
    const run = await reliability(`${vectors}/k2011_c.csv`, '--level', 'ordinal', '--bootstrap', '100', '--seed', '7');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().startsWith('{') && run.stdout.trim().endsWith('}')).toBe(true);
    const json = run.json as Record<string, unknown>;
    const keys = Object.keys(json);
    expect(keys.filter((key) => EXAMPLE_KEYS.includes(key))).toEqual(EXAMPLE_KEYS);
    expect(json).toMatchObject({ units: 12, raters: 4, pairableValues: 40, level: 'ordinal', categories: ['1', '2', '3', '4', '5'], undefinedReasons: {} });
    const alpha = json.alpha as Record<string, number>;
    expect(Object.keys(alpha)).toEqual(['nominal', 'ordinal', 'interval', 'ratio']);
    expect(alpha.nominal).toBeCloseTo(113 / 152, 12);
    expect(alpha.ordinal).toBeCloseTo(108577 / 133160, 12);
    expect(json.gwetAC1).toBeCloseTo(31825 / 41041, 12);
    const pairs = json.pairs as Array<Record<string, unknown>>;
    expect(pairs).toHaveLength(6);
    for (const pair of pairs) expect(Object.keys(pair).filter((key) => PAIR_KEYS.includes(key))).toEqual(PAIR_KEYS);
    expect(Object.keys(json.ci95 as object)).toEqual(['alpha', 'percentAgreement', 'gwetAC1', 'fleissKappa', 'brennanPrediger']);
    const [low, high] = (json.ci95 as { alpha: [number, number] }).alpha;
    expect(low).toBeLessThan(alpha.ordinal as number);
    expect(high).toBeGreaterThan(alpha.ordinal as number);
    expect((await reliability(`${vectors}/k2011_c.csv`, '--level', 'ordinal', '--bootstrap', '100', '--seed', '7')).stdout).toBe(run.stdout);
  });

  it('leaves ci95 out without --bootstrap and alpha levels out that nominal labels do not allow', async () => {
    const run = await reliability(`${vectors}/k2011_b.csv`);
    expect(run.code).toBe(0);
    expect(run.json).not.toHaveProperty('ci95');
    expect(run.json).toMatchObject({ level: 'nominal', alpha: { nominal: 155 / 224 }, undefinedReasons: {} });
    expect(Object.keys(run.json?.alpha as object)).toEqual(['nominal']);
  });

  it('prints null with a reason, never NaN, when every rating is the same', async () => {
    const run = await reliability(`${vectors}/edge_all_same.csv`);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/NaN|Infinity/);
    expect(run.json).toMatchObject({ percentAgreement: 1, gwetAC1: null, fleissKappa: null, alpha: { nominal: null } });
    expect((run.json?.undefinedReasons as Record<string, string>)['alpha.nominal']).toMatch(/no variation/);
  });

  it('gives the reason beside an observed agreement that is null (no unit rated twice)', async () => {
    const path = join(scratchDir(), 'single.csv');
    writeFileSync(path, 'unit,rater,value\nu1,a,yes\nu2,b,no\nu3,a,no\n');
    const run = await reliability(path);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ observedAgreement: null, completeCases: { observedAgreement: null } });
    const reasons = run.json?.undefinedReasons as Record<string, string>;
    expect(reasons.observedAgreement).toBe(reasons.percentAgreement);
    expect(reasons.observedAgreement).toMatch(/\w/);
    expect(reasons['completeCases.observedAgreement']).toMatch(/\w/);
  });

  it("names Gwet's pi_k gwetPi, not prevalence, which the report uses for the share of all ratings", async () => {
    // u1 rated yes twice, u2 no four times: pi_yes = (1 + 0) / 2 = 0.5, while yes is 2 of the 6 ratings.
    const path = write('pi.csv', 'unit,rater,value\nu1,a,yes\nu1,b,yes\nu2,a,no\nu2,b,no\nu2,c,no\nu2,d,no\n');
    const run = await reliability(path);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ categories: ['no', 'yes'], gwetPi: [0.5, 0.5] });
    expect(run.json).not.toHaveProperty('prevalence');
  });

  it('takes a declared order for the ordinal level of labels', async () => {
    const order = 'very low,low,mid,high,very high';
    const run = await reliability(`${vectors}/k2011_c_strings.csv`, '--level', 'ordinal', '--order', order);
    expect(run.code).toBe(0);
    expect((run.json?.alpha as Record<string, number>).ordinal).toBeCloseTo(108577 / 133160, 12);
    expect(run.json?.categories).toEqual(order.split(','));
  });

  it('exits 1 with the line when the level or the order does not fit the values', async () => {
    const file = `${vectors}/k2011_c_strings.csv`;
    const noOrder = await reliability(file, '--level', 'ordinal');
    expect(noOrder.code).toBe(1);
    expect(noOrder.stdout).toBe('');
    expect(noOrder.stderr).toBe(
      `${file}: line 2: the ordinal level needs numeric values or a declared order of the categories, and "very low" is not a number\n`,
    );
    const shortOrder = await reliability(file, '--order', 'very low,low,mid,high');
    expect(shortOrder.code).toBe(1);
    expect(shortOrder.stderr).toMatch(/line \d+: the value "very high" is not one of the declared categories/);
  });

  it('exits 1 with every located error of a malformed CSV', async () => {
    const path = write('bad.csv', 'unit,rater,value\nu1,A,yes\nu1,A,no\nu2,,no\n');
    const run = await reliability(path);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `${path}: line 4: rater: required; expected the rater's id\n${path}: line 3: duplicate rating: rater "A" already rated unit "u1" on line 2\n`,
    );
  });

  it('exits 1 for a missing file, a folder or a file that is not UTF-8', async () => {
    expect(await reliability(join(dir, 'nope.csv'))).toMatchObject({ code: 1, stderr: `${join(dir, 'nope.csv')}: no such file\n` });
    expect((await reliability(dir)).stderr).toMatch(/is a folder/);
    const binary = write('latin1.csv', Uint8Array.from([...Buffer.from('unit,rater,value\nu1,A,'), 0xe9, 0x0a]));
    // Latin-1 é (0xE9) after the 17 bytes of the header line and the 5 of `u1,A,`: line 2, column 6, offset 22.
    expect(await reliability(binary)).toMatchObject({
      code: 1,
      stderr: `${binary}: line 2: not UTF-8 text (column 6): the byte 0xE9 at offset 22 is not valid UTF-8; save the file as UTF-8\n`,
    });
  });

  it.each([
    [[], 'name the FILE.csv'],
    [['a.csv', 'b.csv'], 'unexpected argument "b.csv"'],
    [['a.csv', '--level', 'fuzzy'], '--level takes nominal, ordinal, interval, ratio, not "fuzzy"'],
    [['a.csv', '--bootstrap', '0'], '--bootstrap takes a whole number from 1 to 100000'],
    [['a.csv', '--order', 'a,,b'], '--order takes the categories separated by commas'],
    [['a.csv', '--order', 'a,b,a'], '--order names "a" twice'],
    [['a.csv', '--frobnicate'], "Unknown option '--frobnicate'"],
  ])('exits 2 on bad usage %j', async (args, message) => {
    const run = await reliability(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
  });

  it('prints its usage on --help', async () => {
    const run = await runCli('reliability', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: agreement-studio reliability FILE\.csv/);
  });
});
