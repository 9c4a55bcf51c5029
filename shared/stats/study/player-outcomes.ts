// Player outcomes under judge and under human verdicts (SPEC §4): Acc, Rnd and O/A per player
// model and bucket, and how far the two player rankings agree. Reads the sessions' final turns;
// the judge verdict is the session's primary judge's label, the human one the strict majority.

import type { Bucket } from '../../domain/difficulty';
import { UNPARSEABLE, type StudyData } from '../../domain/model';
import type { PlayerOutcome, RankingComparison, ReportBucket } from '../../report/model/report-model';
import { humanMajority } from './majority';
import { kendallPermutationP, kendallTauB, kendallTauP, rankBiasedOverlap } from './rank-correlation';
import type { StudyUnits, TaskUnit } from './study-units';

export type VerdictSource = PlayerOutcome['verdicts'];
type Verdict = string | null;

const VERDICT_SOURCES: readonly VerdictSource[] = ['judge', 'human'];

/** One played session as the outcome figures need it. */
export interface SessionGame {
  player: string;
  bucket: Bucket;
  /** Rounds charged to an unsolved session: its maxRounds, else its number of turns. */
  roundsWhenUnsolved: number;
  /**
   * Final turns in play order: the round each was given in (1-based turn number), its verdicts, and
   * whether people labelled it at all (their verdict is null where they tied; absent: unknown).
   */
  finals: Array<{ round: number; verdicts: Record<VerdictSource, Verdict>; peopleLabelled?: boolean }>;
}

/**
 * The sessions as the outcome figures read them. The judge verdict of a final is the label of `judge`
 * when it is given (the corrected scores ask every judge of the finals), else the session's own
 * primary judge's (the player outcomes).
 */
export function sessionGames(data: StudyData, units: StudyUnits, judge?: string): SessionGame[] {
  return gamesUnder(playedSessions(data, units), judge);
}

/** sessionGames for each of `judges`, the sessions and their human verdicts read once. */
export function sessionGamesOfJudges(data: StudyData, units: StudyUnits, judges: readonly string[]): SessionGame[][] {
  const played = playedSessions(data, units);
  return judges.map((judge) => gamesUnder(played, judge));
}

/** A session with its finals in play order, each with its judges' labels and the human verdict: what every judge's games share. */
interface PlayedSession {
  session: StudyData['sessions'][number];
  bucket: Bucket;
  finals: Array<{ round: number; judgements: TaskUnit['judgements'] | undefined; human: Verdict; peopleLabelled: boolean }>;
}

function playedSessions(data: StudyData, units: StudyUnits): PlayedSession[] {
  const finalsOfSession = new Map<string, Array<{ turnId: string; index: number }>>();
  for (const turn of data.turns) {
    if (turn.type !== 'final') continue;
    const list = finalsOfSession.get(turn.sessionId);
    if (list) list.push({ turnId: turn.id, index: turn.index });
    else finalsOfSession.set(turn.sessionId, [{ turnId: turn.id, index: turn.index }]);
  }
  return data.sessions.map((session) => ({
    session,
    bucket: units.bucketOfPuzzle.get(session.puzzleId) ?? 'unrated',
    finals: [...(finalsOfSession.get(session.id) ?? [])]
      .sort((a, b) => a.index - b.index)
      .map(({ turnId, index }) => {
        const unit = units.unitsById.match.get(turnId);
        // The unit read once here, however many judges' games are made from it.
        return { round: index + 1, judgements: unit?.judgements, human: unit ? humanMajority(unit) : null, peopleLabelled: (unit?.humans.length ?? 0) > 0 };
      }),
  }));
}

function gamesUnder(played: readonly PlayedSession[], judge: string | undefined): SessionGame[] {
  return played.map(({ session, bucket, finals }) => ({
    player: session.player,
    bucket,
    roundsWhenUnsolved: session.maxRounds ?? session.turnCount,
    finals: finals.map(({ round, judgements, human, peopleLabelled }) => ({
      round,
      verdicts: { judge: verdictOf(judgements?.get(judge ?? session.judge)), human },
      peopleLabelled,
    })),
  }));
}

/** A judge's unparseable final is no verdict however the agreement figures count it: whether the session was solved is unknown. */
function verdictOf(label: string | undefined): Verdict {
  return label === undefined || label === UNPARSEABLE ? null : label;
}

/**
 * A session's result under one verdict source: solved at the first matched final (Rnd = turns up
 * to and including it), or unsolved when every final is unmatched (Rnd = roundsWhenUnsolved).
 * Null when a final before the first matched one has no verdict: whether and when the session
 * was solved is then unknown, so it is left out (and counted) rather than guessed.
 */
