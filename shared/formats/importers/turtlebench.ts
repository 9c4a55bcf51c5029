// Imports TurtleBench's own files (mazzzystar/TurtleBench, SOURCES §3): the wide
// `stats/all_cases_<lang>_shot<k>.json` table and the per-model logs, each with
// `data/<lang>/stories.json`, and the 1.5k Hugging Face layout. Each story is a puzzle, each guess
// an `answer` unit, each model a judge, and `ground_truth` (`label`) one human rater's labels.

import { countText } from '../../domain/count-text';
import { UNPARSEABLE, type JudgeLabel, type LabelScheme } from '../../domain/model';
import type { FormatError } from '../errors';
import { isRecord } from '../field-schemas';
import { readJudgeReply } from '../judge-reply';
import { parseJsonDocument } from '../json-document';
import type { SourceFile } from '../limits';
import {
  LeftoverTally,
  NO_JUDGE,
  type BenchmarkImport,
  type BenchmarkImportOptions,
  type BundlePuzzle,
  type BundleSession,
  type BundleTurn,
  type ImportedRater,
  type ImportedStudy,
  importedStudy,
} from './imported-study';

type TurtleBenchLayout = 'table' | 'log' | 'stories' | 'hf';

/** Each layout in words, naming the file TurtleBench writes it as. */
export const TURTLEBENCH_LAYOUTS: Record<TurtleBenchLayout, string> = {
  table: 'TurtleBench wide table (stats/all_cases_<lang>_shot<k>.json)',
  log: 'TurtleBench per-model log (logs_<model>_<lang>_shot<k>_len<N>.json, all_cases_<model>_<lang>_shot<k>_<n>.json)',
  stories: 'TurtleBench stories (data/<lang>/stories.json)',
  hf: 'TurtleBench 1.5k (Hugging Face layout: id, title, surface, bottom, user_guess, label)',
};

/** TurtleBench has no player: the guesses are its website's users' (SOURCES §3). */
const TURTLEBENCH_PLAYER = 'TurtleBench users';
const TURTLEBENCH_RATER = { id: 'turtlebench-human', name: 'TurtleBench human label' };

// Unknown/N is TurtleBench's "cannot tell from the story", which our three answers call irrelevant.
const SCHEME: LabelScheme = { answerUnknown: false };

const TABLE_FIELDS = new Set(['sample', 'story_title', 'input', 'ground_truth']);
const LOG_FIELDS = new Set(['info', 'cases']);
const LOG_INFO_FIELDS = new Set(['model', 'language']);
const CASE_FIELDS = new Set(['sample', 'story_title', 'input', 'ground_truth', 'model_response', 'model_judge']);
const STORY_FIELDS = new Set(['title', 'surface', 'bottom']);
const HF_FIELDS = new Set(['id', 'title', 'surface', 'bottom', 'user_guess', 'label']);

/** The layout of a parsed JSON document, from its content alone; undefined when it is none of TurtleBench's. */
export function turtleBenchLayout(doc: unknown): TurtleBenchLayout | undefined {
  if (Array.isArray(doc)) {
    const first: unknown = doc[0];
    if (!isRecord(first)) return undefined;
    // Every row a guess: a surface/bottom list with a few guesses among its puzzles stays a puzzle list (its guesses named as not read).
    if (doc.every((row) => isRecord(row) && 'user_guess' in row && 'label' in row && 'surface' in row && 'bottom' in row)) return 'hf';
    if ('title' in first && 'surface' in first && 'bottom' in first && !('user_guess' in first)) return 'stories';
    return undefined;
  }
  if (!isRecord(doc)) return undefined;
  if (isRecord(doc.info) && Array.isArray(doc.cases)) return 'log';
  const rows = Object.values(doc);
  return rows.length > 0 && rows.every((row) => isRecord(row) && 'story_title' in row && 'input' in row && 'sample' in row) ? 'table' : undefined;
}

// Keys of the guesses' layouts (table, log, 1.5k), which a file's first records show; stories.json alone is a companion.
const GUESS_HINT = /"(?:story_title|user_guess)"\s*:/;

