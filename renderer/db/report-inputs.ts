// Reads what the app's agreement report, disagreement lists and dataset export are computed from:
// one stored study whole, its human labels and the lead's gold labels, in one read transaction,
// with provenance entries standing in for the input files the command line lists. A unit two of
// an annotator's devices labelled differently (an open conflict on a team server) is left out of
// that annotator's labels and counted apart, so no figure takes either label silently.

import { countText } from '../../shared/domain/count-text';
import Dexie, { type IndexableType } from 'dexie';
import { TASKS, type Annotator, type GoldLabel, type Label, type Study, type StudyCounts, type StudyData } from '../../shared/domain/model';
import { canonicalJson, canonicalRecordsJson } from '../../shared/formats/canonical-json';
import { sha256Hex } from '../../shared/formats/sha256';
import type { JudgeRunRow } from '../../shared/judge-run/stored-records';
import type { JudgeRunOrigin } from '../../shared/report/model/report-model';
import { byStudy } from './by-study';
import { markRevisions, revisionKeys, revisionText } from './data-revision';
import type { StudioDatabase } from './database';
import { loadGoldLabels } from './gold';
import { missingStudy } from './study-data';

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
  /** What produced each judge's labels where a run of the app did: its latest applied run (the fitness cards). */
  judgeRuns: JudgeRunOrigin[];
}

export interface ReportInputs extends ReportData {
  /** What the figures were computed from, each with the SHA-256 of its canonical JSON (the report's and the dataset's `inputs`). */
  inputs: Array<{ file: string; sha256: string }>;
  /** The study's revision marks (data-revision.ts) this read saw, for keeping what is computed from it; undefined when a write came in first. */
  revision: string | undefined;
}

export interface ReportDataOptions {
  /** Read the gold labels (default); false leaves `gold` empty and out of the provenance, for a report without gold. */
  gold?: boolean;
  /** Run once the study's reads are sent, while IndexedDB serves them, with the study's counts (the report worker warms its engine). */
  whileReading?: (counts: StudyCounts | undefined) => void;
}

/** Throws an Error the UI can show when the study is not in the library. */
export async function loadReportData(db: StudioDatabase, studyId: string, options: ReportDataOptions = {}): Promise<ReportData> {
  return (await readReport(db, studyId, options)).data;
}

/** What one read saw: the data, and the revision marks of its labels and gold labels (data-revision.ts) at that state. */
interface ReportRead {
  data: ReportData;
  /** The marks the labels' and the gold checksums are kept against; undefined when one was gone, so nothing is kept. */
  labelsRevision: string | undefined;
  goldRevision: string | undefined;
  /** Every mark of the study: what a report computed from this read is kept against. */
  revision: string | undefined;
}

async function readReport(db: StudioDatabase, studyId: string, options: ReportDataOptions): Promise<ReportRead> {
  const withGold = options.gold ?? true;
  // One transaction, so the labels, gold labels and revision marks belong to the same state of the study.
  return db.transaction(
    'r',
    [db.studies, db.puzzles, db.sessions, db.turns, db.labels, db.gold, db.annotators, db.teamDatabases, db.meta, db.judgeRuns],
    async () => {
      // Every read goes out at once, so IndexedDB serves them back to back with no round trip
      // between; a missing study is told once they are back (its reads find nothing). The labels,
      // most of the read, go out in parts as soon as the annotators are known (studyLabelsInParts).
      const recordRead = db.studies.get(studyId);
      const annotatorsRead = byStudy(db.annotators, studyId).toArray();
      const othersRead = Promise.all([
        withGold ? loadGoldLabels(db, studyId) : [],
        db.teamDatabases.where('studyId').equals(studyId).toArray(),
        db.meta.bulkGet(revisionKeys(studyId)),
        byStudy(db.puzzles, studyId).toArray(),
        byStudy(db.sessions, studyId).toArray(),
        byStudy(db.turns, studyId).toArray(),
        db.judgeRuns.where('studyId').equals(studyId).toArray(),
      ]);
      // The study's record and annotators come back first (they were asked for first, and are small).
      const [record, annotators] = await Promise.all([recordRead, annotatorsRead]);
      const labelsRead = studyLabelsInParts(db, studyId, annotators);
      options.whileReading?.(record?.counts);
      const [[gold, databases, marks, puzzles, sessions, turns, runs], stored] = await Promise.all([othersRead, labelsRead]);
      if (!record) throw new Error(missingStudy(studyId));
      const study: StudyData = { study: record, puzzles, sessions, turns };
      const conflicting = new Set(
        databases.flatMap((row) => Object.values(row.openConflicts ?? {}).map((conflict) => conflictKey(row.annotatorId, conflict.task, conflict.unit))),
      );
      const labels = conflicting.size === 0 ? stored : stored.filter((label) => !conflicting.has(conflictKey(label.annotatorId, label.task, label.unitId)));
      // A checksum is kept only against marks that were there when the data was read: none means a write came in between.
      const [labelsMark, goldMark, teamMark] = marks;
      return {
        data: {
          study,
          labels,
          gold,
          annotatorNames: Object.fromEntries(annotators.map((annotator) => [annotator.id, annotator.name])),
          conflictingLabels: stored.length - labels.length,
          judgeRuns: runOrigins(runs),
        },
        // The labels' checksum covers the team databases too: their open conflicts decide which labels count.
        labelsRevision: revisionText([labelsMark, teamMark]),
        goldRevision: revisionText([goldMark]),
        revision: revisionText(marks),
      };
    },
  );
}

/**
 * Every label of the study in primary-key order, read as one range per annotator and task (and
 * the ranges between, for labels of annotators the study does not list): IndexedDB serves the
 * next range while this thread takes in the last, where one range would be served whole first.
 * The whole read of the 20x bench study (200,000 labels) takes about 13% less time than with the
 * labels in one range (1.63-1.80 s against 1.93-1.99 s, in turns in one page).
 */
