// The planner (issue 32 point 3): how many puzzles, or people per puzzle, a study needs for a
// target (the width of a judge's agreement interval, the Alt-Test's power, or a difference between
// two judges the paired test finds), by simulating studies from the study's own estimates.

import { keptPicks, type BootstrapOptions } from '../bootstrap';
import {
  altTestPasses,
  majorityAgreementInterval,
  pairCells,
  pairedTestDetects,
  plausibleJudge,
  repeatPrng,
  simulateLabels,
  type SimulatedSize,
} from './simulate';
import type { JudgeEstimate, JudgePairEstimate, StudyEstimates } from './study-estimates';

export type PlanTarget =
  /** The 95% interval of the judge's agreement with the human majority at most this wide. */
  | { kind: 'width'; width: number; judge: string }
  /** The judge passes the Alt-Test at `epsilon` with at least this chance. */
  | { kind: 'power'; power: number; judge: string; epsilon: number }
  /**
   * The paired test finds a difference between the two judges at the 5% level with GUARANTEE's
   * chance: of `difference` (the size it needs), or without it the smallest difference it finds at the study's size.
   */
  | { kind: 'difference'; judges: readonly [string, string]; difference?: number };

export interface PlanOptions {
  /** What the search changes: the bucket's puzzles (default) or the people per puzzle. */
  vary?: 'puzzles' | 'annotators';
  /** Seed of the simulation (default 1). */
  seed?: number;
  /** Simulated studies per size tried (default 200). */
  repeats?: number;
  /** Bootstrap replicates of each simulated study's interval or test (default 200; the report takes 1,000). */
  replicates?: number;
  /** The most puzzles tried (default 10 times the bucket's, at least 200). */
  maxPuzzles?: number;
  /** The most people per puzzle tried (default 9). */
  maxAnnotators?: number;
  /**
   * `uncertain` (default): for a width or power target each simulated study draws the judge's error
   * rate around its estimate, as precise as the study's units are worth (plausibleJudge), so the
   * share reaching the target counts the estimate's own uncertainty; `exact` takes the estimate as
   * the truth. A difference target always takes its estimates as the truth.
   */
  estimates?: 'uncertain' | 'exact';
}

/** The share of simulated studies that must reach a width or find a difference: the planner's own guarantee. */
export const GUARANTEE = 0.8;

export const PLAN_DEFAULTS = { seed: 1, repeats: 200, replicates: 200, maxAnnotators: 9 } as const;

/** One size the search tried. */
export interface PlanTrial {
  size: number;
  /** Simulated studies drawn: fewer than `repeats` where the share was already clearly above or below the level. */
  repeats: number;
  /** Share of them that reached the target (the power, for the Alt-Test and the paired test). */
  share: number;
  /** Width targets: the width reached by `level` of them (their `level` quantile), and their median. */
  width?: { atLevel: number; median: number };
  /** Difference targets: the difference between the judges the simulated studies had. */
  difference?: number;
}

export interface StudyPlan {
  target: PlanTarget;
  task: StudyEstimates['task'];
  bucket: StudyEstimates['bucket'];
  vary: 'puzzles' | 'annotators';
  /** The share of simulated studies the recommended size must reach the target in. */
  level: number;
  current: { puzzles: number; studyPuzzles: number; annotatorsPerPuzzle: number };
  /** What the study's own size gives, simulated. */
  atCurrent: PlanTrial;
  /** Null when no size up to the bound reaches the target (see `reason`). */
  recommended: { puzzles: number; studyPuzzles: number; annotatorsPerPuzzle: number } | null;
  /** How many more than now (0 when the study is already large enough). */
  more: { puzzles: number; studyPuzzles: number; annotatorsPerPuzzle: number } | null;
  atRecommended: PlanTrial | null;
  /** The difference target without a difference: the smallest difference found with `level` power at the study's size. */
  detectableDifference?: number | null;
  reason?: string;
  /** Every size tried, in the order tried. */
  trials: PlanTrial[];
  assumptions: string[];
  settings: { seed: number; repeats: number; replicates: number; maxSize: number };
}

/**
 * Plans the study for `target` from its estimates. The work is bounded: at most
 * 2 ceil(log2(maxPuzzles + 1)) + 4 sizes are tried over puzzles (maxAnnotators + 1 over people, 13
 * differences for the smallest difference), each on at most `repeats` simulated studies of at
 * most the size tried, each with `replicates` bootstrap replicates. `onProgress(done, total)` is
 * called as batches of simulated studies finish, `total` being that bound in simulated studies; the
 * last call is (total, total), even when the search ends sooner. Throws a RangeError naming what
 * was expected for a bad target or option.
 */
