// Builds the agreement report (FORMATS §5) of a study and its human labels: every figure of
// SPEC §4 per task and difficulty bucket. Pure and deterministic: the same input and seed give
// the same report (every random draw comes from the seeded PRNG); the clock is passed in as `now`.

import type { Bucket } from '../domain/difficulty';
import type { StudyData } from '../domain/model';
import type { BootstrapOptions } from '../stats/bootstrap';
import { agreementRows, judgeGroup } from '../stats/study/agreement';
import { annotatorReliability, difficultyAnnotatorReliability } from '../stats/study/annotator-reliability';
import { chanceCorrected, difficultyStatistics } from '../stats/study/chance-corrected';
import { confusionMatrix } from '../stats/study/confusion';
import { HUMAN_MAJORITY, pairwiseKappas } from '../stats/study/pairwise';
import { compareRankings, playerOutcomes, sessionGames } from '../stats/study/player-outcomes';
import { indexStudy, type StudyLabel, type StudyUnits } from '../stats/study/study-units';
import {
  REPORT_FORMAT,
  type AgreementReport,
  type AgreementRow,
  type ChanceCorrected,
  type ConfusionMatrix,
  type PairKappa,
  type ReportBucket,
  type ReportTask,
} from './report-model';

export interface ReportSettings {
  /** Bootstrap replicates B for every interval; 0 gives no intervals. */
  bootstrap: number;
  /** Seed of every bootstrap and of the ranking permutation test. */
  seed: number;
  /** Which raw-agreement average the renderings lead with; the report holds both. */
  average: 'micro' | 'macro';
}

export interface ReportInput {
  study: StudyData;
  /**
   * Human labels. Labels on units the study does not have, of a task their unit does not take,
   * or with a value the task does not allow are ignored here (the command line and the import
   * reject them before); of two labels by one annotator on one unit the later one counts.
   */
  labels: readonly StudyLabel[];
  settings: ReportSettings;
  inputs: Array<{ file: string; sha256: string }>;
  app: string;
  now: string;
}

export function buildReport(input: ReportInput): AgreementReport {
  const { settings } = input;
  if (!Number.isSafeInteger(settings.bootstrap) || settings.bootstrap < 0) throw new RangeError(`bootstrap must be a whole number of at least 0, not ${settings.bootstrap}`);
  if (!Number.isSafeInteger(settings.seed)) throw new RangeError(`seed must be a whole number, not ${settings.seed}`);
  const bootstrap: BootstrapOptions = { replicates: settings.bootstrap, seed: settings.seed };
  const units = indexStudy(input.study, input.labels);

  const answer = taskFigures(units, 'answer', bootstrap);
  const match = taskFigures(units, 'match', bootstrap);

  const games = sessionGames(input.study, units);
  const outcomes = playerOutcomes(games, reportBuckets(games.map((game) => game.bucket)));

  return {
    format: REPORT_FORMAT,
    app: input.app,
    generatedAt: input.now,
    study: { id: input.study.study.id, name: input.study.study.name },
    inputs: input.inputs.map(({ file, sha256 }) => ({ file, sha256 })),
    settings: { bootstrap: settings.bootstrap, seed: settings.seed, average: settings.average },
    tables: { answer: answer.table, match: match.table },
    statistics: { answer: answer.statistics, match: match.statistics, difficulty: difficultyStatistics(units.difficultyRatings, bootstrap) },
    pairwise: { answer: answer.pairwise, match: match.pairwise },
    confusion: [...answer.confusion, ...match.confusion],
    annotators: [
      ...annotatorReliability('answer', units.units.answer),
      ...annotatorReliability('match', units.units.match),
      ...difficultyAnnotatorReliability(units.difficultyRatings),
    ],
    difficulty: units.difficulty,
    players: { outcomes, ranking: compareRankings(outcomes, settings.seed) },
  };
}

interface TaskFigures {
  table: AgreementRow[];
  statistics: Partial<Record<ReportBucket, ChanceCorrected>>;
  pairwise: PairKappa[];
  confusion: ConfusionMatrix[];
}

function taskFigures(units: StudyUnits, task: ReportTask, bootstrap: BootstrapOptions): TaskFigures {
  const taskUnits = units.units[task];
  const judges = units.judges[task];
  const categories = units.categories[task];
  const buckets = reportBuckets(taskUnits.map((unit) => unit.bucket));
  const statistics: Partial<Record<ReportBucket, ChanceCorrected>> = {};
  for (const bucket of buckets) {
    statistics[bucket] = chanceCorrected(bucket === 'all' ? taskUnits : taskUnits.filter((unit) => unit.bucket === bucket), categories, bootstrap);
  }
  const pairwise = pairwiseKappas(taskUnits, judges);
  const confusion = judges.map((judge) => {
    const kappa = pairwise.find((pair) => pair.a === judgeGroup(judge) && pair.b === HUMAN_MAJORITY)?.cohenKappa ?? null;
    return confusionMatrix(task, judge, taskUnits, categories, kappa);
  });
  return { table: agreementRows(taskUnits, judges, buckets, bootstrap), statistics, pairwise, confusion };
}

/** Easy, medium, hard, then unrated only when something is unrated, then all (SPEC §4 tables). */
function reportBuckets(present: readonly Bucket[]): ReportBucket[] {
  return present.includes('unrated') ? ['easy', 'medium', 'hard', 'unrated', 'all'] : ['easy', 'medium', 'hard', 'all'];
}
