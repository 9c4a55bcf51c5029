// The report engine run once, on a small synthetic study, while a report worker reads its first
// study. V8 compiles the engine's hundreds of functions to their fastest only once they have run,
// so a worker's first report took about a quarter longer than its next (20x study: 2.8 s against
// 2.2 s to build), and every window's first report is a new worker's. The small study is built in
// about 100 ms, while IndexedDB serves the read, and leaves the engine compiled for the real one.
// Nothing is kept from it: buildReport is pure, and each report makes its own store of picks.

import { generateSyntheticStudy } from '../../shared/demo/synthetic-study';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { buildReport, type ReportSettings } from '../../shared/report/build-report';

/** Enough puzzles for every bucket, judge comparison and rater pair to run its code; few enough to cost little. */
const WARM_UP_PUZZLES = 60;
const WARM_UP_REPLICATES = 50;

let warmed = false;

/** Runs the engine once per worker with the report's settings but its replicates, so the same code paths compile. */
export function warmReportEngine(settings: ReportSettings): void {
  if (warmed) return;
  warmed = true;
  const { bundle, labelFiles } = generateSyntheticStudy({
    puzzles: WARM_UP_PUZZLES,
    sessionsPerPuzzle: 1,
    questionsPerSession: [0, 2],
    annotators: 3,
    overlap: 3,
    seed: 1,
    // A judge's samples and probabilities, so calibration and self-consistency compile too.
    judgeSamples: 3,
  });
  const parsed = parseTranscriptBundle({ name: 'warm-up.json', text: JSON.stringify(bundle) });
  if (!parsed.ok) return;
  const labels = labelFiles.flatMap((file) => file.labels.map(({ unit, task, value }) => ({ annotatorId: file.annotator.id, unitId: unit, task, value })));
  buildReport({
    study: parsed.value,
    labels,
    settings: { ...settings, bootstrap: Math.min(settings.bootstrap, WARM_UP_REPLICATES) },
    inputs: [],
    app: 'warm-up',
    now: new Date(0).toISOString(),
  });
}
