// assignTeam and setPuzzleAssignment against fake-indexeddb: the seeded assignment stored per
// annotator and task in study order, balanced; annotators kept only with labels; hand edits in
// study order; every refusal with its message and the database unchanged.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TASKS, type Assignment, type StudyData, type Task } from '../../../shared/domain/model';
import { formatErrorText } from '../../../shared/formats/errors';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { assignStudy } from '../../../shared/study/assignment';
import { drawCalibrationSample, judgeSignal } from '../../../shared/study/calibration-sample';
import { assignmentUnits } from '../../../shared/study/study-packs';
import type { StudioDatabase } from '../../../renderer/db/database';
import { importStudies } from '../../../renderer/db/import-study';
import { loadStudyData } from '../../../renderer/db/study-data';
import { assignTeam, loadAssignments, setPuzzleAssignment } from '../../../renderer/db/team-setup';
import { annotator, closeDatabases, demoStudy, dumpTables, freshDatabase, label, NOW, rangeRefusal, syntheticStudy } from './db-fixtures';

afterEach(closeDatabases);

const LATER = '2026-11-23T08:00:00.000Z';

/**
 * Four puzzles, listed out of id order, with sessions out of id order too: the stored (id)
 * order is p1..p4 and s1a, s1b, s2a, s3a, s4a.
 */
