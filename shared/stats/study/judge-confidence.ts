// What a judge's own confidence says (issue 31 points 1 and 2), on the units where it kept its
// samples or its log-probabilities: its calibration against the strict human majority, and how
// far its samples agree with each other. Only those units are read, so a study without them
// costs nothing here.

import type { CalibrationRow, ConfidenceSource, ReportTask, Resampling, SelfConsistencyRow, TestedShare } from '../../report/model/report-model';
import type { BootstrapOptions, BootstrapPlan } from '../bootstrap';
import { clusterSeries, type ClusterRatioTest, type ClusterSeries } from '../cluster-ratio-test';
import { clusteredCalibrationsPlan, type CalibrationWithIntervals, type ClusteredVerdict } from '../judge/calibration';
import { cohenPairs, type Rating } from '../reliability';
import { humanMajority } from './majority';
import type { TaskUnit, UnitConfidence } from './study-units';

/** A unit with a judge's confidence from one source, and whether its label agrees with the strict human majority (null without one). */
export interface ConfidentUnit {
  id: string;
  confidence: number;
  agrees: boolean | null;
}

/** A judge's units with its confidence from one source, in study order. */
export interface ConfidentUnits {
  judge: string;
  source: ConfidenceSource;
  units: ConfidentUnit[];
}

export interface ConfidenceSettings {
  resample: Resampling;
  bootstrap: BootstrapOptions;
}

/**
 * The figures still to be tested: the self-consistency flips as ratio series
 * (cluster-ratio-test.ts), the calibrations still to be bootstrapped, and the rows once both are.
 */
export interface ConfidencePlan {
  flips: ClusterSeries[];
  calibration: BootstrapPlan<CalibrationWithIntervals[]>;
  /** Per judge and source with units, gathered in the same pass (selective evaluation reads them). */
  confidentUnits: ConfidentUnits[];
  rows(flipTests: readonly ClusterRatioTest[]): { calibration: CalibrationRow[]; selfConsistency: SelfConsistencyRow[] };
}

const SOURCES: ReadonlyArray<[ConfidenceSource, (confidence: UnitConfidence) => number | undefined]> = [
  ['samples', (confidence) => confidence.share],
  ['log-probabilities', (confidence) => confidence.probability],
];

/**
 * The plan of one task's figures over `confident`, the task's units with a judge's confidence
 * (StudyUnits.confident), per judge in `judges` order. Calibration takes the units with the
 * judge's label, its confidence and a strict human majority; self-consistency every unit with
 * two or more samples, people or not; selective evaluation every unit with the judge's label and
 * confidence. One pass over those units for every judge and source.
 */
