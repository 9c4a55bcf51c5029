// Chromium side of the report benchmark of `npm run bench`, a page of the app's origin: stores
// a synthetic study and its annotators' label files in the app's own database with the app's
// import code (not timed), and times the report engine alone as the report worker runs it.

import { generateSyntheticStudy } from '../../shared/demo/synthetic-study';
import type { StudyCounts } from '../../shared/domain/model';
import { serializeLabelFile } from '../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { buildReport } from '../../shared/report/build-report';
import { StudioDatabase } from '../../renderer/db/database';
import { importLabelSources } from '../../renderer/db/import-label-files';
import { importStudies } from '../../renderer/db/import-study';
import { loadReportInputs } from '../../renderer/db/report-inputs';

export interface ReportStudyOptions {
  puzzles: number;
  sessionsPerPuzzle: number;
  /** Fewest and most questions in a session. */
  questionsPerSession: readonly [number, number];
  annotators: number;
  seed: number;
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
}

const APP = `agreement-studio ${__APP_VERSION__}`;
// A fixed time, so the audit entries and the report's date are the same every run.
const NOW = '2026-01-05T09:00:00.000Z';

/** Every annotator labels every unit and rates every puzzle (overlap = annotators), as in the study. */
async function seedReportStudy(options: ReportStudyOptions): Promise<SeededStudy> {
  const { bundle, labelFiles } = generateSyntheticStudy({ ...options, overlap: options.annotators, app: APP });
  const parsed = parseTranscriptBundle({ name: `${bundle.id}.json`, text: JSON.stringify(bundle) });
  if (!parsed.ok) throw new Error(`${bundle.id} does not parse: ${parsed.errors[0]?.message}`);
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

/** The report worker's computeReport step by step, on this page's thread: read, then build, with the view's default seed and resampling (puzzles). */
async function timeReportEngine(studyId: string, bootstrap: number): Promise<EngineTiming> {
  const db = new StudioDatabase();
  try {
    const readStart = performance.now();
    const { study, labels, gold, inputs } = await loadReportInputs(db, studyId, { gold: false });
    const buildStart = performance.now();
    buildReport({ study, labels, gold, settings: { bootstrap, seed: 1, average: 'micro' }, inputs, app: APP, now: NOW });
    return { readMs: buildStart - readStart, buildMs: performance.now() - buildStart };
  } finally {
    db.close();
  }
}

Object.assign(globalThis, { seedReportStudy, timeReportEngine });
