// Version 2 of the IndexedDB schema adds the lead's assignment: one row per annotator and task
// holding the unit ids they were given (see Assignment in the domain model). Frozen once shipped.
//
// It has no upgrade function because no stored record needs one. The new table starts empty:
// a v1 database holds nothing to derive it from (team setup arrived with this version). Labels
// without `createdAt` stay without it: they come from label files, which never carry it, and
// imports still store them so; filling it from `at` would be wrong for any label edited after
// it was first set (`at` is the last change) and would still leave the field optional.
// test/renderer/db/migrations.test.ts proves every record of a v1 database passes through as it was.

export const SCHEMA_V2 = {
  assignments: '[studyId+annotatorId+task]',
} as const;
