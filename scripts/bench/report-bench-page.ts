// Chromium side of the report benchmark of `npm run bench`, a page of the app's origin: stores
// a synthetic study and its annotators' label files in the app's own database with the app's
// import code (not timed), and times the report engine alone as the report worker runs it,
// beside its floors in the same run: a raw IndexedDB read of the same records, and a plain
// typed-array bootstrap loop of the same replicates, clusters and intervals.

import { generateSyntheticStudy } from '../../shared/demo/synthetic-study';
import type { StudyCounts, StudyData } from '../../shared/domain/model';
import { buildLabelFile, serializeLabelFile, type LabelFile } from '../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { buildReport } from '../../shared/report/build-report';
import type { AgreementReport } from '../../shared/report/model/report-model';
import { StudioDatabase } from '../../renderer/db/database';
import { importLabelSources } from '../../renderer/db/import-label-files';
import { importStudies } from '../../renderer/db/import-study';
import { keptReportsKey } from '../../renderer/db/kept-reports';
import { loadReportInputs } from '../../renderer/db/report-inputs';
import type { DawidSkeneTiming } from './truth-bench-worker';

export interface ReportStudyOptions {
  puzzles: number;
  sessionsPerPuzzle: number;
  /** Fewest and most questions in a session. */
  questionsPerSession: readonly [number, number];
  annotators: number;
  seed: number;
  /** The first judge keeps this many samples and a probability of every label (the calibration and stability sections). */
  judgeSamples?: number;
  /** People label no unit of every n-th puzzle (nor rate it), so the prediction-powered scores have items only the judges labelled; absent, they label every unit. */
  unlabelledEvery?: number;
}

export interface SeededStudy {
  studyId: string;
  counts: StudyCounts;
  labels: number;
  ms: number;
}

export interface EngineTiming {
  /** The study, its labels and their provenance read from IndexedDB (loadReportInputs). */
  readMs: number;
  /** buildReport on what was read. */
  buildMs: number;
  /** The read's floor: the same stores and key ranges with raw IndexedDB getAll, one transaction, the database opened as the app opens it. */
  rawReadMs: number;
  /** The engine's floor: plainBootstrap with the report's replicates, the study's clusters and the report's intervals. */
  plainLoopMs: number;
  /** Clusters (puzzles with a unit) a replicate of the floor draws for the bucket all, and the intervals it computes over every bucket. */
  clusters: number;
  intervals: number;
}

const APP = `agreement-studio ${__APP_VERSION__}`;
// A fixed time, so the audit entries and the report's date are the same every run.
const NOW = '2026-01-05T09:00:00.000Z';

/** Every annotator labels every unit and rates every puzzle (overlap = annotators), as in the study, but for every `unlabelledEvery`-th puzzle. */
async function seedReportStudy(options: ReportStudyOptions): Promise<SeededStudy> {
  const generated = generateSyntheticStudy({ ...options, overlap: options.annotators, app: APP });
  const { bundle } = generated;
  const parsed = parseTranscriptBundle({ name: `${bundle.id}.json`, text: JSON.stringify(bundle) });
  if (!parsed.ok) throw new Error(`${bundle.id} does not parse: ${parsed.errors[0]?.message}`);
  const labelFiles = options.unlabelledEvery === undefined ? generated.labelFiles : withoutPuzzles(generated.labelFiles, parsed.value, options.unlabelledEvery);
  const db = new StudioDatabase();
  try {
    const start = performance.now();
    await importStudies(db, [parsed.value]);
    const report = await importLabelSources(
      db,
      bundle.id,
      labelFiles.map((file) => ({ name: `${file.annotator.id}.labels.json`, text: serializeLabelFile(file) })),
      { now: NOW },
    );
    const rejected = report.rejected[0];
    if (rejected) throw new Error(`label file ${rejected.file} rejected: ${rejected.errors[0]?.message}`);
    return { studyId: bundle.id, counts: parsed.value.study.counts, labels: report.totals.added, ms: performance.now() - start };
  } finally {
    db.close();
  }
}

