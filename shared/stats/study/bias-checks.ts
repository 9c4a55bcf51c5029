// The bias checks of a task (issue 31 point 3): does a judge say yes more often than people, agree
// less on long texts, favour players of its own model family, or give way to a confident or
// judge-addressing final answer. Each is a figure on the units the judge labelled that have a
// strict human majority, with its symmetric studentized cluster bootstrap interval and the p that
// agrees with it; the verdict takes Holm's adjustment over the judge's checks on the task, since a
// judge checked a dozen ways would otherwise show an "effect" by chance in about half the studies.

import { modelFamily } from '../../domain/model-family';
import type {
  BiasCheckKind,
  BiasCheckRow,
  BiasFigure,
  BiasGroup,
  JudgePairStabilityRow,
  ReportBucket,
  ReportTask,
  SelfConsistencyRow,
} from '../../report/model/report-model';
import type { BootstrapOptions } from '../bootstrap';
import { differenceSeriesBuilder, type DifferenceSeries, type DifferenceSeriesBuilder } from '../cluster-difference-test';
import { CLUSTER_TEST_REASONS, clusterSeries, type ClusterRatioTest, type ClusterSeries } from '../cluster-ratio-test';
import type { ClusteredPair } from '../judge/clustered-kappa';
import { addressesJudge, isHedged } from '../judge/final-answer-tone';
import { JUDGE_POLES } from '../judge/error-direction';
import { holm } from '../judge/mcnemar';
import type { TaskColumns } from './judges-against-people';
import type { TaskUnit } from './study-units';

/** What the checks read of a unit's turn: its text, its length (textLength) and the session's player. */
export interface UnitText {
  text: string;
  length: number;
  player: string;
}

/** Length tertiles of a task's texts: up to `shortUpTo` characters is short, over `longFrom - 1` long. */
export interface LengthTertiles {
  shortest: number;
  shortUpTo: number;
  longFrom: number;
  longest: number;
}

/**
 * The tertiles of the lengths (in characters) of all of a task's texts in the study, so short and
 * long mean the same for every judge: short up to the first tertile's largest length, long from
 * the third tertile's smallest. Tied lengths stay together, so the groups can be unequal.
 * Undefined with fewer than three texts.
 */
export function lengthTertiles(lengths: readonly number[]): LengthTertiles | undefined {
  if (lengths.length < 3) return undefined;
  const sorted = Float64Array.from(lengths).sort();
  const n = sorted.length;
  return {
    shortest: sorted[0] as number,
    shortUpTo: sorted[Math.ceil(n / 3) - 1] as number,
    longFrom: sorted[n - Math.ceil(n / 3)] as number,
    longest: sorted[n - 1] as number,
  };
}

/** Characters as a reader counts them: code points, not UTF-16 units, without the spaces around. */
export function textLength(text: string): number {
  const trimmed = text.trim();
  let count = trimmed.length;
  // A character beyond the first 65,536 takes two units, the first from 0xd800 to 0xdbff.
  for (let i = 0; i < trimmed.length; i++) {
    const unit = trimmed.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) count--;
  }
  return count;
}

export interface BiasCheckSettings {
  bootstrap: BootstrapOptions;
  /** The lead's model families by model name, before the names' own (model-family.ts). */
  modelFamilies?: Readonly<Record<string, string>>;
}

/**
 * The checks' series still to be tested, `yesRates` as ratios (on the units and clusters of the
 * net leniency: one job with it) and `differences` as differences (differenceSeriesKind), and
 * the rows once they are.
 */
export interface BiasCheckPlan {
  /** Per judge, its label and the strict human majority's on each unit with both, with the unit's cluster (the fitness card's kappa). */
  majorityPairs: ClusteredPair[][];
  yesRates: ClusterSeries[];
  differences: DifferenceSeries[];
  rows(yesRateTests: readonly ClusterRatioTest[], differenceTests: readonly ClusterRatioTest[], orderChecks?: readonly OrderCheck[]): BiasCheckRow[];
}

/** A judge with an order-swapped twin on the final answers: the pair's flips, and its own when asked again where it kept samples. */
export interface OrderCheck {
  swapped: JudgePairStabilityRow;
  reasked?: SelfConsistencyRow;
}

/** A unit's group in a check: a, b, the middle length tertile (shown, not compared), or neither. */
type UnitGroup = 'a' | 'b' | 'middle' | undefined;

/** One difference check of one judge: its groups and, per figure, its series and the middle tertile's tally. */
interface DifferenceCheck {
  check: BiasCheckKind;
  figures: BiasFigure[];
  names: { a: string; b: string; middle?: string };
  builders: DifferenceSeriesBuilder[];
  middle: { sum: number; units: number }[];
  /** Why the check has no figure for this judge, when it cannot be made. */
  missing?: string;
}