function tinyStudy(): StudyData {
  const turns = (session: string, types: string) =>
    [...types].map((type, i) => ({
      id: `${session}/${i + 1}`,
      type: type === 'q' ? 'question' : 'final',
      text: `${session} turn ${i + 1}`,
      judgements: { 'judge-x': type === 'q' ? 'yes' : 'matched' },
      ...(type === 'f' ? { judgeReply: 'Well done.' } : {}),
    }));
  const session = (id: string, puzzleId: string, types: string) => ({ id, puzzleId, player: 'player-a', judge: 'judge-x', turns: turns(id, types) });
  const puzzle = (id: string) => ({ id, title: `Puzzle ${id}`, story: `The story of ${id}.`, reference: `The answer of ${id}.`, difficulty: 3, keyClues: [] });
  const bundle = {
    format: 'agreement-studio.transcripts/1',
    id: 'tiny',
    name: 'Tiny study',
    puzzles: [puzzle('p3'), puzzle('p1'), puzzle('p4'), puzzle('p2')],
    sessions: [session('s2a', 'p2', 'qqqf'), session('s1b', 'p1', 'qf'), session('s1a', 'p1', 'qqf'), session('s4a', 'p4', 'qf'), session('s3a', 'p3', 'qf')],
  };
  const parsed = parseTranscriptBundle({ name: 'tiny.json', text: JSON.stringify(bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error(parsed.errors.map(formatErrorText).join('\n'));
  return parsed.value;
}

const TINY = 'tiny';
const ALL_ANSWER = ['s1a/1', 's1a/2', 's1b/1', 's2a/1', 's2a/2', 's2a/3', 's3a/1', 's4a/1'];
const ALL_MATCH = ['s1a/3', 's1b/2', 's2a/4', 's3a/2', 's4a/2'];
const ALL_PUZZLES = ['p1', 'p2', 'p3', 'p4'];
const team = (...ids: string[]) => ids.map((id) => ({ id, name: `Name of ${id}` }));

function unitsOf(rows: readonly Assignment[], annotatorId: string, task: Task): string[] | undefined {
  return rows.find((row) => row.annotatorId === annotatorId && row.task === task)?.units;
}

describe('assignTeam', () => {
  let db: StudioDatabase;
  beforeEach(async () => {
    db = freshDatabase();
    await importStudies(db, [tinyStudy()]);
  });

  it('gives every annotator every unit, in study order, when the overlap is the team size', async () => {
    const rows = await assignTeam(db, TINY, { annotators: team('ann-1', 'ann-2', 'ann-3'), overlap: 3, seed: 7, now: NOW });
    // Stored in key order: by annotator, then task name.
    const byKey = (list: readonly Assignment[]) => list.map((row) => `${row.annotatorId}/${row.task}`);
    expect(byKey(await loadAssignments(db, TINY))).toEqual(byKey(rows).sort());
    expect(await loadAssignments(db, TINY)).toEqual(expect.arrayContaining(rows));
    expect(rows).toHaveLength(9);
    for (const id of ['ann-1', 'ann-2', 'ann-3']) {
      expect(unitsOf(rows, id, 'answer')).toEqual(ALL_ANSWER);
      expect(unitsOf(rows, id, 'match')).toEqual(ALL_MATCH);
      expect(unitsOf(rows, id, 'difficulty')).toEqual(ALL_PUZZLES);
    }
    expect((await db.studies.get(TINY))?.setup).toEqual({ overlap: 3, seed: 7, assignedAt: NOW, editedByHand: false });
    expect(await db.annotators.toArray()).toEqual(team('ann-1', 'ann-2', 'ann-3').map((a) => ({ studyId: TINY, ...a })));
    const audit = (await db.audit.toArray()).filter((entry) => entry.kind.startsWith('team:'));
    expect(audit).toEqual([
      {
        id: expect.any(Number) as number,
        studyId: TINY,
        at: NOW,
        kind: 'team:assign',
        detail: "assigned 4 puzzles to 3 annotators (ann-1, ann-2, ann-3): overlap 3, difficulty by the puzzle's own annotators, seed 7",
      },
    ]);
  });

  it('stores the seeded assignment of the stored records: one puzzle each, with all its turns', async () => {
    const rows = await assignTeam(db, TINY, { annotators: team('a', 'b', 'c', 'd'), overlap: 1, difficultyOverlap: 2, seed: 3, now: NOW });
    const data = await loadStudyData(db, TINY);
    const assignment = assignStudy({ puzzleIds: ALL_PUZZLES, annotatorIds: ['a', 'b', 'c', 'd'], overlap: 1, difficultyOverlap: 2, seed: 3 });
    const expected = assignmentUnits(data, assignment);
    const turnsOf: Record<string, [string[], string[]]> = {
      p1: [
        ['s1a/1', 's1a/2', 's1b/1'],
        ['s1a/3', 's1b/2'],
      ],
      p2: [['s2a/1', 's2a/2', 's2a/3'], ['s2a/4']],
      p3: [['s3a/1'], ['s3a/2']],
      p4: [['s4a/1'], ['s4a/2']],
    };
    const held: string[] = [];
    for (const id of ['a', 'b', 'c', 'd']) {
      const [puzzle] = assignment.get(id)?.puzzles ?? [];
      expect(puzzle).toBeDefined();
      held.push(puzzle ?? '');
      expect(unitsOf(rows, id, 'answer')).toEqual(turnsOf[puzzle ?? '']?.[0]);
      expect(unitsOf(rows, id, 'match')).toEqual(turnsOf[puzzle ?? '']?.[1]);
      expect(unitsOf(rows, id, 'difficulty')).toEqual(expected.get(id)?.difficulty);
      expect(unitsOf(rows, id, 'difficulty')).toHaveLength(2);
    }
    expect(held.sort()).toEqual(ALL_PUZZLES);
    expect((await db.studies.get(TINY))?.setup).toEqual({ overlap: 1, difficultyOverlap: 2, seed: 3, assignedAt: NOW, editedByHand: false });
  });

  it('replaces the whole assignment, keeping a former annotator only if they have labels', async () => {
    await assignTeam(db, TINY, { annotators: team('ann-1', 'ann-2', 'ann-3'), overlap: 2, seed: 1, now: NOW });
    await db.labels.put(label(TINY, 'ann-2', 's1a/1', 'answer', 'yes'));
    const rows = await assignTeam(db, TINY, { annotators: [{ id: 'ann-1', name: 'Renamed' }, ...team('ann-4')], overlap: 1, seed: 2, now: LATER });
    expect((await loadAssignments(db, TINY)).map((row) => `${row.annotatorId}/${row.task}`)).toEqual([
      'ann-1/answer',
      'ann-1/difficulty',
      'ann-1/match',
      'ann-4/answer',
      'ann-4/difficulty',
      'ann-4/match',
    ]);
    expect(rows.map((row) => `${row.annotatorId}/${row.task}`)).toEqual([
      'ann-1/answer',
      'ann-1/match',
      'ann-1/difficulty',
      'ann-4/answer',
      'ann-4/match',
      'ann-4/difficulty',
    ]);
    expect(await db.annotators.toArray()).toEqual([
      { studyId: TINY, id: 'ann-1', name: 'Renamed' },
      { studyId: TINY, id: 'ann-2', name: 'Name of ann-2' },
      { studyId: TINY, id: 'ann-4', name: 'Name of ann-4' },
    ]);
    expect(await db.labels.count()).toBe(1);
    expect((await db.studies.get(TINY))?.setup).toEqual({ overlap: 1, seed: 2, assignedAt: LATER, editedByHand: false });
    expect((await db.audit.toArray()).filter((entry) => entry.kind === 'team:assign')).toHaveLength(2);
  });

  it('names an annotator by id when the name is blank', async () => {
    await assignTeam(db, TINY, { annotators: [{ id: 'ann-1', name: '  ' }], overlap: 1, seed: 1, now: NOW });
    expect(await db.annotators.toArray()).toEqual([annotator(TINY, 'ann-1')].map((a) => ({ ...a, name: 'ann-1' })));
  });

  it('reads the turns whole, with the same result, when the stored turn counts do not add up', async () => {
    const input = { annotators: team('a', 'b', 'c'), overlap: 2, difficultyOverlap: 1, seed: 5, now: NOW };
    const right = await assignTeam(db, TINY, input);
    await db.sessions.update([TINY, 's1a'], { turnCount: 1 });
    expect(await assignTeam(db, TINY, input)).toEqual(right);
  });

  it('refuses an unusable team, overlap or seed with a clear message, writing nothing', async () => {
    await assignTeam(db, TINY, { annotators: team('ann-1', 'ann-2', 'ann-3'), overlap: 2, seed: 1, now: NOW });
    const refused = (annotators: Array<{ id: string; name: string }>, overlap: number, more: { difficultyOverlap?: number; seed?: number } = {}) =>
      rangeRefusal(db, () =>
        assignTeam(db, TINY, {
          annotators,
          overlap,
          seed: more.seed ?? 1,
          ...(more.difficultyOverlap !== undefined ? { difficultyOverlap: more.difficultyOverlap } : {}),
          now: LATER,
        }),
      );

    expect(await refused(team('a', 'b', 'c'), 4)).toBe('the overlap is 4, but there are 3 annotators; each puzzle needs 4 different annotators');
    expect(await refused(team('a'), 2)).toBe('the overlap is 2, but there is 1 annotator; each puzzle needs 2 different annotators');
    expect(await refused(team('a', 'b'), 0)).toBe('the overlap must be a whole number of at least 1, not 0');
    expect(await refused(team('a', 'b'), 1, { difficultyOverlap: 3 })).toBe(
      'the difficulty overlap is 3, but there are 2 annotators; each puzzle needs 3 different annotators',
    );
    expect(await refused(team('a', 'b'), 1, { seed: 1.5 })).toBe('the seed must be a whole number, not 1.5');
    expect(await refused([], 1)).toBe('name at least one annotator');
    expect(await refused(team('a', 'b', 'a'), 1)).toBe('the annotator "a" is named twice');
    expect(await refused(team('Ann', 'ann'), 1)).toBe('the annotators "Ann" and "ann" differ only in case; their pack files would have the same name');
    expect(await refused(team('a', ' '), 1)).toMatch(
      /^annotator 2 has no usable id: ".*"; use 1 to 100 letters, digits, "\.", "_" and "-", starting with a letter or digit and not ending with "\." \(the id names the pack file\)$/,
    );
    expect(await refused(team('__proto__'), 1)).toMatch(/^annotator 1 has no usable id: "__proto__"/);
    expect(await refused(team('a/b'), 1)).toMatch(/^annotator 1 has no usable id: "a\/b"/);
  });

  it('refuses a study that is not in the library, or was opened from a pack', async () => {
    expect(await rangeRefusal(db, () => assignTeam(db, 'nowhere', { annotators: team('a'), overlap: 1, seed: 1 }))).toBe(
      'the study "nowhere" is not in the library',
    );
    await db.studies.update(TINY, { origin: { kind: 'pack', annotator: { id: 'ann-1', name: 'Ann' }, packs: ['abc'] } });
    expect(await rangeRefusal(db, () => assignTeam(db, TINY, { annotators: team('a'), overlap: 1, seed: 1 }))).toBe(
      'the study "Tiny study" was opened from a pack for Ann; only the lead\'s own study can be assigned to a team',
    );
  });
});

describe('assignTeam on larger studies: balanced', () => {
  it.each([
    ['the demo study', demoStudy, 4, 2, undefined],
    ['the demo study', demoStudy, 5, 3, 2],
    ['a synthetic study of 60 puzzles', () => syntheticStudy(60, 3), 7, 3, undefined],
    ['a synthetic study of 60 puzzles', () => syntheticStudy(60, 3), 7, 2, 5],
  ])('%s, %i annotators, overlap %i, difficulty overlap %s', async (_, study, annotators, overlap, difficultyOverlap) => {
    const data = study();
    const db = freshDatabase();
    await importStudies(db, [data]);
    const ids = Array.from({ length: annotators }, (_, i) => `ann-${i + 1}`);
    for (const seed of [1, 2]) {
      const rows = await assignTeam(db, data.study.id, {
        annotators: team(...ids),
        overlap,
        ...(difficultyOverlap !== undefined ? { difficultyOverlap } : {}),
        seed,
      });
      const held = (id: string, task: Task) => new Set(unitsOf(rows, id, task));
      const loads = new Map(ids.map((id) => [id, 0]));
      const difficultyLoads = new Map(ids.map((id) => [id, 0]));
      for (const puzzle of data.puzzles) {
        const questions = data.turns.filter((turn) => turn.puzzleId === puzzle.id && turn.type === 'question').map((turn) => turn.id);
        const finals = data.turns.filter((turn) => turn.puzzleId === puzzle.id && turn.type === 'final').map((turn) => turn.id);
        const holders = ids.filter((id) => [...questions, ...finals].some((unit) => held(id, 'answer').has(unit) || held(id, 'match').has(unit)));
        // Exactly `overlap` distinct annotators, each holding every one of the puzzle's turns.
        expect(holders).toHaveLength(overlap);
        for (const id of holders) {
          expect(questions.every((unit) => held(id, 'answer').has(unit))).toBe(true);
          expect(finals.every((unit) => held(id, 'match').has(unit))).toBe(true);
          loads.set(id, (loads.get(id) ?? 0) + 1);
        }
        const raters = ids.filter((id) => held(id, 'difficulty').has(puzzle.id));
        if (difficultyOverlap === undefined) expect(raters).toEqual(holders);
        else expect(raters).toHaveLength(difficultyOverlap);
        for (const id of raters) difficultyLoads.set(id, (difficultyLoads.get(id) ?? 0) + 1);
      }
      for (const counts of [loads, difficultyLoads]) expect(Math.max(...counts.values()) - Math.min(...counts.values())).toBeLessThanOrEqual(1);
    }
  });
});

describe('assignTeam with a calibration sample', () => {
  const data = demoStudy();
  const STUDY = data.study.id;
  // The puzzles as the database returns them, in id order: the order the draw takes them in.
  const puzzleIds = data.puzzles.map((puzzle) => puzzle.id).sort();
  const expectedDraw = (rule: 'uncertainty' | 'random', budget: number, seed: number) =>
    drawCalibrationSample({ puzzleIds, signal: judgeSignal(data), rule, budget, seed });
  let db: StudioDatabase;
  beforeEach(async () => {
    db = freshDatabase();
    await importStudies(db, [data]);
  });

  it('draws the sample from the stored study, keeps it with every probability, and assigns only its puzzles', async () => {
    const rows = await assignTeam(db, STUDY, { annotators: team('a', 'b', 'c'), overlap: 2, seed: 7, sample: { rule: 'uncertainty', budget: 5 }, now: NOW });
    const draw = expectedDraw('uncertainty', 5, 7);
    const study = await db.studies.get(STUDY);
    expect(study?.calibrationSample).toEqual({ ...draw, drawnAt: NOW });
    expect(study?.calibrationSample).toMatchObject({ rule: 'uncertainty', budget: 5, seed: 7, tau: 0.5, source: 'samples', withoutSignal: 0 });
    expect(Object.keys(study?.calibrationSample?.probabilities ?? {})).toEqual(puzzleIds);
    expect(draw.chosen.length).toBeGreaterThan(0);
    expect(draw.chosen.length).toBeLessThan(puzzleIds.length);
    // The chosen puzzles' units, assigned as assignStudy assigns them (the order is the stored one, checked above); no other puzzle's.
    const expected = assignmentUnits(data, assignStudy({ puzzleIds: draw.chosen, annotatorIds: ['a', 'b', 'c'], overlap: 2, seed: 7 }));
    for (const id of ['a', 'b', 'c'])
      for (const task of TASKS) expect([...(unitsOf(rows, id, task) ?? [])].sort()).toEqual([...(expected.get(id)?.[task] ?? [])].sort());
    const chosen = new Set(draw.chosen);
    const assignedPuzzles = new Set(
      rows.flatMap((row) => (row.task === 'difficulty' ? row.units : row.units.map((unit) => data.turns.find((turn) => turn.id === unit)?.puzzleId))),
    );
    expect([...assignedPuzzles].sort()).toEqual([...chosen].sort());
    const audit = await db.audit.where('studyId').equals(STUDY).last();
    expect(audit?.detail).toContain(
      `assigned a calibration sample of ${draw.chosen.length} of 15 puzzles (uncertainty rule, budget 5, uncertainty from the judge's samples)`,
    );
  });

  it('draws a plain random sample with probability budget / N each, and drops the sample when every puzzle is assigned again', async () => {
    await assignTeam(db, STUDY, { annotators: team('a', 'b'), overlap: 1, seed: 7, sample: { rule: 'random', budget: 6 }, now: NOW });
    const study = await db.studies.get(STUDY);
    expect(study?.calibrationSample).toEqual({ ...expectedDraw('random', 6, 7), drawnAt: NOW });
    expect(new Set(Object.values(study?.calibrationSample?.probabilities ?? {}))).toEqual(new Set([6 / 15]));
    expect(study?.calibrationSample?.source).toBeUndefined();

    await assignTeam(db, STUDY, { annotators: team('a', 'b'), overlap: 1, seed: 7, now: LATER });
    expect((await db.studies.get(STUDY))?.calibrationSample).toBeUndefined();
    expect((await db.studies.get(STUDY))?.setup?.assignedAt).toBe(LATER);
  });

  it('refuses a budget it cannot spend, and a draw that chose no puzzle, writing nothing', async () => {
    await assignTeam(db, STUDY, { annotators: team('a', 'b'), overlap: 1, seed: 1, now: NOW });
    const refused = (budget: number, seed: number) =>
      rangeRefusal(db, () => assignTeam(db, STUDY, { annotators: team('a', 'b'), overlap: 1, seed, sample: { rule: 'uncertainty', budget }, now: LATER }));
    expect(await refused(16, 1)).toBe("the budget must be a whole number of puzzles from 1 to the study's 15, not 16");
    expect(await refused(0, 1)).toBe("the budget must be a whole number of puzzles from 1 to the study's 15, not 0");
    const emptySeed = Array.from({ length: 200 }, (_, i) => i + 1).find((seed) => expectedDraw('uncertainty', 1, seed).chosen.length === 0);
    expect(emptySeed).toBeDefined();
    expect(await refused(1, emptySeed ?? 0)).toBe(
      `the draw with seed ${emptySeed} chose no puzzle (each puzzle is drawn on its own, 1 on average); draw a new seed or raise the budget`,
    );
  });

  it('keeps the sample through a hand edit, which marks the setup as edited by hand', async () => {
    await assignTeam(db, STUDY, { annotators: team('a', 'b'), overlap: 1, seed: 7, sample: { rule: 'uncertainty', budget: 5 }, now: NOW });
    const before = (await db.studies.get(STUDY))?.calibrationSample;
    const outside = puzzleIds.find((id) => !before?.chosen.includes(id)) ?? '';
    expect(await setPuzzleAssignment(db, STUDY, { annotatorId: 'a', puzzleId: outside, part: 'turns', assigned: true, now: LATER })).toBe(true);
    const after = await db.studies.get(STUDY);
    expect(after?.calibrationSample).toEqual(before);
    expect(after?.setup?.editedByHand).toBe(true);
  });
});

describe('setPuzzleAssignment', () => {
  let db: StudioDatabase;
  beforeEach(async () => {
    db = freshDatabase();
    await importStudies(db, [tinyStudy()]);
    await assignTeam(db, TINY, { annotators: team('ann-1', 'ann-2', 'ann-3'), overlap: 3, seed: 7, now: NOW });
  });

  const rowsOf = async (annotatorId: string) => (await loadAssignments(db, TINY)).filter((row) => row.annotatorId === annotatorId);

  it("takes a puzzle's question and final turns away, and gives them back in study order", async () => {
    expect(await setPuzzleAssignment(db, TINY, { annotatorId: 'ann-2', puzzleId: 'p1', part: 'turns', assigned: false, now: LATER })).toBe(true);
    let rows = await rowsOf('ann-2');
    expect(unitsOf(rows, 'ann-2', 'answer')).toEqual(['s2a/1', 's2a/2', 's2a/3', 's3a/1', 's4a/1']);
    expect(unitsOf(rows, 'ann-2', 'match')).toEqual(['s2a/4', 's3a/2', 's4a/2']);
    expect(unitsOf(rows, 'ann-2', 'difficulty')).toEqual(ALL_PUZZLES);
    expect(unitsOf(await rowsOf('ann-1'), 'ann-1', 'answer')).toEqual(ALL_ANSWER);
    expect((await db.studies.get(TINY))?.setup).toEqual({ overlap: 3, seed: 7, assignedAt: NOW, editedByHand: true });

    await setPuzzleAssignment(db, TINY, { annotatorId: 'ann-2', puzzleId: 'p2', part: 'turns', assigned: false, now: LATER });
    expect(await setPuzzleAssignment(db, TINY, { annotatorId: 'ann-2', puzzleId: 'p1', part: 'turns', assigned: true, now: LATER })).toBe(true);
    rows = await rowsOf('ann-2');
    expect(unitsOf(rows, 'ann-2', 'answer')).toEqual(['s1a/1', 's1a/2', 's1b/1', 's3a/1', 's4a/1']);
    expect(unitsOf(rows, 'ann-2', 'match')).toEqual(['s1a/3', 's1b/2', 's3a/2', 's4a/2']);

    const edits = (await db.audit.toArray()).filter((entry) => entry.kind === 'team:edit');
    expect(edits.map((entry) => [entry.at, entry.detail])).toEqual([
      [LATER, 'took the turns of puzzle "p1" (3 answer and 2 match units) from ann-2'],
      [LATER, 'took the turns of puzzle "p2" (3 answer and 1 match units) from ann-2'],
      [LATER, 'gave ann-2 the turns of puzzle "p1" (3 answer and 2 match units)'],
    ]);
  });

  it("takes a puzzle's difficulty away and gives it back in puzzle order, leaving the turns alone", async () => {
    await setPuzzleAssignment(db, TINY, { annotatorId: 'ann-3', puzzleId: 'p1', part: 'difficulty', assigned: false, now: LATER });
    await setPuzzleAssignment(db, TINY, { annotatorId: 'ann-3', puzzleId: 'p3', part: 'difficulty', assigned: false, now: LATER });
    expect(unitsOf(await rowsOf('ann-3'), 'ann-3', 'difficulty')).toEqual(['p2', 'p4']);
    await setPuzzleAssignment(db, TINY, { annotatorId: 'ann-3', puzzleId: 'p3', part: 'difficulty', assigned: true, now: LATER });
    const rows = await rowsOf('ann-3');
    expect(unitsOf(rows, 'ann-3', 'difficulty')).toEqual(['p2', 'p3', 'p4']);
    expect(unitsOf(rows, 'ann-3', 'answer')).toEqual(ALL_ANSWER);
    expect((await db.audit.toArray()).at(-1)?.detail).toBe('gave ann-3 the difficulty of puzzle "p3"');
  });

  it('changes nothing, not even the setup, when the annotator already holds or lacks the part', async () => {
    const before = await dumpTables(db);
    expect(await setPuzzleAssignment(db, TINY, { annotatorId: 'ann-1', puzzleId: 'p2', part: 'turns', assigned: true, now: LATER })).toBe(false);
    expect(await setPuzzleAssignment(db, TINY, { annotatorId: 'ann-1', puzzleId: 'p2', part: 'difficulty', assigned: true, now: LATER })).toBe(false);
    await setPuzzleAssignment(db, TINY, { annotatorId: 'ann-1', puzzleId: 'p2', part: 'difficulty', assigned: false, now: LATER });
    const after = await dumpTables(db);
    expect(await setPuzzleAssignment(db, TINY, { annotatorId: 'ann-1', puzzleId: 'p2', part: 'difficulty', assigned: false, now: LATER })).toBe(false);
    expect(await dumpTables(db)).toEqual(after);
    expect(after).not.toEqual(before);
  });

  it('gives units to an annotator kept for their labels, who had no assignment rows', async () => {
    await db.labels.put(label(TINY, 'ann-3', 's1a/1', 'answer', 'yes'));
    await assignTeam(db, TINY, { annotators: team('ann-1', 'ann-2'), overlap: 2, seed: 7, now: NOW });
    expect(await rowsOf('ann-3')).toEqual([]);
    await setPuzzleAssignment(db, TINY, { annotatorId: 'ann-3', puzzleId: 'p3', part: 'turns', assigned: true, now: LATER });
    expect(await rowsOf('ann-3')).toEqual([
      { studyId: TINY, annotatorId: 'ann-3', task: 'answer', units: ['s3a/1'] },
      { studyId: TINY, annotatorId: 'ann-3', task: 'match', units: ['s3a/2'] },
    ]);
  });

  it('refuses an annotator or puzzle the study lacks, a study without a team, and a study opened from a pack', async () => {
    const change = { annotatorId: 'ann-1', puzzleId: 'p1', part: 'turns', assigned: false, now: LATER } as const;
    expect(await rangeRefusal(db, () => setPuzzleAssignment(db, TINY, { ...change, annotatorId: 'ann-9' }))).toBe(
      'the annotator "ann-9" is not in the study "Tiny study"',
    );
    expect(await rangeRefusal(db, () => setPuzzleAssignment(db, TINY, { ...change, puzzleId: 'p9' }))).toBe('the puzzle "p9" is not in the study "Tiny study"');
    expect(await rangeRefusal(db, () => setPuzzleAssignment(db, 'nowhere', change))).toBe('the study "nowhere" is not in the library');

    const other = freshDatabase();
    await importStudies(other, [tinyStudy()]);
    await other.annotators.put(annotator(TINY, 'ann-1'));
    expect(await rangeRefusal(other, () => setPuzzleAssignment(other, TINY, change))).toBe(
      'the study "Tiny study" has no team yet; assign it to annotators before changing the assignment by hand',
    );

    await db.studies.update(TINY, { origin: { kind: 'pack', annotator: { id: 'ann-1', name: 'Ann' }, packs: ['abc'] } });
    expect(await rangeRefusal(db, () => setPuzzleAssignment(db, TINY, change))).toBe(
      'the study "Tiny study" was opened from a pack for Ann; only the lead\'s own study can be assigned to a team',
    );
  });
});
