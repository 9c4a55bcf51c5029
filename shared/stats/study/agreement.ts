// Raw agreement of SPEC §4: human-judge (HJ, the paper's R and M), human-human (HH) and
// judge-judge (JJ; gold labels count as one more judge), micro over comparisons or pairs and
// macro over units, per bucket, each with a percentile bootstrap interval over units.

import type { AgreementRow, ReportBucket } from '../../report/report-model';
import { bootstrapGroupsMany, type BootstrapOptions } from '../bootstrap';
import { humanLabelCounts } from './majority';
import type { TaskUnit } from './study-units';

/** What one unit adds to a figure: agreeing comparisons (or pairs) out of all of them. */
export interface UnitScore {
  agreements: number;
  comparisons: number;
}

export type AgreementFigure = Omit<AgreementRow, 'bucket' | 'a' | 'b'>;

/** Who is compared with whom; `score` is null when the unit takes no part. */
interface RaterPair {
  a: string;
  b: string;
  score: (unit: TaskUnit, humanCounts: ReadonlyMap<string, number>) => UnitScore | null;
}

const HUMAN = 'human';

/** The rater group of the lead's gold labels (see RaterGroup in report-model.ts). */
export const GOLD = 'gold';

export function judgeGroup(model: string): string {
  return `judge:${model}`;
}

/** A rater group with at most one label per unit, compared with the others as a judge is: a judge model, or gold. */
export interface FixedRater {
  group: string;
  labelOf: (unit: TaskUnit) => string | undefined;
}

/** The task's judges in the order given, then gold when `gold` is set: gold is compared like one more judge. */
export function fixedRaters(judges: readonly string[], gold: boolean): FixedRater[] {
  const raters = judges.map((model): FixedRater => ({ group: judgeGroup(model), labelOf: (unit) => unit.judgements.get(model) }));
  if (gold) raters.push({ group: GOLD, labelOf: (unit) => unit.gold });
  return raters;
}

/**
 * The rows of one task's table: each judge vs human, human vs human, then every pair of judges,
 * each over `buckets` in order (SPEC §4, FORMATS §5). With `gold`, the gold labels are one more
 * judge after the last: gold vs human before human vs human, each judge vs gold last.
 * `bootstrap.replicates` 0 gives no intervals.
 */
export function agreementRows(units: readonly TaskUnit[], judges: readonly string[], buckets: readonly ReportBucket[], bootstrap: BootstrapOptions, gold = false): AgreementRow[] {
  const raters = fixedRaters(judges, gold);
  const pairs: RaterPair[] = [];
  for (const rater of raters) pairs.push({ a: rater.group, b: HUMAN, score: (unit, counts) => humanFixedScore(unit, counts, rater) });
  pairs.push({ a: HUMAN, b: HUMAN, score: humanHumanScore });
  raters.forEach((first, i) => {
    for (const second of raters.slice(i + 1)) pairs.push({ a: first.group, b: second.group, score: (unit) => fixedFixedScore(unit, first, second) });
  });

  const humanCounts = units.map(humanLabelCounts);
  const scores = pairs.map((pair) => units.map((unit, u) => pair.score(unit, humanCounts[u] as Map<string, number>)));
  // figures[pair][bucket]
  const figures = pairs.map(() => new Array<AgreementFigure>(buckets.length));
  buckets.forEach((bucket, b) => {
    // Pairs that take part on exactly the same units share their bootstrap replicates: with the
    // same seed each gets the interval it would get alone, for one resampling instead of several.
    const clusters: Array<{ units: number[]; pairs: number[] }> = [];
    pairs.forEach((_, p) => {
      const taking: number[] = [];
      units.forEach((unit, u) => {
        if (scores[p]?.[u] && (bucket === 'all' || unit.bucket === bucket)) taking.push(u);
      });
      const cluster = clusters.find((c) => sameUnits(c.units, taking));
      if (cluster) cluster.pairs.push(p);
      else clusters.push({ units: taking, pairs: [p] });
    });
    for (const cluster of clusters) {
      const clusterScores = cluster.pairs.map((p) => cluster.units.map((u) => scores[p]?.[u] as UnitScore));
      agreementFigures(clusterScores, bootstrap).forEach((figure, i) => {
        (figures[cluster.pairs[i] as number] as AgreementFigure[])[b] = figure;
      });
    }
  });
  return pairs.flatMap((pair, p) => buckets.map((bucket, b) => ({ bucket, a: pair.a, b: pair.b, ...(figures[p]?.[b] as AgreementFigure) })));
}