/** The label files without any label of every `every`-th puzzle of `data` (its rating, and its sessions' turns). */
function withoutPuzzles(files: readonly LabelFile[], data: StudyData, every: number): LabelFile[] {
  const left = new Set(data.puzzles.filter((_, index) => index % every === every - 1).map((puzzle) => puzzle.id));
  const puzzleOfSession = new Map(data.sessions.map((session) => [session.id, session.puzzleId]));
  const unlabelled = new Set([...left, ...data.turns.filter((turn) => left.has(puzzleOfSession.get(turn.sessionId) ?? '')).map((turn) => turn.id)]);
  return files.map((file) => buildLabelFile({ ...file, labels: file.labels.filter((label) => !unlabelled.has(label.unit)) }));
}

/**
 * The report worker's computeReport step by step, on this page's thread: read, then build, with
 * the view's default seed and resampling (puzzles); then its floors on the same thread, the raw
 * read after the app's, so neither finds the other's pages cached where the first would not.
 */
async function timeReportEngine(studyId: string, bootstrap: number): Promise<EngineTiming> {
  const db = new StudioDatabase();
  let timing: Pick<EngineTiming, 'readMs' | 'buildMs'>;
  let shape: Map<string, { clusters: number; intervals: number }>;
  try {
    const readStart = performance.now();
    const { study, labels, gold, inputs } = await loadReportInputs(db, studyId, { gold: false });
    const buildStart = performance.now();
    const report = buildReport({ study, labels, gold, settings: { bootstrap, seed: 1, average: 'micro' }, inputs, app: APP, now: NOW });
    timing = { readMs: buildStart - readStart, buildMs: performance.now() - buildStart };
    shape = bootstrapShape(study, report);
  } finally {
    db.close();
  }
  const rawReadMs = await rawReportRead(studyId);
  const loopStart = performance.now();
  for (const { clusters, intervals } of shape.values()) plainBootstrap(clusters, bootstrap, intervals, 1);
  const plainLoopMs = performance.now() - loopStart;
  const intervals = [...shape.values()].reduce((sum, bucket) => sum + bucket.intervals, 0);
  return { ...timing, rawReadMs, plainLoopMs, clusters: shape.get('all')?.clusters ?? 0, intervals };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * What loadReportData reads, with nothing of the app's around it: the app's database opened,
 * then in one read transaction the study and every puzzle, session, turn, label and annotator
 * of it by the studyId prefix of their primary keys, and its team databases by their studyId
 * index, all requests in flight at once. No provenance hashes: they are the app's own work.
 */
async function rawReportRead(studyId: string): Promise<number> {
  const start = performance.now();
  const open = indexedDB.open('agreement-studio');
  open.onupgradeneeded = () => open.transaction?.abort();
  const idb = await request(open);
  try {
    const stores = ['studies', 'puzzles', 'sessions', 'turns', 'labels', 'annotators', 'teamDatabases'];
    const tx = idb.transaction(stores, 'readonly');
    // Every key of the study: [studyId] sorts before them and [studyId, []] after (an array sorts after any string).
    const ofStudy = IDBKeyRange.bound([studyId], [studyId, []]);
    const read = await Promise.all([
      request(tx.objectStore('studies').get(studyId)),
      ...['puzzles', 'sessions', 'turns', 'labels', 'annotators'].map((store) => request(tx.objectStore(store).getAll(ofStudy))),
      request(tx.objectStore('teamDatabases').index('studyId').getAll(studyId)),
    ]);
    if (read[0] === undefined) throw new Error(`raw read: study ${studyId} not found`);
    return performance.now() - start;
  } finally {
    idb.close();
  }
}

const BUCKETS: ReadonlySet<string> = new Set(['easy', 'medium', 'hard', 'unrated', 'all']);

/** Every interval of the report: `ci95`, and the others named for their figure (`macroCi95`, `fleissKappaCi95`, `differenceCi95`, ...). */
const INTERVAL_KEY = /(^c|C)i95$/;

/**
 * What the engine's bootstrap draws, per difficulty bucket: the puzzles with a unit in it (the
 * clusters a replicate of its figures draws) and the report's intervals of it (every interval
 * array, INTERVAL_KEY; one outside any bucket, such as difficulty's, counts under all).
 */
function bootstrapShape(study: StudyData, report: AgreementReport): Map<string, { clusters: number; intervals: number }> {
  const bucketOf = new Map(report.difficulty.map((row) => [row.puzzleId, row.bucket as string]));
  const puzzles = new Set(study.turns.map((turn) => turn.puzzleId));
  const shape = new Map<string, { clusters: number; intervals: number }>([['all', { clusters: puzzles.size, intervals: 0 }]]);
  for (const puzzle of puzzles) {
    const bucket = bucketOf.get(puzzle) ?? 'unrated';
    const entry = shape.get(bucket) ?? { clusters: 0, intervals: 0 };
    entry.clusters++;
    shape.set(bucket, entry);
  }
  const walk = (value: unknown, bucket: string): void => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, bucket));
    if (value === null || typeof value !== 'object') return;
    const own = 'bucket' in value && typeof value.bucket === 'string' && BUCKETS.has(value.bucket) ? value.bucket : bucket;
    for (const [key, item] of Object.entries(value)) {
      const entry = shape.get(own);
      if (INTERVAL_KEY.test(key) && Array.isArray(item) && entry) entry.intervals++;
      else walk(item, BUCKETS.has(key) ? key : own);
    }
  };
  walk(report, 'all');
  return shape;
}