const POSITIVE_WORD: Record<ReportTask, string> = { answer: 'yes', match: 'matched' };

/**
 * The plan of a task's checks. `columns` are the task's (taskColumns over `buckets`), `texts` each
 * unit's turn, `tertiles` the task's length tertiles. One pass over the units.
 */
export function biasChecksPlan(
  task: ReportTask,
  units: readonly TaskUnit[],
  judges: readonly string[],
  buckets: readonly ReportBucket[],
  columns: TaskColumns,
  texts: (unitId: string) => UnitText | undefined,
  tertiles: LengthTertiles | undefined,
  settings: BiasCheckSettings,
): BiasCheckPlan {
  const { majorities, clusterIn } = columns;
  const column = new Map(buckets.map((bucket, b) => [bucket, b]));
  const all = column.get('all') as number;
  const allClusters = clusterIn[all] as Int32Array;
  const { positive } = JUDGE_POLES[task];
  const families = judges.map((judge) => modelFamily(judge, settings.modelFamilies));
  const playerFamilies = new Map<string, string | undefined>();
  const familyOf = (player: string) => {
    if (!playerFamilies.has(player)) playerFamilies.set(player, modelFamily(player, settings.modelFamilies));
    return playerFamilies.get(player);
  };
  const yesSkews = judges.map(() => buckets.map((): { cluster: number; value: number }[] => []));
  const majorityPairs = judges.map((): ClusteredPair[] => []);
  // Per judge and bucket: the judge's positive labels and the majority's, for the two rates the row shows.
  const positives = judges.map(() => buckets.map(() => ({ judge: 0, people: 0 })));
  const clusterCount = allClusters.reduce((most, cluster) => Math.max(most, cluster + 1), 0);
  const checks = judges.map((_, j) => differenceChecks(task, tertiles, families[j], clusterCount));
  units.forEach((unit, u) => {
    const majority = majorities[u] ?? null;
    if (majority === null) return;
    const cluster = allClusters[u] as number;
    const text = texts(unit.id);
    const groups: Record<Exclude<BiasCheckKind, 'yes-rate' | 'own-family' | 'order'>, UnitGroup> = {
      length:
        text === undefined || tertiles === undefined ? undefined : text.length >= tertiles.longFrom ? 'a' : text.length <= tertiles.shortUpTo ? 'b' : 'middle',
      certainty: task === 'match' && text !== undefined ? (isHedged(text.text) ? 'b' : 'a') : undefined,
      'addresses-judge': task === 'match' && text !== undefined ? (addressesJudge(text.text) ? 'a' : 'b') : undefined,
    };
    const playerFamily = text === undefined ? undefined : familyOf(text.player);
    const b = column.get(unit.bucket);
    const majorityPositive = Number(majority === positive);
    for (let j = 0; j < judges.length; j++) {
      const label = unit.judgements.get(judges[j] as string);
      const judgeChecks = checks[j] as DifferenceCheck[];
      if (label === undefined) {
        // Every series of the task lists every compared unit's cluster, so they are one job of the bootstrap: one pass of its generator.
        for (const check of judgeChecks) for (const builder of check.builders) builder.add(cluster, undefined, 0);
        continue;
      }
      majorityPairs[j]?.push({ cluster, judge: label, reference: majority });
      const judgePositive = Number(label === positive);
      const leniency = judgePositive - majorityPositive;
      const agreement = Number(label === majority);
      const skews = yesSkews[j] as { cluster: number; value: number }[][];
      const tallies = positives[j] as { judge: number; people: number }[];
      skews[all]?.push({ cluster, value: leniency });
      (tallies[all] as { judge: number; people: number }).judge += judgePositive;
      (tallies[all] as { judge: number; people: number }).people += majorityPositive;
      if (b !== undefined && b !== all) {
        skews[b]?.push({ cluster: (clusterIn[b] as Int32Array)[u] as number, value: leniency });
        (tallies[b] as { judge: number; people: number }).judge += judgePositive;
        (tallies[b] as { judge: number; people: number }).people += majorityPositive;
      }
      const own = playerFamily !== undefined && playerFamily === families[j];
      for (const check of judgeChecks) {
        if (check.missing !== undefined) continue;
        const group = check.check === 'own-family' ? (own ? 'a' : 'b') : groups[check.check as keyof typeof groups];
        for (let f = 0; f < check.figures.length; f++) {
          const value = check.figures[f] === 'leniency' ? leniency : agreement;
          if (group === 'middle') {
            const tally = check.middle[f] as { sum: number; units: number };
            tally.sum += value;
            tally.units++;
          }
          check.builders[f]?.add(cluster, group === 'middle' ? undefined : group, value);
        }
      }
    }
  });
  const yesRates = yesSkews.flatMap((perBucket) => perBucket.map(clusterSeries));
  const planned = checks.flatMap((perJudge, j) =>
    perJudge.flatMap((check) =>
      check.missing !== undefined
        ? []
        : check.figures.map((figure, f) => ({ j, check, figure, series: (check.builders[f] as DifferenceSeriesBuilder).series })),
    ),
  );
  return {
    majorityPairs,
    yesRates,
    differences: planned.map(({ series }) => series),
    rows(yesRateTests, differenceTests, orderChecks = []) {
      return judges.flatMap((judge, j) => {
        const yesRows = buckets.map((bucket, bucketIndex) => {
          const test = yesRateTests[j * buckets.length + bucketIndex] as ClusterRatioTest;
          const { units: n } = groupFigure((yesRates[j * buckets.length + bucketIndex] as ClusterSeries).denominators, []);
          const { judge: judgeYes, people: peopleYes } = positives[j]?.[bucketIndex] as { judge: number; people: number };
          const rate = (count: number) => (n > 0 ? count / n : null);
          return row(
            task,
            judge,
            'yes-rate',
            bucket,
            'leniency',
            { name: `the judge's ${POSITIVE_WORD[task]} rate`, units: n, value: rate(judgeYes) },
            { name: `the human majority's`, units: n, value: rate(peopleYes) },
            [],
            test,
          );
        });
        const differenceRows = (checks[j] as DifferenceCheck[]).flatMap((check) =>
          check.figures.map((figure) => {
            if (check.missing !== undefined) return missingRow(task, judge, check, figure);
            const at = planned.findIndex((one) => one.j === j && one.check === check && one.figure === figure);
            const series = (planned[at] as { series: DifferenceSeries }).series;
            const middle = check.middle[check.figures.indexOf(figure)] as { sum: number; units: number };
            return row(
              task,
              judge,
              check.check,
              'all',
              figure,
              { name: check.names.a, ...groupFigure(series.denominatorsA, series.numeratorsA) },
              { name: check.names.b, ...groupFigure(series.denominatorsB, series.numeratorsB) },
              check.names.middle === undefined
                ? []
                : [{ name: check.names.middle, units: middle.units, value: middle.units > 0 ? middle.sum / middle.units : null }],
              differenceTests[at] as ClusterRatioTest,
            );
          }),
        );
        const orderRows = orderChecks.filter((order) => order.swapped.a === judge).map((order) => orderRow(task, order));
        return holmVerdicts(task, [...yesRows, ...differenceRows, ...orderRows]);
      });
    },
  };
}

