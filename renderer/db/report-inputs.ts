// Reads what the app's agreement report, disagreement lists and dataset export are computed from:
// one stored study whole, its human labels and the lead's gold labels, in one read transaction,
// with provenance entries standing in for the input files the command line lists. A unit two of
// an annotator's devices labelled differently (an open conflict on a team server) is left out of
// that annotator's labels and counted apart, so no figure takes either label silently.

import { countText } from '../../shared/domain/count-text';
import type { GoldLabel, Label, Study, StudyData } from '../../shared/domain/model';
import { canonicalJson } from '../../shared/formats/canonical-json';
import { sha256Hex } from '../../shared/formats/sha256';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';
import { loadGoldLabels } from './gold';
import { loadStudyData } from './study-data';

/** A stored study with everything labelled on it, as the report, the disagreement lists and the dataset read it. */
export interface ReportData {
  study: StudyData;
  /** Every human label of the study, in primary-key order (annotator, task, unit). */
  labels: Label[];
  /** The lead's gold labels, by task and unit; empty when not asked for. */
  gold: GoldLabel[];
  /** Annotator id -> display name, from the study's annotators. */
  annotatorNames: Record<string, string>;
  /** Labels left out of `labels` because the annotator's devices disagree on their unit (TeamDatabase.openConflicts). */
  conflictingLabels: number;
}

export interface ReportInputs extends ReportData {
  /** What the figures were computed from, each with the SHA-256 of its canonical JSON (the report's and the dataset's `inputs`). */
  inputs: Array<{ file: string; sha256: string }>;
}

export interface ReportDataOptions {
  /** Read the gold labels (default); false leaves `gold` empty and out of the provenance, for a report without gold. */
  gold?: boolean;
}

/** Throws an Error the UI can show when the study is not in the library. */
export async function loadReportData(db: StudioDatabase, studyId: string, options: ReportDataOptions = {}): Promise<ReportData> {
  const withGold = options.gold ?? true;
  // One transaction, so the labels and gold labels belong to the same state of the study.
  return db.transaction('r', [db.studies, db.puzzles, db.sessions, db.turns, db.labels, db.gold, db.annotators, db.teamDatabases], async () => {
    // The study first: when it is missing, its error aborts the transaction before other reads start.
    const study = await loadStudyData(db, studyId);
    const [stored, gold, annotators, databases] = await Promise.all([
      byStudy(db.labels, studyId).toArray(),
      withGold ? loadGoldLabels(db, studyId) : [],
      byStudy(db.annotators, studyId).toArray(),
      db.teamDatabases.where('studyId').equals(studyId).toArray(),
    ]);
    const conflicting = new Set(
      databases.flatMap((row) => Object.values(row.openConflicts ?? {}).map((conflict) => conflictKey(row.annotatorId, conflict.task, conflict.unit))),
    );
    const labels = conflicting.size === 0 ? stored : stored.filter((label) => !conflicting.has(conflictKey(label.annotatorId, label.task, label.unitId)));
    return {
      study,
      labels,
      gold,
      annotatorNames: Object.fromEntries(annotators.map((annotator) => [annotator.id, annotator.name])),
      conflictingLabels: stored.length - labels.length,
    };
  });
}

function conflictKey(annotatorId: string, task: string, unitId: string): string {
  return JSON.stringify([annotatorId, task, unitId]);
}

/** loadReportData with the provenance of what it read; one canonical JSON pass over the study. */
export async function loadReportInputs(db: StudioDatabase, studyId: string, options: ReportDataOptions = {}): Promise<ReportInputs> {
  const data = await loadReportData(db, studyId, options);
  return { ...data, inputs: provenance(data, await transcriptsChecksum(db, data.study)) };
}

/**
 * The checksum of the stored transcripts, cached in the meta table: the lead's transcripts change
 * after import only when a judge run adds its labels (which drops the cache), and hashing 100,000 turns costs a noticeable share of every report. The
 * key holds the import time, so a study deleted and imported again gets a checksum of its own.
 * A study opened from a pack grows with later packs, so it is hashed every time.
 */
async function transcriptsChecksum(db: StudioDatabase, { study, puzzles, sessions, turns }: StudyData): Promise<string> {
  const hash = () => sha256Hex(canonicalJson({ puzzles, sessions, turns }));
  if (study.origin !== undefined) return hash();
  const key = transcriptsChecksumKey(study);
  const cached = await db.meta.get(key);
  if (typeof cached?.value === 'string') return cached.value;
  const sha256 = hash();
  await db.meta.put({ key, value: sha256 });
  return sha256;
}

function transcriptsChecksumKey(study: Study): string {
  return `provenance.transcripts/${study.id}/${study.importedAt}`;
}

/** Drops the cached checksum when the turns change after all: a judge run adds its labels to them. */
export async function forgetTranscriptsChecksum(db: StudioDatabase, study: Study): Promise<void> {
  await db.meta.delete(transcriptsChecksumKey(study));
}

/**
 * The app has no input files to name, so its provenance names what it read: the transcripts (by
 * the files they were imported from), the labels and the gold labels, each hashed as canonical
 * JSON of the fields the figures read, in key order. The same stored study and labels give the
 * same checksums on any computer; one changed label changes the labels' checksum.
 */
function provenance(
  { study, labels, gold }: Pick<ReportData, 'study' | 'labels' | 'gold'>,
  transcriptsSha256: string,
): Array<{ file: string; sha256: string }> {
  const annotators = new Set(labels.map((label) => label.annotatorId)).size;
  const inputs = [
    { file: `transcripts: ${study.study.sourceFiles.join(', ')}`, sha256: transcriptsSha256 },
    {
      file: `labels: ${countText(labels.length, 'label')} by ${countText(annotators, 'annotator')}`,
      sha256: sha256Hex(canonicalJson(labels.map(({ annotatorId, unitId, task, value }) => ({ annotatorId, unitId, task, value })))),
    },
  ];
  if (gold.length > 0) {
    inputs.push({
      file: `gold: ${countText(gold.length, 'gold label')}`,
      sha256: sha256Hex(canonicalJson(gold.map(({ task, unitId, value }) => ({ task, unitId, value })))),
    });
  }
  return inputs;
}
