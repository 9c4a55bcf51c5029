// assignmentTable: a hand-worked table (rows in puzzle order, annotators in assignment order,
// unknown units counted in loads only), agreement with the seeded assignment on a synthetic
// study read in stored order, and the time budget for 975 puzzles, 100,000 turns, 55 annotators.

import { describe, expect, it } from 'vitest';
import { generateSyntheticBundle } from '../../../shared/demo/synthetic-study';
import type { Assignment, Task, TurnType } from '../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { assignmentTable, type AssignmentTableRecords } from '../../../shared/study/assignment-table';
import { assignStudy } from '../../../shared/study/assignment';
import { assignmentUnits } from '../../../shared/study/study-packs';

function row(annotatorId: string, task: Task, units: string[]): Assignment {
  return { studyId: 'tiny', annotatorId, task, units };
}

function turn(id: string, sessionId: string, index: number, type: TurnType) {
  return { id, sessionId, index, type };
}

const records: AssignmentTableRecords = {
  puzzles: [{ id: 'p1', title: 'One' }, { id: 'p2', title: 'Two' }, { id: 'p3' }, { id: 'p4', title: 'Four' }],
  sessions: [
    { id: 's1a', puzzleId: 'p1' },
    { id: 's2', puzzleId: 'p2' },
    { id: 's1b', puzzleId: 'p1' },
    { id: 's3', puzzleId: 'p3' },
    { id: 'sx', puzzleId: 'p-gone' },
  ],
  turns: [
    // Not in turn order, as stored turns are not.
    turn('s1a/2', 's1a', 1, 'question'),
    turn('s1a/1', 's1a', 0, 'question'),
    turn('s1a/3', 's1a', 2, 'final'),
    turn('s2/1', 's2', 0, 'question'),
    turn('s2/2', 's2', 1, 'question'),
    turn('s2/3', 's2', 2, 'final'),
    turn('s1b/1', 's1b', 0, 'question'),
    turn('s1b/2', 's1b', 1, 'final'),
    turn('s3/1', 's3', 0, 'question'),
    turn('s3/2', 's3', 1, 'final'),
    turn('sx/1', 'sx', 0, 'question'),
  ],
};

const assignments: Assignment[] = [
  row('a', 'answer', ['s1a/1', 's1a/2', 's2/1', 's2/2']),
  row('a', 'match', ['s1a/3', 's2/3']),
  row('a', 'difficulty', ['p3']),
  row('b', 'answer', ['s1b/1']),
  row('b', 'match', []),
  row('b', 'difficulty', ['p1', 'p2', 'p3', 'p-gone']),
  // Part of a session only, and a unit the study does not hold.
  row('c', 'answer', ['s2/2']),
  row('c', 'match', ['zz']),
  row('d', 'difficulty', ['p4']),
];