export function confidencePlan(task: ReportTask, confident: readonly TaskUnit[], judges: readonly string[], settings: ConfidenceSettings): ConfidencePlan {
  const verdicts = judges.map(() => SOURCES.map((): ClusteredVerdict[] => []));
  const gathered = judges.map(() => SOURCES.map((): ConfidentUnit[] => []));
  const consistency = judges.map(() => ({
    flips: [] as { cluster: number; value: number }[],
    pairs: [] as Rating[],
    sampleCounts: new Map<number, number>(),
    agreement: 0,
  }));
  const clusterOfPuzzle = new Map<string, number>();
  confident.forEach((unit, u) => {
    let cluster = u;
    if (settings.resample === 'puzzles') {
      cluster = clusterOfPuzzle.get(unit.puzzleId) ?? clusterOfPuzzle.size;
      clusterOfPuzzle.set(unit.puzzleId, cluster);
    }
    const majority = humanMajority(unit);
    judges.forEach((judge, j) => {
      const label = unit.judgements.get(judge);
      const confidence = unit.confidence?.get(judge);
      if (label === undefined || confidence === undefined) return;
      const agrees = majority === null ? null : label === majority;
      SOURCES.forEach(([, confidenceOf], s) => {
        const value = confidenceOf(confidence);
        if (value === undefined) return;
        gathered[j]?.[s]?.push({ id: unit.id, confidence: value, agrees });
        if (agrees !== null) verdicts[j]?.[s]?.push({ cluster, confidence: value, agrees });
      });
      const { samples } = confidence;
      if (samples !== undefined) addSamples(consistency[j] as SelfConsistencyTally, unit.id, cluster, samples, label);
    });
  });
  const withSamples = consistency.flatMap((tally, j) => (tally.flips.length === 0 ? [] : [{ judge: judges[j] as string, tally }]));
  const planned = judges.flatMap((judge, j) =>
    SOURCES.flatMap(([source], s) => {
      const list = verdicts[j]?.[s] ?? [];
      return list.length === 0 ? [] : [{ judge, source, list }];
    }),
  );
  const calibrationPlan = clusteredCalibrationsPlan(
    planned.map(({ list }) => list),
    settings.bootstrap,
  );
  return {
    flips: withSamples.map(({ tally }) => clusterSeries(tally.flips)),
    calibration: calibrationPlan,
    confidentUnits: judges.flatMap((judge, j) =>
      SOURCES.flatMap(([source], s) => {
        const units = gathered[j]?.[s] ?? [];
        return units.length === 0 ? [] : [{ judge, source, units }];
      }),
    ),
    rows(flipTests) {
      const calibrated = calibrationPlan.result();
      const calibration = planned.map(({ judge, source }, c): CalibrationRow => {
        const { n, bins, ece, eceCi95, brier, brierCi95 } = calibrated[c] as CalibrationWithIntervals;
        return { task, judge, source, n, bins, ece, eceCi95, brier, brierCi95 };
      });
      const selfConsistency = withSamples.map(({ judge, tally }, j): SelfConsistencyRow => {
        const [firstAgainstSecond] = cohenPairs(tally.pairs);
        // The most common number of samples, the larger on a tie: what the run asked for, where a few samples failed.
        const samples = [...tally.sampleCounts].sort(([k1, c1], [k2, c2]) => c2 - c1 || k2 - k1)[0]?.[0] ?? 0;
        return {
          task,
          judge,
          units: tally.flips.length,
          samples,
          selfAgreement: tally.agreement / tally.flips.length,
          kappa: firstAgainstSecond?.cohenKappa ?? null,
          flips: testedShare(flipTests[j] as ClusterRatioTest),
        };
      });
      return { calibration, selfConsistency };
    },
  };
}

/** What self-consistency gathers of a judge's units with samples. */
interface SelfConsistencyTally {
  /** Per unit, whether its first sample is not the majority's, in its cluster. */
  flips: { cluster: number; value: number }[];
  /** The first and the second sample of each unit, as two raters. */
  pairs: Rating[];
  sampleCounts: Map<number, number>;
  /** The sum over units of the share of pairs of samples that agree. */
  agreement: number;
}

function addSamples(tally: SelfConsistencyTally, unitId: string, cluster: number, samples: readonly string[], label: string): void {
  const k = samples.length;
  tally.sampleCounts.set(k, (tally.sampleCounts.get(k) ?? 0) + 1);
  const counts = new Map<string, number>();
  for (const sample of samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
  let agreeing = 0;
  for (const count of counts.values()) agreeing += count * (count - 1);
  tally.agreement += agreeing / (k * (k - 1));
  tally.flips.push({ cluster, value: Number(samples[0] !== label) });
  tally.pairs.push({ unit: unitId, rater: 'first', value: samples[0] as string }, { unit: unitId, rater: 'second', value: samples[1] as string });
}

/** A ratio test as a share with its interval and p. */
export function testedShare(test: ClusterRatioTest): TestedShare {
  return { value: test.value, ci95: test.ci95, pValue: test.pValue, ...(test.reason === undefined ? {} : { reason: test.reason }) };
}