export function planStudy(
  estimates: StudyEstimates,
  target: PlanTarget,
  options: PlanOptions = {},
  onProgress?: (done: number, total: number) => void,
): StudyPlan {
  const vary = options.vary ?? 'puzzles';
  if (vary !== 'puzzles' && vary !== 'annotators') throw new RangeError(`vary must be puzzles or annotators, not ${String(vary)}`);
  const seed = options.seed ?? PLAN_DEFAULTS.seed;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`the seed must be a whole number, not ${seed}`);
  const repeats = wholeOption('repeats', options.repeats ?? PLAN_DEFAULTS.repeats, 20, 10_000);
  const replicates = wholeOption('replicates', options.replicates ?? PLAN_DEFAULTS.replicates, 50, 10_000);
  const checked = checkTarget(estimates, target, vary);
  const current = currentSize(estimates);
  if (estimates.puzzles === 0)
    throw new RangeError(`the ${estimates.task} task has no unit people labelled in the ${estimates.bucket} bucket: nothing to plan from`);

  const maxSize =
    vary === 'puzzles'
      ? wholeOption('maxPuzzles', options.maxPuzzles ?? Math.max(200, 10 * estimates.puzzles), 2, 1_000_000)
      : wholeOption('maxAnnotators', options.maxAnnotators ?? PLAN_DEFAULTS.maxAnnotators, 1, 50);
  const minSize = vary === 'puzzles' ? 2 : target.kind === 'power' ? 3 : 1;
  const start = Math.min(maxSize, Math.max(minSize, vary === 'puzzles' ? current.puzzles : current.annotatorsPerPuzzle));
  const level = target.kind === 'power' ? target.power : GUARANTEE;

  // Searches double up from the study's size (or halve down from it), then bisect: at most these many trials.
  const maxTrials = vary === 'puzzles' ? 2 * Math.ceil(Math.log2(maxSize + 1)) + 3 : maxSize;
  const differenceTrials = 12;
  const total = repeats * (target.kind === 'difference' && target.difference === undefined ? differenceTrials + 1 : maxTrials + 1);
  let done = 0;
  const progress = (step: number) => {
    done = Math.min(total, done + step);
    onProgress?.(done, total);
  };

  const trials: PlanTrial[] = [];
  const cache = new Map<number, PlanTrial>();
  // A size tried once is not tried again, unless it was settled above the level on a few repeats and all are asked for.
  const trialAt = (size: number, run: (repeat: number) => RepeatOutcome, full = false): PlanTrial => {
    const known = cache.get(size);
    if (known !== undefined && (!full || known.repeats === repeats || known.share < level)) return known;
    const trial = runTrial(size, repeats, level, run, progress, full);
    cache.set(size, trial);
    if (known === undefined) trials.push(trial);
    else trials[trials.indexOf(known)] = trial;
    return trial;
  };
  const settings = { seed, repeats, replicates, maxSize };
  // Every simulated study of one size draws the same bootstrap replicates (the report's kept picks):
  // its data are drawn apart, so each interval is still its own, and the picks are made once a size.
  const bootstrap: BootstrapOptions = { replicates, seed, picks: keptPicks() };
  const base = { target, task: estimates.task, bucket: estimates.bucket, vary, level, current, trials, settings };

  if (checked.kind === 'difference') {
    const { pair } = checked;
    if (target.kind === 'difference' && target.difference === undefined) {
      const size = current.puzzles;
      const detects = (difference: number) => (repeat: number) => {
        return { reached: pairedTestDetects(pair, pairCells(pair, difference), size, bootstrap, repeatPrng(seed, repeat)) };
      };
      const tried = (difference: number): PlanTrial => {
        const trial = { ...runTrial(size, repeats, level, detects(difference), progress), difference: roundTo(difference, 4) };
        trials.push(trial);
        return trial;
      };
      const atCurrent = tried(observedDifference(pair));
      // Bisection on the difference, to half a percentage point.
      let low = 0;
      let high = 1;
      let highTrial: PlanTrial | null = null;
      for (let step = 0; step < differenceTrials && high - low > 0.005; step++) {
        const middle = (low + high) / 2;
        const trial = tried(middle);
        if (trial.share >= level) {
          high = middle;
          highTrial = trial;
        } else low = middle;
      }
      onProgress?.(total, total);
      const found = highTrial !== null;
      return {
        ...base,
        atCurrent,
        recommended: null,
        more: null,
        atRecommended: highTrial,
        detectableDifference: found ? roundTo(high, 3) : null,
        ...(found ? {} : { reason: `even a difference of 1 is not found with ${formatPercent(level)} power at ${size} puzzles` }),
        assumptions: differenceAssumptions(estimates, pair, size, repeats, replicates, level, undefined),
      };
    }
    const difference = target.kind === 'difference' ? (target.difference as number) : 0;
    const run = (size: number) => (repeat: number) => {
      return { reached: pairedTestDetects(pair, pairCells(pair, difference), size, bootstrap, repeatPrng(seed, repeat)) };
    };
    const searched = search(start, minSize, maxSize, (size, full) => ({ ...trialAt(size, run(size), full), difference }), level);
    onProgress?.(total, total);
    return {
      ...base,
      ...outcome(estimates, current, vary, searched, level, maxSize),
      atCurrent: { ...trialAt(start, run(start)), difference },
      assumptions: differenceAssumptions(estimates, pair, undefined, repeats, replicates, level, difference),
    };
  }

  const { judge } = checked;
  const uncertain = (options.estimates ?? 'uncertain') === 'uncertain';
  const run = (size: number) => (repeat: number) => {
    const prng = repeatPrng(seed, repeat);
    const simulatedSize: SimulatedSize = vary === 'puzzles' ? { puzzles: size } : { puzzles: current.puzzles, annotators: size };
    // Drawn first, so each repeat's judge is the same at every size.
    const repeatJudge = uncertain ? plausibleJudge(estimates, judge, prng) : judge;
    const labels = simulateLabels(estimates, repeatJudge, simulatedSize, prng);
    if (target.kind === 'power') return { reached: altTestPasses(labels, target.epsilon) };
    const interval = majorityAgreementInterval(labels, bootstrap);
    const width = interval === null ? Infinity : interval.ci95[1] - interval.ci95[0];
    return { reached: width <= (target as { width: number }).width, width };
  };
  const searched = search(start, minSize, maxSize, (size, full) => trialAt(size, run(size), full), level);
  onProgress?.(total, total);
  return {
    ...base,
    ...outcome(estimates, current, vary, searched, level, maxSize),
    atCurrent: trialAt(start, run(start)),
    assumptions: labelAssumptions(estimates, judge, target, vary, repeats, replicates, level, uncertain),
  };
}

