// Which puzzles people label (issue 32 point 4, "what to label next"): the judge's uncertainty on each
// puzzle, and a sample of puzzles drawn either with a probability that grows with it (active inference,
// shared/stats/active-inference.ts) or uniformly, each puzzle's probability kept so the report can
// weight labels by one over it. Puzzles, not units, are drawn, because packs assign puzzles. Pure.

import {
  UNCERTAINTY_SOURCES,
  type CalibrationRule,
  type CalibrationSample,
  type JudgeLabel,
  type Session,
  type Turn,
  type UncertaintySource,
} from '../domain/model';
import { DEFAULT_MIXING, drawActiveSample, samplingProbabilities } from '../stats/active-inference';

/** What the judge's uncertainty is read from: each session's judge, and the turns' labels and confidences. */
export interface SignalRecords {
  sessions: ReadonlyArray<Pick<Session, 'id' | 'judge'>>;
  turns: ReadonlyArray<Pick<Turn, 'sessionId' | 'puzzleId' | 'judgements' | 'judgeConfidence'>>;
}

export interface JudgeSignal {
  /** The source used, the first of UNCERTAINTY_SOURCES that any unit has; absent when no unit has one. */
  source?: UncertaintySource;
  /** Each puzzle's uncertainty in [0, 1] from that source; a puzzle none of whose units has it is absent. */
  byPuzzle: ReadonlyMap<string, number>;
}

export interface CalibrationSampleInput {
  /** Every puzzle of the study, in study order (the draw takes one random number per puzzle in this order). */
  puzzleIds: readonly string[];
  signal: JudgeSignal;
  rule: CalibrationRule;
  /** The expected number of puzzles drawn: a whole number from 1 to the number of puzzles. */
  budget: number;
  seed: number;
  /** The mix with the uniform rule under `uncertainty`, in (0, 1]; default DEFAULT_MIXING. */
  tau?: number;
}

/** The sample as drawn; the study keeps it with the time it was drawn. */
export type CalibrationDraw = Omit<CalibrationSample, 'drawnAt'>;

/**
 * The judge's uncertainty on each puzzle: for every question and final turn, from its session's judge
 * (the benchmark's judge, the one checked against people), by the first source any turn of the study
 * has, then the mean over the puzzle's turns that have it. One source for the whole study, so that
 * puzzles are compared on one scale.
 *
 * The mean, not the maximum: a puzzle's turns are labelled together, and the estimate is of a mean over
 * turns, so what a puzzle brings is its turns' typical doubt; the maximum is set by one turn and grows
 * with the number of turns, so it would send people to long sessions for their length alone.
 */
export function judgeSignal(records: SignalRecords): JudgeSignal {
  const judgeOf = new Map(records.sessions.map((session) => [session.id, session.judge]));
  // Per source, per puzzle: the sum and count of the units' uncertainties.
  const sums = new Map<UncertaintySource, Map<string, { sum: number; units: number }>>(UNCERTAINTY_SOURCES.map((source) => [source, new Map()]));
  for (const turn of records.turns) {
    const judge = judgeOf.get(turn.sessionId);
    if (judge === undefined || judge === '') continue;
    for (const source of UNCERTAINTY_SOURCES) {
      const uncertainty = UNIT_UNCERTAINTY[source](turn, judge);
      if (uncertainty === undefined) continue;
      const byPuzzle = sums.get(source) as Map<string, { sum: number; units: number }>;
      const current = byPuzzle.get(turn.puzzleId) ?? { sum: 0, units: 0 };
      byPuzzle.set(turn.puzzleId, { sum: current.sum + uncertainty, units: current.units + 1 });
    }
  }
  for (const source of UNCERTAINTY_SOURCES) {
    const byPuzzle = sums.get(source) as Map<string, { sum: number; units: number }>;
    if (byPuzzle.size === 0) continue;
    return { source, byPuzzle: new Map([...byPuzzle].map(([puzzleId, { sum, units }]) => [puzzleId, sum / units])) };
  }
  return { byPuzzle: new Map() };
}

type UnitRecord = SignalRecords['turns'][number];

