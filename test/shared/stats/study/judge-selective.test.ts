// Selective evaluation in the report (issue 32 point 5), on seeded studies with a judge's samples
// and probabilities: each row equals selectiveEvaluation() called on the units counted plainly
// (agreement with the strict human majority), and the escalated units are the judge's units with
// the confidence below the threshold, or all of them when none passes.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../../shared/report/build-report';
import type { ConfidenceSource, SelectiveEvaluationRow } from '../../../../shared/report/model/report-model';
import { selectiveEvaluation } from '../../../../shared/stats/judge/selective-evaluation';
import { escalatedUnits, SELECTIVE_AGREEMENT, SELECTIVE_RISK } from '../../../../shared/stats/study/judge-selective';
import { indexStudy, type TaskUnit } from '../../../../shared/stats/study/study-units';
import { BIASED_JUDGE, biasStudy, type BiasStudyOptions } from './bias-study';
import { plainMajority } from './plain-figures';
import { NOW } from './study-fixtures';

/** The lead's target, when not the default. */
type Target = { selectiveAgreement: number; selectiveRisk: number };

function build(options: Omit<BiasStudyOptions, 'puzzles'>, target?: Target) {
  const data = biasStudy({ puzzles: 120, ...options });
  const report = buildReport({ ...data, settings: { bootstrap: 0, seed: 2, average: 'micro', ...target }, inputs: [], app: 'test', now: NOW });
  return { units: indexStudy(data.study, data.labels).units, rows: report.judges?.selectiveEvaluation ?? [] };
}

const plainConfidence = (unit: TaskUnit, source: ConfidenceSource) =>
  source === 'samples' ? unit.confidence?.get(BIASED_JUDGE)?.share : unit.confidence?.get(BIASED_JUDGE)?.probability;

/** The row as selectiveEvaluation() gives it on the units counted here, and the escalated units counted plainly. */
function expected(units: readonly TaskUnit[], source: ConfidenceSource, target?: Target) {
  const labelled = units.filter((unit) => unit.judgements.has(BIASED_JUDGE));
  const confident = labelled.filter((unit) => plainConfidence(unit, source) !== undefined);
  const calibration = confident.flatMap((unit) => {
    const people = plainMajority(unit.humans.map((human) => human.value));
    return people === null ? [] : [{ confidence: plainConfidence(unit, source) as number, agrees: unit.judgements.get(BIASED_JUDGE) === people }];
  });
  const result = selectiveEvaluation(
    calibration,
    confident.map((unit) => plainConfidence(unit, source) as number),
    Number((1 - (target?.selectiveAgreement ?? 0.9)).toFixed(12)),
    target?.selectiveRisk ?? 0.1,
  );
  const escalated = confident
    .filter((unit) => result.threshold === null || (plainConfidence(unit, source) as number) < (result.threshold as number))
    .map((unit) => unit.id);
  return { result, escalated, units: confident.length };
}

function check(row: SelectiveEvaluationRow | undefined, units: readonly TaskUnit[], target?: Target) {
  expect(row).toBeDefined();
  const { result, escalated, units: confident } = expected(units, row?.source ?? 'samples', target);
  const { alpha, delta, threshold, passes, calibrationUnits, keptCalibrationUnits, keptCalibrationShare, keptShare, agreementOnKept, reason } = result;
  expect(row).toEqual({
    task: row?.task,
    judge: BIASED_JUDGE,
    source: row?.source,
    alpha,
    delta,
    threshold,
    passes,
    calibrationUnits,
    keptCalibrationUnits,
    keptCalibrationShare,
    units: confident,
    keptShare,
    agreementOnKept,
    escalatedUnits: row?.escalatedUnits,
    ...(reason === undefined ? {} : { reason }),
  });
  // The same units, in the order of the report's units.
  expect([...(row?.escalatedUnits ?? [])].sort()).toEqual(escalated.sort());
  return result;
}

