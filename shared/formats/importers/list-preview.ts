// What a study lead sees before records read as a puzzle list, which left some of their fields
// unread, are written (issue 26 point 7): the same preview a benchmark import shows, each field
// left out with the rows that hold it and its first values, so the lead may map the fields instead.

import type { StudyData } from '../../domain/model';
import type { FormatError } from '../errors';
import { listUnparseableReplies } from '../label-values';
import { PUZZLE_LIST_FORMAT } from '../puzzle-list';
import { SURFACE_BOTTOM_FORMAT } from '../surface-bottom';
import type { ImportPreview } from './import-preview';
import type { Leftover } from './imported-study';

/** One file of the request as its reader read it, with what it did not read. */
export interface ReadFile {
  file: string;
  data: StudyData;
  warnings: readonly FormatError[];
}

const LAYOUT_WORDS: Record<string, string> = {
  [PUZZLE_LIST_FORMAT]: 'a puzzle list (a story or question and an answer in each row), no games',
  [SURFACE_BOTTOM_FORMAT]: 'a surface/bottom list (a surface and a bottom or truth in each row), no games',
};

/** Whether any file holds a field a puzzle list did not read (the warnings of such fields say how many rows hold it). */
export function leftFieldsUnread(files: readonly Pick<ReadFile, 'warnings'>[]): boolean {
  return files.some((file) => file.warnings.some((warning) => warning.unread !== undefined));
}

/** The preview of the files as they would be written: each a study of its own, or one study when `combined`. */
export function listPreview(files: readonly ReadFile[], combined: boolean): ImportPreview {
  const turns = files.flatMap((file) => file.data.turns);
  const questions = turns.reduce((n, turn) => n + (turn.type === 'question' ? 1 : 0), 0);
  const judges = new Set(turns.flatMap((turn) => Object.keys(turn.judgements)));
  const leftovers = files.flatMap(({ warnings }) =>
    warnings.flatMap((warning): Leftover[] =>
      warning.unread === undefined ? [] : [{ file: warning.file, what: `field ${JSON.stringify(warning.path.replace(/^\[\]\./, ''))}`, ...warning.unread }],
    ),
  );
  return {
    system: files.length === 1 ? 'a puzzle list' : 'puzzle lists',
    layouts: files.map(({ file, data }) => ({ file, layout: LAYOUT_WORDS[data.study.format] ?? 'a transcript bundle' })),
    grouping: files.length === 1 ? 'one file' : combined ? `${files.length} files as one study` : `${files.length} files, each a study of its own`,
    counts: {
      puzzles: files.reduce((n, file) => n + file.data.puzzles.length, 0),
      sessions: files.reduce((n, file) => n + file.data.sessions.length, 0),
      turns: turns.length,
      questions,
      finals: turns.length - questions,
      judges: judges.size,
      raters: 0,
      humanLabels: 0,
    },
    prompts: files.flatMap((file) => (file.data.judgePrompts ?? []).map(({ name, source }) => ({ name, source }))),
    judgeSamples: files.flatMap((file) => file.data.study.judgeSamples ?? []),
    unparseable: listUnparseableReplies(turns),
    leftovers,
  };
}
