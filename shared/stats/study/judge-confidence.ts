// What a judge's own confidence says (issue 31 points 1 and 2), on the units where it kept its
// samples or its log-probabilities: its calibration against the strict human majority, and how
// far its samples agree with each other. Only those units are read, so a study without them
// costs nothing here.

import type { CalibrationRow, ConfidenceSource, ReportTask, Resampling, SelfConsistencyRow, TestedShare } from '../../report/model/report-model';
import type { BootstrapOptions } from '../bootstrap';
import { clusterSeries, type ClusterRatioTest, type ClusterSeries } from '../cluster-ratio-test';
import { clusteredCalibration, type ClusteredVerdict } from '../judge/calibration';
import { cohenPairs, type Rating } from '../reliability';
import { humanMajority } from './majority';
import { resamplingClusters } from './resampling';
import type { TaskUnit, UnitConfidence } from './study-units';

export interface ConfidenceSettings {
  resample: Resampling;
  bootstrap: BootstrapOptions;
}

/** The figures still to be tested: the self-consistency flips as ratio series (cluster-ratio-test.ts), and the rows once they are. */
export interface ConfidencePlan {
  flips: ClusterSeries[];
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
 * two or more samples, people or not.
 */
export function confidencePlan(task: ReportTask, confident: readonly TaskUnit[], judges: readonly string[], settings: ConfidenceSettings): ConfidencePlan {
  const { clusterOfUnit } = resamplingClusters(confident, settings.resample);
  const majorities = confident.map(humanMajority);
  const consistency = judges.map((judge) => selfConsistencyOf(judge, confident, clusterOfUnit));
  const withSamples = consistency.flatMap((one, j) => (one === undefined ? [] : [{ judge: judges[j] as string, ...one }]));
  return {
    flips: withSamples.map((one) => one.flips),
    rows(flipTests) {
      const calibration = judges.flatMap((judge) =>
        SOURCES.flatMap(([source, confidenceOf]): CalibrationRow[] => {
          const verdicts: ClusteredVerdict[] = [];
          confident.forEach((unit, u) => {
            const label = unit.judgements.get(judge);
            const majority = majorities[u] ?? null;
            const confidence = unit.confidence?.get(judge);
            const value = confidence === undefined ? undefined : confidenceOf(confidence);
            if (label === undefined || majority === null || value === undefined) return;
            verdicts.push({ cluster: clusterOfUnit[u] as number, confidence: value, agrees: label === majority });
          });
          if (verdicts.length === 0) return [];
          const { n, bins, ece, eceCi95, brier, brierCi95 } = clusteredCalibration(verdicts, settings.bootstrap);
          return [{ task, judge, source, n, bins, ece, eceCi95, brier, brierCi95 }];
        }),
      );
      const selfConsistency = withSamples.map(({ judge, units, samples, selfAgreement, kappa }, j): SelfConsistencyRow => ({
        task,
        judge,
        units,
        samples,
        selfAgreement,
        kappa,
        flips: testedShare(flipTests[j] as ClusterRatioTest),
      }));
      return { calibration, selfConsistency };
    },
  };
}

/** A ratio test as a share with its interval and p. */
export function testedShare(test: ClusterRatioTest): TestedShare {
  return { value: test.value, ci95: test.ci95, pValue: test.pValue, ...(test.reason === undefined ? {} : { reason: test.reason }) };
}

/** The judge's agreement with itself over the units with two or more of its samples; undefined without such a unit. */
function selfConsistencyOf(judge: string, confident: readonly TaskUnit[], clusterOfUnit: Uint32Array) {
  const flips: { cluster: number; value: number }[] = [];
  const pairs: Rating[] = [];
  const sampleCounts = new Map<number, number>();
  let agreement = 0;
  confident.forEach((unit, u) => {
    const samples = unit.confidence?.get(judge)?.samples;
    const label = unit.judgements.get(judge);
    if (samples === undefined || label === undefined) return;
    const k = samples.length;
    sampleCounts.set(k, (sampleCounts.get(k) ?? 0) + 1);
    const counts = new Map<string, number>();
    for (const sample of samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
    let agreeing = 0;
    for (const count of counts.values()) agreeing += count * (count - 1);
    agreement += agreeing / (k * (k - 1));
    flips.push({ cluster: clusterOfUnit[u] as number, value: Number(samples[0] !== label) });
    pairs.push({ unit: unit.id, rater: 'first', value: samples[0] as string }, { unit: unit.id, rater: 'second', value: samples[1] as string });
  });
  if (flips.length === 0) return undefined;
  const [firstAgainstSecond] = cohenPairs(pairs);
  // The most common number of samples, the larger on a tie: what the run asked for, where a few samples failed.
  const samples = [...sampleCounts].sort(([k1, c1], [k2, c2]) => c2 - c1 || k2 - k1)[0]?.[0] ?? 0;
  return {
    units: flips.length,
    samples,
    selfAgreement: agreement / flips.length,
    kappa: firstAgainstSecond?.cohenKappa ?? null,
    flips: clusterSeries(flips),
  };
}