/** The difference checks a judge of the task gets, with their groups' names; one the study cannot make says why. */
function differenceChecks(task: ReportTask, tertiles: LengthTertiles | undefined, family: string | undefined, clusterCount: number): DifferenceCheck[] {
  const make = (check: BiasCheckKind, figures: BiasFigure[], names: DifferenceCheck['names'], missing?: string): DifferenceCheck => ({
    check,
    figures,
    names,
    // Leniency runs from -1 to 1, so a difference of two from -2 to 2; agreement from 0 to 1.
    builders: missing === undefined ? figures.map((figure) => differenceSeriesBuilder(clusterCount, figure === 'leniency' ? 2 : 1)) : [],
    middle: figures.map(() => ({ sum: 0, units: 0 })),
    ...(missing === undefined ? {} : { missing }),
  });
  const both: BiasFigure[] = ['agreement', 'leniency'];
  const kind = task === 'match' ? 'final answers' : 'questions';
  return [
    tertiles === undefined
      ? make('length', both, { a: `long ${kind}`, b: `short ${kind}` }, `fewer than three ${kind} to cut into tertiles`)
      : make('length', both, {
          a: `long ${kind} (${tertiles.longFrom}-${tertiles.longest} characters)`,
          b: `short ${kind} (${tertiles.shortest}-${tertiles.shortUpTo} characters)`,
          middle: `middle (${tertiles.shortUpTo + 1}-${tertiles.longFrom - 1} characters)`,
        }),
    family === undefined
      ? make('own-family', both, { a: 'own family', b: 'other families' }, "the judge's model family is not known from its name")
      : make('own-family', both, { a: `players of its own family (${family})`, b: 'players of other families' }),
    ...(task === 'match'
      ? [
          make('certainty', ['leniency'], { a: 'final answers stated with certainty', b: 'hedged final answers' }),
          make('addresses-judge', ['leniency'], { a: 'final answers that address the judge', b: 'final answers that do not' }),
        ]
      : []),
  ];
}