/**
 * The engine's floor: the least a cluster bootstrap of `intervals` ratio statistics can do in
 * plain typed arrays. Each replicate draws `clusters` puzzles with replacement (mulberry32, as
 * forEachReplicate), then every statistic sums its per-puzzle agreements and comparisons over
 * the draws; each statistic's replicates are sorted for its percentile interval. Called once a
 * bucket, with that bucket's puzzles and intervals, as the engine resamples each bucket's units.
 */
function plainBootstrap(clusters: number, replicates: number, intervals: number, seed: number): number {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
  };
  // Per-puzzle sufficient statistics of each interval: agreements and comparisons (2.5 units a puzzle, 3 raters).
  const agreements = Array.from({ length: intervals }, () => Float64Array.from({ length: clusters }, () => Math.floor(random() * 8)));
  const comparisons = Array.from({ length: intervals }, () => new Float64Array(clusters).fill(7.5));
  const values = Array.from({ length: intervals }, () => new Float64Array(replicates));
  const draws = new Uint32Array(clusters);
  for (let b = 0; b < replicates; b++) {
    draws.fill(0);
    for (let i = 0; i < clusters; i++) {
      const c = Math.floor(random() * clusters);
      draws[c] = (draws[c] as number) + 1;
    }
    for (let s = 0; s < intervals; s++) {
      const a = agreements[s] as Float64Array;
      const n = comparisons[s] as Float64Array;
      let sumA = 0;
      let sumN = 0;
      for (let c = 0; c < clusters; c++) {
        const d = draws[c] as number;
        sumA += d * (a[c] as number);
        sumN += d * (n[c] as number);
      }
      (values[s] as Float64Array)[b] = sumA / sumN;
    }
  }
  let checksum = 0;
  for (const all of values) checksum += all.sort()[Math.floor(replicates * 0.025)] ?? 0;
  return checksum;
}

/** Drops the study's kept reports, so the next open computes the report as the first open after a change does (its checksums still kept). */
async function forgetKeptReports(studyId: string): Promise<void> {
  const db = new StudioDatabase();
  try {
    await db.meta.delete(keptReportsKey(studyId));
  } finally {
    db.close();
  }
}

/**
 * Dawid-Skene alone on each task of `studyId`, in a new dedicated worker (truth-bench-worker.ts):
 * the fits' own time, the study's read from IndexedDB left out.
 */
function timeDawidSkeneInWorker(studyId: string): Promise<DawidSkeneTiming[]> {
  const worker = new Worker(new URL('truth-worker.js', import.meta.url), { type: 'module' });
  return new Promise<DawidSkeneTiming[]>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ timings?: DawidSkeneTiming[]; failed?: string }>) =>
      event.data.timings ? resolve(event.data.timings) : reject(new Error(event.data.failed ?? 'the worker answered nothing'));
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ studyId });
  }).finally(() => worker.terminate());
}

Object.assign(globalThis, { seedReportStudy, timeReportEngine, forgetKeptReports, timeDawidSkeneInWorker });
