// The planner's acceptance check (issue 32 point 3): on a seeded synthetic study, ask for a target
// width of a judge's agreement with the human majority; then draw 200 new studies of the recommended
// size from the same generating process (shared/demo/synthetic-study.ts, not the planner's own
// model) and check that at least 80% reach the target with the report's interval at B = 1,000.

import { describe, expect, it } from 'vitest';
import { planStudy } from '../../../../shared/stats/planner/plan';
import { estimateStudy } from '../../../../shared/stats/planner/study-estimates';
import type { StudyUnits } from '../../../../shared/stats/study/study-units';
import { majorityAgreementWidth, syntheticUnits } from './synthetic';

const REPEATS = 200;
const WIDTH = 0.07;

/** The study's first `puzzles` puzzles alone: a smaller study on the same draws, so sizes compare without the noise of other seeds. */
function firstPuzzles(units: StudyUnits, puzzles: number): StudyUnits {
  const kept = new Set<string>();
  for (const unit of units.units.answer) if (kept.size < puzzles || kept.has(unit.puzzleId)) kept.add(unit.puzzleId);
  const keep = (list: StudyUnits['units']['answer']) => list.filter((unit) => kept.has(unit.puzzleId));
  return { ...units, units: { answer: keep(units.units.answer), match: keep(units.units.match) } };
}

describe('studies of the size the planner recommends reach its target', () => {
  it(`reach a width of ${WIDTH} in at least 80% of ${REPEATS} studies drawn from the generating process`, () => {
    // A pilot of 100 puzzles (about 300 questions, 3 people each); seed 11 was the first tried.
    const pilot = estimateStudy(syntheticUnits(100, 11), 'answer', 'all');
    const plan = planStudy(pilot, { kind: 'width', width: WIDTH, judge: 'judge-a' });
    const size = plan.recommended?.puzzles as number;
    expect(size).toBeGreaterThan(100);
    const smaller = size - 1;
    const farSmaller = Math.round(0.85 * size);
    let reached = 0;
    let reachedSmaller = 0;
    let reachedFarSmaller = 0;
    for (let r = 0; r < REPEATS; r++) {
      const units = syntheticUnits(size, 1000 + r);
      if (majorityAgreementWidth(units, 'answer', 'judge-a', 1000, 1) <= WIDTH) reached++;
      if (majorityAgreementWidth(firstPuzzles(units, smaller), 'answer', 'judge-a', 1000, 1) <= WIDTH) reachedSmaller++;
      if (majorityAgreementWidth(firstPuzzles(units, farSmaller), 'answer', 'judge-a', 1000, 1) <= WIDTH) reachedFarSmaller++;
    }
    const share = reached / REPEATS;
    const shareSmaller = reachedSmaller / REPEATS;
    const shareFarSmaller = reachedFarSmaller / REPEATS;
    console.log(
      `planner: ${size} puzzles for width ${WIDTH} (predicted share ${plan.atRecommended?.share}); of ${REPEATS} synthetic studies, ` +
        `${(100 * share).toFixed(1)}% reach it at ${size}, ${(100 * shareSmaller).toFixed(1)}% at ${smaller}, ${(100 * shareFarSmaller).toFixed(1)}% at ${farSmaller}`,
    );
    expect(share).toBeGreaterThanOrEqual(0.8);
    // A puzzle fewer is printed, not checked: it moves the share by less than the noise of 200
    // studies (the same studies less their last puzzle still draw other bootstrap replicates, and
    // went either way in trials). A size 15% smaller reaches it clearly less often, short of 80%.
    expect(shareFarSmaller).toBeLessThan(share);
    expect(shareFarSmaller).toBeLessThan(0.8);
  });
});
