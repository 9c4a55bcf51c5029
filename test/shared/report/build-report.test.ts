// buildReport on the hand-made study fixtures: its header and buckets, alpha, confusion and kappa
// against values worked out by hand in the comments, player outcomes and reliability rows; and on a
// generated study, finite numbers, seeded intervals and a careless annotator ranked lowest; labels
// left out for a conflict between an annotator's devices are counted apart in the settings.

import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../shared/random/prng';
import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import type { StudyData } from '../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { buildReport, type ReportInput } from '../../../shared/report/build-report';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { unsureSetting } from '../../../shared/report/table-layout';
import type { StudyLabel } from '../../../shared/stats/study/study-units';
import { bucketStudy, handStudy, workedExampleB } from '../stats/study/study-fixtures';

const NOW = '2026-11-22T10:00:00.000Z';

function report(data: { study: StudyData; labels: StudyLabel[] }, settings: Partial<ReportInput['settings']> = {}): AgreementReport {
  return buildReport({
    study: data.study,
    labels: data.labels,
    settings: { bootstrap: 0, seed: 1, average: 'micro', ...settings },
    inputs: [{ file: 'hand.json', sha256: 'ab'.repeat(32) }],
    app: 'agreement-studio test',
    now: NOW,
  });
}

function synthetic(options: { puzzles: number; annotators: number; seed: number }): { study: StudyData; labels: StudyLabel[] } {
  const generated = generateSyntheticStudy(options);
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const labels = generated.labelFiles.flatMap((file) =>
    file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  return { study: parsed.value, labels };
}

/** Every number in the report, with its path; fails on anything that is not a finite number. */
function numbersIn(value: unknown, path = 'report', out: Array<[string, number]> = []): Array<[string, number]> {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${path} is ${value}`);
    out.push([path, value]);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => numbersIn(item, `${path}[${i}]`, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) throw new Error(`${path}.${key} is undefined`);
      numbersIn(item, `${path}.${key}`, out);
    }
  }
  return out;
}

describe('buildReport', () => {
  it("counts labels left out for a conflict between an annotator's devices apart, in the settings and their line", () => {
    const { study, labels } = workedExampleB();
    const input = { study, labels, settings: { bootstrap: 0, seed: 1, average: 'micro' as const }, inputs: [], app: 'agreement-studio test', now: NOW };
    expect(buildReport(input).settings.conflictingLabelsLeftOut).toBeUndefined();
    const settings = buildReport({ ...input, conflictingLabels: 2 }).settings;
    expect(settings.conflictingLabelsLeftOut).toBe(2);
    expect(unsureSetting(settings)).toBe("unsure labels counted, labels in conflict between an annotator's devices left out (2)");
  });

  it('fills the report header from its input', () => {
    const built = report(bucketStudy(), { bootstrap: 0, seed: 5, average: 'macro' });
    expect(built).toMatchObject({
      format: 'agreement-studio.report/1',
      app: 'agreement-studio test',
      generatedAt: NOW,
      study: { id: 'hand-study', name: 'Hand-built study' },
      inputs: [{ file: 'hand.json', sha256: 'ab'.repeat(32) }],
      settings: { bootstrap: 0, seed: 5, average: 'macro' },
    });
    // Puzzles in study order (by id), not bundle order, so the app and the command line agree.
    expect(built.difficulty.map((row) => [row.puzzleId, row.bucket, row.source])).toEqual([
      ['pE', 'easy', 'human'],
      ['pH', 'hard', 'human'],
      ['pM', 'medium', 'bundle'],
      ['pU', 'unrated', 'none'],
    ]);
  });

  it('has an unrated bucket only when a unit is unrated', () => {
    const withUnrated = report(bucketStudy());
    expect([...new Set(withUnrated.tables.answer.map((row) => row.bucket))]).toEqual(['easy', 'medium', 'hard', 'unrated', 'all']);
    expect(Object.keys(withUnrated.statistics.match)).toEqual(['easy', 'medium', 'hard', 'unrated', 'all']);
    const rated = handStudy([{ id: 'p', difficulty: 4 }], [{ id: 's', puzzleId: 'p', player: 'P', judge: 'j', turns: [{ id: 't', judges: { j: 'yes' } }] }]);
    const built = report(rated);
    expect(built.tables.answer.map((row) => row.bucket)).toEqual(['easy', 'medium', 'hard', 'all', 'easy', 'medium', 'hard', 'all']);
    expect(built.players.outcomes.map((row) => row.bucket)).toEqual(['easy', 'medium', 'hard', 'all', 'easy', 'medium', 'hard', 'all']);
  });

  it('computes chance-corrected statistics from the human ratings (worked example B)', () => {
    // Unit 1: yes, yes, no; unit 2: irrelevant, irrelevant. Coincidences: o(yes,yes) = 1,
    // o(yes,no) = o(no,yes) = 1 (unit 1, weight 1/(3-1)), o(irr,irr) = 2; n = 5 with n_yes = 2,
    // n_no = 1, n_irr = 2. alpha = 1 - (n - 1) * 2 / (n^2 - sum n_c^2) = 1 - 4*2/16 = 0.5.
    const exampleB = workedExampleB();
    const all = report(exampleB).statistics.answer.all;
    expect(all?.krippendorffAlpha).toBeCloseTo(0.5, 12);
    expect(all).toMatchObject({ units: 2, pairableValues: 5, prevalence: { yes: 0.4, no: 0.2, irrelevant: 0.4 } });
    // Gwet's observed agreement averages units: (1/3 + 1)/2.
    expect(all?.observedAgreement).toBeCloseTo(2 / 3, 12);
    // Alpha's observed agreement is 1 - Do = (o(yes,yes) + o(irr,irr))/n = 3/5.
    expect(all?.observedAgreementByStatistic?.krippendorffAlpha).toBeCloseTo(0.6, 12);
    expect(report(exampleB).statistics.answer.easy?.krippendorffAlpha).toBeCloseTo(0.5, 12);
    expect(report(exampleB).statistics.answer.hard).toMatchObject({
      units: 0,
      krippendorffAlpha: null,
      undefinedReasons: { krippendorffAlpha: expect.any(String) },
    });
  });

  it('computes ordinal and interval alpha of the difficulty ratings', () => {
    const built = report(bucketStudy(), { bootstrap: 50, seed: 3 });
    const difficulty = built.statistics.difficulty;
    expect(difficulty?.ratings).toBe(5);
    // Interval alpha of pE 2,3,3 and pH 7,8 from its definition (Krippendorff 2011):
    // 1 - (n - 1) * sum_u sum_{i != j in u} (a_i - a_j)^2 / (m_u - 1) / sum_{i != j pooled} (a_i - a_j)^2.
    // Within units: pE 4 ordered pairs at distance 1, weight 1/2 -> 2; pH 2 at distance 1 -> 2.
    // Pooled 2,3,3,7,8: unordered squared distances 1+1+25+36+0+16+25+16+25+1 = 146, ordered 292.
    // 1 - 4 * 4 / 292 = 0.945205...
    const values = [
      [2, 3, 3],
      [7, 8],
    ];
    const pooled = values.flat();
    const n = pooled.length;
    let observed = 0;
    for (const unit of values) for (const a of unit) for (const b of unit) observed += (a - b) ** 2 / (unit.length - 1);
    let expected = 0;
    for (const a of pooled) for (const b of pooled) expected += (a - b) ** 2;
    const interval = 1 - ((n - 1) * observed) / expected;
    expect(interval).toBeCloseTo(1 - 16 / 292, 12);
    expect(difficulty?.intervalAlpha).toBeCloseTo(interval, 12);
    expect(difficulty?.ordinalAlpha).not.toBeNull();
    expect(difficulty?.intervalAlphaCi95).toHaveLength(2);
  });

  it('counts judge x human-majority confusion, with units that tie apart, and its kappa', () => {
    const built = report(bucketStudy());
    const match = built.confusion.find((matrix) => matrix.task === 'match' && matrix.judge === 'j1');
    // e3 matched/matched, h2 unmatched/unmatched, h3 matched/unmatched; m2 ties; u2 has no humans.
    // kappa on (m,m), (u,u), (m,u): po = 2/3, pe = (2/3)(1/3) + (1/3)(2/3) = 4/9, (2/9)/(5/9) = 0.4.
    expect(match).toMatchObject({
      categories: ['matched', 'unmatched'],
      counts: [
        [1, 1],
        [0, 1],
      ],
      unitsWithoutMajority: 1,
    });
    expect(match?.cohenKappa).toBeCloseTo(0.4, 12);
    const answer = built.confusion.find((matrix) => matrix.task === 'answer' && matrix.judge === 'j1');
    // e1 yes/yes, e2 irrelevant/irrelevant, h1 yes/no; m1 is a three-way tie; u1 has no humans.
    expect(answer).toMatchObject({
      categories: ['yes', 'no', 'irrelevant'],
      counts: [
        [1, 1, 0],
        [0, 0, 0],
        [0, 0, 1],
      ],
      unitsWithoutMajority: 1,
    });
    expect(built.confusion.map((matrix) => `${matrix.task}:${matrix.judge}`)).toEqual(['answer:j1', 'answer:j2', 'match:j1', 'match:j2']);
  });

  it("gives Cohen's kappa for every pair of raters and for each judge vs the human majority", () => {
    const pairs = report(bucketStudy()).pairwise.match;
    const pair = (a: string, b: string) => pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
    expect(pairs.map((p) => [p.a, p.b].sort().join(' ~ ')).sort()).toEqual(
      [
        'human:a1 ~ human:a2',
        'human:a1 ~ human:a3',
        'human:a1 ~ judge:j1',
        'human:a1 ~ judge:j2',
        'human:a2 ~ human:a3',
        'human:a2 ~ judge:j1',
        'human:a2 ~ judge:j2',
        'human:a3 ~ judge:j1',
        'human:a3 ~ judge:j2',
        'judge:j1 ~ judge:j2',
        'human-majority ~ judge:j1',
        'human-majority ~ judge:j2',
      ].sort(),
    );
    // a1 and a3 share e3 (m, u) and h3 (m, u): percent agreement 0.
    expect(pair('human:a1', 'human:a3')).toMatchObject({ n: 2, percentAgreement: 0 });
    expect(pair('judge:j1', 'human-majority')).toMatchObject({ a: 'judge:j1', b: 'human-majority', n: 3 });
    expect(pair('judge:j1', 'human-majority')?.cohenKappa).toBeCloseTo(0.4, 12);
  });

  it('reports player outcomes under both verdict sources and no ranking with a single comparable player', () => {
    const built = report(bucketStudy());
    const row = (verdicts: string, player: string) => built.players.outcomes.find((r) => r.verdicts === verdicts && r.player === player && r.bucket === 'all');
    expect(row('judge', 'P1')).toMatchObject({ sessions: 2, acc: 1, rnd: 3 });
    expect(row('human', 'P2')).toMatchObject({ sessions: 0, sessionsWithoutVerdict: 2, oa: null });
    expect(built.players.ranking).toBeNull();
  });

  it('lists per-annotator reliability for answer, match and difficulty', () => {
    const built = report(bucketStudy());
    expect(built.annotators.map((row) => `${row.task}:${row.annotator}`)).toEqual([
      'answer:a1',
      'answer:a2',
      'answer:a3',
      'match:a1',
      'match:a2',
      'match:a3',
      'difficulty:a1',
      'difficulty:a2',
      'difficulty:a3',
    ]);
  });

  it('refuses a negative or fractional number of replicates', () => {
    expect(() => report(bucketStudy(), { bootstrap: -1 })).toThrow(RangeError);
    expect(() => report(bucketStudy(), { bootstrap: 2.5 })).toThrow(RangeError);
  });
});

describe('buildReport on a generated study', () => {
  const study = synthetic({ puzzles: 30, annotators: 4, seed: 11 });

  it('gives agreement strictly between 0 and 1 and only finite numbers, with intervals around their estimates', () => {
    const built = report(study, { bootstrap: 200, seed: 4 });
    for (const task of ['answer', 'match'] as const) {
      for (const row of built.tables[task].filter((r) => r.bucket === 'all')) {
        expect(row.agreement).toBeGreaterThan(0);
        expect(row.agreement).toBeLessThan(1);
      }
      for (const row of built.tables[task]) {
        if (row.agreement === null || row.ci95 === null) continue;
        expect(row.ci95[0]).toBeLessThanOrEqual(row.agreement);
        expect(row.ci95[1]).toBeGreaterThanOrEqual(row.agreement);
      }
      const alpha = built.statistics[task].all;
      expect(alpha?.krippendorffAlpha).toBeGreaterThan(0);
      expect(alpha?.krippendorffAlphaCi95?.[0]).toBeLessThanOrEqual(alpha?.krippendorffAlpha ?? NaN);
      expect(alpha?.krippendorffAlphaCi95?.[1]).toBeGreaterThanOrEqual(alpha?.krippendorffAlpha ?? NaN);
    }
    expect(built.tables.answer.filter((row) => row.bucket === 'all').map((row) => `${row.a}|${row.b}`)).toEqual([
      'judge:synthetic-judge-a|human',
      'judge:synthetic-judge-b|human',
      'human|human',
      'judge:synthetic-judge-a|judge:synthetic-judge-b',
    ]);
    expect(numbersIn(built).length).toBeGreaterThan(500);
    expect(built.players.ranking?.judgeRanking).toHaveLength(3);
    expect(built.players.ranking?.kendallTauB).not.toBeUndefined();
  });

  it('is deterministic for a seed and changes its intervals with the seed', () => {
    const first = JSON.stringify(report(study, { bootstrap: 100, seed: 4 }));
    expect(JSON.stringify(report(study, { bootstrap: 100, seed: 4 }))).toBe(first);
    expect(JSON.stringify(report(study, { bootstrap: 100, seed: 5 }))).not.toBe(first);
  });

  it('has no intervals with B = 0', () => {
    const built = report(study, { bootstrap: 0 });
    expect(built.tables.answer.every((row) => row.ci95 === null && row.macroCi95 === null)).toBe(true);
    expect(built.statistics.answer.all?.krippendorffAlphaCi95).toBeUndefined();
  });

  it('ranks a careless annotator lowest', () => {
    // ann-02 answers every question at random.
    const rng = createPrng(99);
    const labels = study.labels.map((label) =>
      label.annotatorId === 'ann-02' && label.task === 'answer' ? { ...label, value: rng.pick(['yes', 'no', 'irrelevant'] as const) } : label,
    );
    const answer = report({ study: study.study, labels }).annotators.filter((row) => row.task === 'answer');
    const lowest = [...answer].sort((a, b) => (a.agreement ?? 0) - (b.agreement ?? 0))[0];
    expect(lowest?.annotator).toBe('ann-02');
    expect(answer.every((row) => row.n > 0)).toBe(true);
  });
});
