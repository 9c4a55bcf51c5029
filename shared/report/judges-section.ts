// The report's "Judges" section (issue 15 points 4-7): each judge against people, judges against
// each other, the Alternative Annotator Test and the corrected player scores, with the Holm
// families their p-values were adjusted in.

import type { StudyData } from '../domain/model';
import type { BootstrapOptions, ReplicateJob } from '../stats/bootstrap';
import { differenceSeriesKind } from '../stats/cluster-difference-test';
import { clusterTestsPlan, ratioSeriesKind } from '../stats/cluster-ratio-test';
import { altTest, DEFAULT_ALT_TEST_EPSILON } from '../stats/judge/alt-test';
import { clusteredKappasPlan } from '../stats/judge/clustered-kappa';
import { holm } from '../stats/judge/mcnemar';
import { correctedScoresOfJudge } from '../stats/study/corrected-scores';
import { humanLikeness } from '../stats/study/human-likeness';
import { compareRankings, sessionGamesOfJudges, type SessionGame } from '../stats/study/player-outcomes';
import { judgeComparisonsPlan } from '../stats/study/judge-comparisons';
import { biasChecksPlan, lengthTertiles, textLength, type LengthTertiles, type UnitText } from '../stats/study/bias-checks';
import { confidencePlan } from '../stats/study/judge-confidence';
import { selectiveEvaluationRows } from '../stats/study/judge-selective';
import { judgePairsPlan } from '../stats/study/judge-pairs';
import { judgesAgainstPeoplePlan, taskColumns } from '../stats/study/judges-against-people';
import { questionItems, solveRateItems } from '../stats/study/prediction-powered-items';
import { predictionPoweredScoresPlan } from '../stats/study/prediction-powered-scores';
import { questionLabelShares, type QuestionLabelItem } from '../stats/study/question-label-shares';
import type { StudyUnits, TaskUnit } from '../stats/study/study-units';
import { fitnessCards, type CardEvidence, type JudgeKappa } from './fitness-card';
import { holmFamilyText } from './holm-families';
import type {
  BiasCheckRow,
  CalibrationRow,
  JudgeAltTestRow,
  JudgePairStabilityRow,
  JudgeRunOrigin,
  JudgeRankingRow,
  PairKappa,
  PredictionPoweredScoreRow,
  SelfConsistencyRow,
  JudgesSection,
  PairedTest,
  PairedTestResult,
  ReportBucket,
  ReportTask,
  Resampling,
} from './model/report-model';
import { BUCKET_NAME } from './table-layout';

interface JudgesSettings {
  resample: Resampling;
  pairedTest: PairedTest;
  altTestEpsilon?: number;
  /** Selective evaluation's target agreement and the risk it may fail with. */
  selective: { agreement: number; risk: number };
  bootstrap: BootstrapOptions;
  modelFamilies?: Readonly<Record<string, string>>;
}

/**
 * The section still to be bootstrapped (its tests, kappas and calibrations), and the section once
 * they have run, given the report's figures its fitness cards cite; undefined when no judge
 * labelled a unit people labelled (nothing to compare). Its jobs run with the report's others, so
 * those on a bucket's puzzles share the generator's passes with the tables'.
 */
