// A judge's confidence in the report (issue 31 points 1-3), on seeded studies: calibration from
// its samples' vote shares and from its probabilities equals calibration() on the verdicts counted
// plainly, and tells a calibrated judge from an overconfident one; its samples' agreement, kappa
// and flips equal plain counts; an order-swapped twin that changes 30% of the verdicts is found,
// and one that changes none is "no clear effect".

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../../shared/report/build-report';
import type { AgreementReport } from '../../../../shared/report/model/report-model';
import { calibration } from '../../../../shared/stats/judge/calibration';
import { indexStudy } from '../../../../shared/stats/study/study-units';
import { BIASED_JUDGE, biasStudy, SWAPPED_JUDGE, type BiasStudyOptions } from './bias-study';
import { NOW } from './study-fixtures';
import { plainKappa, plainMajority } from './plain-figures';

function build(options: Omit<BiasStudyOptions, 'seed' | 'puzzles'>, seed = 7, puzzles = 150) {
  const data = biasStudy({ seed, puzzles, ...options });
  const report = buildReport({ ...data, settings: { bootstrap: 299, seed: 2, average: 'micro' }, inputs: [], app: 'test', now: NOW });
  return { data, report };
}

function judges(report: AgreementReport) {
  if (report.judges === undefined) throw new Error('no Judges section');
  return report.judges;
}

describe('calibration in the report', () => {
  it("from the vote share of the judge's samples, as calibration() gives it on the verdicts counted plainly", () => {
    const { data, report } = build({ samples: 3, judgeErrorRate: 0.25 });
    for (const task of ['answer', 'match'] as const) {
      const row = judges(report).calibration?.find((one) => one.task === task && one.source === 'samples');
      const turns = new Map(data.study.turns.map((turn) => [turn.id, turn]));
      const verdicts = indexStudy(data.study, data.labels).units[task].flatMap((unit) => {
        const label = unit.judgements.get(BIASED_JUDGE);
        const people = plainMajority(unit.humans.map((human) => human.value));
        const samples = turns.get(unit.id)?.judgeConfidence?.[BIASED_JUDGE]?.samples ?? [];
        return label === undefined || people === null
          ? []
          : [{ confidence: samples.filter((one) => one === label).length / samples.length, agrees: label === people }];
      });
      const plain = calibration(
        verdicts.map((one) => one.confidence),
        verdicts.map((one) => one.agrees),
      );
      expect(row?.n).toBe(verdicts.length);
      expect(row?.ece).toBeCloseTo(plain.ece as number, 12);
      expect(row?.brier).toBeCloseTo(plain.brier as number, 12);
      expect(row?.bins.map((bin) => bin.n)).toEqual(plain.bins.map((bin) => bin.n));
      // Shares of three samples: one in three (three labels apart, questions only), two in three, three in three.
      expect(row?.bins.filter((bin) => bin.n > 0).map((bin) => bin.upper)).toEqual(task === 'answer' ? [0.4, 0.7000000000000001, 1] : [0.7000000000000001, 1]);
      expect(row?.eceCi95?.[0]).toBeLessThanOrEqual(row?.ece as number);
      expect(row?.brierCi95?.[1]).toBeGreaterThanOrEqual(row?.brier as number);
    }
  });

  it('tells a judge whose probabilities are calibrated from one 20 points overconfident', () => {
    const calibrated = judges(build({ probability: 'calibrated' }).report).calibration?.find((one) => one.task === 'answer');
    const overconfident = judges(build({ probability: 'overconfident' }).report).calibration?.find((one) => one.task === 'answer');
    expect(calibrated?.source).toBe('log-probabilities');
    expect(calibrated?.eceCi95?.[0]).toBeLessThan(0.06);
    expect(overconfident?.eceCi95?.[0]).toBeGreaterThan(0.1);
    expect(overconfident?.brier).toBeGreaterThan(calibrated?.brier as number);
  });
});

describe('self-consistency in the report', () => {
  it("takes the samples' agreement, first-against-second kappa and flips as plain counts give them", () => {
    const { data, report } = build({ samples: 5, judgeErrorRate: 0.2 });
    const row = judges(report).selfConsistency?.find((one) => one.task === 'match');
    const finals = data.study.turns.filter((turn) => turn.type === 'final');
    const samples = finals.map((turn) => turn.judgeConfidence?.[BIASED_JUDGE]?.samples ?? []);
    const labels = finals.map((turn) => turn.judgements[BIASED_JUDGE] as string);
    expect(row?.units).toBe(finals.length);
    expect(row?.samples).toBe(5);
    const agreeing = samples.map((s) => {
      let pairs = 0;
      for (let i = 0; i < s.length; i++) for (let j = 0; j < s.length; j++) if (i !== j && s[i] === s[j]) pairs++;
      return pairs / (s.length * (s.length - 1));
    });
    expect(row?.selfAgreement).toBeCloseTo(agreeing.reduce((a, b) => a + b, 0) / finals.length, 12);
    expect(row?.kappa).toBeCloseTo(
      plainKappa(
        samples.map((s) => s[0] as string),
        samples.map((s) => s[1] as string),
      ),
      12,
    );
    expect(row?.flips.value).toBeCloseTo(samples.filter((s, u) => s[0] !== labels[u]).length / finals.length, 12);
    expect(row?.flips.ci95).not.toBeNull();
  });
});

describe('the order check', () => {
  it('finds a twin that changes 30% of the verdicts when the reference and the guess are swapped', () => {
    const report = build({ orderSwapFlips: 0.3 }).report;
    const pair = judges(report).judgePairs?.find((one) => one.task === 'match');
    expect(pair).toMatchObject({ a: BIASED_JUDGE, b: SWAPPED_JUDGE, kind: 'order swapped' });
    const row = judges(report).biasChecks?.find((one) => one.check === 'order');
    expect(row?.judge).toBe(BIASED_JUDGE);
    expect(row?.value).toBe(pair?.flips.value);
    expect(row?.value).toBeGreaterThan(0.22);
    expect(row?.value).toBeLessThan(0.38);
    expect(row?.effect).toBe(true);
    expect(row?.verdict).toMatch(/^changes \d+\.\d% of its verdicts when the reference and the guess are swapped$/);
  });

  it('says "no clear effect" of a twin that changes no verdict', () => {
    const row = judges(build({ orderSwapFlips: 0 }).report).biasChecks?.find((one) => one.check === 'order');
    expect(row?.value).toBe(0);
    expect(row?.effect).toBe(false);
    expect(row?.verdict).toBe('no clear effect');
  });
});
