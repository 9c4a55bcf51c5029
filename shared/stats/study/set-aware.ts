// Agreement on questions with more than one right answer (issue 33 point 4): a judge agrees with a
// person when its label is in the person's set of acceptable answers, with gold when it is in the
// gold set, and two people agree when their sets share an answer. Each figure stands beside its
// forced-choice twin (every label's `value`), both made on the same units with the same bootstrap
// as the report's agreement tables, so the forced-choice column is the table's row (to the last
// bit of an interval: the replicates group the clusters of more rater pairs together).

import type { ReportBucket, Resampling } from '../../report/model/report-model';
import type { SetAlphaRow, SetAwareRow, SetAwareSection, SetDifference } from '../../report/model/set-aware-model';
import { percentileInterval, type BootstrapOptions, type BootstrapPlan, type ReplicateJob } from '../bootstrap';
import { masiDistance, setAlpha, type LabelSet } from '../reliability/set-agreement';
import { agreementFiguresPlan, GOLD, judgeGroup, type AgreementFigure, type UnitScore } from './agreement';
import { resamplingClusters } from './resampling';
import type { HumanLabel, TaskUnit } from './study-units';

const HUMAN = 'human';

/** The answers a person accepts on a unit: the set, or the value alone. */
export function humanAnswers(human: HumanLabel): readonly string[] {
  return human.acceptable ?? [human.value];
}

/** The answers gold accepts on a unit, when it has gold. */
export function goldAnswers(unit: TaskUnit): readonly string[] | undefined {
  return unit.goldAcceptable ?? (unit.gold === undefined ? undefined : [unit.gold]);
}

/** One comparison: its forced-choice and set-aware score of a unit, null where the unit takes no part (both take part on the same units). */
interface SetComparison {
  a: string;
  b: string;
  forcedChoice: (unit: TaskUnit) => UnitScore | null;
  setAware: (unit: TaskUnit) => UnitScore | null;
}

/**
 * The answer task's set-aware section still to be bootstrapped, or undefined when no label or
 * gold label on its units holds a set (the report asks only when indexStudy kept one). Rows per bucket:
 * each judge against people, people against each other, then each judge against gold when some
 * unit has gold; `categories` are the task's (a set is a bitmask of their indices for alpha).
 */
export function setAwarePlan(
  units: readonly TaskUnit[],
  judges: readonly string[],
  categories: readonly string[],
  buckets: readonly ReportBucket[],
  bootstrap: BootstrapOptions,
  resample: Resampling,
): BootstrapPlan<SetAwareSection> | undefined {
  let labelsWithSets = 0;
  let goldWithSets = 0;
  let withGold = false;
  for (const unit of units) {
    for (const human of unit.humans) if (human.acceptable !== undefined) labelsWithSets++;
    if (unit.goldAcceptable !== undefined) goldWithSets++;
    if (unit.gold !== undefined) withGold = true;
  }
  if (labelsWithSets + goldWithSets === 0) return undefined;

  const comparisons: SetComparison[] = [
    ...judges.map((model) => judgeAgainstPeople(model)),
    {
      a: HUMAN,
      b: HUMAN,
      // A value alone is a set of one: two meet exactly when they are the same answer.
      forcedChoice: (unit) => peoplePairs(unit, (human) => maskOf([human.value], categories)),
      setAware: (unit) => peoplePairs(unit, (human) => maskOf(humanAnswers(human), categories)),
    },
    ...(withGold ? judges.map((model) => judgeAgainstGold(model)) : []),
  ];
  // scores[2c] forced choice, scores[2c + 1] set-aware, of comparison c on every unit.
  const scores = comparisons.flatMap((comparison) => [units.map(comparison.forcedChoice), units.map(comparison.setAware)]);
  const planned: { bucket: number; pairs: number[]; plan: BootstrapPlan<AgreementFigure[]> }[] = [];
  buckets.forEach((bucket, b) => {
    // Comparisons on exactly the same units share their replicates, as in agreementRowsPlan: with
    // the same seed each gets the interval it would get alone.
    const sharing: Array<{ units: number[]; pairs: number[] }> = [];
    comparisons.forEach((_, c) => {
      const taking: number[] = [];
      units.forEach((unit, u) => {
        if (scores[2 * c]?.[u] && (bucket === 'all' || unit.bucket === bucket)) taking.push(u);
      });
      const same = sharing.find((group) => group.units.length === taking.length && group.units.every((u, i) => u === taking[i]));
      if (same) same.pairs.push(2 * c, 2 * c + 1);
      else sharing.push({ units: taking, pairs: [2 * c, 2 * c + 1] });
    });
    for (const same of sharing) {
      const sameScores = same.pairs.map((p) => same.units.map((u) => scores[p]?.[u] as UnitScore));
      const clusters = resamplingClusters(
        same.units.map((u) => units[u] as TaskUnit),
        resample,
      );
      planned.push({ bucket: b, pairs: same.pairs, plan: agreementFiguresPlan(sameScores, bootstrap, clusters) });
    }
  });

  const alphaPlans = buckets.map((bucket) => peopleAlphaPlan(units, categories, bucket, bootstrap, resample));
  return {
    jobs: [...planned.flatMap(({ plan }) => plan.jobs), ...alphaPlans.flatMap((plan) => plan.jobs)],
    result() {
      // figures[pair][bucket]
      const figures = scores.map(() => new Array<AgreementFigure>(buckets.length));
      for (const { bucket, pairs, plan } of planned)
        plan.result().forEach((figure, i) => {
          (figures[pairs[i] as number] as AgreementFigure[])[bucket] = figure;
        });
      const rows: SetAwareRow[] = comparisons.flatMap((comparison, c) =>
        buckets.map((bucket, b) => ({
          bucket,
          a: comparison.a,
          b: comparison.b,
          forcedChoice: figures[2 * c]?.[b] as AgreementFigure,
          setAware: figures[2 * c + 1]?.[b] as AgreementFigure,
        })),
      );
      return {
        task: 'answer',
        labelsWithSets,
        goldWithSets,
        rows,
        alpha: alphaPlans.map((plan) => plan.result()),
        differences: setDifferences(units, judges),
      };
    },
  };
}