describe('selective evaluation in the report', () => {
  it('runs at 90% agreement with risk 0.1 by default, and at the target the lead sets', () => {
    expect([SELECTIVE_AGREEMENT, SELECTIVE_RISK]).toEqual([0.9, 0.1]);
    const { units, rows } = build({ seed: 5, samples: 3, judgeErrorRate: 0.03 });
    const target = { selectiveAgreement: 0.8, selectiveRisk: 0.2 };
    const lenient = build({ seed: 5, samples: 3, judgeErrorRate: 0.03 }, target).rows;
    const strict = build({ seed: 5, samples: 3, judgeErrorRate: 0.03 }, { selectiveAgreement: 0.99, selectiveRisk: 0.05 }).rows;
    const answerRow = (all: SelectiveEvaluationRow[]) => all.find((row) => row.task === 'answer' && row.source === 'samples');
    expect([answerRow(rows)?.alpha, answerRow(rows)?.delta]).toEqual([0.1, 0.1]);
    const result = check(answerRow(lenient), units.answer, target);
    expect([result.alpha, result.delta]).toEqual([0.2, 0.2]);
    // A lower target keeps at least as many units; a higher one at most as many.
    expect(answerRow(lenient)?.keptShare).toBeGreaterThanOrEqual(answerRow(rows)?.keptShare ?? 1);
    expect(answerRow(strict)?.keptShare).toBeLessThanOrEqual(answerRow(rows)?.keptShare ?? 0);
  });

  it('refuses a target agreement or risk outside 0 to 1, naming it', () => {
    expect(() => build({ seed: 5, samples: 3 }, { selectiveAgreement: 1, selectiveRisk: 0.1 })).toThrow(
      "selective evaluation's target agreement must be more than 0 and less than 1, not 1",
    );
    expect(() => build({ seed: 5, samples: 3 }, { selectiveAgreement: 0.9, selectiveRisk: 0 })).toThrow(
      /selective evaluation's risk must be more than 0 and less than 1, not 0/,
    );
  });

  it('equals selectiveEvaluation() on the units counted plainly, per task and source, and a good judge passes', () => {
    const passed: boolean[] = [];
    for (const [source, options] of [
      ['samples', { seed: 5, samples: 3, judgeErrorRate: 0.03 }],
      ['log-probabilities', { seed: 5, probability: 'calibrated' }],
    ] as const) {
      const { units, rows } = build(options);
      for (const task of ['answer', 'match'] as const) {
        const result = check(
          rows.find((row) => row.task === task && row.judge === BIASED_JUDGE && row.source === source),
          units[task],
        );
        passed.push(result.passes);
        if (result.passes) {
          const row = rows.find((one) => one.task === task && one.source === source);
          expect(row?.escalatedUnits.length).toBeLessThan(row?.units ?? 0);
          expect(row?.agreementOnKept).toBeGreaterThanOrEqual(0.9);
        }
      }
    }
    expect(passed).toContain(true);
  });

  it('sends every unit with the confidence to people, with the reason, when no threshold passes', () => {
    const { units, rows } = build({ seed: 6, samples: 3, judgeErrorRate: 0.45 });
    const failing = rows.find((row) => row.task === 'answer' && row.source === 'samples');
    const result = check(failing, units.answer);
    expect(result.passes).toBe(false);
    expect(failing?.threshold).toBeNull();
    expect(failing?.escalatedUnits.length).toBe(failing?.units);
    expect(failing?.reason).toMatch(/90% agreement with 90% certainty/);
  });
});

describe('escalatedUnits', () => {
  const units = [
    { id: 'a', confidence: 1, agrees: true },
    { id: 'b', confidence: 2 / 3, agrees: null },
    { id: 'c', confidence: 0.5, agrees: false },
    { id: 'd', confidence: 0.9, agrees: true },
  ];

  it('takes the units below the threshold, in order', () => {
    expect(escalatedUnits(units, 0.7)).toEqual(['b', 'c']);
    expect(escalatedUnits(units, 2 / 3)).toEqual(['c']);
    expect(escalatedUnits(units, 0)).toEqual([]);
  });

  it('takes every unit when no threshold passed', () => {
    expect(escalatedUnits(units, null)).toEqual(['a', 'b', 'c', 'd']);
  });
});
