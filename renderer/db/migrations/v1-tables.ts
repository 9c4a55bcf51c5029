// Version 1 of the IndexedDB schema: the tables of the first release and the indexes later
// features use. Frozen once shipped: later versions add files here and never edit this one.
// Every primary key starts with studyId, so "all of a study" is a key range (see by-study.ts)
// and no table carries a separate studyId index: each index slows every bulk import. (The very
// first v1 build had those indexes; Dexie drops them on open, see the FIRST_V1 test.)

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