function judgeAgainstPeople(model: string): SetComparison {
  const score = (unit: TaskUnit, agrees: (human: HumanLabel, label: string) => boolean): UnitScore | null => {
    const label = unit.judgements.get(model);
    if (label === undefined || unit.humans.length === 0) return null;
    let agreements = 0;
    for (const human of unit.humans) if (agrees(human, label)) agreements++;
    return { agreements, comparisons: unit.humans.length };
  };
  return {
    a: judgeGroup(model),
    b: HUMAN,
    forcedChoice: (unit) => score(unit, (human, label) => human.value === label),
    setAware: (unit) => score(unit, (human, label) => humanAnswers(human).includes(label)),
  };
}

function judgeAgainstGold(model: string): SetComparison {
  const score = (unit: TaskUnit, agrees: (label: string) => boolean): UnitScore | null => {
    const label = unit.judgements.get(model);
    if (label === undefined || unit.gold === undefined) return null;
    return { agreements: agrees(label) ? 1 : 0, comparisons: 1 };
  };
  return {
    a: judgeGroup(model),
    b: GOLD,
    forcedChoice: (unit) => score(unit, (label) => label === unit.gold),
    setAware: (unit) => score(unit, (label) => (goldAnswers(unit) as readonly string[]).includes(label)),
  };
}

/**
 * Agreeing unordered pairs of people on a unit out of C(k, 2), none when k < 2: counted by distinct
 * answer (forced choice) or distinct set (sets meet when their bitmasks share a bit), so a unit
 * costs k plus its distinct sets squared, not k squared (SPLAT has about 55 people on a unit).
 */