export function sessionResult(game: SessionGame, source: VerdictSource): { solved: boolean; rounds: number } | null {
  for (const final of game.finals) {
    const verdict = final.verdicts[source];
    if (verdict === null) return null;
    if (verdict === 'matched') return { solved: true, rounds: final.round };
  }
  return { solved: false, rounds: game.roundsWhenUnsolved };
}

/**
 * Why a study without a single final answer has no Acc, Rnd or O/A: every session would count as
 * unsolved at its round limit, and every player score 0, which says nothing of the players
 * (TurtleBench's studies hold questions only).
 */
export const NO_FINAL_ANSWERS = 'no session in the study has a final answer, so none can be counted solved or unsolved';

/**
 * Acc, Rnd and O/A (SPEC §4) per verdict source, player (in order of first session) and bucket;
 * null with the reason NO_FINAL_ANSWERS when no session has a final answer.
 */
export function playerOutcomes(games: readonly SessionGame[], buckets: readonly ReportBucket[]): PlayerOutcome[] {
  const players = [...new Set(games.map((game) => game.player))];
  const anyFinal = games.some((game) => game.finals.length > 0);
  const outcomes: PlayerOutcome[] = [];
  for (const verdicts of VERDICT_SOURCES) {
    for (const player of players) {
      for (const bucket of buckets) {
        let sessions = 0;
        let sessionsWithoutVerdict = 0;
        let solved = 0;
        let rounds = 0;
        let oaSum = 0;
        for (const game of games) {
          if (game.player !== player || (bucket !== 'all' && game.bucket !== bucket)) continue;
          const result = sessionResult(game, verdicts);
          if (result === null) {
            sessionsWithoutVerdict++;
            continue;
          }
          sessions++;
          rounds += result.rounds;
          if (result.solved) {
            solved++;
            oaSum += 1 / result.rounds;
          }
        }
        const figures = anyFinal && sessions > 0;
        outcomes.push({
          player,
          bucket,
          verdicts,
          sessions,
          sessionsWithoutVerdict,
          acc: figures ? solved / sessions : null,
          rnd: figures ? rounds / sessions : null,
          oa: figures ? (oaSum / sessions) * 100 : null,
          ...(anyFinal ? {} : { undefinedReasons: { acc: NO_FINAL_ANSWERS, rnd: NO_FINAL_ANSWERS, oa: NO_FINAL_ANSWERS } }),
        });
      }
    }
  }
  return outcomes;
}

/**
 * Compares the player rankings by O/A over all buckets under judge and human verdicts, both on
 * the same sessions: those with a verdict under both sources, so a session only one source can
 * judge cannot move one ranking and not the other. Players need one such session. Ranking lists
 * break O/A ties by player name, which only RBO sees; tau-b and its permutation test use the
 * scores with their ties. Null with fewer than 2 such players, or when no session has a final
 * answer (every O/A would be 0: NO_FINAL_ANSWERS).
 */
export function compareRankings(games: readonly SessionGame[], seed: number): RankingComparison | null {
  if (!games.some((game) => game.finals.length > 0)) return null;
  const byPlayer = new Map<string, { sessions: number; judge: number; human: number }>();
  for (const game of games) {
    const judge = sessionResult(game, 'judge');
    const human = sessionResult(game, 'human');
    if (judge === null || human === null) continue;
    const sums = byPlayer.get(game.player) ?? { sessions: 0, judge: 0, human: 0 };
    sums.sessions++;
    if (judge.solved) sums.judge += 1 / judge.rounds;
    if (human.solved) sums.human += 1 / human.rounds;
    byPlayer.set(game.player, sums);
  }
  const players = [...byPlayer.keys()];
  if (players.length < 2) return null;
  const oa = (source: VerdictSource) =>
    new Map(
      players.map((player) => {
        const sums = byPlayer.get(player) as { sessions: number; judge: number; human: number };
        return [player, (sums[source] / sums.sessions) * 100];
      }),
    );
  const judge = oa('judge');
  const human = oa('human');
  const ranking = (scores: ReadonlyMap<string, number>) =>
    [...players].sort((a, b) => (scores.get(b) as number) - (scores.get(a) as number) || (a < b ? -1 : a > b ? 1 : 0));
  const judgeScores = players.map((player) => judge.get(player) as number);
  const humanScores = players.map((player) => human.get(player) as number);
  const judgeRanking = ranking(judge);
  const humanRanking = ranking(human);
  return {
    judgeRanking,
    humanRanking,
    sessions: Object.fromEntries(players.map((player) => [player, byPlayer.get(player)?.sessions ?? 0])),
    kendallTauB: kendallTauB(judgeScores, humanScores),
    rankBiasedOverlap: rankBiasedOverlap(judgeRanking, humanRanking, 0.9),
    permutationP: kendallPermutationP(judgeScores, humanScores, { seed }),
    kendallP: kendallTauP(judgeScores, humanScores),
  };
}
