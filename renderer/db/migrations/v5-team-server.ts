// Version 5 of the IndexedDB schema adds team servers (issue 18): a study's connection to its
// server (by study: one server per study), and on the lead's computer each annotator's database
// with how far it was pulled.
//
// It has no upgrade function because no stored record needs one: the two tables are new and
// start empty, and no existing table changes.

export const SCHEMA_V5 = {
  syncConnections: 'studyId',
  teamDatabases: '[studyId+annotatorId], studyId',
} as const;