interface RepeatOutcome {
  reached: boolean;
  width?: number;
}

/** Repeats are drawn in batches of this many; after each, a trial whose share is clearly on one side of the level stops. */
const BATCH = 20;

/** z of a two-sided 99.9% interval: a trial stops early only when its share is this clearly above or below the level. */
const Z_STOP = 3.29;

/**
 * `repeats` simulated studies at `size`, in batches; after a batch the trial stops when its share
 * is clearly below the level, or clearly above it unless `full`.
 */
function runTrial(
  size: number,
  repeats: number,
  level: number,
  run: (repeat: number) => RepeatOutcome,
  progress: (step: number) => void,
  full = false,
): PlanTrial {
  const widths: number[] = [];
  let reached = 0;
  let drawn = 0;
  while (drawn < repeats) {
    const batch = Math.min(BATCH, repeats - drawn);
    for (let r = drawn; r < drawn + batch; r++) {
      const result = run(r);
      if (result.reached) reached++;
      if (result.width !== undefined) widths.push(result.width);
    }
    drawn += batch;
    progress(batch);
    const decided = clearlyDecided(reached, drawn, level);
    if (drawn < repeats && (decided === 'below' || (decided === 'above' && !full))) {
      progress(repeats - drawn);
      break;
    }
  }
  const trial: PlanTrial = { size, repeats: drawn, share: reached / drawn };
  if (widths.length > 0) {
    const sorted = Float64Array.from(widths).sort();
    trial.width = { atLevel: quantile(sorted, level), median: quantile(sorted, 0.5) };
  }
  return trial;
}

/** Where the share's normal-approximation interval at Z_STOP (with a floor under its standard error) lies: all above the level, all below, or across it. */
function clearlyDecided(reached: number, drawn: number, level: number): 'above' | 'below' | undefined {
  const share = reached / drawn;
  const se = Math.sqrt(Math.max(share * (1 - share), 0.5 / drawn) / drawn);
  if (share - level > Z_STOP * se) return 'above';
  if (level - share > Z_STOP * se) return 'below';
  return undefined;
}

function quantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return high === low ? low : low + (h - below) * (high - low);
}

/**
 * The smallest size from minSize to maxSize whose trial reaches the level, taking the share as
 * growing with size: from `start`, doubling up until one reaches it (or halving down while one
 * does), then bisecting between the last that does not and the first that does, to a size (to
 * 1% of it above 100). A size clearly above or below the level is settled on a few repeats; the
 * one returned reached it on all of them (`full`), and where it does not, the search goes on above
 * it. Null when maxSize does not reach it.
 */
function search(start: number, minSize: number, maxSize: number, trial: (size: number, full: boolean) => PlanTrial, level: number): PlanTrial | null {
  const reaches = (size: number, full: boolean) => trial(size, full).share >= level;
  let low: number;
  let high: number;
  if (reaches(start, false)) {
    high = start;
    low = minSize - 1;
    // Halve down while the smaller size still reaches it, so the bisection below starts near.
    while (high > minSize) {
      const half = Math.max(minSize, Math.floor(high / 2));
      if (half === high) break;
      if (reaches(half, false)) high = half;
      else {
        low = half;
        break;
      }
    }
  } else {
    const above = growFrom(start, maxSize, 2, (size) => reaches(size, false));
    if (above === null) return null;
    [low, high] = above;
  }
  for (let round = 0; round < REBRACKETS; round++) {
    while (high - low > Math.max(1, Math.floor(high / 100))) {
      const middle = Math.floor((low + high) / 2);
      if (reaches(middle, false)) high = middle;
      else low = middle;
    }
    const found = trial(high, true);
    if (found.share >= level) return found;
    // A size the bracketing settled on a few repeats falls short on all of them: look above it.
    const above = growFrom(high, maxSize, 1.25, (size) => reaches(size, false));
    if (above === null) return null;
    [low, high] = above;
  }
  return null;
}

/** Times the search looks above a bracket that fell short on all its repeats before it gives up. */
const REBRACKETS = 3;

/** From `low` (short of the target), sizes grown by `factor` until one reaches it: [the last short, the first reaching]; null past maxSize. */
function growFrom(low: number, maxSize: number, factor: number, reaches: (size: number) => boolean): [number, number] | null {
  let short = low;
  while (short < maxSize) {
    const next = Math.min(maxSize, Math.max(short + 1, Math.ceil(short * factor)));
    if (reaches(next)) return [short, next];
    short = next;
  }
  return null;
}

function outcome(
  estimates: StudyEstimates,
  current: StudyPlan['current'],
  vary: 'puzzles' | 'annotators',
  found: PlanTrial | null,
  level: number,
  maxSize: number,
): Pick<StudyPlan, 'recommended' | 'more' | 'atRecommended' | 'reason'> {
  if (found === null) {
    const what = vary === 'puzzles' ? `${maxSize} puzzles` : `${maxSize} people per puzzle`;
    return {
      recommended: null,
      more: null,
      atRecommended: null,
      reason: `no size up to ${what} reaches the target in ${formatPercent(level)} of simulated studies`,
    };
  }
  const share = estimates.puzzles / Math.max(1, estimates.studyPuzzles);
  const puzzles = vary === 'puzzles' ? found.size : current.puzzles;
  const annotatorsPerPuzzle = vary === 'annotators' ? found.size : current.annotatorsPerPuzzle;
  const studyPuzzles = vary === 'puzzles' ? Math.ceil(puzzles / share) : current.studyPuzzles;
  return {
    recommended: { puzzles, studyPuzzles, annotatorsPerPuzzle },
    more: {
      puzzles: Math.max(0, puzzles - current.puzzles),
      studyPuzzles: Math.max(0, studyPuzzles - current.studyPuzzles),
      annotatorsPerPuzzle: Math.max(0, annotatorsPerPuzzle - current.annotatorsPerPuzzle),
    },
    atRecommended: found,
  };
}

function currentSize(estimates: StudyEstimates): StudyPlan['current'] {
  const sorted = [...estimates.annotatorsPerUnit].sort((a, b) => a - b);
  return {
    puzzles: estimates.puzzles,
    studyPuzzles: estimates.studyPuzzles,
    // The median: a few units with an extra label do not make the study's size.
    annotatorsPerPuzzle: sorted.length > 0 ? (sorted[Math.floor((sorted.length - 1) / 2)] as number) : 0,
  };
}

type CheckedTarget = { kind: 'judge'; judge: JudgeEstimate } | { kind: 'difference'; pair: JudgePairEstimate };

