// Version 3 of the IndexedDB schema adds the lead's gold labels (adjudication): one row per
// study, task and unit. It also drops the three secondary indexes of `labels` (by unit, by
// annotator, by task): nothing queries them (every read is a study or annotator range of the
// primary key), and each one cost an extra write per label, a third of a 300,000-label import.
//
// It has no upgrade function because no stored record needs one: dropping an index changes no
// record (Dexie deletes the index in the version change), and gold labels are only ever set by
// the lead's adjudication, which a v2 database never held, so the gold table starts empty.
// test/renderer/db/migrations.test.ts proves every record of a v2 database passes through as it was.

export const SCHEMA_V3 = {
  gold: '[studyId+task+unitId]',
  labels: '[studyId+annotatorId+task+unitId]',
} as const;
