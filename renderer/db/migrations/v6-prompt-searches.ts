// Version 6 of the IndexedDB schema adds the prompt searches a lead runs (issue 34 point 3), by
// study: each search's settings, state, journal of proposals and the judge run of each candidate.
//
// It has no upgrade function because no stored record needs one: the table is new and starts
// empty, and no existing table changes.

export const SCHEMA_V6 = {
  promptSearches: 'id, studyId',
} as const;
