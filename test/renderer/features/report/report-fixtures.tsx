// Helpers for the report and adjudication tests: the demo study with synthetic labels (three
// careful annotators and one careless one), a real report built from them by the engine
// (shared/report/build-report.ts), disagreements made from the same labels, and the demo study
// in a fake-indexeddb database with services in the chosen mode (see ../team/team-fixtures.tsx).

import { ANSWER_LABELS, MATCH_LABELS, type LabelValue, type StudyData } from '../../../../shared/domain/model';
import { buildReport } from '../../../../shared/report/build-report';
import { difficultyHistogram } from '../../../../shared/stats/study/difficulty';
import { listDisagreements } from '../../../../shared/stats/study/disagreements';
import type { StudyLabel } from '../../../../shared/stats/study/study-units';
import type { DisagreementQuery, StudyReport, UnitDisagreement } from '../../../../renderer/workers/report-protocol';
import { demo } from '../team/team-fixtures';

export { closeDatabases, fakePlatform, renderWithServices, studyId, teamSetup, workers } from '../team/team-fixtures';

export const ANNOTATORS = ['ann-1', 'ann-2', 'ann-3', 'ann-4'] as const;

/** Display names, so the page can be seen to show names where a person reads and ids where a machine does. */
export const ANNOTATOR_NAMES: Record<string, string> = { 'ann-1': 'Ada', 'ann-2': 'Bea', 'ann-3': 'Cy', 'ann-4': 'Dee' };

/** Another label of the same task, so a careless or erring annotator disagrees. */
function other(value: string, shift: number): string {
  const values: readonly string[] = (MATCH_LABELS as readonly string[]).includes(value) ? MATCH_LABELS : ANSWER_LABELS.filter((label) => label !== 'unknown');
  return values[(values.indexOf(value) + shift) % values.length] ?? value;
}

/**
 * Every question and final answer labelled by all four annotators: ann-1 copies arbiter-large,
 * ann-2 and ann-3 differ from it now and then, ann-4 on most units (the outlier). Each puzzle
 * is rated by ann-1..ann-3 around its bundle difficulty.
 */
export function sampleLabels(study: StudyData = demo): StudyLabel[] {
  const labels: StudyLabel[] = [];
  study.turns.forEach((turn, index) => {
    const judge = turn.judgements['arbiter-large'];
    if (judge === undefined) return;
    const task = turn.type === 'final' ? 'match' : 'answer';
    const values: Record<(typeof ANNOTATORS)[number], string> = {
      'ann-1': judge,
      'ann-2': index % 7 === 3 ? other(judge, 1) : judge,
      'ann-3': index % 5 === 1 ? other(judge, 1) : judge,
      'ann-4': index % 4 === 0 ? judge : other(judge, 1 + (index % 2)),
    };
    // ann-3 is unsure of one label in six, so leaving unsure labels out changes the figures.
    for (const annotator of ANNOTATORS)
      labels.push({ annotatorId: annotator, unitId: turn.id, task, value: values[annotator] as LabelValue, unsure: annotator === 'ann-3' && index % 6 === 0 });
  });
  study.puzzles.forEach((puzzle, index) => {
    const base = puzzle.difficulty ?? 5;
    ['ann-1', 'ann-2', 'ann-3'].forEach((annotator, offset) => {
      const value = Math.min(9, Math.max(1, base + ((index + offset) % 3) - 1));
      labels.push({ annotatorId: annotator, unitId: puzzle.id, task: 'difficulty', value });
    });
  });
  return labels;
}

export const INPUTS = [
  { file: 'demo-study.json', sha256: 'a'.repeat(64) },
  { file: 'labels.json', sha256: 'b'.repeat(64) },
];

/** The report the worker would send for the demo study and sampleLabels (few resamples, so tests stay quick). */
export function sampleReport(options: { bootstrap?: number; seed?: number; leaveOutUnsure?: boolean } = {}): StudyReport {
  const labels = sampleLabels();
  const report = buildReport({
    study: demo,
    labels,
    annotatorNames: ANNOTATOR_NAMES,
    settings: {
      bootstrap: options.bootstrap ?? 20,
      seed: options.seed ?? 1,
      average: 'micro',
      unsure: options.leaveOutUnsure === true ? 'left-out' : 'counted',
    },
    inputs: INPUTS,
    app: 'agreement-studio test',
    now: '2026-11-22T10:00:00.000Z',
  });
  return { report, ratingsByLevel: difficultyHistogram(labels) };
}

/** What the worker would list for a query on the demo study and sampleLabels. */
export function sampleDisagreements(query: DisagreementQuery): UnitDisagreement[] {
  return listDisagreements({ study: demo, labels: sampleLabels() }, query);
}
