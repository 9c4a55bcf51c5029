// computeCoverage on hand-worked examples: per-annotator assigned, labelled, unsure, missing and
// last activity; per-task units, overlap and label-count buckets; and when a study is complete.

import { describe, expect, it } from 'vitest';
import type { Assignment, Task } from '../../../shared/domain/model';
import { computeCoverage, type CoverageLabel } from '../../../shared/study/coverage';

const STUDY = 'tiny';

function row(annotatorId: string, task: Task, units: string[]): Assignment {
  return { studyId: STUDY, annotatorId, task, units };
}

function label(annotatorId: string, task: Task, unitId: string, at: string, unsure = false): CoverageLabel {
  return { annotatorId, task, unitId, at, unsure };
}

// A: answer q3 q1 q2, match f1, difficulty p1.  B: answer q4 q2 q3, match f1 f2, difficulty p1 p2.
// C: answer q5 q4, difficulty p2.  D: labels only.  E: labels only, and no annotator record.
const assignments: Assignment[] = [
  row('A', 'answer', ['q3', 'q1', 'q2']),
  row('A', 'match', ['f1']),
  row('A', 'difficulty', ['p1']),
  row('B', 'answer', ['q4', 'q2', 'q3']),
  row('B', 'match', ['f1', 'f2']),
  row('B', 'difficulty', ['p1', 'p2']),
  row('C', 'answer', ['q5', 'q4']),
  row('C', 'match', []),
  row('C', 'difficulty', ['p2']),
];

const annotators = [
  { id: 'A', name: 'Ann' },
  { id: 'B', name: 'Bob' },
  { id: 'C', name: 'Cy' },
  { id: 'D', name: 'Dee' },
];

const labels: CoverageLabel[] = [
  label('A', 'answer', 'q1', '2026-11-22T09:00:00Z', true),
  label('A', 'answer', 'q3', '2026-11-22T09:05:00Z'),
  label('A', 'match', 'f1', '2026-11-22T09:01:00Z'),
  // Not assigned to A: counts for the unit and A's activity, not for A's coverage.
  label('A', 'difficulty', 'p2', '2026-11-22T10:00:00Z'),
  label('B', 'answer', 'q2', '2026-11-22T08:30:00Z'),
  label('B', 'answer', 'q3', '2026-11-22T08:31:00Z', true),
  label('B', 'answer', 'q4', '2026-11-22T08:32:00Z'),
  label('B', 'match', 'f2', '2026-11-22T08:33:00Z'),
  label('B', 'difficulty', 'p1', '2026-11-22T08:29:00Z', true),
  label('D', 'answer', 'q1', '2026-11-22T08:00:00Z'),
  label('E', 'match', 'f1', '2026-11-22T11:00:00Z'),
  // Later than the one above, though it sorts earlier as text.
  label('E', 'answer', 'q3', '2026-11-22T11:00:00.500Z'),
];

const none = { answer: [], match: [], difficulty: [] };

