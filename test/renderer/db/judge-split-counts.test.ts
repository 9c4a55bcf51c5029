// The Judges page's counts of the judge split against fake-indexeddb: each part's puzzles and
// labelled units over the study's labels (answers, final answers and difficulty ratings, a unit
// labelled twice counted once), checked against a plain count by each puzzle's part; another
// study's labels count for nothing.

import { afterEach, describe, expect, it } from 'vitest';
import { judgeSplitCounts } from '../../../renderer/db/judge-split-counts';
import { puzzleSplit } from '../../../shared/study/judge-splits';
import { closeDatabases, databaseWith, label, syntheticStudy } from './db-fixtures';

afterEach(closeDatabases);

const RULE = { seed: 4, shares: { examples: 0.2, development: 0.5, test: 0.3 } };

describe('judgeSplitCounts', () => {
  it("counts each part's puzzles and labelled units as a plain count by puzzle does", async () => {
    const study = syntheticStudy(40, 3);
    const studyId = study.study.id;
    const db = await databaseWith([study]);
    const turns = study.turns.filter((_, index) => index % 7 === 0);
    const rated = study.puzzles.filter((_, index) => index % 3 === 0);
    await db.labels.bulkPut([
      ...turns.map((turn) => label(studyId, 'ann', turn.id, turn.type === 'question' ? 'answer' : 'match', turn.type === 'question' ? 'yes' : 'matched')),
      ...turns.map((turn) => label(studyId, 'bob', turn.id, turn.type === 'question' ? 'answer' : 'match', turn.type === 'question' ? 'no' : 'matched')),
      ...rated.map((puzzle) => label(studyId, 'ann', puzzle.id, 'difficulty', 3)),
      label('another-study', 'ann', turns[0]!.id, 'answer', 'yes'),
    ]);

    const puzzles = { examples: new Set<string>(), development: new Set<string>(), test: new Set<string>() };
    const units = { examples: 0, development: 0, test: 0 };
    for (const { puzzleId } of [...turns, ...rated.map((puzzle) => ({ puzzleId: puzzle.id }))]) {
      const part = puzzleSplit(RULE, puzzleId);
      puzzles[part].add(puzzleId);
      units[part]++;
    }
    expect(await judgeSplitCounts(db, studyId, RULE)).toEqual({
      examples: { puzzles: puzzles.examples.size, units: units.examples },
      development: { puzzles: puzzles.development.size, units: units.development },
      test: { puzzles: puzzles.test.size, units: units.test },
    });
    expect(units.examples * units.development * units.test).toBeGreaterThan(0);
  });
});
