// Corrected player scores from a study's sessions (issue 28 point 2): only sessions with a final
// are calibrated on and corrected, and those without one count as unsolved through the share with
// a final. Proves issue 28's minimal case, a seeded coverage simulation where half the games have
// no final, and the report's figure against a plainly written computation on random studies.

import { describe, expect, it } from 'vitest';
import { createPrng, type Prng } from '../../../../shared/random/prng';
import { buildReport } from '../../../../shared/report/build-report';
import type { CorrectedScoreRow } from '../../../../shared/report/model/report-model';
import { correctedScore, wasClamped } from '../../../../shared/stats/judge/corrected-score';
import { sessionGames, type SessionGame } from '../../../../shared/stats/study/player-outcomes';
import { correctedScoresOfJudge } from '../../../../shared/stats/study/corrected-scores';
import { indexStudy } from '../../../../shared/stats/study/study-units';
import { handStudy, noFinalStudy, NOW, type SessionSpec } from './study-fixtures';

function allRow(rows: readonly CorrectedScoreRow[], player: string): CorrectedScoreRow {
  const row = rows.find((r) => r.player === player && r.bucket === 'all');
  if (!row) throw new Error(`no row for ${player} over all buckets`);
  return row;
}

describe("issue 28's minimal case: a session without a final is no calibration data", () => {
  // s1 matched/matched, s2 unmatched/unmatched, s3 matched/unmatched (judge/person); s4 has no final.
  // Calibration: s1-s3, sensitivity 1/1, specificity 1/2. The three with a final: raw 2/3, corrected
  // (2/3 + 1/2 - 1) / (1/2 + 1 - 1) = 1/3; over all four sessions 3/4 of that, 1/4.
  const expectRow = (row: CorrectedScoreRow) => {
    expect(row).toMatchObject({ calibrationSessions: 3, sensitivity: 1, specificity: 0.5, sessions: 4, sessionsWithFinal: 3, shareWithFinal: 0.75 });
    expect(row.rawScore).toBeCloseTo(0.5, 12);
    expect(row.theta).toBeCloseTo(0.25, 12);
    const calibration = { humanMatched: 1, judgeMatchedOfHumanMatched: 1, humanUnmatched: 2, judgeUnmatchedOfHumanUnmatched: 1 };
    const amongFinals = correctedScore({ judged: 3, judgeMatched: 2 }, calibration).ci95 as [number, number];
    expect(row.ci95?.[0]).toBeCloseTo(0.75 * amongFinals[0], 12);
    expect(row.ci95?.[1]).toBeCloseTo(0.75 * amongFinals[1], 12);
  };

  it('through the study-level function', () => {
    const { study, labels } = noFinalStudy();
    const units = indexStudy(study, labels);
    expectRow(allRow(correctedScoresOfJudge('j', sessionGames(study, units, 'j'), ['easy', 'all']), 'P'));
  });

  it('through buildReport', () => {
    const { study, labels } = noFinalStudy();
    const report = buildReport({ study, labels, settings: { bootstrap: 0, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
    expectRow(allRow(report.judges?.correctedScores ?? [], 'P'));
  });
});

describe('a corrected score scaled by the share with a final', () => {
  it('says it was clamped though the scaled estimate lies inside [0, 1]', () => {
    // C's labelled sessions: sensitivity 1/2, specificity 2/2. P's two finals are both called
    // solved: (1 + 1 - 1) / (1 + 1/2 - 1) = 2 among them, clamped to 1; half P's sessions have no final.
    const games = [
      game('C', { judge: true, human: true }),
      game('C', { judge: false, human: true }),
      game('C', { judge: false, human: false }),
      game('C', { judge: false, human: false }),
      game('P', { judge: true, human: null }),
      game('P', { judge: true, human: null }),
      game('P', null),
      game('P', null),
    ];
    const row = correctedScoresOfJudge('j', games, ['all']).find((r) => r.player === 'P');
    expect(row).toMatchObject({ sessions: 4, sessionsWithFinal: 2, shareWithFinal: 0.5, rawScore: 0.5, theta: 0.5, unclampedTheta: 1 });
    expect(wasClamped(row as CorrectedScoreRow)).toBe(true);
  });

  it('is 0 exactly for a player none of whose sessions reached a final, whatever the judge', () => {
    const games = [game('C', { judge: true, human: true }), game('P', null), game('P', null)];
    const row = correctedScoresOfJudge('j', games, ['all']).find((r) => r.player === 'P');
    expect(row).toMatchObject({ sessions: 2, sessionsWithFinal: 0, shareWithFinal: 0, rawScore: 0, theta: 0, ci95: [0, 0] });
  });
});

function binomialDraw(prng: Prng, probability: number): boolean {
  return prng.next() < probability;
}

/** One session as sessionGames gives it: a single final with the judge's and (when labelled) the person's verdict, or none. */
function game(player: string, final: { judge: boolean; human: boolean | null } | null): SessionGame {
  const word = (solved: boolean | null) => (solved === null ? null : solved ? 'matched' : 'unmatched');
  return {
    player,
    bucket: 'easy',
    roundsWhenUnsolved: 20,
    finals: final === null ? [] : [{ round: 20, verdicts: { judge: word(final.judge), human: word(final.human) } }],
  };
}

describe('corrected score coverage when half the games have no final (seeded simulation)', () => {
  it('covers the true solve rate at its nominal 95 percent, and the estimate is unbiased', () => {
    // Player P plays 400 sessions, exactly half without a final (the share is known, as in a
    // study); a session with a final is solved with probability 0.45, so P's true solve rate is
    // 0.5 x 0.45 = 0.225. The judge: sensitivity 0.85, specificity 0.75. People labelled the 200
    // sessions of a second player C, half of them without a final too: the calibration sample,
    // pooled over players, independent of P's sessions as the authors' interval assumes.
    const thetaAmongFinals = 0.45;
    const truth = 0.5 * thetaAmongFinals;
    const prng = createPrng(28_02);
    const replicates = 1000;
    let covered = 0;
    let estimateSum = 0;
    const play = (games: SessionGame[], player: string, sessions: number, labelled: boolean) => {
      for (let s = 0; s < sessions; s++) {
        if (s % 2 === 1) {
          games.push(game(player, null));
          continue;
        }
        const solved = binomialDraw(prng, thetaAmongFinals);
        const judge = solved ? binomialDraw(prng, 0.85) : !binomialDraw(prng, 0.75);
        games.push(game(player, { judge, human: labelled ? solved : null }));
      }
    };
    for (let replicate = 0; replicate < replicates; replicate++) {
      const games: SessionGame[] = [];
      play(games, 'P', 400, false);
      play(games, 'C', 200, true);
      const row = correctedScoresOfJudge('j', games, ['all']).find((r) => r.player === 'P');
      if (row === undefined || row.theta === null || row.ci95 === null) throw new Error('a replicate gave no corrected score');
      estimateSum += row.theta;
      if (row.ci95[0] <= truth && truth <= row.ci95[1]) covered++;
    }
    const coverage = covered / replicates;
    const meanEstimate = estimateSum / replicates;
    console.log(
      `corrected score, half the games without a final: coverage ${coverage.toFixed(3)} of ${replicates}, mean estimate ${meanEstimate.toFixed(4)} vs truth ${truth}`,
    );
    // 1,000 replicates: a binomial standard error of 0.7 points at 95%, so 95 +- 2.5 is over 3 of them.
    expect(coverage).toBeGreaterThanOrEqual(0.925);
    expect(coverage).toBeLessThanOrEqual(0.975);
    // The estimate's spread is about 0.03, so its mean over 1,000 replicates is within 0.001 by chance;
    // counting the finalless sessions as calibration moved it by 0.03.
    expect(Math.abs(meanEstimate - truth)).toBeLessThan(0.004);
  });
});

/** A random study of one judge j and annotator a: players P1 and P2, 0-2 finals per session, some unlabelled. */
function randomStudy(prng: Prng): { sessions: SessionSpec[]; study: ReturnType<typeof handStudy> } {
  const sessions: SessionSpec[] = [];
  const count = prng.int(8, 40);
  for (let s = 0; s < count; s++) {
    const finals = prng.pick([0, 0, 1, 1, 1, 2]);
    const turns: SessionSpec['turns'] = [{ id: `q${s}`, judges: { j: 'no' }, humans: { a: 'no' } }];
    for (let f = 0; f < finals; f++) {
      const judge = prng.pick(['matched', 'unmatched']);
      const person = prng.chance(0.7) ? { humans: { a: prng.chance(0.8) ? judge : judge === 'matched' ? 'unmatched' : 'matched' } } : {};
      turns.push({ id: `f${s}-${f}`, final: true, judges: { j: judge }, ...person });
    }
    sessions.push({ id: `s${s}`, puzzleId: 'p', player: prng.pick(['P1', 'P2']), judge: 'j', maxRounds: 5, turns });
  }
  return { sessions, study: handStudy([{ id: 'p', difficulty: 2 }], sessions) };
}

/**
 * The corrected score over all buckets written plainly from the sessions as made: a session is
 * solved by a source at its first matched final, unknown if a final before that has no label of
 * that source, and unsolved without a final. Rogan-Gladen among the sessions with a final,
 * clamped, times their share; the interval is the authors' (tested against their code elsewhere)
 * on the same counts, times the share.
 */
function plainCorrected(sessions: readonly SessionSpec[], player: string): { theta: number | null; ci95: [number, number] | null; calibration: number } {
  const solvedBy = (session: SessionSpec, source: 'judge' | 'person'): boolean | null => {
    for (const turn of session.turns) {
      if (!turn.final) continue;
      const label = source === 'judge' ? turn.judges.j : turn.humans?.a;
      if (label === undefined) return null;
      if (label === 'matched') return true;
    }
    return false;
  };
  let m1 = 0;
  let a1 = 0;
  let m0 = 0;
  let a0 = 0;
  let n = 0;
  let k = 0;
  let withoutFinal = 0;
  for (const session of sessions) {
    const hasFinal = session.turns.some((turn) => turn.final);
    if (!hasFinal) {
      if (session.player === player) withoutFinal++;
      continue;
    }
    const judge = solvedBy(session, 'judge') as boolean;
    const person = solvedBy(session, 'person');
    if (session.player === player) {
      n++;
      if (judge) k++;
    }
    if (person === true) {
      m1++;
      if (judge) a1++;
    } else if (person === false) {
      m0++;
      if (!judge) a0++;
    }
  }
  const share = n / (n + withoutFinal);
  // No session reached a final: none was solved, whatever the judge.
  if (n === 0 && withoutFinal > 0) return { theta: 0, ci95: [0, 0], calibration: m0 + m1 };
  if (n === 0 || m0 === 0 || m1 === 0 || a0 / m0 + a1 / m1 <= 1) return { theta: null, ci95: null, calibration: m0 + m1 };
  const amongFinals = (k / n + a0 / m0 - 1) / (a0 / m0 + a1 / m1 - 1);
  const interval = correctedScore(
    { judged: n, judgeMatched: k },
    { humanMatched: m1, judgeMatchedOfHumanMatched: a1, humanUnmatched: m0, judgeUnmatchedOfHumanUnmatched: a0 },
  ).ci95;
  return {
    theta: share * Math.min(1, Math.max(0, amongFinals)),
    ci95: interval && [share * interval[0], share * interval[1]],
    calibration: m0 + m1,
  };
}

describe("the report's corrected score against a plain computation", () => {
  it('agrees on random studies with sessions without a final', () => {
    const prng = createPrng(28_2);
    let compared = 0;
    for (let draw = 0; draw < 25; draw++) {
      const { sessions, study } = randomStudy(prng);
      const report = buildReport({ ...study, settings: { bootstrap: 0, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
      for (const player of new Set(sessions.map((session) => session.player))) {
        const row = allRow(report.judges?.correctedScores ?? [], player);
        const plain = plainCorrected(sessions, player);
        expect(row.calibrationSessions).toBe(plain.calibration);
        if (plain.theta === null) {
          expect(row.theta).toBeNull();
          continue;
        }
        expect(row.theta).toBeCloseTo(plain.theta, 12);
        if (plain.ci95 === null) expect(row.ci95).toBeNull();
        else {
          expect(row.ci95?.[0]).toBeCloseTo(plain.ci95[0], 12);
          expect(row.ci95?.[1]).toBeCloseTo(plain.ci95[1], 12);
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });
});