function checkTarget(estimates: StudyEstimates, target: PlanTarget, vary: 'puzzles' | 'annotators'): CheckedTarget {
  const judgeNamed = (name: string): JudgeEstimate => {
    const found = estimates.judges.find((judge) => judge.judge === name);
    if (found === undefined)
      throw new RangeError(`the judge must be one that labelled the ${estimates.task} task (${judgeList(estimates)}), not ${JSON.stringify(name)}`);
    if (found.units === 0)
      throw new RangeError(`the judge ${JSON.stringify(name)} has no unit with a human majority in the ${estimates.bucket} bucket: nothing to plan from`);
    return found;
  };
  switch (target.kind) {
    case 'width':
      if (!(target.width > 0 && target.width < 1))
        throw new RangeError(`a target width must be a number above 0 and below 1, such as 0.05, not ${target.width}`);
      return { kind: 'judge', judge: judgeNamed(target.judge) };
    case 'power':
      if (!(target.power > 0 && target.power < 1))
        throw new RangeError(`a target power must be a number above 0 and below 1, such as 0.8, not ${target.power}`);
      if (!(target.epsilon >= 0 && target.epsilon < 1))
        throw new RangeError(`the Alt-Test's epsilon must be from 0 up to but not including 1, not ${target.epsilon}`);
      return { kind: 'judge', judge: judgeNamed(target.judge) };
    case 'difference': {
      if (target.difference !== undefined && !(target.difference > 0 && target.difference <= 1))
        throw new RangeError(`a target difference must be a number above 0 and at most 1, such as 0.05, not ${target.difference}`);
      if (vary !== 'puzzles')
        throw new RangeError('a difference between two judges is planned in puzzles only: the paired test reads the majority, not each person');
      const [a, b] = target.judges;
      judgeNamed(a);
      judgeNamed(b);
      if (a === b) throw new RangeError(`a difference needs two different judges, not ${JSON.stringify(a)} twice`);
      const pair = estimates.pairs.find((one) => (one.a === a && one.b === b) || (one.a === b && one.b === a));
      const paired = pair === undefined ? 0 : pair.cells.reduce((x, y) => x + y, 0);
      if (pair === undefined || paired === 0)
        throw new RangeError(`the judges ${JSON.stringify(a)} and ${JSON.stringify(b)} share no unit with a human majority: nothing to plan from`);
      return { kind: 'difference', pair };
    }
    default:
      throw new RangeError(`a target is a width, a power or a difference, not ${JSON.stringify((target as { kind: unknown }).kind)}`);
  }
}

function judgeList(estimates: StudyEstimates): string {
  return estimates.judges.length === 0 ? 'none did' : estimates.judges.map((judge) => judge.judge).join(', ');
}

function wholeOption(name: string, value: number, min: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new RangeError(`${name} must be a whole number from ${min} to ${max}, not ${value}`);
  return value;
}

function observedDifference(pair: JudgePairEstimate): number {
  const total = pair.cells.reduce((a, b) => a + b, 0);
  return total > 0 ? (pair.cells[1] - pair.cells[2]) / total : 0;
}