export function judgesSectionPlan(
  data: StudyData,
  units: StudyUnits,
  buckets: Record<ReportTask, readonly ReportBucket[]>,
  playerBuckets: readonly ReportBucket[],
  pairwise: Record<ReportTask, readonly PairKappa[]>,
  runs: readonly JudgeRunOrigin[],
  settings: JudgesSettings,
): { jobs: ReplicateJob[]; result(evidence: CardEvidence): JudgesSection } | undefined {
  const tasks: ReportTask[] = ['answer', 'match'];
  const compared = tasks.some((task) => units.units[task].some((unit) => unit.judgements.size > 0 && unit.humans.length > 0));
  if (!compared) return undefined;
  const altTestEpsilon = settings.altTestEpsilon ?? DEFAULT_ALT_TEST_EPSILON;
  const section: JudgesSection = {
    altTestEpsilon,
    againstPeople: [],
    comparisons: [],
    altTest: [],
    correctedScores: [],
    holmFamilies: [],
  };
  const biasChecks: BiasCheckRow[] = [];
  const calibration: CalibrationRow[] = [];
  const selfConsistency: SelfConsistencyRow[] = [];
  const judgePairs: JudgePairStabilityRow[] = [];
  const kappas: JudgeKappa[] = [];
  const { texts, tertiles } = unitTexts(data);
  // Each judge of the finals' sessions, read once for its corrected and prediction-powered scores and its player ranking.
  const gamesOfJudges = sessionGamesOfJudges(data, units, units.judges.match);
  const predictionPowered: PredictionPoweredScoreRow[] = [];
  const sample = weightedSample(data);
  const planned = tasks.map((task) => {
    const taskUnits = units.units[task];
    const judges = units.judges[task];
    const { twins, counted } = sameUnitsAs(taskUnits, buckets[task]);
    const columns = taskColumns(taskUnits, buckets[task], settings.resample);
    // The net leniency, the bias checks (their yes rates on the same units and clusters: one job
    // with it), the comparisons, the kappas and the calibrations bootstrapped in one run: on a
    // bucket they usually fall in as many clusters, so where their groups are few they share the
    // replicates' draws (each keeps its own figures).
    const leniencyPlan = judgesAgainstPeoplePlan(task, taskUnits, judges, buckets[task], units.categories[task], settings, columns);
    const biasPlan = biasChecksPlan(task, taskUnits, judges, buckets[task], columns, (id) => texts.get(id), tertiles[task], settings);
    const comparisonsPlan = judgeComparisonsPlan(task, taskUnits, judges, buckets[task], settings.resample, settings.pairedTest);
    const confidence = confidencePlan(task, units.confident[task], judges, settings);
    const all = buckets[task].indexOf('all');
    const pairsPlan = judgePairsPlan(task, taskUnits, judges, columns.clusterIn[all] as Int32Array, pairwise[task]);
    const testsPlan = clusterTestsPlan(
      [
        ratioSeriesKind([[...(leniencyPlan.seriesSets[0] ?? []), ...biasPlan.yesRates], ...comparisonsPlan.seriesSets, confidence.flips, pairsPlan.flips]),
        differenceSeriesKind([biasPlan.differences]),
      ],
      settings.bootstrap,
    );
    const kappasPlan = clusteredKappasPlan(biasPlan.majorityPairs, settings.bootstrap);
    const scoreItems =
      task === 'match'
        ? { ...solveRateItems(data, judges, gamesOfJudges, buckets[task], columns, sample?.inclusionOf), labelItems: undefined }
        : questionItems(data, taskUnits, judges, buckets[task], columns, units.categories[task], sample?.inclusionOf);
    const scoresPlan = predictionPoweredScoresPlan({
      measure: task === 'match' ? 'solve-rate' : 'question-accuracy',
      ...scoreItems,
      buckets: buckets[task],
      bootstrap: settings.bootstrap,
      weighted: sample !== undefined,
    });
    // The task's rows once its jobs have run, added to the section's in task order.
    const finish = () => {
      const [[leniencyAndYesRates = [], ...tests] = [], [differences = []] = []] = testsPlan.result();
      const comparisonSets = comparisonsPlan.seriesSets.length;
      const { calibration: calibrated, selfConsistency: consistent } = confidence.rows(tests[comparisonSets] ?? []);
      const modelPairs = pairsPlan.rows(tests[comparisonSets + 1] ?? []);
      calibration.push(...calibrated);
      // Selective evaluation needs no bootstrap: the fixed-sequence test is exact on the units people labelled.
      (section.selectiveEvaluation ??= []).push(...selectiveEvaluationRows(task, confidence.confidentUnits, settings.selective));
      selfConsistency.push(...consistent);
      judgePairs.push(...modelPairs);
      // The twin swaps the reference and the guess of a final answer; a question has neither.
      const orderChecks = modelPairs
        .filter((pair) => pair.kind === 'order swapped' && task === 'match')
        .map((swapped) => {
          const reasked = consistent.find((row) => row.judge === swapped.a);
          return reasked === undefined ? { swapped } : { swapped, reasked };
        });
      kappasPlan.result().forEach(({ n, kappa, ci95 }, j) => kappas.push({ task, judge: judges[j] as string, n, kappa, ci95 }));
      const leniencySeries = leniencyPlan.seriesSets[0]?.length ?? 0;
      biasChecks.push(...biasPlan.rows(leniencyAndYesRates.slice(leniencySeries), differences, orderChecks));
      const againstPeople = leniencyPlan.rows([leniencyAndYesRates.slice(0, leniencySeries)]);
      const leniency = holmFamily(
        againstPeople,
        counted,
        twins,
        (row) => row.judge,
        (row) => row.leniencyTest,
        (p, row) => (row.holmP = p),
      );
      if (leniency.tested > 0)
        section.holmFamilies.push(
          holmFamilyText(
            task,
            'leniency',
            `${plural(judges.length, 'judge')} x ${plural(counted.size, 'bucket')}${tally(leniency.tested, leniency.rows)}${twinText(twins)}`,
          ),
        );
      const comparisons = comparisonsPlan.rows(tests.slice(0, comparisonSets));
      const paired = holmFamily(
        comparisons,
        counted,
        twins,
        (row) => `${row.a}\u0000${row.b}`,
        (row) => row.test,
        (p, row) => (row.holmP = p),
      );
      const pairs = (judges.length * (judges.length - 1)) / 2;
      if (paired.tested > 0)
        section.holmFamilies.push(
          holmFamilyText(
            task,
            'pairs',
            `${plural(pairs, 'pair')} of judges x ${plural(counted.size, 'bucket')}${tally(paired.tested, paired.rows)}${twinText(twins)}`,
          ),
        );
      predictionPowered.push(...withLabelShares(scoresPlan.result(), scoreItems, buckets[task], units.categories[task]));
      section.againstPeople.push(...againstPeople);
      section.comparisons.push(...comparisons);
      section.altTest.push(
        ...judges.map((judge): JudgeAltTestRow => ({
          task,
          judge,
          ...altTest(
            taskUnits.map((unit) => ({ judge: unit.judgements.get(judge), humans: unit.humans })),
            { epsilon: altTestEpsilon, scoring: 'accuracy' },
          ),
        })),
      );
    };
    return { jobs: [...testsPlan.jobs, ...kappasPlan.jobs, ...confidence.calibration.jobs, ...scoresPlan.jobs], finish };
  });
  return {
    jobs: planned.flatMap(({ jobs }) => jobs),
    result(evidence) {
      for (const { finish } of planned) finish();
      const games = units.judges.match.map((judge, j) => ({ judge, games: gamesOfJudges[j] as SessionGame[] }));
      section.correctedScores = games.flatMap(({ judge, games: played }) => correctedScoresOfJudge(judge, played, playerBuckets));
      const rankings = games.map(({ judge, games: played }): JudgeRankingRow => ({ judge, ranking: compareRankings(played, settings.bootstrap.seed) }));
      const likeness = tasks.flatMap((task) => humanLikeness(task, units.judges[task], pairwise[task]));
      const full = { ...section, biasChecks, humanLikeness: likeness, rankings, calibration, selfConsistency, judgePairs, predictionPowered };
      return { ...full, fitness: fitnessCards(full, evidence, kappas, runs) };
    },
  };
}