/** The order check of a judge and its order-swapped twin. */
function orderRow(task: ReportTask, { swapped, reasked }: OrderCheck): BiasCheckRow {
  const { flips } = swapped;
  return {
    task,
    judge: swapped.a,
    check: 'order',
    bucket: 'all',
    figure: 'flips',
    a: { name: 'verdicts changed by swapping the reference and the guess', units: swapped.n, value: flips.value },
    b: { name: 'verdicts changed by asking again', units: reasked?.units ?? 0, value: reasked?.flips.value ?? null },
    value: flips.value,
    ci95: flips.ci95,
    test: { method: 'bootstrap-t', pValue: flips.pValue, ...(flips.reason === undefined ? {} : { reason: flips.reason }) },
    holmP: null,
    verdict: '',
    effect: false,
  };
}

/** A group's units and figure from its per-cluster sums. */
function groupFigure(denominators: readonly number[], numerators: readonly number[]): { units: number; value: number | null } {
  let units = 0;
  let sum = 0;
  denominators.forEach((count, c) => {
    units += count;
    sum += numerators[c] ?? 0;
  });
  return { units, value: units > 0 ? sum / units : null };
}

function row(
  task: ReportTask,
  judge: string,
  check: BiasCheckKind,
  bucket: ReportBucket,
  figure: BiasFigure,
  a: BiasGroup,
  b: BiasGroup,
  others: BiasGroup[],
  test: ClusterRatioTest,
): BiasCheckRow {
  return {
    task,
    judge,
    check,
    bucket,
    figure,
    a,
    b,
    ...(others.length > 0 ? { others } : {}),
    value: test.value,
    ci95: test.ci95,
    test: {
      method: 'bootstrap-t',
      pValue: test.pValue,
      ...(test.pAtBound ? { pAtBound: true as const } : {}),
      ...(test.reason === undefined ? {} : { reason: emptyGroupReason(test, a, b) }),
    },
    holmP: null,
    verdict: '',
    effect: false,
  };
}

/** A test without a unit says which group was empty. */
function emptyGroupReason(test: ClusterRatioTest, a: BiasGroup, b: BiasGroup): string {
  if (test.value !== null) return test.reason as string;
  const empty = [a, b].filter((group) => group.units === 0).map((group) => group.name);
  return empty.length === 0 ? (test.reason as string) : `no unit of ${empty.join(' or ')}`;
}

function missingRow(task: ReportTask, judge: string, check: DifferenceCheck, figure: BiasFigure): BiasCheckRow {
  return {
    task,
    judge,
    check: check.check,
    bucket: 'all',
    figure,
    a: { name: check.names.a, units: 0, value: null },
    b: { name: check.names.b, units: 0, value: null },
    value: null,
    ci95: null,
    test: { method: 'bootstrap-t', pValue: null, reason: check.missing as string },
    holmP: null,
    verdict: `not checked: ${check.missing as string}`,
    effect: false,
  };
}

/**
 * Holm's adjustment over one judge's tested checks on the task, and each row's verdict. A bucket
 * with as many units as All holds all of them (buckets split All), so it is the same test as
 * All's: counted once, it takes All's adjusted p.
 */
function holmVerdicts(task: ReportTask, rows: BiasCheckRow[]): BiasCheckRow[] {
  const allYes = rows.find((one) => one.check === 'yes-rate' && one.bucket === 'all');
  const twin = (one: BiasCheckRow) => one.check === 'yes-rate' && one.bucket !== 'all' && allYes !== undefined && one.a.units === allYes.a.units;
  const tested = rows.filter((one) => one.test.pValue !== null && !twin(one));
  holm(tested.map((one) => one.test.pValue as number)).forEach((p, i) => ((tested[i] as BiasCheckRow).holmP = p));
  for (const one of rows) {
    if (twin(one)) one.holmP = allYes?.holmP ?? null;
    one.effect = one.holmP !== null && one.holmP < 0.05;
    if (one.verdict === '') one.verdict = verdictOf(task, one);
  }
  return rows;
}

const points = (value: number) => `${Math.abs(100 * value).toFixed(1)} points`;

function verdictOf(task: ReportTask, row: BiasCheckRow): string {
  // Every unit the same, and the same on both sides (no verdict changed, say): nothing to test, and nothing found.
  if (row.value === 0 && row.ci95 === null && row.test.reason === CLUSTER_TEST_REASONS.noSpread) return 'no clear effect';
  if (row.test.pValue === null || row.value === null) return `not tested: ${row.test.reason ?? 'no figure'}`;
  if (!row.effect) return 'no clear effect';
  const direction = row.value > 0 ? 'more' : 'less';
  if (row.check === 'yes-rate') return `says ${POSITIVE_WORD[task]} ${points(row.value)} ${direction} often than people`;
  if (row.check === 'order') return `changes ${(100 * row.value).toFixed(1)}% of its verdicts when the reference and the guess are swapped`;
  return row.figure === 'leniency'
    ? `${points(row.value)} ${direction} lenient on ${row.a.name} than on ${row.b.name}`
    : `agrees ${points(row.value)} ${direction} on ${row.a.name} than on ${row.b.name}`;
}