/** HJ of one unit: the humans who gave the judge's label, out of all k humans; none when k = 0 or the judge did not label it. */
function humanFixedScore(unit: TaskUnit, humanCounts: ReadonlyMap<string, number>, rater: FixedRater): UnitScore | null {
  const label = rater.labelOf(unit);
  if (label === undefined || unit.humans.length === 0) return null;
  return { agreements: humanCounts.get(label) ?? 0, comparisons: unit.humans.length };
}

/** HH of one unit: agreeing unordered pairs of humans out of C(k, 2); none when k < 2. */
function humanHumanScore(unit: TaskUnit, humanCounts: ReadonlyMap<string, number>): UnitScore | null {
  const k = unit.humans.length;
  if (k < 2) return null;
  let agreements = 0;
  for (const count of humanCounts.values()) agreements += (count * (count - 1)) / 2;
  return { agreements, comparisons: (k * (k - 1)) / 2 };
}

/** JJ of one unit: 1 of 1 when both judges gave the same label; none unless both labelled it. */
function fixedFixedScore(unit: TaskUnit, first: FixedRater, second: FixedRater): UnitScore | null {
  const a = first.labelOf(unit);
  const b = second.labelOf(unit);
  if (a === undefined || b === undefined) return null;
  return { agreements: a === b ? 1 : 0, comparisons: 1 };
}

function sameUnits(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((u, i) => u === b[i]);
}

/**
 * Micro agreement (sum of agreements / sum of comparisons) and macro agreement (mean of the
 * units' own agreement) of one or more rater pairs over the same units (`scores[pair][unit]`),
 * each with a percentile bootstrap interval from one set of replicates that resample the units.
 * Units whose scores are identical under every pair share a bootstrap group, so a replicate costs
 * one step per distinct group and pair, not per unit.
 */
export function agreementFigures(scores: ReadonlyArray<readonly UnitScore[]>, bootstrap: BootstrapOptions): AgreementFigure[] {
  const pairCount = scores.length;
  const units = scores[0]?.length ?? 0;
  if (units === 0) return scores.map(() => ({ agreement: null, n: 0, ci95: null, macro: null, units: 0, macroCi95: null }));

  const agreements = new Float64Array(pairCount);
  const comparisons = new Float64Array(pairCount);
  const unitAgreementSums = new Float64Array(pairCount);
  const groupOfKey = new Map<string, number>();
  // groupScores[(g * pairCount + p) * 2] = agreements, [... + 1] = comparisons of pair p in group g.
  const groupScores: number[] = [];
  const groupOfUnit = new Uint32Array(units);
  for (let u = 0; u < units; u++) {
    let key = '';
    for (let p = 0; p < pairCount; p++) {
      const score = scores[p]?.[u] as UnitScore;
      agreements[p] = (agreements[p] as number) + score.agreements;
      comparisons[p] = (comparisons[p] as number) + score.comparisons;
      unitAgreementSums[p] = (unitAgreementSums[p] as number) + score.agreements / score.comparisons;
      key += `${score.agreements}/${score.comparisons};`;
    }
    let group = groupOfKey.get(key);
    if (group === undefined) {
      group = groupOfKey.size;
      groupOfKey.set(key, group);
      for (let p = 0; p < pairCount; p++) {
        const score = scores[p]?.[u] as UnitScore;
        groupScores.push(score.agreements, score.comparisons);
      }
    }
    groupOfUnit[u] = group;
  }

  const groupCount = groupOfKey.size;
  // Per pair, micro then macro; every replicate draws `units` units, each with comparisons >= 1.
  const replicate = (draws: Uint32Array): number[] => {
    const out: number[] = [];
    for (let p = 0; p < pairCount; p++) {
      let a = 0;
      let c = 0;
      let unitAgreement = 0;
      for (let g = 0; g < groupCount; g++) {
        const d = draws[g] as number;
        if (d === 0) continue;
        const ga = groupScores[(g * pairCount + p) * 2] as number;
        const gc = groupScores[(g * pairCount + p) * 2 + 1] as number;
        a += d * ga;
        c += d * gc;
        unitAgreement += (d * ga) / gc;
      }
      out.push(a / c, unitAgreement / units);
    }
    return out;
  };
  const intervals = bootstrap.replicates > 0 ? bootstrapGroupsMany(groupOfUnit, groupCount, 2 * pairCount, replicate, bootstrap) : [];
  return scores.map((_, p) => ({
    agreement: (agreements[p] as number) / (comparisons[p] as number),
    n: comparisons[p] as number,
    ci95: intervals[2 * p]?.ci95 ?? null,
    macro: (unitAgreementSums[p] as number) / units,
    units,
    macroCi95: intervals[2 * p + 1]?.ci95 ?? null,
  }));
}
