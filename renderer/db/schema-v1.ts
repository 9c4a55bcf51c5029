// Version 1 of the IndexedDB schema: which tables exist and which indexes later features use
// (labels by unit, by annotator, by task). Frozen once shipped: later versions add files.

export const SCHEMA_V1 = {
  studies: 'id',
  puzzles: '[studyId+id], studyId',
  sessions: '[studyId+id], studyId, [studyId+puzzleId]',
  turns: '[studyId+id], studyId, [studyId+sessionId+index], [studyId+type]',
  annotators: '[studyId+id], studyId',
  labels: '[studyId+annotatorId+task+unitId], studyId, [studyId+unitId], [studyId+annotatorId], [studyId+task]',
  audit: '++id, studyId, at',
  meta: 'key',
} as const;
