// The demo study loaded on first start is a sample, not anyone's work: it is flagged when loaded,
// and a pack of the same study may replace it while it is untouched, so a newcomer can rehearse
// the annotator's side in a fresh profile. Owns the rule for what "untouched" means.

import type { Study } from '../../shared/domain/model';
import { TRANSCRIPTS_FORMAT } from '../../shared/formats/transcript-bundle';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';

/** The file name the first start imports the demo study under. */
export const SAMPLE_FILE_NAME = 'demo-study.json';

/** Flags the given studies as the first start's sample; a study already in use is left alone. */
export async function markSampleStudies(db: StudioDatabase, studyIds: readonly string[]): Promise<void> {
  await db.transaction('rw', [db.studies, db.labels, db.assignments, db.gold, db.annotators, db.audit], async () => {
    for (const studyId of studyIds) {
      const study = await db.studies.get(studyId);
      if (study && study.origin === undefined && (await untouched(db, study))) await db.studies.put({ ...study, sample: true });
    }
  });
}

/**
 * Whether a stored study is the untouched sample that a pack of the same study may replace.
 * A study flagged as the sample qualifies while untouched. A study from a database older than
 * the flag qualifies only if, besides being untouched, it came from the demo file and holds
 * exactly the pack's records (`holdsPackRecords`): then nothing in it is anyone's work.
 */
export async function isReplaceableSample(db: StudioDatabase, study: Study, holdsPackRecords: boolean): Promise<boolean> {
  if (study.origin !== undefined) return false;
  const looksLikeSample =
    study.sample === true ||
    (study.format === TRANSCRIPTS_FORMAT && study.sourceFiles.length === 1 && study.sourceFiles[0] === SAMPLE_FILE_NAME && holdsPackRecords);
  return looksLikeSample && (await untouched(db, study));
}

/**
 * Untouched: no team setup, no labels, assignment, gold or annotators, and nothing in the audit
 * log since the study was imported (renames and guideline edits are audited, so any edit shows).
 */
async function untouched(db: StudioDatabase, study: Study): Promise<boolean> {
  if (study.setup !== undefined) return false;
  const held = await Promise.all([
    byStudy(db.labels, study.id).count(),
    byStudy(db.assignments, study.id).count(),
    byStudy(db.gold, study.id).count(),
    byStudy(db.annotators, study.id).count(),
  ]);
  if (held.some((count) => count > 0)) return false;
  const audit = await db.audit.where('studyId').equals(study.id).sortBy('id');
  return audit.at(-1)?.kind === 'study:import';
}