/** One turn's uncertainty by each source, or undefined where the turn does not have it. */
const UNIT_UNCERTAINTY: Record<UncertaintySource, (turn: UnitRecord, judge: string) => number | undefined> = {
  // 1 - the share of the k samples that gave the judge's label (its label is their majority where the turn has none).
  samples: (turn, judge) => {
    const samples = turn.judgeConfidence?.[judge]?.samples;
    if (samples === undefined || samples.length < 2) return undefined;
    const label = turn.judgements[judge] ?? majority(samples);
    return 1 - samples.filter((sample) => sample === label).length / samples.length;
  },
  probability: (turn, judge) => {
    const probability = turn.judgeConfidence?.[judge]?.probability;
    return probability === undefined ? undefined : 1 - probability;
  },
  // The share of the other judges whose label differs from the judge's: how likely its label is wrong as its peers see it.
  judges: (turn, judge) => {
    const label = turn.judgements[judge];
    if (label === undefined) return undefined;
    const others = Object.entries(turn.judgements).filter(([model]) => model !== judge);
    if (others.length === 0) return undefined;
    return others.filter(([, other]) => other !== label).length / others.length;
  },
};

/** The most frequent label, the first to reach the top count on a tie. */
function majority(samples: readonly JudgeLabel[]): JudgeLabel | undefined {
  const counts = new Map<JudgeLabel, number>();
  let best: JudgeLabel | undefined;
  for (const sample of samples) {
    const count = (counts.get(sample) ?? 0) + 1;
    counts.set(sample, count);
    if (best === undefined || count > (counts.get(best) ?? 0)) best = sample;
  }
  return best;
}

/**
 * Draws the puzzles people label. Each puzzle is drawn on its own with its probability (a seeded
 * Bernoulli draw, so a seed always gives the same puzzles and the number drawn is the budget on
 * average, not exactly), under `uncertainty` by samplingProbabilities from the judge's uncertainty,
 * under `random` budget / N each. Both rules take the same random number for a puzzle from a seed
 * (drawActiveSample's), so with one seed their samples differ only where the judge's uncertainty moves
 * a puzzle's probability. A puzzle without a judge signal is given the mean uncertainty of those with
 * one, which puts it at the uniform rule's share. Throws a RangeError on a budget that is
 * not a whole number from 1 to the number of puzzles, or a tau outside (0, 1].
 */
export function drawCalibrationSample(input: CalibrationSampleInput): CalibrationDraw {
  const { puzzleIds, signal, rule, budget, seed } = input;
  const tau = input.tau ?? DEFAULT_MIXING;
  const N = puzzleIds.length;
  if (N === 0) throw new RangeError('the study has no puzzle to draw from');
  if (!Number.isInteger(budget) || budget < 1 || budget > N)
    throw new RangeError(`the budget must be a whole number of puzzles from 1 to the study's ${N}, not ${budget}`);
  if (!Number.isInteger(seed)) throw new RangeError(`the seed must be a whole number, not ${seed}`);

  let probabilities: number[];
  let withoutSignal = 0;
  if (rule === 'uncertainty') {
    const known = puzzleIds.flatMap((id) => {
      const uncertainty = signal.byPuzzle.get(id);
      return uncertainty === undefined ? [] : [uncertainty];
    });
    withoutSignal = N - known.length;
    const uniformShare = known.length === 0 ? 0 : known.reduce((sum, u) => sum + u, 0) / known.length;
    probabilities = samplingProbabilities(
      puzzleIds.map((id) => signal.byPuzzle.get(id) ?? uniformShare),
      budget,
      tau,
    );
  } else {
    probabilities = puzzleIds.map(() => budget / N);
  }
  const chosen = drawActiveSample(probabilities, seed).map(({ unit }) => puzzleIds[unit] as string);
  const source = rule === 'uncertainty' ? signal.source : undefined;
  return {
    rule,
    budget,
    seed,
    tau,
    ...(source !== undefined ? { source } : {}),
    withoutSignal,
    chosen,
    // fromEntries defines own members, so no id could reach the prototype (ids never are "__proto__" in any case).
    probabilities: Object.fromEntries(puzzleIds.map((id, index) => [id, probabilities[index] as number])),
  };
}
