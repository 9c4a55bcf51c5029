// loadCoverage against fake-indexeddb: the stored assignment, annotators and labels of one
// study (never another study's) give the coverage computeCoverage works out by hand.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Label } from '../../../shared/domain/model';
import { loadCoverage } from '../../../renderer/db/coverage';
import type { StudioDatabase } from '../../../renderer/db/database';
import { importStudies } from '../../../renderer/db/import-study';
import { assignTeam } from '../../../renderer/db/team-setup';
import { annotator, closeDatabases, demoStudy, freshDatabase, label, syntheticStudy } from './db-fixtures';

afterEach(closeDatabases);

const demo = demoStudy();
const STUDY = demo.study.id;
// Study order: sessions as stored (by id), turns by index.
const sessionIds = demo.sessions.map((session) => session.id).sort();
const inStudyOrder = [...demo.turns].sort((a, b) => sessionIds.indexOf(a.sessionId) - sessionIds.indexOf(b.sessionId) || a.index - b.index);
const questions = inStudyOrder.filter((turn) => turn.type === 'question').map((turn) => turn.id);
const finals = inStudyOrder.filter((turn) => turn.type === 'final').map((turn) => turn.id);
const puzzles = demo.puzzles.map((puzzle) => puzzle.id).sort();

function at(time: string, base: Label, unsure = false): Label {
  return { ...base, at: time, unsure };
}

describe('loadCoverage', () => {
  let db: StudioDatabase;
  beforeEach(async () => {
    db = freshDatabase();
    const other = syntheticStudy(5, 2);
    await importStudies(db, [demo, other]);
    // Everyone holds every unit of the demo study.
    await assignTeam(db, STUDY, {
      annotators: [
        { id: 'ann-1', name: 'Ann' },
        { id: 'ann-2', name: 'Bo' },
        { id: 'ann-3', name: 'Cy' },
      ],
      overlap: 3,
      seed: 1,
    });
    const [q1 = '', q2 = ''] = questions;
    const [f1 = ''] = finals;
    const [p1 = ''] = puzzles;
    await db.annotators.put(annotator(STUDY, 'ann-x'));
    await db.labels.bulkPut([
      at('2026-11-22T09:00:00Z', label(STUDY, 'ann-1', q1, 'answer', 'yes')),
      at('2026-11-22T09:02:00Z', label(STUDY, 'ann-1', q2, 'answer', 'no'), true),
      at('2026-11-22T09:01:00Z', label(STUDY, 'ann-1', p1, 'difficulty', 4)),
      at('2026-11-22T08:00:00Z', label(STUDY, 'ann-2', q1, 'answer', 'yes')),
      at('2026-11-22T07:00:00Z', label(STUDY, 'ann-2', f1, 'match', 'matched'), true),
      // An annotator with labels and no assignment.
      at('2026-11-21T07:00:00Z', label(STUDY, 'ann-x', q1, 'answer', 'no')),
      // Another study's label, later than any above: not this study's activity.
      at('2026-12-01T00:00:00Z', label(other.study.id, 'ann-1', other.turns[0]?.id ?? '', 'answer', 'yes')),
    ]);
  });

  it("counts the study's labels against its stored assignment", async () => {
    const coverage = await loadCoverage(db, STUDY);
    const Q = questions.length;
    const F = finals.length;
    const P = puzzles.length;
    expect([Q, F, P]).toEqual([demo.study.counts.questions, demo.study.counts.finals, 15]);
    const assigned = { answer: Q, match: F, difficulty: P };
    // Annotators in stored (id) order.
    expect(coverage.annotators.map((a) => [a.id, a.name, a.assigned, a.labelled, a.unsure, a.lastActivity])).toEqual([
      ['ann-1', 'Ann', Q + F + P, 3, 1, '2026-11-22T09:02:00Z'],
      ['ann-2', 'Bo', Q + F + P, 2, 1, '2026-11-22T08:00:00Z'],
      ['ann-3', 'Cy', Q + F + P, 0, 0, null],
      ['ann-x', 'Annotator ann-x', 0, 0, 0, '2026-11-21T07:00:00Z'],
    ]);
    const [ann1, ann2, ann3] = coverage.annotators;
    expect(ann1?.assignedByTask).toEqual(assigned);
    expect(ann1?.labelledByTask).toEqual({ answer: 2, match: 0, difficulty: 1 });
    expect(ann1?.missing).toEqual({ answer: questions.slice(2), match: finals, difficulty: puzzles.slice(1) });
    expect(ann2?.labelledByTask).toEqual({ answer: 1, match: 1, difficulty: 0 });
    expect(ann3?.missing).toEqual({ answer: questions, match: finals, difficulty: puzzles });
    expect(coverage.tasks).toEqual([
      // q1 has three labels (ann-1, ann-2, ann-x), q2 one.
      { task: 'answer', units: Q, overlap: 3, byLabelCount: [Q - 2, 1, 0, 1] },
      { task: 'match', units: F, overlap: 3, byLabelCount: [F - 1, 1, 0, 0] },
      { task: 'difficulty', units: P, overlap: 3, byLabelCount: [P - 1, 1, 0, 0] },
    ]);
    expect(coverage.complete).toBe(false);
  });

  it('says when the study is not in the library', async () => {
    await expect(loadCoverage(db, 'nowhere')).rejects.toThrow('The study "nowhere" is not in the library.');
  });
});
