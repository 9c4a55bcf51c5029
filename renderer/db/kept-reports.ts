// The finished report kept per study in the meta table, against the study's revision marks
// (data-revision.ts) and what it was computed with: opening the report again with nothing changed
// reads it back instead of computing it. Every write to anything a report reads ends a mark, so a
// kept report is never shown for data it was not computed from.

import type { MetaEntry, StudioDatabase } from './database';
import { revisionKeys, revisionText } from './data-revision';

/** Reports kept per study at one revision: a lead switching a setting back and forth (gold on and off) finds both. */
const KEPT_PER_STUDY = 3;

interface KeptReport {
  /** The study's marks as the report's read saw them (revisionText). */
  revision: string;
  /** What the report was computed with: its settings and the app's version, as one text. */
  computedWith: string;
  report: unknown;
}

/** The meta key of a study's kept reports. */
export function keptReportsKey(studyId: string): string {
  return `report.kept/${studyId}`;
}

/** The report kept for the study's current marks and `computedWith`; undefined when there is none. */
export async function keptReport<T>(db: StudioDatabase, studyId: string, computedWith: string): Promise<T | undefined> {
  return db.transaction('r', [db.meta], async () => {
    // The marks first: after a write one is gone, and the kept reports (megabytes at scale) need not be read.
    const revision = revisionText(await db.meta.bulkGet(revisionKeys(studyId)));
    if (revision === undefined) return undefined;
    const entry = await db.meta.get(keptReportsKey(studyId));
    return keptOf(entry).find((kept) => kept.revision === revision && kept.computedWith === computedWith)?.report as T | undefined;
  });
}

/**
 * Keeps a report computed from a read that saw the marks `revision`, beside the others kept at the
 * same marks (older ones can never be shown again, so they go). Nothing is kept when the read saw
 * no marks or a write has ended one since: that report may already be out of date.
 */
export async function keepReport(db: StudioDatabase, studyId: string, revision: string | undefined, computedWith: string, report: unknown): Promise<void> {
  if (revision === undefined) return;
  const key = keptReportsKey(studyId);
  await db.transaction('rw', [db.meta], async () => {
    const [entry, ...marks] = await db.meta.bulkGet([key, ...revisionKeys(studyId)]);
    if (revisionText(marks) !== revision) return;
    const others = keptOf(entry).filter((kept) => kept.revision === revision && kept.computedWith !== computedWith);
    await db.meta.put({ key, value: [{ revision, computedWith, report }, ...others].slice(0, KEPT_PER_STUDY) });
  });
}

function keptOf(entry: MetaEntry | undefined): KeptReport[] {
  return Array.isArray(entry?.value) ? (entry.value as KeptReport[]) : [];
}
