// Player outcomes under judge and human verdicts (SPEC §4), on the bucket study: when a session is
// solved, Acc, Rnd and O/A per player and bucket, no ranking below two players, and the two
// rankings compared with tau-b, RBO and a permutation p-value on the same sessions.

import { describe, expect, it } from 'vitest';
import type { PlayerOutcome } from '../../../../shared/report/model/report-model';
import { compareRankings, playerOutcomes, sessionGames, sessionResult, type SessionGame } from '../../../../shared/stats/study/player-outcomes';
import { indexStudy } from '../../../../shared/stats/study/study-units';
import { bucketStudy } from './study-fixtures';

function games() {
  const { study, labels } = bucketStudy();
  return sessionGames(study, indexStudy(study, labels));
}

function outcome(rows: readonly PlayerOutcome[], verdicts: 'judge' | 'human', player: string, bucket: string) {
  const row = rows.find((r) => r.verdicts === verdicts && r.player === player && r.bucket === bucket);
  if (!row) throw new Error(`no ${verdicts} row for ${player} in ${bucket}`);
  return row;
}

describe('player outcomes under judge and human verdicts (SPEC §4)', () => {
  it('solves a session at its first matched final, and leaves it out when a final before that has no verdict', () => {
    const [sE, sM, sH, sU] = games();
    // sE: e3 (turn 3) matched for j1 and for the human majority.
    expect(sessionResult(sE!, 'judge')).toEqual({ solved: true, rounds: 3 });
    expect(sessionResult(sE!, 'human')).toEqual({ solved: true, rounds: 3 });
    // sM: j1 says unmatched, charged maxRounds 10; the humans tie on m2.
    expect(sessionResult(sM!, 'judge')).toEqual({ solved: false, rounds: 10 });
    expect(sessionResult(sM!, 'human')).toBeNull();
    // sH: j1 matches h3 in round 3; the humans say unmatched twice, charged the 3 turns (no maxRounds).
    expect(sessionResult(sH!, 'judge')).toEqual({ solved: true, rounds: 3 });
    expect(sessionResult(sH!, 'human')).toEqual({ solved: false, rounds: 3 });
    // sU: j1 matches u2 in round 2; no human labelled it.
    expect(sessionResult(sU!, 'judge')).toEqual({ solved: true, rounds: 2 });
    expect(sessionResult(sU!, 'human')).toBeNull();
  });

  it('computes Acc, Rnd and O/A per player and bucket', () => {
    const rows = playerOutcomes(games(), ['easy', 'medium', 'hard', 'unrated', 'all']);
    expect(rows).toHaveLength(2 * 2 * 5);
    // Judge, P1: sE solved in 3, sH solved in 3. Acc 1, Rnd 3, O/A = (1/3 + 1/3)/2 * 100.
    expect(outcome(rows, 'judge', 'P1', 'all')).toMatchObject({
      player: 'P1',
      bucket: 'all',
      verdicts: 'judge',
      sessions: 2,
      sessionsWithoutVerdict: 0,
      acc: 1,
      rnd: 3,
    });
    expect(outcome(rows, 'judge', 'P1', 'all').oa).toBeCloseTo(100 / 3, 12);
    // Judge, P2: sM unsolved (10), sU solved in 2. Acc 0.5, Rnd 6, O/A = (0 + 1/2)/2 * 100 = 25.
    expect(outcome(rows, 'judge', 'P2', 'all')).toMatchObject({ sessions: 2, acc: 0.5, rnd: 6, oa: 25 });
    // Human, P1: sE solved in 3, sH unsolved (3). Acc 0.5, Rnd 3, O/A = (1/3)/2 * 100.
    expect(outcome(rows, 'human', 'P1', 'all')).toMatchObject({ sessions: 2, sessionsWithoutVerdict: 0, acc: 0.5, rnd: 3 });
    expect(outcome(rows, 'human', 'P1', 'all').oa).toBeCloseTo(100 / 6, 12);
    // Human, P2: both sessions lack a verdict.
    expect(outcome(rows, 'human', 'P2', 'all')).toMatchObject({ sessions: 0, sessionsWithoutVerdict: 2, acc: null, rnd: null, oa: null });
    // By bucket: P1's easy session, its (empty) medium bucket, its hard session under the humans.
    expect(outcome(rows, 'judge', 'P1', 'easy')).toMatchObject({ sessions: 1, acc: 1, rnd: 3 });
    expect(outcome(rows, 'judge', 'P1', 'easy').oa).toBeCloseTo(100 / 3, 12);
    expect(outcome(rows, 'judge', 'P1', 'medium')).toMatchObject({ sessions: 0, acc: null, rnd: null, oa: null });
    expect(outcome(rows, 'human', 'P1', 'hard')).toMatchObject({ sessions: 1, acc: 0, rnd: 3, oa: 0 });
    expect(outcome(rows, 'judge', 'P2', 'unrated')).toMatchObject({ sessions: 1, acc: 1, rnd: 2, oa: 50 });
    expect(outcome(rows, 'human', 'P2', 'medium')).toMatchObject({ sessions: 0, sessionsWithoutVerdict: 1 });
  });

  it('does not rank fewer than 2 players with a session judged under both sources', () => {
    expect(compareRankings(games(), 1)).toBeNull();
  });

  /** A session of `player` solved (or not) in `round` under the judge and under the humans; null is no verdict. */
  function game(player: string, judge: number | null | 'unsolved', human: number | null | 'unsolved'): SessionGame {
    const verdict = (at: number | null | 'unsolved', round: number) => (at === null ? null : at === 'unsolved' || at !== round ? 'unmatched' : 'matched');
    const last = Math.max(typeof judge === 'number' ? judge : 1, typeof human === 'number' ? human : 1);
    return {
      player,
      bucket: 'easy',
      roundsWhenUnsolved: 10,
      finals: Array.from({ length: last }, (_, index) => ({
        round: index + 1,
        verdicts: { judge: verdict(judge, index + 1), human: verdict(human, index + 1) },
      })),
    };
  }

  it('compares the rankings by O/A with tau-b, RBO and a permutation p-value', () => {
    // O/A judge: A 50, B 33.3, C 25; human: A 50, B 0, C 33.3.
    const comparison = compareRankings([game('A', 2, 2), game('B', 3, 'unsolved'), game('C', 4, 3)], 3);
    expect(comparison?.judgeRanking).toEqual(['A', 'B', 'C']);
    expect(comparison?.humanRanking).toEqual(['A', 'C', 'B']);
    // Pairs: (A,B) concordant, (A,C) concordant, (B,C) discordant: (2 - 1)/3.
    expect(comparison?.kendallTauB).toBeCloseTo(1 / 3, 12);
    // The rank-correlation test's hand value for a,b,c against a,c,b.
    expect(comparison?.rankBiasedOverlap).toBeCloseTo(0.955, 12);
    // Of the 6 orderings, |tau-b| >= 1/3 for all: 1, 1/3, 1/3, -1/3, -1/3, -1.
    expect(comparison?.permutationP).toBe(1);
    expect(comparison?.sessions).toEqual({ A: 1, B: 1, C: 1 });
  });

  it('ranks both sources on the same sessions: one only the judge can judge moves neither ranking', () => {
    // B's second session has no human verdict; counted under the judge alone it would lift B above A.
    const games = [game('A', 2, 2), game('B', 4, 4), game('B', 1, null)];
    const rows = playerOutcomes(games, ['all']);
    expect(outcome(rows, 'judge', 'B', 'all').oa).toBeCloseTo(62.5, 12);
    const comparison = compareRankings(games, 1);
    expect(comparison?.judgeRanking).toEqual(['A', 'B']);
    expect(comparison?.humanRanking).toEqual(['A', 'B']);
    expect(comparison?.kendallTauB).toBe(1);
    expect(comparison?.sessions).toEqual({ A: 1, B: 1 });
  });
});