describe('computeCoverage', () => {
  const coverage = computeCoverage({ assignments, annotators, labels });

  it('counts each annotator, in the given order, then annotators known only from their labels', () => {
    expect(coverage.annotators.map((a) => [a.id, a.name])).toEqual([
      ['A', 'Ann'],
      ['B', 'Bob'],
      ['C', 'Cy'],
      ['D', 'Dee'],
      ['E', 'E'],
    ]);
    const [a, b, c, d, e] = coverage.annotators;
    expect(a).toEqual({
      id: 'A',
      name: 'Ann',
      assigned: 5,
      labelled: 3,
      unsure: 1,
      outsideAssignment: 1,
      lastActivity: '2026-11-22T10:00:00Z',
      assignedByTask: { answer: 3, match: 1, difficulty: 1 },
      labelledByTask: { answer: 2, match: 1, difficulty: 0 },
      missing: { answer: ['q2'], match: [], difficulty: ['p1'] },
    });
    expect(b).toEqual({
      id: 'B',
      name: 'Bob',
      assigned: 7,
      labelled: 5,
      unsure: 2,
      outsideAssignment: 0,
      lastActivity: '2026-11-22T08:33:00Z',
      assignedByTask: { answer: 3, match: 2, difficulty: 2 },
      labelledByTask: { answer: 3, match: 1, difficulty: 1 },
      missing: { answer: [], match: ['f1'], difficulty: ['p2'] },
    });
    expect(c).toEqual({
      id: 'C',
      name: 'Cy',
      assigned: 3,
      labelled: 0,
      unsure: 0,
      outsideAssignment: 0,
      lastActivity: null,
      assignedByTask: { answer: 2, match: 0, difficulty: 1 },
      labelledByTask: { answer: 0, match: 0, difficulty: 0 },
      // In assignment order, not sorted.
      missing: { answer: ['q5', 'q4'], match: [], difficulty: ['p2'] },
    });
    const zero = { answer: 0, match: 0, difficulty: 0 };
    expect(d).toEqual({
      id: 'D',
      name: 'Dee',
      assigned: 0,
      labelled: 0,
      unsure: 0,
      outsideAssignment: 1,
      lastActivity: '2026-11-22T08:00:00Z',
      assignedByTask: zero,
      labelledByTask: zero,
      missing: none,
    });
    expect(e?.lastActivity).toBe('2026-11-22T11:00:00.500Z');
    expect(e?.assigned).toBe(0);
    // Every label of the study is in the table: assigned ones in Labelled, the others beside them.
    expect(e?.outsideAssignment).toBe(2);
    expect(coverage.annotators.reduce((sum, one) => sum + one.labelled + one.outsideAssignment, 0)).toBe(labels.length);
  });

  it('counts every human label of an assigned unit per task, the last bucket taking overlap or more', () => {
    expect(coverage.tasks).toEqual([
      // q1: A, D; q2: B; q3: A, B, E (3, in the "2 or more" bucket); q4: B; q5: none.
      { task: 'answer', units: 5, overlap: 2, byLabelCount: [1, 2, 2] },
      // f1: A, E; f2: B.
      { task: 'match', units: 2, overlap: 2, byLabelCount: [0, 1, 1] },
      // p1: B; p2: A, who is not assigned p2.
      { task: 'difficulty', units: 2, overlap: 2, byLabelCount: [0, 2, 0] },
    ]);
    expect(coverage.complete).toBe(false);
  });

  it('is complete once every assigned annotator has labelled every assigned unit, and only then', () => {
    const small = [row('A', 'answer', ['q1', 'q2']), row('B', 'answer', ['q2']), row('B', 'difficulty', ['p1'])];
    const done = [label('A', 'answer', 'q1', 'x'), label('A', 'answer', 'q2', 'x'), label('B', 'answer', 'q2', 'x'), label('B', 'difficulty', 'p1', 'x')];
    expect(computeCoverage({ assignments: small, annotators, labels: done }).complete).toBe(true);
    // Another annotator's label does not stand in for A's.
    const swapped = [...done.slice(1), label('B', 'answer', 'q1', 'x')];
    expect(computeCoverage({ assignments: small, annotators, labels: swapped }).complete).toBe(false);
  });

  it('is not complete with nothing assigned, and lists given annotators with empty tasks', () => {
    const empty = computeCoverage({ assignments: [], annotators: [{ id: 'A', name: 'Ann' }], labels: [] });
    expect(empty.complete).toBe(false);
    expect(empty.tasks).toEqual([
      { task: 'answer', units: 0, overlap: 0, byLabelCount: [0] },
      { task: 'match', units: 0, overlap: 0, byLabelCount: [0] },
      { task: 'difficulty', units: 0, overlap: 0, byLabelCount: [0] },
    ]);
    expect(empty.annotators.map((a) => [a.id, a.assigned, a.lastActivity])).toEqual([['A', 0, null]]);
  });

  it('counts a unit listed twice, or labelled twice by one annotator, once', () => {
    const result = computeCoverage({
      assignments: [row('A', 'answer', ['q1', 'q1']), row('B', 'answer', ['q1'])],
      annotators: [],
      labels: [label('A', 'answer', 'q1', '2026-11-22T09:00:00Z'), label('A', 'answer', 'q1', '2026-11-22T09:30:00Z', true)],
    });
    expect(result.tasks[0]).toEqual({ task: 'answer', units: 1, overlap: 2, byLabelCount: [0, 1, 0] });
    expect(result.annotators.map((a) => [a.id, a.name, a.assigned, a.labelled, a.unsure, a.lastActivity])).toEqual([
      ['A', 'A', 1, 1, 1, '2026-11-22T09:30:00Z'],
      ['B', 'B', 1, 0, 0, null],
    ]);
  });

  it('reads the labels from any iterable, such as a generator, in one pass', () => {
    function* once() {
      yield* labels;
    }
    expect(computeCoverage({ assignments, annotators, labels: once() })).toEqual(coverage);
  });
});
