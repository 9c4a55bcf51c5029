// Version 2 of the IndexedDB schema adds the lead's assignment: one row per annotator and task
// holding the unit ids they were given (see Assignment in the domain model). A new table only,
// so no stored record changes shape and no upgrade function is needed.

export const SCHEMA_V2 = {
  assignments: '[studyId+annotatorId+task]',
} as const;
