// Version 4 of the IndexedDB schema adds the judges a lead runs (issue 17): endpoints (never their
// API keys, which the host keeps), the prompt versions the lead saved, runs by study, and each
// run's answers keyed by run and item, so a resumed run finds what it already asked.
//
// It has no upgrade function because no stored record needs one: the four tables are new and
// start empty, and no existing table changes.

export const SCHEMA_V4 = {
  judgeEndpoints: 'id',
  promptVersions: 'name',
  judgeRuns: 'id, studyId',
  judgeAnswers: '[runId+key]',
} as const;
