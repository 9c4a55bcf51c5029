// The calibration sample (issue 32 point 4): the judge's uncertainty per puzzle from the first source the
// study has (k samples, then probabilities, then other judges), averaged over the puzzle's turns; the draw
// is seeded, spends the budget on average, keeps every puzzle's probability, is uniform under the random
// rule, and refuses a budget it cannot spend with a clear RangeError.

import { describe, expect, it } from 'vitest';
import type { JudgeConfidence, JudgeLabel } from '../../../shared/domain/model';
import { samplingProbabilities } from '../../../shared/stats/active-inference';
import { drawCalibrationSample, judgeSignal, type JudgeSignal, type SignalRecords } from '../../../shared/study/calibration-sample';

type TurnRecord = SignalRecords['turns'][number];

function turn(
  puzzleId: string,
  judgements: Record<string, JudgeLabel>,
  judgeConfidence?: Record<string, JudgeConfidence>,
  sessionId = `s-${puzzleId}`,
): TurnRecord {
  return { sessionId, puzzleId, judgements, ...(judgeConfidence !== undefined ? { judgeConfidence } : {}) };
}

/** One session per puzzle, judged by `j`. */
function records(turns: TurnRecord[]): SignalRecords {
  const sessions = [...new Set(turns.map((one) => one.sessionId))].map((id) => ({ id, judge: 'j' }));
  return { sessions, turns };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p-${String(i + 1).padStart(2, '0')}`);

describe('judgeSignal', () => {
  it("reads the judge's k samples first: 1 - the share agreeing with its label, the mean over the puzzle's turns", () => {
    const signal = judgeSignal(
      records([
        turn('p-a', { j: 'yes' }, { j: { samples: ['yes', 'yes', 'yes'], probability: 0.9 } }),
        turn('p-a', { j: 'no' }, { j: { samples: ['no', 'no', 'yes'] } }),
        turn('p-b', { j: 'matched' }, { j: { samples: ['matched', 'unmatched'] } }),
        // Only a probability: no signal under the samples source, which the study has.
        turn('p-c', { j: 'yes' }, { j: { probability: 0.5 } }),
      ]),
    );
    expect(signal.source).toBe('samples');
    expect([...signal.byPuzzle.keys()]).toEqual(['p-a', 'p-b']);
    expect(signal.byPuzzle.get('p-a')).toBeCloseTo((0 + 1 / 3) / 2, 12);
    expect(signal.byPuzzle.get('p-b')).toBeCloseTo(0.5, 12);
  });

  it('takes the majority of the samples as the label where the turn has none of the judge', () => {
    const signal = judgeSignal(records([turn('p-a', { other: 'yes' }, { j: { samples: ['no', 'yes', 'no', 'no'] } })]));
    expect(signal.byPuzzle.get('p-a')).toBeCloseTo(0.25, 12);
  });

  it('falls back to 1 - the probability of its label, then to the other judges disagreeing with it', () => {
    const byProbability = judgeSignal(records([turn('p-a', { j: 'yes' }, { j: { probability: 0.8 } }), turn('p-b', { j: 'yes', k: 'no' })]));
    expect(byProbability.source).toBe('probability');
    expect(byProbability.byPuzzle.get('p-a')).toBeCloseTo(0.2, 12);
    expect(byProbability.byPuzzle.has('p-b')).toBe(false);

    const byJudges = judgeSignal(records([turn('p-a', { j: 'yes', k: 'no', m: 'yes' }), turn('p-a', { j: 'no', k: 'no' }), turn('p-b', { j: 'yes' })]));
    expect(byJudges.source).toBe('judges');
    // One of two others differs on the first turn, none on the second.
    expect(byJudges.byPuzzle.get('p-a')).toBeCloseTo(0.25, 12);
    expect(byJudges.byPuzzle.has('p-b')).toBe(false);
  });

  it("reads only each session's own judge, and nothing where a session has none (a pack's)", () => {
    const signal = judgeSignal({
      sessions: [
        { id: 's-1', judge: 'j' },
        { id: 's-2', judge: '' },
      ],
      turns: [turn('p-a', { j: 'yes', k: 'no' }, { k: { samples: ['yes', 'no'] } }, 's-1'), turn('p-b', { k: 'yes', m: 'no' }, undefined, 's-2')],
    });
    expect(signal.source).toBe('judges');
    expect([...signal.byPuzzle]).toEqual([['p-a', 1]]);
    expect(judgeSignal(records([turn('p-a', { j: 'yes' })]))).toEqual({ byPuzzle: new Map() });
  });
});

describe('drawCalibrationSample', () => {
  const signal: JudgeSignal = {
    source: 'samples',
    byPuzzle: new Map([
      ['p-a', 0.1],
      ['p-b', 0.5],
    ]),
  };

  it("under 'uncertainty', gives every puzzle its active-inference probability, a puzzle without a signal the uniform share", () => {
    const draw = drawCalibrationSample({ puzzleIds: ['p-a', 'p-b', 'p-c'], signal, rule: 'uncertainty', budget: 1, seed: 4 });
    // p-c takes the mean uncertainty of the others, so its weight is the average one.
    const expected = samplingProbabilities([0.1, 0.5, 0.3], 1, 0.5);
    expect(draw).toMatchObject({ rule: 'uncertainty', budget: 1, seed: 4, tau: 0.5, source: 'samples', withoutSignal: 1 });
    expect(Object.keys(draw.probabilities)).toEqual(['p-a', 'p-b', 'p-c']);
    expect(Object.values(draw.probabilities)).toEqual(expected);
    expect(draw.probabilities['p-c']).toBeCloseTo(1 / 3, 12);
    expect(draw.probabilities['p-b']).toBeGreaterThan(draw.probabilities['p-a'] as number);
    for (const id of draw.chosen) expect(['p-a', 'p-b', 'p-c']).toContain(id);
  });

  it("under 'random', gives every puzzle budget / N, says no source and no puzzle without a signal", () => {
    const draw = drawCalibrationSample({ puzzleIds: ids(8), signal, rule: 'random', budget: 2, seed: 4 });
    expect(Object.values(draw.probabilities)).toEqual(Array.from({ length: 8 }, () => 0.25));
    expect(draw.source).toBeUndefined();
    expect(draw.withoutSignal).toBe(0);
  });

  it('with no judge signal at all, the uncertainty rule is the uniform one', () => {
    const draw = drawCalibrationSample({ puzzleIds: ids(5), signal: { byPuzzle: new Map() }, rule: 'uncertainty', budget: 2, seed: 1 });
    expect(draw.source).toBeUndefined();
    expect(draw.withoutSignal).toBe(5);
    for (const probability of Object.values(draw.probabilities)) expect(probability).toBeCloseTo(0.4, 12);
    // The two rules share the seed's random numbers, so with equal probabilities they draw the same puzzles.
    expect(draw.chosen).toEqual(drawCalibrationSample({ puzzleIds: ids(5), signal: { byPuzzle: new Map() }, rule: 'random', budget: 2, seed: 1 }).chosen);
  });

  it('gives the same puzzles, in study order, for the same seed, and other puzzles for another seed', () => {
    const puzzleIds = ids(40);
    const bySignal: JudgeSignal = { source: 'probability', byPuzzle: new Map(puzzleIds.map((id, i) => [id, (i % 7) / 7])) };
    for (const rule of ['uncertainty', 'random'] as const) {
      const first = drawCalibrationSample({ puzzleIds, signal: bySignal, rule, budget: 10, seed: 7 });
      expect(drawCalibrationSample({ puzzleIds, signal: bySignal, rule, budget: 10, seed: 7 })).toEqual(first);
      expect(first.chosen).toEqual(puzzleIds.filter((id) => first.chosen.includes(id)));
      expect(drawCalibrationSample({ puzzleIds, signal: bySignal, rule, budget: 10, seed: 8 }).chosen).not.toEqual(first.chosen);
    }
  });

  it('draws the budget on average, and each puzzle as often as its probability says', () => {
    const puzzleIds = ids(40);
    const bySignal: JudgeSignal = { source: 'samples', byPuzzle: new Map(puzzleIds.map((id, i) => [id, i < 5 ? 0.9 : (i % 4) / 10])) };
    for (const rule of ['uncertainty', 'random'] as const) {
      const seeds = 2000;
      const times = new Map<string, number>();
      let drawn = 0;
      let probabilities: Record<string, number> = {};
      for (let seed = 1; seed <= seeds; seed++) {
        const draw = drawCalibrationSample({ puzzleIds, signal: bySignal, rule, budget: 10, seed });
        probabilities = draw.probabilities;
        drawn += draw.chosen.length;
        for (const id of draw.chosen) times.set(id, (times.get(id) ?? 0) + 1);
      }
      expect(Object.values(probabilities).reduce((a, b) => a + b, 0)).toBeCloseTo(10, 9);
      // The count's standard deviation is under sqrt(10), so its mean over 2,000 draws is within 0.07 at one sigma.
      expect(Math.abs(drawn / seeds - 10)).toBeLessThan(0.3);
      for (const id of puzzleIds) expect(Math.abs((times.get(id) ?? 0) / seeds - (probabilities[id] as number))).toBeLessThan(0.05);
    }
  });

  it('refuses a budget that is not a whole number of puzzles from 1 to N, and a study without puzzles', () => {
    const puzzleIds = ids(6);
    for (const budget of [0, -1, 7, 2.5, Number.NaN])
      expect(() => drawCalibrationSample({ puzzleIds, signal, rule: 'uncertainty', budget, seed: 1 })).toThrow(
        new RangeError(`the budget must be a whole number of puzzles from 1 to the study's 6, not ${budget}`),
      );
    expect(() => drawCalibrationSample({ puzzleIds: [], signal, rule: 'random', budget: 1, seed: 1 })).toThrow(RangeError);
    expect(() => drawCalibrationSample({ puzzleIds, signal, rule: 'uncertainty', budget: 2, seed: 1, tau: 0 })).toThrow(/mixing with the uniform rule/);
  });
});
