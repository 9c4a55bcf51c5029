// Version 1 of the IndexedDB schema: which tables exist and which indexes later features use
// (labels by unit, by annotator, by task). Frozen once shipped: later versions add files.
// Every primary key starts with studyId, so "all of a study" is a key range (see by-study.ts)
// and no table carries a separate studyId index: each index slows every bulk import.

export const SCHEMA_V1 = {
  studies: 'id',
  puzzles: '[studyId+id]',
  sessions: '[studyId+id], [studyId+puzzleId]',
  turns: '[studyId+id], [studyId+sessionId+index], [studyId+type]',
  annotators: '[studyId+id]',
  labels: '[studyId+annotatorId+task+unitId], [studyId+unitId], [studyId+annotatorId], [studyId+task]',
  audit: '++id, studyId, at',
  meta: 'key',
} as const;
