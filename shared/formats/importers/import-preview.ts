// What a study lead sees of a benchmark import before anything is written (issue 14 points 3-5,
// issue 26 points 6 and 8): each file's layout, how the files were grouped, the counts (questions
// and final answers apart), the benchmark's judge prompts found, the judge replies the normaliser
// could not read and everything left out, counted in items. The app shows it; the CLI prints it.

import { countText } from '../../domain/count-text';
import type { JudgePrompt, JudgeSamples } from '../../domain/model';
import { listUnparseableReplies, type UnparseableReply } from '../label-values';
import { leftoverNoun, type ImportedStudy, type Leftover } from './imported-study';

export interface ImportPreview {
  system: string;
  layouts: ImportedStudy['layouts'];
  /** How the files became one study, in words: "6 files as one study: genre from each file's name". */
  grouping: string;
  counts: { puzzles: number; sessions: number; turns: number; questions: number; finals: number; judges: number; raters: number; humanLabels: number };
  /** The benchmark's judge prompts, to be stored as prompt versions with the study. */
  prompts: Array<Pick<JudgePrompt, 'name' | 'source' | 'note'>>;
  judgeSamples: JudgeSamples[];
  unparseable: UnparseableReply[];
  leftovers: Leftover[];
}

export function importPreview(system: string, grouping: string | undefined, fileCount: number, study: ImportedStudy): ImportPreview {
  const { bundle } = study;
  const turns = bundle.sessions.flatMap((session) => session.turns);
  const questions = turns.reduce((n, turn) => n + (turn.type === 'question' ? 1 : 0), 0);
  const judges = new Set(turns.flatMap((turn) => Object.keys(turn.judgements)));
  return {
    system,
    layouts: study.layouts,
    grouping: fileCount === 1 ? 'one file' : `${fileCount} files as one study${grouping !== undefined ? `: ${grouping}` : ''}`,
    counts: {
      puzzles: bundle.puzzles.length,
      sessions: bundle.sessions.length,
      turns: turns.length,
      questions,
      finals: turns.length - questions,
      judges: judges.size,
      raters: study.raters.length,
      humanLabels: study.raters.reduce((sum, rater) => sum + rater.labels.length, 0),
    },
    prompts: (bundle.judgePrompts ?? []).map(({ name, source, note }) => ({ name, source, ...(note !== undefined ? { note } : {}) })),
    judgeSamples: bundle.judgeSamples ?? [],
    unparseable: listUnparseableReplies(turns),
    leftovers: study.leftovers,
  };
}

/** The study's contents in a line: `12 puzzles, 20 sessions, 80 turns (70 questions, 10 final answers), 1 judge`. */
export function contentsText(counts: ImportPreview['counts']): string {
  const kinds = counts.turns === 0 ? '' : ` (${countText(counts.questions, 'question')}, ${countText(counts.finals, 'final answer')})`;
  return `${countText(counts.puzzles, 'puzzle')}, ${countText(counts.sessions, 'session')}, ${countText(counts.turns, 'turn')}${kinds}, ${countText(counts.judges, 'judge')}`;
}

/** How many items were left out, by what they are, most first: `61 questions, 3 values and 1 setting`; undefined when none. */
export function leftOutText(leftovers: readonly Leftover[]): string | undefined {
  const byNoun = new Map<string, number>();
  for (const item of leftovers) byNoun.set(leftoverNoun(item), (byNoun.get(leftoverNoun(item)) ?? 0) + item.count);
  const parts = [...byNoun].sort((a, b) => b[1] - a[1]).map(([noun, n]) => itemsText(n, noun));
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/** One leftover's count with its noun: `61 values`. */
export function leftoverCountText(item: Pick<Leftover, 'count' | 'what' | 'noun'>): string {
  return itemsText(item.count, leftoverNoun(item));
}

function itemsText(n: number, noun: string): string {
  return countText(n, noun, /(s|sh|ch|x)$/.test(noun) ? `${noun}es` : `${noun}s`);
}

/** How many judge replies could not be read, over every judge and reply. */
export function unreadableReplies(preview: Pick<ImportPreview, 'unparseable'>): number {
  return preview.unparseable.reduce((n, row) => n + row.count, 0);
}

/** Whether the lead must agree before the import goes on: something was left out or could not be read. */
export function needsConfirmation(preview: ImportPreview): boolean {
  return preview.leftovers.length > 0 || preview.unparseable.length > 0;
}