/** Whether a file looks like TurtleBench's guesses, from the start of its text: to pick the importer before parsing. */
export function looksLikeTurtleBenchFile(file: SourceFile): boolean {
  if (!GUESS_HINT.test(file.text.slice(0, 8192))) return false;
  // A list is the 1.5k layout only when every row is a guess, as validate tells it (turtleBenchLayout).
  if (!/^\uFEFF?\s*\[/.test(file.text.slice(0, 64))) return true;
  const parsed = parseJsonDocument(file);
  return parsed.ok && turtleBenchLayout(parsed.value) === 'hf';
}

interface Verdict {
  label: JudgeLabel;
  reply?: string;
}

interface Guess {
  sample: number;
  storyTitle: string;
  input: string;
  groundTruth?: string;
  verdicts: Map<string, Verdict>;
  file: string;
}

interface Story {
  title: string;
  surface: string;
  bottom: string;
}

class Reading {
  readonly errors: FormatError[] = [];
  readonly leftovers = new LeftoverTally();
  readonly guesses = new Map<number, Guess>();
  readonly models: string[] = [];
  readonly languages = new Set<string>();
  stories: Story[] | undefined;
  /** Files in the 1.5k layout, whose rows are guesses, not puzzles: their errors say so. */
  readonly guessRowFiles = new Set<string>();

  /** Records an error (the first 200: one broken column repeats on every row) and gives undefined, for `return`. */
  error(file: string, path: string, message: string): undefined {
    if (this.errors.length < 200) this.errors.push({ file, path, message, ...(this.guessRowFiles.has(file) ? { rowNoun: 'guess' } : {}) });
    return undefined;
  }

  addModel(model: string): void {
    if (!this.models.includes(model)) this.models.push(model);
  }

  /** The guess of a sample, checked against what another file said about it. */
  guess(file: string, path: string, sample: unknown, storyTitle: unknown, input: unknown): Guess | undefined {
    if (typeof sample !== 'number' || !Number.isSafeInteger(sample)) return this.error(file, `${path}.sample`, 'expected the sample number');
    if (typeof storyTitle !== 'string') return this.error(file, `${path}.story_title`, 'expected the story title as text');
    if (typeof input !== 'string') return this.error(file, `${path}.input`, "expected the user's guess as text");
    const known = this.guesses.get(sample);
    if (known === undefined) {
      const guess: Guess = { sample, storyTitle, input, verdicts: new Map(), file };
      this.guesses.set(sample, guess);
      return guess;
    }
    if (known.storyTitle !== storyTitle || known.input !== input)
      return this.error(file, path, `sample ${sample} is another guess in ${known.file}; import the files of one run together`);
    return known;
  }

  groundTruth(file: string, path: string, guess: Guess, value: unknown): void {
    if (value === undefined || value === null) return;
    const text = typeof value === 'string' ? value : String(value);
    if (guess.groundTruth !== undefined && guess.groundTruth !== text)
      this.error(file, path, `sample ${guess.sample} has the human label ${guess.groundTruth} in ${guess.file}, not ${text}`);
    guess.groundTruth = text;
  }

  verdict(file: string, path: string, guess: Guess, model: string, verdict: Verdict): void {
    const known = guess.verdicts.get(model);
    if (known !== undefined && known.label !== verdict.label)
      return this.error(file, path, `sample ${guess.sample}: ${model} says ${known.label} in another file, not ${verdict.label}`);
    guess.verdicts.set(model, {
      label: verdict.label,
      ...(verdict.reply !== undefined ? { reply: verdict.reply } : known?.reply !== undefined ? { reply: known.reply } : {}),
    });
  }
}

/**
 * Imports TurtleBench files (any mix of one run's wide table, per-model logs and stories, or
 * 1.5k files), detecting each file's layout from its content. Of several cumulative logs of one
 * model and language, the one with the most cases is read and the others are listed as left out.
 */
export function importTurtleBench(files: readonly SourceFile[], options: BenchmarkImportOptions = {}): BenchmarkImport {
  const reading = new Reading();
  const layouts: ImportedStudy['layouts'] = [];
  const logs: Array<{ file: string; doc: Record<string, unknown> }> = [];
  for (const file of files) {
    const parsed = parseJsonDocument(file);
    if (!parsed.ok) {
      reading.errors.push(...parsed.errors);
      continue;
    }
    const layout = turtleBenchLayout(parsed.value);
    if (layout === undefined) {
      reading.error(file.name, '', 'not a TurtleBench file; expected its wide table, a per-model log, data/<lang>/stories.json or the 1.5k layout');
      continue;
    }
    layouts.push({ file: file.name, layout: TURTLEBENCH_LAYOUTS[layout] });
    if (layout === 'table') readTable(reading, file.name, parsed.value as Record<string, unknown>);
    else if (layout === 'log') logs.push({ file: file.name, doc: parsed.value as Record<string, unknown> });
    else if (layout === 'stories') readStories(reading, file.name, parsed.value as unknown[]);
    else readHf(reading, file.name, parsed.value as unknown[]);
  }
  for (const log of latestLogs(reading, logs)) readLog(reading, log.file, log.doc);
  if (reading.errors.length > 0) return { ok: false, errors: reading.errors };
  return assemble(reading, layouts, files, options);
}

function readTable(reading: Reading, file: string, doc: Record<string, unknown>): void {
  for (const [key, row] of Object.entries(doc)) {
    if (!isRecord(row)) continue;
    const path = `[${JSON.stringify(key)}]`;
    const guess = reading.guess(file, path, row.sample, row.story_title, row.input);
    if (guess === undefined) continue;
    reading.groundTruth(file, `${path}.ground_truth`, guess, row.ground_truth);
    // Every other column is a model's verdict, as TurtleBench's analyst.py writes them.
    for (const [model, cell] of Object.entries(row)) {
      if (TABLE_FIELDS.has(model)) continue;
      reading.addModel(model);
      if (cell !== null && typeof cell !== 'string') {
        reading.error(file, `${path}.${model}`, 'expected the verdict as text (Correct, Incorrect, Unknown, T, F, N or Invalid)');
        continue;
      }
      // The table holds TurtleBench's reading of each reply, not the reply: only a cell we cannot read is kept as written.
      const label = readJudgeReply(cell ?? '', 'answer', SCHEME);
      reading.verdict(file, `${path}.${model}`, guess, model, label === UNPARSEABLE ? { label, reply: cell ?? '' } : { label });
    }
  }
}

/** Of cumulative logs of one model, language and shot, the fullest; the others are listed as left out. */
function latestLogs(reading: Reading, logs: ReadonlyArray<{ file: string; doc: Record<string, unknown> }>) {
  const best = new Map<string, { file: string; doc: Record<string, unknown> }>();
  const keyOf = (doc: Record<string, unknown>) => {
    const info = doc.info as Record<string, unknown>;
    return JSON.stringify([info.model, info.language, info.shot_type]);
  };
  const size = (doc: Record<string, unknown>) => (doc.cases as unknown[]).length;
  for (const log of logs) {
    const key = keyOf(log.doc);
    const earlier = best.get(key);
    if (earlier === undefined) {
      best.set(key, log);
      continue;
    }
    const [kept, dropped] = size(log.doc) > size(earlier.doc) ? [log, earlier] : [earlier, log];
    best.set(key, kept);
    reading.leftovers.add(dropped.file, `records: a shorter cumulative log of the same model, superseded by ${kept.file}`, `${size(dropped.doc)} cases`);
  }
  return [...best.values()];
}

function readLog(reading: Reading, file: string, doc: Record<string, unknown>): void {
  const info = doc.info as Record<string, unknown>;
  reading.leftovers.addUnknownFields(file, '', doc, LOG_FIELDS);
  reading.leftovers.addUnknownFields(file, 'info.', info, LOG_INFO_FIELDS);
  const model = info.model;
  if (typeof model !== 'string' || model.trim() === '') return reading.error(file, 'info.model', 'expected the model name as text');
  if (typeof info.language === 'string') reading.languages.add(info.language);
  reading.addModel(model);
  (doc.cases as unknown[]).forEach((item, i) => {
    const path = `cases[${i}]`;
    if (!isRecord(item)) return reading.error(file, path, 'expected a case object');
    reading.leftovers.addUnknownFields(file, 'cases[].', item, CASE_FIELDS);
    const guess = reading.guess(file, path, item.sample, item.story_title, item.input);
    if (guess === undefined) return;
    reading.groundTruth(file, `${path}.ground_truth`, guess, item.ground_truth);
    const reply = typeof item.model_response === 'string' ? item.model_response : '';
    // model_judge is TurtleBench's own reading of the reply (eval.py L189-208), null for an empty reply.
    const judged = typeof item.model_judge === 'string' ? readJudgeReply(item.model_judge, 'answer', SCHEME) : UNPARSEABLE;
    reading.verdict(file, `${path}.model_judge`, guess, model, { label: judged, reply });
  });
}

function readStories(reading: Reading, file: string, rows: readonly unknown[]): void {
  if (reading.stories !== undefined) return reading.error(file, '', 'a second stories.json; import one language at a time');
  const stories: Story[] = [];
  rows.forEach((row, i) => {
    const story = storyOf(reading, file, `[${i}]`, row);
    if (story === undefined || !isRecord(row)) return;
    reading.leftovers.addUnknownFields(file, '[].', row, STORY_FIELDS);
    stories.push(story);
  });
  reading.stories = stories;
}

function storyOf(reading: Reading, file: string, path: string, row: unknown): Story | undefined {
  if (!isRecord(row)) return reading.error(file, path, 'expected a story object');
  const { title, surface, bottom } = row;
  if (typeof title !== 'string' || typeof surface !== 'string' || typeof bottom !== 'string' || surface.trim() === '' || bottom.trim() === '') {
    return reading.error(file, path, 'expected title, surface and bottom as text');
  }
  return { title, surface, bottom };
}

function readHf(reading: Reading, file: string, rows: readonly unknown[]): void {
  reading.guessRowFiles.add(file);
  const stories = (reading.stories ??= []);
  rows.forEach((row, i) => {
    const path = `[${i}]`;
    const story = storyOf(reading, file, path, row);
    if (story === undefined || !isRecord(row)) return;
    reading.leftovers.addUnknownFields(file, '[].', row, HF_FIELDS);
    const known = stories.find((s) => s.title === story.title);
    if (known === undefined) stories.push(story);
    else if (known.surface !== story.surface || known.bottom !== story.bottom)
      return reading.error(file, path, `the story ${JSON.stringify(story.title)} has another surface or bottom in an earlier row`);
    const guess = reading.guess(file, path, row.id, row.title, row.user_guess);
    if (guess !== undefined) reading.groundTruth(file, `${path}.label`, guess, row.label);
  });
}

function assemble(reading: Reading, layouts: ImportedStudy['layouts'], files: readonly SourceFile[], options: BenchmarkImportOptions): BenchmarkImport {
  const fail = (message: string, needs?: 'judge'): BenchmarkImport => ({
    ok: false,
    errors: [{ file: files.map((f) => f.name).join(', '), path: '', message }],
    ...(needs ? { needs: [needs] } : {}),
  });
  const stories = reading.stories;
  if (stories === undefined) return fail("the guesses need their stories: add TurtleBench's data/<lang>/stories.json of the same language");
  // Guesses with human labels alone were judged by no model: no name is needed for them.
  const judge = options.judge ?? reading.models[0] ?? NO_JUDGE;
  if (options.judge !== undefined && reading.models.length > 0 && !reading.models.includes(options.judge)) {
    return fail(`the judge ${JSON.stringify(options.judge)} is not in the files; they hold ${reading.models.join(', ')}`, 'judge');
  }

  const byTitle = new Map<string, number>();
  stories.forEach((story, i) => byTitle.set(story.title, i));
  // A title with a stray space in one file still finds its story.
  stories.forEach((story, i) => (byTitle.has(story.title.trim()) ? undefined : byTitle.set(story.title.trim(), i)));
  const turnsByStory = stories.map((): BundleTurn[] => []);
  const rater: ImportedRater = { annotator: TURTLEBENCH_RATER, labels: [] };
  const guesses = [...reading.guesses.values()].sort((a, b) => a.sample - b.sample);
  const missing = new Set<string>();
  for (const guess of guesses) {
    const index = byTitle.get(guess.storyTitle) ?? byTitle.get(guess.storyTitle.trim());
    if (index === undefined) {
      missing.add(guess.storyTitle);
      continue;
    }
    const id = `sample-${guess.sample}`;
    const turn: BundleTurn = {
      id,
      type: 'question',
      text: guess.input,
      judgements: Object.fromEntries([...guess.verdicts].map(([model, v]) => [model, v.label])),
    };
    const replies = [...guess.verdicts].flatMap(([model, v]) => (v.reply !== undefined ? [[model, v.reply] as const] : []));
    if (replies.length > 0) turn.judgeReplies = Object.fromEntries(replies);
    turnsByStory[index]?.push(turn);
    if (guess.groundTruth === undefined) continue;
    const value = readJudgeReply(guess.groundTruth, 'answer', SCHEME);
    if (value === UNPARSEABLE || value === 'matched' || value === 'unmatched')
      reading.leftovers.add(
        guess.file,
        'records: a human label that is not Correct, Incorrect, Unknown, T, F or N',
        `sample ${guess.sample}: ${guess.groundTruth}`,
      );
    else rater.labels.push({ unit: id, task: 'answer', value });
  }
  if (missing.size > 0)
    return fail(
      `no story in stories.json has the title ${[...missing].map((t) => JSON.stringify(t)).join(', ')}; use the stories.json of the guesses' language`,
    );

  const language = [...reading.languages][0] ?? languageOfLabels(guesses);
  const puzzles: BundlePuzzle[] = stories.map((story, i) => ({
    id: `story-${i + 1}`,
    title: story.title,
    story: story.surface,
    reference: story.bottom,
    ...(language !== undefined ? { language } : {}),
    source: 'TurtleBench',
  }));
  const player = options.player ?? TURTLEBENCH_PLAYER;
  const sessions: BundleSession[] = turnsByStory.flatMap((turns, i) =>
    turns.length === 0 ? [] : [{ id: `story-${i + 1}/guesses`, puzzleId: `story-${i + 1}`, player, judge, turns }],
  );
  const name = `TurtleBench${language !== undefined ? ` (${language})` : ''}`;
  return {
    ok: true,
    value: importedStudy({
      layouts,
      name,
      idSeed: files.map((f) => f.text).join('\u0000'),
      scheme: SCHEME,
      puzzles,
      sessions,
      raters: [rater],
      leftovers: reading.leftovers,
    }),
  };
}

/** TurtleBench labels Chinese guesses T/F/N and English ones Correct/Incorrect/Unknown (eval.py). */
function languageOfLabels(guesses: readonly Guess[]): string | undefined {
  const sample = guesses.find((guess) => guess.groundTruth !== undefined)?.groundTruth;
  if (sample === undefined) return undefined;
  return ['T', 'F', 'N'].includes(sample) ? 'zh' : 'en';
}

/** What one TurtleBench file holds, in a line, for `validate`: its records and what it is imported with. */
export function describeTurtleBenchFile(doc: unknown, layout: TurtleBenchLayout): string {
  switch (layout) {
    case 'table': {
      const rows = Object.values(doc as Record<string, Record<string, unknown>>);
      const models = new Set(rows.flatMap((row) => Object.keys(row).filter((key) => !TABLE_FIELDS.has(key))));
      return `${countText(rows.length, 'guess', 'guesses')}, ${countText(models.size, 'judge')}; import it with its data/<lang>/stories.json`;
    }
    case 'log': {
      const { info, cases } = doc as { info: Record<string, unknown>; cases: unknown[] };
      return `${countText(cases.length, 'case')} judged by ${String(info.model)}; import it with its data/<lang>/stories.json`;
    }
    case 'stories':
      return `${countText((doc as unknown[]).length, 'story', 'stories')}`;
    case 'hf': {
      const rows = doc as Array<Record<string, unknown>>;
      return `${countText(rows.length, 'guess', 'guesses')} with human labels on ${countText(new Set(rows.map((row) => row.title)).size, 'story', 'stories')}, no judge's verdicts`;
    }
  }
}
