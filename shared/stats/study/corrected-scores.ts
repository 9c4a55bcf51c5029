// Each player's solve rate under each judge of the finals, corrected for that judge's errors
// (issue 15 point 7, issue 28 point 2). The unit is the session, as in the player outcomes: solved
// or not under the judge, and under the human majority where people labelled its finals.

import type { CorrectedScoreRow, ReportBucket } from '../../report/model/report-model';
import { correctedScore, type CorrectedScore, type ItemWords, type JudgeCalibration } from '../judge/corrected-score';
import { sessionResult, type SessionGame } from './player-outcomes';

/** The report counts sessions, solved or not, so its reasons say so. */
const SESSIONS: ItemWords = { items: 'sessions', positive: 'solved', negative: 'unsolved' };

/**
 * One judge's rows from the sessions as `sessionGames` reads them under that judge. Only a
 * session with a final can be judged: one that ended without (the round limit) is unsolved under
 * any judge and under people, so it is neither calibration data nor corrected. The calibration
 * sample pools every player's sessions of the bucket with a final that has both the judge's and
 * the human majority's verdict, since one player's few such sessions would say little about the
 * judge. The benchmark sample is the player's sessions with a final the judge gave a verdict on;
 * their corrected solve rate is scaled by their share of the player's sessions (those without a
 * final added back as unsolved), a share the study knows exactly, so the interval scales with it.
 */
export function correctedScoresOfJudge(judge: string, games: readonly SessionGame[], buckets: readonly ReportBucket[]): CorrectedScoreRow[] {
  const results = games.map((game) => ({
    game,
    withFinal: game.finals.length > 0,
    judge: sessionResult(game, 'judge'),
    human: sessionResult(game, 'human'),
  }));
  const players = [...new Set(games.map((game) => game.player))];
  return players.flatMap((player) =>
    buckets.map((bucket): CorrectedScoreRow => {
      const calibration: JudgeCalibration = { humanMatched: 0, judgeMatchedOfHumanMatched: 0, humanUnmatched: 0, judgeUnmatchedOfHumanUnmatched: 0 };
      let calibrationSessions = 0;
      let judged = 0;
      let judgeMatched = 0;
      let sessionsWithoutFinal = 0;
      for (const { game, withFinal, judge: byJudge, human } of results) {
        if (bucket !== 'all' && game.bucket !== bucket) continue;
        if (!withFinal) {
          if (game.player === player) sessionsWithoutFinal++;
          continue;
        }
        if (byJudge === null) continue;
        if (game.player === player) {
          judged++;
          if (byJudge.solved) judgeMatched++;
        }
        if (human === null) continue;
        calibrationSessions++;
        if (human.solved) {
          calibration.humanMatched++;
          if (byJudge.solved) calibration.judgeMatchedOfHumanMatched++;
        } else {
          calibration.humanUnmatched++;
          if (!byJudge.solved) calibration.judgeUnmatchedOfHumanUnmatched++;
        }
      }
      const sessions = judged + sessionsWithoutFinal;
      return {
        judge,
        player,
        bucket,
        ...overAllSessions(correctedScore({ judged, judgeMatched }, calibration, SESSIONS), judged, sessions),
        sessions,
        sessionsWithFinal: judged,
        shareWithFinal: sessions === 0 ? null : judged / sessions,
        calibrationSessions,
      };
    }),
  );
}

/**
 * The score over the sessions with a final turned into one over all the player's sessions: every
 * figure of a solve rate times the share with a final (the rest are unsolved). A player none of
 * whose sessions reached a final solved none, whatever the judge: 0, exactly.
 */
function overAllSessions(score: CorrectedScore, withFinal: number, sessions: number): CorrectedScore {
  if (sessions === 0 || withFinal === sessions) return score;
  if (withFinal === 0) return { ...score, rawScore: 0, theta: 0, unclampedTheta: 0, ci95: [0, 0], unclampedCi95: [0, 0], undefinedReasons: {} };
  const share = withFinal / sessions;
  const scale = (x: number | null) => (x === null ? null : x * share);
  return {
    ...score,
    rawScore: scale(score.rawScore),
    theta: scale(score.theta),
    unclampedTheta: scale(score.unclampedTheta),
    ci95: score.ci95 && [score.ci95[0] * share, score.ci95[1] * share],
    unclampedCi95: score.unclampedCi95 && [score.unclampedCi95[0] * share, score.unclampedCi95[1] * share],
  };
}
