// What a study lead sees of a benchmark import before anything is written (issue 14 points 3-5):
// each file's layout, how the files were grouped, the counts, the judge replies the normaliser
// could not read and everything left out. The app shows it and asks when something was left out.

import { listUnparseableReplies, type UnparseableReply } from '../label-values';
import type { ImportedStudy, Leftover } from './imported-study';

export interface ImportPreview {
  system: string;
  layouts: ImportedStudy['layouts'];
  /** How the files became one study, in words: "6 files as one study: genre from each file's name". */
  grouping: string;
  counts: { puzzles: number; sessions: number; turns: number; judges: number; raters: number; humanLabels: number };
  unparseable: UnparseableReply[];
  leftovers: Leftover[];
}

export function importPreview(system: string, grouping: string | undefined, fileCount: number, study: ImportedStudy): ImportPreview {
  const { bundle } = study;
  const turns = bundle.sessions.flatMap((session) => session.turns);
  const judges = new Set(turns.flatMap((turn) => Object.keys(turn.judgements)));
  return {
    system,
    layouts: study.layouts,
    grouping: fileCount === 1 ? 'one file' : `${fileCount} files as one study${grouping !== undefined ? `: ${grouping}` : ''}`,
    counts: {
      puzzles: bundle.puzzles.length,
      sessions: bundle.sessions.length,
      turns: turns.length,
      judges: judges.size,
      raters: study.raters.length,
      humanLabels: study.raters.reduce((sum, rater) => sum + rater.labels.length, 0),
    },
    unparseable: listUnparseableReplies(turns),
    leftovers: study.leftovers,
  };
}

/** Whether the lead must agree before the import goes on: something was left out or could not be read. */
export function needsConfirmation(preview: ImportPreview): boolean {
  return preview.leftovers.length > 0 || preview.unparseable.length > 0;
}