function peoplePairs(unit: TaskUnit, keyOf: (human: HumanLabel) => number): UnitScore | null {
  const { humans } = unit;
  if (humans.length < 2) return null;
  const counts = new Map<number, number>();
  for (const human of humans) {
    const key = keyOf(human);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const keys = [...counts.keys()];
  let agreements = 0;
  keys.forEach((a, i) => {
    const na = counts.get(a) as number;
    agreements += (na * (na - 1)) / 2;
    for (const b of keys.slice(i + 1)) if ((a & b) !== 0) agreements += na * (counts.get(b) as number);
  });
  return { agreements, comparisons: (humans.length * (humans.length - 1)) / 2 };
}

/** The bitmask of a set of answers over the task's categories (set-agreement.ts). */
function maskOf(answers: readonly string[], categories: readonly string[]): LabelSet {
  let mask = 0;
  for (const answer of answers) mask |= 1 << categories.indexOf(answer);
  return mask;
}

/**
 * People's alpha on one bucket's units: nominal on their values (sets of one, where MASI is the
 * nominal distance) and MASI on their sets, each with a percentile interval from the replicates
 * that draw the bucket's clusters as the agreement rows do. A replicate's alpha comes from each
 * drawn cluster's sums: its within-unit disagreement, its pairable labels and its count of each
 * distinct set, so it costs clusters times distinct sets, not labels.
 */
function peopleAlphaPlan(
  units: readonly TaskUnit[],
  categories: readonly string[],
  bucket: ReportBucket,
  bootstrap: BootstrapOptions,
  resample: Resampling,
): BootstrapPlan<SetAlphaRow> {
  const inBucket = units.filter((unit) => bucket === 'all' || unit.bucket === bucket);
  const { clusterOfUnit, clusters } = resamplingClusters(inBucket, resample);
  const kinds = [(human: HumanLabel) => maskOf([human.value], categories), (human: HumanLabel) => maskOf(humanAnswers(human), categories)].map((setOf) => {
    const sets = inBucket.map((unit) => unit.humans.map(setOf));
    const alpha = setAlpha(sets);
    // Per cluster: the within-unit sum of alpha's Do numerator, pairable labels, and each distinct set's count.
    const distinct: LabelSet[] = [];
    const within = new Float64Array(clusters);
    const pairable = new Float64Array(clusters);
    const counts: Float64Array[] = [];
    sets.forEach((unitSets, u) => {
      if (unitSets.length < 2) return;
      const c = clusterOfUnit[u] as number;
      pairable[c] = (pairable[c] as number) + unitSets.length;
      let sum = 0;
      unitSets.forEach((a, i) => unitSets.forEach((b, j) => i !== j && (sum += masiDistance(a, b))));
      within[c] = (within[c] as number) + sum / (unitSets.length - 1);
      for (const set of unitSets) {
        let d = distinct.indexOf(set);
        if (d < 0) {
          d = distinct.push(set) - 1;
          counts.push(new Float64Array(clusters));
        }
        const column = counts[d] as Float64Array;
        column[c] = (column[c] as number) + 1;
      }
    });
    const distances = distinct.map((a) => distinct.map((b) => masiDistance(a, b)));
    return { alpha, within, pairable, counts, distances, replicates: [] as number[], undefinedReplicates: 0 };
  });
  const totals = new Float64Array(Math.max(...kinds.map((kind) => kind.counts.length), 0));
  const job: ReplicateJob = {
    groupOfUnit: Uint32Array.from({ length: clusters }, (_, c) => c),
    groupCount: clusters,
    add(draws) {
      for (const kind of kinds) {
        let within = 0;
        let n = 0;
        totals.fill(0);
        for (let c = 0; c < clusters; c++) {
          const drawn = draws[c] as number;
          if (drawn === 0) continue;
          within += drawn * (kind.within[c] as number);
          n += drawn * (kind.pairable[c] as number);
          kind.counts.forEach((column, d) => (totals[d] = (totals[d] as number) + drawn * (column[c] as number)));
        }
        let between = 0;
        kind.distances.forEach((row, i) => row.forEach((distance, j) => (between += (totals[i] as number) * (totals[j] as number) * distance)));
        if (n < 2 || between === 0) kind.undefinedReplicates++;
        else kind.replicates.push(1 - within / n / (between / (n * (n - 1))));
      }
    },
  };
  const withBootstrap = bootstrap.replicates > 0 && clusters > 0;
  return {
    jobs: withBootstrap ? [job] : [],
    result() {
      const [forced, masi] = kinds as [(typeof kinds)[number], (typeof kinds)[number]];
      const undefinedReasons: Record<string, string> = {};
      if (forced.alpha.reason !== undefined) undefinedReasons.forcedChoice = forced.alpha.reason;
      if (masi.alpha.reason !== undefined) undefinedReasons.masi = masi.alpha.reason;
      const interval = (kind: typeof forced) => (kind.alpha.value === null ? null : percentileInterval(Float64Array.from(kind.replicates)));
      return {
        bucket,
        forcedChoice: forced.alpha.value,
        masi: masi.alpha.value,
        pairableValues: masi.alpha.pairableValues,
        ...(withBootstrap
          ? {
              forcedChoiceCi95: interval(forced),
              masiCi95: interval(masi),
              undefinedReplicates: { forcedChoice: forced.undefinedReplicates, masi: masi.undefinedReplicates },
            }
          : {}),
        undefinedReasons,
      };
    },
  };
}

/**
 * Each judge's label that some person's set or the gold set accepts though their forced choice is
 * another answer, in unit then judge order. The reverse, forced choice right and the set wrong,
 * cannot happen: every set holds its value.
 */
function setDifferences(units: readonly TaskUnit[], judges: readonly string[]): SetDifference[] {
  const differences: SetDifference[] = [];
  for (const unit of units) {
    const gold = goldAnswers(unit);
    if (unit.goldAcceptable === undefined && unit.humans.every((human) => human.acceptable === undefined)) continue;
    for (const judge of judges) {
      const label = unit.judgements.get(judge);
      if (label === undefined) continue;
      const peopleOnlyBySet = unit.humans.filter((human) => human.value !== label && humanAnswers(human).includes(label)).length;
      const goldOnlyBySet = unit.gold !== undefined && unit.gold !== label && (gold as readonly string[]).includes(label);
      if (peopleOnlyBySet === 0 && !goldOnlyBySet) continue;
      differences.push({
        unitId: unit.id,
        puzzleId: unit.puzzleId,
        judge,
        label,
        peopleOnlyBySet,
        people: unit.humans.length,
        goldOnlyBySet,
        sets: unit.humans.map((human) => ({ annotator: human.annotator, answers: [...humanAnswers(human)] })),
        ...(gold === undefined ? {} : { gold: [...gold] }),
      });
    }
  }
  return differences;
}