/**
 * Each question's and final's text and its session's player, by turn id, for the bias checks; and
 * the length tertiles of each task's texts, every question or every final answer of the study.
 */
function unitTexts(data: StudyData): { texts: Map<string, UnitText>; tertiles: Record<ReportTask, LengthTertiles | undefined> } {
  const players = new Map(data.sessions.map((session) => [session.id, session.player]));
  const texts = new Map<string, UnitText>();
  const lengths: Record<ReportTask, number[]> = { answer: [], match: [] };
  for (const turn of data.turns) {
    const length = textLength(turn.text);
    texts.set(turn.id, { text: turn.text, length, player: players.get(turn.sessionId) ?? '' });
    lengths[turn.type === 'question' ? 'answer' : 'match'].push(length);
  }
  return { texts, tertiles: { answer: lengthTertiles(lengths.answer), match: lengthTertiles(lengths.match) } };
}

/**
 * `counted`: the buckets whose sets of units a family tests, each set once. `twins`: per bucket
 * whose units are exactly those of a counted one (every puzzle unrated: Unrated and All), that
 * bucket; its tests are that bucket's. An empty bucket (the tables always show Easy, Medium and
 * Hard) has no test and is neither.
 */
function sameUnitsAs(units: readonly TaskUnit[], buckets: readonly ReportBucket[]): { counted: Set<ReportBucket>; twins: Map<ReportBucket, ReportBucket> } {
  const firstWith = new Map<string, ReportBucket>();
  const twins = new Map<ReportBucket, ReportBucket>();
  const bucketOf = units.map((unit) => unit.bucket);
  // All first, so a bucket that is all the units is counted as All.
  for (const bucket of [...buckets.filter((b) => b === 'all'), ...buckets.filter((b) => b !== 'all')]) {
    const key = bucketOf.flatMap((unitBucket, u) => (bucket === 'all' || unitBucket === bucket ? [u] : [])).join(' ');
    if (key === '') continue;
    const first = firstWith.get(key);
    if (first === undefined) firstWith.set(key, bucket);
    else twins.set(bucket, first);
  }
  return { counted: new Set(firstWith.values()), twins };
}