async function studyLabelsInParts(db: StudioDatabase, studyId: string, annotators: readonly Annotator[]): Promise<Label[]> {
  const tasks = [...TASKS].sort();
  const bounds: IndexableType[][] = [[studyId, Dexie.minKey]];
  for (const id of [...new Set(annotators.map((annotator) => annotator.id))].sort()) {
    bounds.push([studyId, id], ...tasks.map((task) => [studyId, id, task]), [studyId, id, Dexie.maxKey]);
  }
  bounds.push([studyId, Dexie.maxKey]);
  const parts = await Promise.all(
    bounds.slice(1).map((upper, i) =>
      db.labels
        .where(':id')
        .between(bounds[i] as IndexableType[], upper, true, false)
        .toArray(),
    ),
  );
  return parts.flat();
}

/** Each judge's latest run whose labels were applied, as the fitness cards show it. */
function runOrigins(runs: readonly JudgeRunRow[]): JudgeRunOrigin[] {
  const latest = new Map<string, JudgeRunOrigin>();
  for (const { judge, model, prompt, endpoint, parameters, record } of runs) {
    if (record === undefined) continue;
    const earlier = latest.get(judge);
    if (earlier !== undefined && earlier.finishedAt >= record.finishedAt) continue;
    latest.set(judge, { judge, model, prompt, endpoint, temperature: parameters.temperature, samples: parameters.samples, finishedAt: record.finishedAt });
  }
  return [...latest.values()];
}

function conflictKey(annotatorId: string, task: string, unitId: string): string {
  return JSON.stringify([annotatorId, task, unitId]);
}

/** loadReportData with the provenance of what it read; each checksum is computed once per change of its data and kept. */
export async function loadReportInputs(db: StudioDatabase, studyId: string, options: ReportDataOptions = {}): Promise<ReportInputs> {
  await markRevisions(db, studyId);
  const { data, labelsRevision, goldRevision, revision } = await readReport(db, studyId, options);
  const { study, labels, gold } = data;
  const [transcripts, labelsSha256, goldSha256] = await Promise.all([
    transcriptsChecksum(db, study),
    keptChecksum(db, `provenance.labels/${studyId}`, labelsRevision, () =>
      // A set of acceptable answers (issue 33) changes the set-aware figures, so it is covered too; a
      // study without sets keeps the checksum (and the fast path of records of text) it always had.
      sha256Text(
        canonicalRecordsJson(labels, [
          'annotatorId',
          'unitId',
          'task',
          'value',
          ...(labels.some((label) => label.acceptable !== undefined) ? (['acceptable'] as const) : []),
        ]),
      ),
    ),
    gold.length === 0
      ? undefined
      : keptChecksum(db, `provenance.gold/${studyId}`, goldRevision, () =>
          sha256Text(
            canonicalRecordsJson(gold, ['task', 'unitId', 'value', ...(gold.some((label) => label.acceptable !== undefined) ? (['acceptable'] as const) : [])]),
          ),
        ),
  ]);
  return { ...data, inputs: provenance(data, transcripts, labelsSha256, goldSha256), revision };
}

/** The checksum of a meta entry's data as of the revision marks `revision`: the kept one while no write has moved the marks, else hashed and kept afresh. */
async function keptChecksum(db: StudioDatabase, key: string, revision: string | undefined, hash: () => Promise<string>): Promise<string> {
  if (revision === undefined) return hash();
  const kept = (await db.meta.get(key))?.value as { revision?: unknown; sha256?: unknown } | undefined;
  if (kept?.revision === revision && typeof kept.sha256 === 'string') return kept.sha256;
  const sha256 = await hash();
  // Kept with the marks the data was read at: a write since then has deleted them, so this entry is stale already and the next report hashes again.
  await db.meta.put({ key, value: { revision, sha256 } });
  return sha256;
}

/**
 * The checksum of the stored transcripts, cached in the meta table: the lead's transcripts change
 * after import only when a judge run adds its labels (which drops the cache), and hashing 100,000 turns costs a noticeable share of every report. The
 * key holds the import time, so a study deleted and imported again gets a checksum of its own.
 * A study opened from a pack grows with later packs, so it is hashed every time.
 */
async function transcriptsChecksum(db: StudioDatabase, { study, puzzles, sessions, turns }: StudyData): Promise<string> {
  const hash = () => sha256Text(canonicalJson({ puzzles, sessions, turns }));
  if (study.origin !== undefined) return hash();
  const key = transcriptsChecksumKey(study);
  const cached = await db.meta.get(key);
  if (typeof cached?.value === 'string') return cached.value;
  const sha256 = await hash();
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
  labelsSha256: string,
  goldSha256: string | undefined,
): Array<{ file: string; sha256: string }> {
  const annotators = new Set(labels.map((label) => label.annotatorId)).size;
  const inputs = [
    { file: `transcripts: ${study.study.sourceFiles.join(', ')}`, sha256: transcriptsSha256 },
    {
      file: `labels: ${countText(labels.length, 'label')} by ${countText(annotators, 'annotator')}`,
      sha256: labelsSha256,
    },
  ];
  if (goldSha256 !== undefined) {
    inputs.push({
      file: `gold: ${countText(gold.length, 'gold label')}`,
      sha256: goldSha256,
    });
  }
  return inputs;
}

/**
 * SHA-256 of text (UTF-8) in hex, the same as sha256Hex, by the platform's native digest where
 * there is one: on a large study's megabytes of labels it is many times faster than the script.
 */
async function sha256Text(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  if (subtle === undefined) return sha256Hex(text);
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
