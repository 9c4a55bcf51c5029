// The report engine run on small synthetic studies before a report worker's first report: when
// the lead's study page shows its Report entry (the worker's prepare), or else while the worker
// reads its first study. The first way takes the warm-up off the report's time altogether (20x
// bench study: 4.2 s against 4.7 s from the click to the report). V8 compiles the engine's hundreds of functions to their fastest only once they have run, so a
// worker's first report took about a quarter longer than its next (20x study: 2.8 s against
// 2.2 s to build), and every window's first report is a new worker's. Nothing is kept from a
// warm-up: buildReport is pure, and each report makes its own store of picks.
//
// Two stages. The first (60 puzzles, about 100 ms) runs for every study and compiles every
// function. The second (400 puzzles, about 250 ms) runs too when the study has at least
// LARGE_STUDY_TURNS turns: its read then leaves this thread idle for most of a second, and a run
// with longer loops leaves the hot loops compiled for long inputs, so the compiler does not work
// beside the real report (in Chromium's trace of the 20x bench study: the build's CPU 2.49 s
// against 2.74 s, and less compiling on the other core). A smaller study is read in less time
// than the second stage takes, and its report would wait for it.

import { generateSyntheticStudy } from '../../shared/demo/synthetic-study';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { buildReport, type ReportSettings } from '../../shared/report/build-report';

interface WarmUpStage {
  /** Enough puzzles for every bucket, judge comparison and rater pair to run its code. */
  puzzles: number;
  replicates: number;
}

const WARM_UP_STAGES: readonly WarmUpStage[] = [
  { puzzles: 60, replicates: 50 },
  { puzzles: 400, replicates: 200 },
];

/** A study with this many turns or more is read for longer than the second stage takes (the 20x bench study has 48,684). */
const LARGE_STUDY_TURNS = 20_000;

/** How many stages this worker has run: a worker warms once, and a large study's report finishes what a small one's left. */
let stagesRun = 0;

/**
 * Runs the stages a study of `turns` turns has time for that this worker has not run, with the
 * report's settings but the stage's replicates so the same code paths compile.
 */
export function warmReportEngine(settings: ReportSettings, turns: number): void {
  const stages = turns >= LARGE_STUDY_TURNS ? WARM_UP_STAGES.length : 1;
  while (stagesRun < stages) runStage(settings);
}

function runStage(settings: ReportSettings): void {
  const stage = WARM_UP_STAGES[stagesRun++] as WarmUpStage;
  const { bundle, labelFiles } = generateSyntheticStudy({
    puzzles: stage.puzzles,
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
    settings: { ...settings, bootstrap: Math.min(settings.bootstrap, stage.replicates) },
    inputs: [],
    app: 'warm-up',
    now: new Date(0).toISOString(),
  });
}