/** A share as a percentage with one decimal, as the plan's sentences give it. */
export function formatPercent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function roundTo(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

const TASK_UNITS = { answer: 'questions', match: 'final answers' } as const;

function bucketWords(estimates: StudyEstimates): string {
  return estimates.bucket === 'all' ? "the study's puzzles" : `the study's ${estimates.bucket} puzzles`;
}

function sharedAssumptions(estimates: StudyEstimates, repeats: number, level: number, vary: 'puzzles' | 'annotators'): string[] {
  const share = estimates.puzzles / Math.max(1, estimates.studyPuzzles);
  return [
    `New puzzles are like ${bucketWords(estimates)}: each has as many ${TASK_UNITS[estimates.task]} people labelled as one of the ${estimates.puzzles} here, drawn at random (${mean(estimates.unitsPerPuzzle).toFixed(1)} on average), and every one of them is labelled.`,
    ...(estimates.bucket === 'all' || vary === 'annotators'
      ? []
      : [
          `Buckets keep their shares: the ${estimates.bucket} bucket holds ${formatPercent(share)} of the study's puzzles, so its puzzles are turned into the study's by that share.`,
        ]),
    `The recommended size is the smallest whose simulated studies reach the target in at least ${formatPercent(level)} of ${repeats} repeats (sizes far from it are settled on fewer repeats; above 100 puzzles, the search stops within 1%).`,
  ];
}

/** What the plan makes of the estimates' own uncertainty. */
function uncertaintySentence(judge: JudgeEstimate | undefined): string {
  return judge === undefined
    ? "The estimates are taken as the truth: their own uncertainty from a study of this size is not carried into the plan, so a small study's plan is itself uncertain."
    : `The judge's error rate is drawn anew for each simulated study around its estimate, as precisely as its ${judge.units} units are worth once their puzzles' clustering is taken out; the other estimates are taken as the truth, so a small study's plan is itself uncertain.`;
}

function labelAssumptions(
  estimates: StudyEstimates,
  judge: JudgeEstimate,
  target: PlanTarget,
  vary: 'puzzles' | 'annotators',
  repeats: number,
  replicates: number,
  level: number,
  uncertain: boolean,
): string[] {
  const people = estimates.people;
  const agreement = judge.units > 0 ? judge.agreements / judge.units : 0;
  const sentences = [
    ...sharedAssumptions(estimates, repeats, level, vary),
    uncertaintySentence(uncertain ? judge : undefined),
    vary === 'annotators'
      ? `Each puzzle's units are labelled by the same number of people, the number tried, from a pool of at least ${estimates.annotators}.`
      : `Each puzzle's units are labelled by as many people as a unit here, drawn at random, taken in turn from a pool of ${estimates.annotators}.`,
    people.pairAgreement === null
      ? 'No two people labelled the same unit, so people are taken to be always right.'
      : `Each person gives the true label ${formatPercent(people.accuracy)} of the time, with errors spread evenly over the other labels, on every puzzle alike: that is what their agreement with each other here (${formatPercent(people.pairAgreement)} of ${people.pairs} pairs) implies.`,
    `The true labels' shares are those of the human majority here, corrected for its errors (${estimates.categories.map((category, c) => `${category} ${formatPercent(estimates.truthShares[c] as number)}`).join(', ')}).`,
    `The judge ${judge.judge} errs against the truth as its confusion with the human majority here implies once the majority's own errors are taken out (it agreed with the majority on ${formatPercent(agreement)} of ${judge.units} units), and labels ${formatPercent(judge.coverage)} of the units.`,
    `Puzzles differ: the judge's error rate is drawn per puzzle so that its agreement varies between puzzles as here (intra-cluster correlation ${judge.icc.toFixed(3)}); people's accuracy does not vary.`,
  ];
  if (target.kind === 'width')
    sentences.push(
      `Each simulated study's interval is the report's for an agreement: the studentized (bootstrap-t) cluster bootstrap over puzzles, widened to Wilson's where it reaches 0 or 1, here with ${replicates} replicates instead of the report's 1,000.`,
    );
  if (target.kind === 'power')
    sentences.push(
      `The Alt-Test is the report's, at epsilon ${target.epsilon}, with each unit's people as the annotators it leaves out in turn; its power is the share of simulated studies the judge passes.`,
    );
  return sentences;
}

function differenceAssumptions(
  estimates: StudyEstimates,
  pair: JudgePairEstimate,
  size: number | undefined,
  repeats: number,
  replicates: number,
  level: number,
  difference: number | undefined,
): string[] {
  const total = pair.cells.reduce((a, b) => a + b, 0);
  const discordant = (pair.cells[1] + pair.cells[2]) / Math.max(1, total);
  return [
    ...sharedAssumptions(estimates, repeats, level, 'puzzles'),
    uncertaintySentence(undefined),
    `Each new puzzle has as many units both judges labelled with a human majority as one of the ${pair.unitsPerPuzzle.length} here, drawn at random.`,
    difference === undefined
      ? `At each difference tried, the two judges part on ${formatPercent(discordant)} of the units as here (or on the difference itself, if larger), split to give that difference.`
      : `The two judges part on ${formatPercent(discordant)} of the units as here (or on ${formatPercent(Math.abs(difference))}, if larger), split so that ${pair.a} agrees with people ${formatPercent(difference)} more often than ${pair.b}.`,
    `Puzzles differ: each puzzle's shares of units where both, one or neither judge agrees are drawn around those shares so that the difference varies between puzzles as here (intra-cluster correlation ${pair.icc.toFixed(3)}).`,
    `The test is the report's paired test, the symmetric studentized cluster bootstrap over puzzles at the 5% level, here with ${replicates} replicates instead of the report's 1,000; a difference is found when its p is below 0.05${size === undefined ? '' : `, at the study's ${size} puzzles`}.`,
  ];
}
