// What an importer of a benchmark's own output gives back (issue 14): our canonical transcript
// bundle (docs/formats.md#transcript-bundle) as a JSON document, the human labels the source holds, one list per rater,
// and everything it did not import, with counts and examples, so nothing is dropped silently.

import type { JudgeConfidence, JudgeLabel, JudgePrompt, JudgeSamples, LabelScheme, LabelValue, Puzzle, Task } from '../../domain/model';
import type { FormatError } from '../errors';
import { generatedStudyId } from '../study-id';
import { TRANSCRIPTS_FORMAT } from '../transcript-bundle';

export interface BundleTurn {
  id: string;
  type: 'question' | 'final';
  text: string;
  judgements: Record<string, JudgeLabel>;
  judgeReplies?: Record<string, string>;
  judgeConfidence?: Record<string, JudgeConfidence>;
}

export interface BundleSession {
  id: string;
  puzzleId: string;
  player: string;
  judge: string;
  maxRounds?: number;
  turns: BundleTurn[];
}

/** A puzzle as the bundle writes it: the model's puzzle without its study, key clues optional. */
export type BundlePuzzle = Omit<Puzzle, 'studyId' | 'keyClues'> & { keyClues?: string[] };

export interface BundleDocument {
  format: typeof TRANSCRIPTS_FORMAT;
  id: string;
  name: string;
  scheme: LabelScheme;
  /** The benchmark's own judge prompts, in our template language, for the lead to run again (bundle member `judgePrompts`). */
  judgePrompts?: JudgePrompt[];
  /** How many samples each imported label of a judge is the majority of (bundle member `judgeSamples`). */
  judgeSamples?: JudgeSamples[];
  puzzles: BundlePuzzle[];
  sessions: BundleSession[];
}

export type { JudgePrompt, JudgeSamples } from '../../domain/model';

/** One human rater's labels as the source holds them, ready for a label file (docs/formats.md#label-file). */
export interface ImportedRater {
  annotator: { id: string; name: string };
  /** `note`: what the source says beside the label (DeepTurtle's error type and correction). */
  labels: Array<{ unit: string; task: Task; value: LabelValue; note?: string }>;
}

/** Something of the source that is not in the bundle: a field (`cases[].total_tokens`) or records. */
export interface Leftover {
  file: string;
  what: string;
  /** How many items: values of the field, records or settings (see leftoverNoun). */
  count: number;
  /** What one item is, when `what` does not say it by its start: `question` for a file's 61 questions. */
  noun?: string;
  /** Up to three values or record names, shortened, so the lead can see what it is. */
  examples: string[];
}

export interface ImportedStudy {
  /** The layout of each file, in words, in the order the files came. */
  layouts: Array<{ file: string; layout: string }>;
  bundle: BundleDocument;
  raters: ImportedRater[];
  leftovers: Leftover[];
}

/** What an importer has read, for importedStudy to assemble. */
export interface ImportedParts {
  layouts: ImportedStudy['layouts'];
  name: string;
  /** The text the study's id hashes (usually the files' text), so importing the same files again gives the same id. */
  idSeed: string;
  scheme: LabelScheme;
  puzzles: BundlePuzzle[];
  sessions: BundleSession[];
  /** Raters with no label are left out: the source named them but they labelled nothing imported. */
  raters?: readonly ImportedRater[];
  leftovers: LeftoverTally;
  /** Written to the bundle only when there are some. */
  judgePrompts?: JudgePrompt[];
  judgeSamples?: JudgeSamples[];
}

/** The study an importer gives back: its bundle with the generated id, members in the order of docs/formats.md#transcript-bundle. */
export function importedStudy(parts: ImportedParts): ImportedStudy {
  const { name, judgePrompts = [], judgeSamples = [] } = parts;
  return {
    layouts: parts.layouts,
    bundle: {
      format: TRANSCRIPTS_FORMAT,
      id: generatedStudyId(name, parts.idSeed),
      name,
      scheme: parts.scheme,
      ...(judgePrompts.length > 0 ? { judgePrompts } : {}),
      ...(judgeSamples.length > 0 ? { judgeSamples } : {}),
      puzzles: parts.puzzles,
      sessions: parts.sessions,
    },
    raters: (parts.raters ?? []).filter((rater) => rater.labels.length > 0),
    leftovers: parts.leftovers.list(),
  };
}

/**
 * The session judge of files that hold no judge's label at all (TurtleBench's human labels
 * alone, a SPLAT log with no rounds): nothing was judged, so no judge's name is asked for.
 */
export const NO_JUDGE = 'no judge in the files';

/** A model name the files do not hold, which the caller asks for (the app) or takes from a flag (the command line). */
export type MissingName = 'player' | 'judge';

/** An import's outcome: the study, or errors in the files, with `needs` when naming the player or judge would let it go on. */
export type BenchmarkImport = { ok: true; value: ImportedStudy } | { ok: false; errors: FormatError[]; needs?: MissingName[] };

/** The names a caller gives where the files hold none (or to choose among the files' models). */
export interface BenchmarkImportOptions {
  player?: string;
  judge?: string;
}

/** One puzzle or session per line: compact for big studies, still diffable. Any bundle-shaped document (the demo's too). */
export function serializeBundleDocument(bundle: { puzzles: readonly unknown[]; sessions: readonly unknown[] }): string {
  const { puzzles, sessions, ...header } = bundle;
  const head = JSON.stringify(header).slice(0, -1);
  const list = (items: readonly unknown[]) => (items.length === 0 ? '[]' : `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]`);
  return `${head},\n"puzzles": ${list(puzzles)},\n"sessions": ${list(sessions)}\n}\n`;
}

/** The folder of a game file as a glob (`run/Q-1_R-1/*.json`): leftovers and groupings of hundreds of game files are told per folder. */
export function gamesOfFolder(file: string): string {
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return `${slash >= 0 ? file.slice(0, slash + 1) : ''}*.json`;
}

/** Counts the values of fields an importer leaves out, with the first few as examples. */
export class LeftoverTally {
  private readonly entries = new Map<string, Leftover>();

  add(file: string, what: string, example: unknown, noun?: string): void {
    this.addCounted(file, what, 1, [example], noun);
  }

  /** `count` more of one kind, given a few examples: records counted where they are, not read (a table that is not imported). */
  addCounted(file: string, what: string, count: number, examples: readonly unknown[], noun?: string): void {
    const key = `${file}\u0000${what}`;
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = { file, what, count: 0, examples: [], ...(noun !== undefined ? { noun } : {}) };
      this.entries.set(key, entry);
    }
    entry.count += count;
    for (const example of examples) if (entry.examples.length < 3) entry.examples.push(shortExample(example));
  }

  /** Every key of `record` not in `known`, as the field `prefix + key`. */
  addUnknownFields(file: string, prefix: string, record: Readonly<Record<string, unknown>>, known: ReadonlySet<string>): void {
    for (const [key, value] of Object.entries(record)) if (!known.has(key)) this.add(file, `field ${prefix}${key}`, value);
  }

  list(): Leftover[] {
    return [...this.entries.values()];
  }
}

/** What one item of a leftover is: its own noun, else a value of a field or column, a setting, or a record. */
export function leftoverNoun(item: Pick<Leftover, 'what' | 'noun'>): string {
  if (item.noun !== undefined) return item.noun;
  if (item.what.startsWith('field ') || item.what.startsWith('column ')) return 'value';
  if (item.what.startsWith('setting ')) return 'setting';
  return 'record';
}

function shortExample(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