describe('assignmentTable', () => {
  it('lists who holds each puzzle, by puzzle, and each annotator load', () => {
    expect(assignmentTable(records, assignments)).toEqual({
      rows: [
        { puzzleId: 'p1', title: 'One', turnUnits: 5, turns: ['a', 'b'], difficulty: ['b'] },
        { puzzleId: 'p2', title: 'Two', turnUnits: 3, turns: ['a', 'c'], difficulty: ['b'] },
        { puzzleId: 'p3', turnUnits: 2, turns: [], difficulty: ['a', 'b'] },
        { puzzleId: 'p4', title: 'Four', turnUnits: 0, turns: [], difficulty: ['d'] },
      ],
      loads: [
        { annotatorId: 'a', puzzles: 2, units: 7 },
        { annotatorId: 'b', puzzles: 1, units: 5 },
        { annotatorId: 'c', puzzles: 1, units: 2 },
        { annotatorId: 'd', puzzles: 0, units: 1 },
      ],
    });
  });

  it('lists annotators in the order they first appear in the assignment', () => {
    const table = assignmentTable(records, [...assignments].reverse());
    expect(table.rows[0]?.turns).toEqual(['b', 'a']);
    expect(table.rows[2]?.difficulty).toEqual(['b', 'a']);
    expect(table.loads.map((load) => load.annotatorId)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('finds a unit in the middle of a session, or of a list out of order', () => {
    const table = assignmentTable(records, [row('e', 'answer', ['s3/1', 's1a/2', 's2/2', 's1a/1']), row('f', 'answer', ['s1a/1', 's3/1'])]);
    expect(table.rows.map((r) => r.turns)).toEqual([['e', 'f'], ['e'], ['e', 'f'], []]);
    expect(table.loads).toEqual([
      { annotatorId: 'e', puzzles: 3, units: 4 },
      { annotatorId: 'f', puzzles: 2, units: 2 },
    ]);
  });

  it('agrees with the seeded assignment it shows, on a synthetic study in stored order', () => {
    const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generateSyntheticBundle({ puzzles: 40, seed: 5 })) });
    if (!parsed.ok) throw new Error('the synthetic study should parse');
    const byId = <T extends { id: string }>(items: readonly T[]) => [...items].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    const data = { puzzles: byId(parsed.value.puzzles), sessions: byId(parsed.value.sessions), turns: byId(parsed.value.turns) };
    const annotatorIds = ['ann-1', 'ann-2', 'ann-3', 'ann-4', 'ann-5'];
    const assignment = assignStudy({ puzzleIds: data.puzzles.map((p) => p.id), annotatorIds, overlap: 2, difficultyOverlap: 3, seed: 9 });
    const units = assignmentUnits(data, assignment);
    const rows = annotatorIds.flatMap((id) => (['answer', 'match', 'difficulty'] as const).map((task) => row(id, task, units.get(id)?.[task] ?? [])));
    const table = assignmentTable(data, rows);

    const holders = (part: 'puzzles' | 'difficultyPuzzles', puzzleId: string) => annotatorIds.filter((id) => assignment.get(id)?.[part].includes(puzzleId));
    expect(table.rows.map((r) => r.puzzleId)).toEqual(data.puzzles.map((p) => p.id));
    for (const r of table.rows) {
      expect(r.turns).toEqual(holders('puzzles', r.puzzleId));
      expect(r.turns).toHaveLength(2);
      expect(r.difficulty).toEqual(holders('difficultyPuzzles', r.puzzleId));
      expect(r.turnUnits).toBe(data.turns.filter((t) => t.puzzleId === r.puzzleId).length);
    }
    expect(table.loads.map((load) => [load.annotatorId, load.puzzles])).toEqual(annotatorIds.map((id) => [id, assignment.get(id)?.puzzles.length]));
    expect(table.loads.map((load) => load.units)).toEqual(
      annotatorIds.map((id) => rows.filter((r) => r.annotatorId === id).reduce((sum, r) => sum + r.units.length, 0)),
    );
  });

  // About a second on an idle machine; its budget covers one whose cores are both busy.
  it('holds every puzzle of a 975-puzzle, 55-annotator study with three annotators each (the bench times it)', { timeout: 120_000 }, () => {
    const { input, assignment } = largeStudy();
    const table = assignmentTable(input.records, input.assignments);
    expect(table.rows).toHaveLength(975);
    expect(table.rows.every((r) => r.turns.length === 3 && r.difficulty.length === 3)).toBe(true);
    expect(table.loads.map((load) => load.puzzles)).toEqual([...assignment.values()].map((a) => a.puzzles.length));
  });
});

/** 975 puzzles of ten sessions with about 103 turns each, stored by id, and the seeded assignment as stored rows. */
function largeStudy() {
  const puzzles = Array.from({ length: 975 }, (_, p) => ({ id: `p-${String(p).padStart(4, '0')}`, title: `Puzzle ${p}` }));
  const sessions: Array<{ id: string; puzzleId: string }> = [];
  const turns: Array<ReturnType<typeof turn>> = [];
  for (const [p, puzzle] of puzzles.entries()) {
    for (let s = 0; s < 10; s++) {
      const sessionId = `${puzzle.id}-s${s}`;
      sessions.push({ id: sessionId, puzzleId: puzzle.id });
      const length = 10 + ((p + s) % 3 === 0 ? 1 : 0);
      for (let t = 0; t < length; t++) turns.push(turn(`${sessionId}/${t + 1}`, sessionId, t, t === length - 1 ? 'final' : 'question'));
    }
  }
  turns.sort((x, y) => (x.id < y.id ? -1 : 1));
  const annotatorIds = Array.from({ length: 55 }, (_, i) => `ann-${String(i + 1).padStart(2, '0')}`);
  const assignment = assignStudy({ puzzleIds: puzzles.map((p) => p.id), annotatorIds, overlap: 3, seed: 4 });
  const fullTurns = turns.map((t) => ({ ...t, studyId: 'big', puzzleId: t.sessionId.slice(0, 6), text: '', judgements: {} }));
  const units = assignmentUnits(
    {
      puzzles: puzzles.map((p) => ({ ...p, studyId: 'big', story: '', reference: '', keyClues: [] })),
      sessions: sessions.map((s) => ({ ...s, studyId: 'big', player: '', judge: '', turnCount: 0 })),
      turns: fullTurns,
    },
    assignment,
  );
  const assignments = annotatorIds.flatMap((id) => (['answer', 'match', 'difficulty'] as const).map((task) => row(id, task, units.get(id)?.[task] ?? [])));
  // Copies, as IndexedDB hands out: no id string is shared between the records and the units.
  return { input: structuredClone({ records: { puzzles, sessions, turns }, assignments }), assignment };
}
