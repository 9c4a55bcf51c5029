// The items the prediction-powered scores are computed from (prediction-powered-scores.ts), read
// from the study: per judge and player, each session with a final the judge gave a verdict on
// (solved or not, under the judge and under people) and each question the judge answered (yes or
// not), with the clusters the report's bootstrap draws them in. One walk over each task's units.

import type { StudyData } from '../../domain/model';
import { UNPARSEABLE } from '../../domain/model';
import type { ReportBucket } from '../../report/model/report-model';
import { sessionResult, type SessionGame } from './player-outcomes';
import type { PredictionPoweredInput, PredictionPoweredItem } from './prediction-powered-scores';
import type { TaskColumns } from './judges-against-people';
import type { QuestionLabelItem } from './question-label-shares';
import type { TaskUnit } from './study-units';

type Items = Pick<PredictionPoweredInput, 'cells' | 'strata' | 'items' | 'knownNegatives' | 'clusterCounts'>;

/** The report's buckets other than "all": the strata of "All". */
function strataOf(buckets: readonly ReportBucket[]): ReportBucket[] {
  return buckets.filter((bucket) => bucket !== 'all');
}

/** Clusters per bucket: one more than the highest cluster number of the bucket's units. */
function clusterCounts(columns: TaskColumns): number[] {
  return columns.clusterIn.map((clusters) => clusters.reduce((most, cluster) => Math.max(most, cluster + 1), 0));
}

/**
 * The solve-rate items of each judge of the finals (`games[j]`, sessionGamesOfJudges in the
 * order of `data.sessions`). A session is drawn with its puzzle: the cluster of its puzzle's
 * finals in each bucket (with units resampled, of one of them). Sessions without a final are the
 * known negatives of their player and bucket.
 */
export function solveRateItems(
  data: StudyData,
  judges: readonly string[],
  games: readonly (readonly SessionGame[])[],
  buckets: readonly ReportBucket[],
  columns: TaskColumns,
  inclusionOf?: (puzzleId: string) => number | undefined,
): Items {
  const strata = strataOf(buckets);
  const clusterOfPuzzle = buckets.map(() => new Map<string, number>());
  columns.puzzleIds.forEach((puzzleId, u) => {
    columns.clusterIn.forEach((clusters, b) => {
      const cluster = clusters[u] as number;
      if (cluster >= 0) clusterOfPuzzle[b]?.set(puzzleId, cluster);
    });
  });
  const players = [...new Set(data.sessions.map((session) => session.player))];
  const playerIndex = new Map(players.map((player, p) => [player, p]));
  const cells = judges.flatMap((judge) => players.map((player) => ({ judge, player })));
  const negatives = new Int32Array(cells.length * strata.length);
  const items: PredictionPoweredItem[] = [];
  // A session's clusters, one list shared by every judge's item of it.
  const clusterInOfSession = data.sessions.map((session) => buckets.map((_bucket, b) => clusterOfPuzzle[b]?.get(session.puzzleId) ?? -1));
  judges.forEach((_, j) => {
    (games[j] ?? []).forEach((game, i) => {
      const session = data.sessions[i];
      const stratum = strata.indexOf(game.bucket);
      if (session === undefined || stratum < 0) return;
      const cell = j * players.length + (playerIndex.get(game.player) as number);
      if (game.finals.length === 0) {
        negatives[cell * strata.length + stratum] = (negatives[cell * strata.length + stratum] as number) + 1;
        return;
      }
      const byJudge = sessionResult(game, 'judge');
      if (byJudge === null) return;
      const byPeople = sessionResult(game, 'human');
      // No human result where people labelled a final: they tied on it (or left one before the decisive final).
      const people = byPeople === null ? (game.finals.some((final) => final.peopleLabelled === true) ? 'tied' : null) : byPeople.solved ? 1 : 0;
      const inclusion = inclusionOf?.(session.puzzleId);
      items.push({
        cell,
        stratum,
        clusterIn: clusterInOfSession[i] as number[],
        judge: byJudge.solved ? 1 : 0,
        people,
        ...(inclusion === undefined ? {} : { inclusion }),
      });
    });
  });
  return {
    cells,
    strata,
    items,
    knownNegatives: (cell, stratum) => negatives[cell * strata.length + stratum] as number,
    clusterCounts: clusterCounts(columns),
  };
}

/**
 * The question-accuracy items: per judge, each question unit it answered (an unparseable reply is
 * no answer), yes or not, and the human majority's, yes or not, where there is one (tied where
 * people labelled it without one).
 */
export function questionItems(
  data: StudyData,
  answerUnits: readonly TaskUnit[],
  judges: readonly string[],
  buckets: readonly ReportBucket[],
  columns: TaskColumns,
  categories: readonly string[],
  inclusionOf?: (puzzleId: string) => number | undefined,
): Items & { labelItems: QuestionLabelItem[] } {
  const strata = strataOf(buckets);
  const playerOfSession = new Map(data.sessions.map((session) => [session.id, session.player]));
  const playerOfTurn = new Map(data.turns.map((turn) => [turn.id, playerOfSession.get(turn.sessionId)]));
  const players = [...new Set(data.sessions.map((session) => session.player))];
  const playerIndex = new Map(players.map((player, p) => [player, p]));
  const cells = judges.flatMap((judge) => players.map((player) => ({ judge, player })));
  const items: PredictionPoweredItem[] = [];
  const labelItems: QuestionLabelItem[] = [];
  const categoryOf = new Map(categories.map((category, k) => [category, k]));
  answerUnits.forEach((unit, u) => {
    const player = playerOfTurn.get(unit.id);
    const stratum = strata.indexOf(unit.bucket);
    if (player === undefined || stratum < 0) return;
    const majority = columns.majorities[u] ?? null;
    const people = majority === null ? (unit.humans.length > 0 ? 'tied' : null) : majority === 'yes' ? 1 : 0;
    const clusterIn = columns.clusterIn.map((clusters) => clusters[u] as number);
    const inclusion = inclusionOf?.(unit.puzzleId);
    const p = playerIndex.get(player) as number;
    judges.forEach((judge, j) => {
      const label = unit.judgements.get(judge);
      if (label === undefined || label === UNPARSEABLE) return;
      items.push({
        cell: j * players.length + p,
        stratum,
        clusterIn,
        judge: label === 'yes' ? 1 : 0,
        people,
        ...(inclusion === undefined ? {} : { inclusion }),
      });
      const judgeCategory = categoryOf.get(label);
      if (judgeCategory !== undefined) {
        labelItems.push({ cell: j * players.length + p, stratum, judge: judgeCategory, people: majority === null ? null : (categoryOf.get(majority) ?? null) });
      }
    });
  });
  return { cells, strata, items, labelItems, clusterCounts: clusterCounts(columns) };
}