/**
 * Holm's adjustment over the p-values of the rows of the counted buckets (a row without a test,
 * such as one without a discordant pair, stays out, its holmP null). A row of a twin bucket is
 * the same test as its twin's row of the same judges (`who`) and takes that row's holmP. Returns
 * how many rows the family has and how many were adjusted together.
 */
function holmFamily<Row extends { bucket: ReportBucket; holmP: number | null }>(
  all: readonly Row[],
  counted: ReadonlySet<ReportBucket>,
  twins: ReadonlyMap<ReportBucket, ReportBucket>,
  who: (row: Row) => string,
  test: (row: Row) => PairedTestResult,
  set: (holmP: number, row: Row) => void,
): { rows: number; tested: number } {
  const rows = all.filter((row) => counted.has(row.bucket));
  const tested = rows.filter((row) => test(row).pValue !== null);
  holm(tested.map((row) => test(row).pValue as number)).forEach((p, i) => set(p, tested[i] as Row));
  const holmOf = new Map(rows.map((row) => [`${row.bucket}\u0000${who(row)}`, row.holmP]));
  for (const row of all) {
    const twin = twins.get(row.bucket);
    const p = twin === undefined ? null : (holmOf.get(`${twin}\u0000${who(row)}`) ?? null);
    if (p !== null) set(p, row);
  }
  return { rows: rows.length, tested: tested.length };
}

/** What the family says of the buckets it counted once: `; Unrated holds the same units as All, so its tests are counted once`. */
function twinText(twins: ReadonlyMap<ReportBucket, ReportBucket>): string {
  return [...twins].map(([bucket, first]) => `; ${BUCKET_NAME[bucket]} holds the same units as ${BUCKET_NAME[first]}, so its tests are counted once`).join('');
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** What the family leaves out: the figures without a test (no discordant pair, or no spread to test against). */
const tally = (tested: number, all: number) => (tested === all ? '' : `; the ${all - tested} without a test are left out, so ${tested} p-values are adjusted`);

/**
 * The question rows with their yes and relevant shares corrected through each judge's three-label
 * confusion (issue 32 point 2), per bucket (All over every bucket); the solve-rate rows as they are.
 */
function withLabelShares(
  rows: PredictionPoweredScoreRow[],
  {
    cells,
    strata,
    labelItems,
  }: { cells: readonly { judge: string; player: string }[]; strata: readonly ReportBucket[]; labelItems: readonly QuestionLabelItem[] | undefined },
  buckets: readonly ReportBucket[],
  categories: readonly string[],
): PredictionPoweredScoreRow[] {
  if (labelItems === undefined) return rows;
  const judgeOfCell = cells.map((cell) => cell.judge);
  const sharesOf = new Map(
    buckets.map((bucket) => {
      const inBucket = new Set(bucket === 'all' ? strata.map((_, s) => s) : [strata.indexOf(bucket)]);
      return [bucket, questionLabelShares(labelItems, judgeOfCell, inBucket, categories)];
    }),
  );
  // A row's cell by its judge and player, whatever the rows' order.
  const cellOf = new Map(cells.map((cell, c) => [JSON.stringify([cell.judge, cell.player]), c]));
  return rows.map((row) => {
    const shares = sharesOf.get(row.bucket)?.[cellOf.get(JSON.stringify([row.judge, row.player])) ?? -1];
    return shares === undefined ? row : { ...row, labelShares: shares };
  });
}

/**
 * Where people labelled a calibration sample drawn where the judge was least sure, each puzzle's
 * chance of having been drawn (the chosen ones: a puzzle assigned by hand outside the sample has
 * no chance that describes it); undefined for a plain random sample or none, which PPI++ takes as
 * they are.
 */
function weightedSample(data: StudyData): { inclusionOf: (puzzleId: string) => number | undefined } | undefined {
  const sample = data.study.calibrationSample;
  if (sample?.rule !== 'uncertainty') return undefined;
  const chosen = new Set(sample.chosen);
  return { inclusionOf: (puzzleId) => (chosen.has(puzzleId) ? sample.probabilities[puzzleId] : undefined) };
}
