// The human-likeness test of Judge's Verdict (issue 31 point 4): z of a judge's mean kappa with
// people against the mean and sample sd of people's kappas with each other, held against the same
// sums written out; on seeded studies a judge that errs as often as a person is human-like, one
// that never errs more consistent than people, one that errs twice as often as the worst less; with fewer
// than three people there is no z, and the report says why. Each judge's player ranking against
// the human one carries tau-b and scipy's p.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../../shared/report/build-report';
import type { AgreementReport, HumanLikenessRow, PairKappa } from '../../../../shared/report/model/report-model';
import { humanLikeness } from '../../../../shared/stats/study/human-likeness';
import { kendallTauP } from '../../../../shared/stats/study/rank-correlation';
import { indexStudy } from '../../../../shared/stats/study/study-units';
import { BIASED_JUDGE, biasStudy } from './bias-study';
import { NOW } from './study-fixtures';
import { plainKappa } from './plain-figures';

const pair = (a: string, b: string, cohenKappa: number | null, n = 10): PairKappa => ({ a, b, n, units: n, percentAgreement: null, cohenKappa });

/** Five people who differ as annotators do, wrong on 4% to 20% of the units; the judge on `judgeErrorRate`. */
function report(judgeErrorRate: number, seed: number): AgreementReport {
  const data = biasStudy({ seed, puzzles: 150, judgeErrorRate, peopleErrorRates: [0.04, 0.08, 0.12, 0.16, 0.2] });
  return buildReport({ ...data, settings: { bootstrap: 0, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
}

function row(built: AgreementReport, task: 'answer' | 'match'): HumanLikenessRow {
  const found = built.judges?.humanLikeness?.find((one) => one.task === task && one.judge === BIASED_JUDGE);
  if (found === undefined) throw new Error('no human-likeness row');
  return found;
}

describe('humanLikeness', () => {
  it("is z of the judge's mean kappa with people against people's kappas, sample sd, as the sums give it", () => {
    const pairwise = [
      pair('human:a', 'human:b', 0.6),
      pair('human:a', 'human:c', 0.7),
      pair('human:b', 'human:c', 0.8),
      pair('human:a', 'judge:j', 0.9),
      pair('judge:j', 'human:b', 0.75),
      pair('human:c', 'judge:j', null),
      pair('judge:j', 'human-majority', 0.99),
    ];
    const [likeness] = humanLikeness('answer', ['j'], pairwise);
    expect(likeness?.withPeople.map((one) => one.annotator)).toEqual(['a', 'b', 'c']);
    expect(likeness?.judgeKappa).toBeCloseTo((0.9 + 0.75) / 2, 12);
    expect(likeness?.peopleMean).toBeCloseTo(0.7, 12);
    expect(likeness?.peopleSd).toBeCloseTo(0.1, 12);
    expect(likeness?.z).toBeCloseTo((0.825 - 0.7) / 0.1, 10);
    expect(likeness?.verdict).toBe('more consistent than people');
    const [less] = humanLikeness('answer', ['j'], [...pairwise.slice(0, 3), pair('human:a', 'judge:j', 0.55)]);
    expect(less?.verdict).toBe('less consistent than people');
    const [like] = humanLikeness('answer', ['j'], [...pairwise.slice(0, 3), pair('human:a', 'judge:j', 0.65)]);
    expect(like?.verdict).toBe('human-like');
  });

  it('has no z with two people, or with no spread, and says why', () => {
    const [two] = humanLikeness('match', ['j'], [pair('human:a', 'human:b', 0.6), pair('human:a', 'judge:j', 0.9)]);
    expect(two?.z).toBeNull();
    expect(two?.reason).toBe("2 people labelled the units in pairs; the spread of people's agreement needs at least 3");
    const flat = [pair('human:a', 'human:b', 0.6), pair('human:a', 'human:c', 0.6), pair('human:b', 'human:c', 0.6), pair('human:a', 'judge:j', 0.9)];
    expect(humanLikeness('match', ['j'], flat)[0]?.reason).toBe(
      'every pair of people agrees exactly as much as the others: no spread to measure the judge against',
    );
  });
});

describe('human-likeness in the report', () => {
  it("takes the judge's kappa with each person as a plain count gives it", () => {
    const data = biasStudy({ seed: 21, puzzles: 60 });
    const built = buildReport({ ...data, settings: { bootstrap: 0, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
    const units = indexStudy(data.study, data.labels).units.answer;
    const shared = units.flatMap((unit) => {
      const judge = unit.judgements.get(BIASED_JUDGE);
      const person = unit.humans.find((human) => human.annotator === 'a2')?.value;
      return judge === undefined || person === undefined ? [] : [[judge, person] as const];
    });
    const a2 = row(built, 'answer').withPeople.find((one) => one.annotator === 'a2');
    expect(a2?.n).toBe(shared.length);
    expect(a2?.kappa).toBeCloseTo(
      plainKappa(
        shared.map(([judge]) => judge),
        shared.map(([, person]) => person),
      ),
      12,
    );
  });

  it('calls a judge that errs as often as the middle person human-like, one that never errs more consistent, one that errs twice as often as the worst less', () => {
    for (const seed of [31, 32, 33]) {
      for (const task of ['answer', 'match'] as const) {
        expect(row(report(0.12, seed), task).verdict, `seed ${seed} ${task} error 0.12`).toBe('human-like');
        expect(row(report(0, seed), task).verdict, `seed ${seed} ${task} error 0`).toBe('more consistent than people');
        expect(row(report(0.4, seed), task).verdict, `seed ${seed} ${task} error 0.4`).toBe('less consistent than people');
      }
    }
  });

  it("ranks the players under each judge of the final answers, with tau-b and scipy's p", () => {
    const built = report(0.12, 41);
    const [ranking] = built.judges?.rankings ?? [];
    expect(ranking?.judge).toBe(BIASED_JUDGE);
    // The study's one judge plays judge in every session: its ranking is the player outcomes'.
    expect(ranking?.ranking).toEqual(built.players.ranking);
    // Every final has a verdict under both sources, so the ranking's O/A are the outcome table's.
    const players = ranking?.ranking?.humanRanking ?? [];
    const oa = (verdicts: 'judge' | 'human') =>
      players.map((player) => built.players.outcomes.find((o) => o.player === player && o.bucket === 'all' && o.verdicts === verdicts)?.oa as number);
    expect(players.length).toBe(3);
    expect(ranking?.ranking?.kendallP).toBe(kendallTauP(oa('judge'), oa('human')));
  });
});
