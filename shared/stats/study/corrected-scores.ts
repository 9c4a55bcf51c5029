// Each player's solve rate under each judge of the finals, corrected for that judge's errors
// (issue 15 point 7). The unit is the session, as in the player outcomes: solved or not under the
// judge, and under the human majority where people labelled its finals.

import type { StudyData } from '../../domain/model';
import type { CorrectedScoreRow, ReportBucket } from '../../report/model/report-model';
import { correctedScore, type ItemWords, type JudgeCalibration } from '../judge/corrected-score';
import { sessionGames, sessionResult } from './player-outcomes';
import type { StudyUnits } from './study-units';

/** The report counts sessions, solved or not, so its reasons say so. */
const SESSIONS: ItemWords = { items: 'sessions', positive: 'solved', negative: 'unsolved' };

/**
 * One row per judge (match-task order), player (order of first session) and bucket. The benchmark
 * sample is the player's sessions with a verdict under the judge (solved when it said matched on
 * one of the finals, sessionResult); the calibration sample pools every player's sessions of the
 * bucket with both the judge's and the human majority's verdict, since one player's few
 * human-labelled sessions would say little about the judge.
 */
export function correctedScores(data: StudyData, units: StudyUnits, buckets: readonly ReportBucket[]): CorrectedScoreRow[] {
  return units.judges.match.flatMap((judge) => {
    const games = sessionGames(data, units, judge).map((game) => ({ game, judge: sessionResult(game, 'judge'), human: sessionResult(game, 'human') }));
    const players = [...new Set(games.map(({ game }) => game.player))];
    return players.flatMap((player) =>
      buckets.map((bucket): CorrectedScoreRow => {
        const calibration: JudgeCalibration = { humanMatched: 0, judgeMatchedOfHumanMatched: 0, humanUnmatched: 0, judgeUnmatchedOfHumanUnmatched: 0 };
        let calibrationSessions = 0;
        let judged = 0;
        let judgeMatched = 0;
        for (const { game, judge: byJudge, human } of games) {
          if (bucket !== 'all' && game.bucket !== bucket) continue;
          if (byJudge !== null && game.player === player) {
            judged++;
            if (byJudge.solved) judgeMatched++;
          }
          if (byJudge === null || human === null) continue;
          calibrationSessions++;
          if (human.solved) {
            calibration.humanMatched++;
            if (byJudge.solved) calibration.judgeMatchedOfHumanMatched++;
          } else {
            calibration.humanUnmatched++;
            if (!byJudge.solved) calibration.judgeUnmatchedOfHumanUnmatched++;
          }
        }
        return { judge, player, bucket, ...correctedScore({ judged, judgeMatched }, calibration, SESSIONS), sessions: judged, calibrationSessions };
      }),
    );
  });
}
