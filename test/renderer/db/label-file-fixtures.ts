// The demo study's first units and label files as the app writes them, for the tests that import
// label files into the database: Q1-Q3 questions, F1 a final, P1 a puzzle, and one label record
// at a fixed time, revision 1, sure and without a note unless a test says otherwise.

import type { Label, StudyData } from '../../../shared/domain/model';
import { buildLabelFile, type LabelFile, type LabelRecord } from '../../../shared/formats/label-file';
import { demoStudy } from './db-fixtures';

export const demo: StudyData = demoStudy();
export const STUDY = demo.study.id;
const questions = demo.turns.filter((turn) => turn.type === 'question');
const finals = demo.turns.filter((turn) => turn.type === 'final');

function idOf(items: ReadonlyArray<{ id: string }>, index: number): string {
  const item = items[index];
  if (item === undefined) throw new Error(`the demo study has no item ${index}`);
  return item.id;
}

export const Q1 = idOf(questions, 0);
export const Q2 = idOf(questions, 1);
export const Q3 = idOf(questions, 2);
export const F1 = idOf(finals, 0);
export const P1 = idOf(demo.puzzles, 0);

export function record(unit: string, task: LabelRecord['task'], value: LabelRecord['value'], extra: Partial<LabelRecord> = {}): LabelRecord {
  return { unit, task, value, at: '2026-11-22T09:00:00Z', ms: 1000, rev: 1, unsure: false, note: '', ...extra };
}

/** A label file of `annotatorId` ("Annotator <id>") for `studyId`, exported at a fixed time. */
export function labelFile(labels: LabelRecord[], annotatorId = 'ann-01', studyId = STUDY): LabelFile {
  return buildLabelFile({
    studyId,
    annotator: { id: annotatorId, name: `Annotator ${annotatorId}` },
    exportedAt: '2026-11-22T10:00:00Z',
    app: 'agreement-studio 0.1.0',
    labels,
  });
}

/** How the database stores `record(Q1, 'answer', 'yes')` from ann-01's label file. */
export const Q1_YES_STORED: Label = {
  studyId: STUDY,
  annotatorId: 'ann-01',
  unitId: Q1,
  task: 'answer',
  value: 'yes',
  at: '2026-11-22T09:00:00Z',
  ms: 1000,
  rev: 1,
  unsure: false,
  note: '',
};
