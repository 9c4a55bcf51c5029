// Imports TurtleSoup-Bench's per-story game files (lin-ruo/TurtleSoup-Bench, SOURCES §2), one
// `{dataset}/Q-{q}_R-{r}/{title}_Q-…_E-…_Epoch{n}_{lang}.json` per game, as one study: each story a
// puzzle (genre = its dataset folder), each game a session, each question with TSB's answer a turn.

import type { LabelScheme } from '../../domain/model';
import type { FormatError, ParseResult } from '../errors';
import { isRecord } from '../field-schemas';
import { readJudgeReply } from '../judge-reply';
import { parseJsonDocument } from '../json-document';
import type { SourceFile } from '../limits';
import { type BundlePuzzle, type BundleSession, type BundleTurn, gamesOfFolder, type ImportedStudy, importedStudy, LeftoverTally } from './imported-study';

export const TURTLESOUP_BENCH_LAYOUT = 'TurtleSoup-Bench game file ({dataset}/Q-{q}_R-{r}/{title}_Q-…_R-…_E-…_Epoch{n}_{lang}.json)';

// TSB's `unknown` covers irrelevant, 未知 and 不知道 alike (tools.py), so it reads as irrelevant.
const SCHEME: LabelScheme = { answerUnknown: false };

const TOP_FIELDS = new Set(['metadata', 'content', 'evaluation']);
// `error` is listed with the error games, not as a field.
const METADATA_FIELDS = new Set(['title', 'status', 'error', 'questioner_model', 'responder_model', 'evaluator_model', 'language', 'max_questions_setting']);
// The run's wrapper writes the story as loaded (title, setup, solution, tips) when a game could not start.
const CONTENT_FIELDS = new Set(['surface', 'bottom_line', 'tips_provided', 'conversation', 'title', 'setup', 'solution', 'tips']);
// `turn` is index//2+1 (turtle_system.py), which the turn order already says.
const ENTRY_FIELDS = new Set(['turn', 'type', 'content']);
const CONCLUSION_FIELDS = new Set(['details', 'logic', 'conclusion']);

// The responder may append the mark with or without a space (tools.py); validate_answer accepts only none.
const KEY_CLUE = /\s*<Key Clue>\s*$/;

/** Whether a parsed JSON document is a TSB game file, from its content alone. */
export function isTurtleSoupBenchGame(doc: unknown): doc is { metadata: Record<string, unknown>; content: Record<string, unknown> } {
  return isRecord(doc) && isRecord(doc.metadata) && isRecord(doc.content) && 'questioner_model' in doc.metadata && 'responder_model' in doc.metadata;
}

// A game file opens with its metadata (turtle_system.py _build_result); no other layout we read does.
const GAME_HINT = /^\uFEFF?\s*\{\s*"metadata"\s*:\s*\{/;

/** Whether a file looks like a TSB game file, from the start of its text: to pick the importer before parsing. */
export function looksLikeTurtleSoupBenchGame(file: SourceFile): boolean {
  return GAME_HINT.test(file.text.slice(0, 256));
}

/** Whether a file is one of the run's text logs (run_log_*, summary_log_*, summary_DS-*), written beside the games. */
function isRunLog(name: string): boolean {
  const last = name.split(/[\\/]/).pop() ?? name;
  return /\.txt$/i.test(last) && /^(?:run_log_|summary_log_|summary_DS-)/.test(last);
}

/** The dataset (story file) name TSB puts above the `Q-…_R-…` folder, which is the genre. */
export function genreOfPath(name: string): string | undefined {
  const folders = name.split(/[\\/]/).slice(0, -1);
  let pair = folders.length - 1;
  while (pair >= 0 && !/^Q-.*_R-/.test(folders[pair] ?? '')) pair--;
  const genre = pair >= 0 ? folders[pair - 1] : folders.at(-1);
  return genre === undefined || genre === '' || genre === '.' || genre === '..' ? undefined : genre;
}

interface Game {
  file: string;
  metadata: Record<string, unknown>;
  content: Record<string, unknown>;
  evaluation: unknown;
}

interface PuzzleEntry {
  puzzle: BundlePuzzle;
  file: string;
}

/**
 * Imports a run's game files as one study. Text logs given with them are listed as not imported;
 * any other file is an error. Sessions are `{puzzle}/Q-{q}_R-{r}_E-{e}_Epoch{n}`, unique across files.
 */
export function importTurtleSoupBench(files: readonly SourceFile[]): ParseResult<ImportedStudy> {
  const errors: FormatError[] = [];
  const leftovers = new LeftoverTally();
  const layouts: ImportedStudy['layouts'] = [];
  const games: Game[] = [];
  for (const file of files) {
    if (isRunLog(file.name)) {
      layouts.push({ file: file.name, layout: 'TurtleSoup-Bench run log or summary (text; not imported)' });
      leftovers.add(file.name, 'records: a run log or summary text file, not a game', file.text.split('\n', 1)[0] ?? '');
      continue;
    }
    const parsed = parseJsonDocument(file);
    if (!parsed.ok) {
      errors.push(...parsed.errors);
      continue;
    }
    if (!isTurtleSoupBenchGame(parsed.value)) {
      errors.push({
        file: file.name,
        path: '',
        message: 'not a TurtleSoup-Bench game file; expected {"metadata": {...questioner_model, responder_model...}, "content": {...}}',
      });
      continue;
    }
    games.push({
      file: file.name,
      metadata: parsed.value.metadata,
      content: parsed.value.content,
      evaluation: (parsed.value as Record<string, unknown>).evaluation,
    });
    leftovers.addUnknownFields(gamesOfFolder(file.name), '', parsed.value, TOP_FIELDS);
  }
  if (errors.length > 0) return { ok: false, errors };
  layouts.push(...gameGroups(games));

  const puzzles = new Map<string, PuzzleEntry>();
  const puzzleIds = new Set<string>();
  const sessions: BundleSession[] = [];
  const sessionFiles = new Map<string, string>();
  const languages = new Set<string>();
  for (const game of games) {
    const session = readGame(game, puzzles, puzzleIds, leftovers, errors);
    if (session === undefined) continue;
    const earlier = sessionFiles.get(session.id);
    if (earlier !== undefined) {
      errors.push({ file: game.file, path: 'metadata', message: `the same game (story, models and round limit) as ${earlier}; import each game file once` });
      continue;
    }
    sessionFiles.set(session.id, game.file);
    if (typeof game.metadata.language === 'string') languages.add(game.metadata.language);
    if (session.turns.length > 0) sessions.push(session);
    else leftovers.add(gamesOfFolder(game.file), 'records: a game with no conversation (an error before the first question)', session.id);
  }
  if (errors.length > 0) return { ok: false, errors };

  const name = `TurtleSoup-Bench${languages.size > 0 ? ` (${[...languages].sort().join(', ')})` : ''}`;
  return {
    ok: true,
    value: importedStudy({
      layouts,
      name,
      idSeed: files.map((f) => f.text).join('\u0000'),
      scheme: SCHEME,
      puzzles: [...puzzles.values()].map((entry) => entry.puzzle),
      sessions,
      leftovers,
    }),
  };
}

/** How the games were grouped, one line per run folder: hundreds of files, one study. */
function gameGroups(games: readonly Game[]): ImportedStudy['layouts'] {
  const groups = new Map<string, { count: number; genre: string | undefined }>();
  for (const game of games) {
    const folder = gamesOfFolder(game.file);
    const group = groups.get(folder) ?? { count: 0, genre: genreOfPath(game.file) };
    group.count++;
    groups.set(folder, group);
  }
  return [...groups].map(([folder, { count, genre }]) => ({
    file: folder,
    layout: `${count.toLocaleString('en')} ${TURTLESOUP_BENCH_LAYOUT.replace('file', count === 1 ? 'file' : 'files')}${genre !== undefined ? `, genre ${genre}` : ''}, into one study`,
  }));
}

function readGame(
  game: Game,
  puzzles: Map<string, PuzzleEntry>,
  puzzleIds: Set<string>,
  leftovers: LeftoverTally,
  errors: FormatError[],
): BundleSession | undefined {
  const { file, metadata: meta, content } = game;
  const folder = gamesOfFolder(file);
  const fail = (path: string, message: string): undefined => {
    errors.push({ file, path, message });
    return undefined;
  };
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const title = typeof meta.title === 'string' && meta.title.trim() !== '' ? meta.title : undefined;
  const player = text(meta.questioner_model);
  const judge = text(meta.responder_model);
  const evaluator = text(meta.evaluator_model);
  const status = meta.status;
  if (title === undefined) return fail('metadata.title', 'expected the story title as text');
  if (player === undefined || judge === undefined || evaluator === undefined)
    return fail('metadata', 'expected questioner_model, responder_model and evaluator_model as text');
  if (status !== 'success' && status !== 'failure' && status !== 'error') return fail('metadata.status', 'expected success, failure or error');
  const language = text(meta.language);
  const maxRounds =
    typeof meta.max_questions_setting === 'number' && Number.isSafeInteger(meta.max_questions_setting) && meta.max_questions_setting > 0
      ? meta.max_questions_setting
      : undefined;

  leftovers.addUnknownFields(folder, 'metadata.', meta, METADATA_FIELDS);
  leftovers.addUnknownFields(folder, 'content.', content, CONTENT_FIELDS);
  if (isRecord(game.evaluation))
    for (const [key, value] of Object.entries(game.evaluation))
      leftovers.add(folder, `field evaluation.${key} (the evaluator's scores; the verdict is metadata.status)`, value);
  else if (game.evaluation !== undefined) leftovers.add(folder, 'field evaluation', game.evaluation);

  // A game the run's wrapper failed on holds the story as it was loaded: setup, solution, tips.
  const surface = text(content.surface) ?? text(content.setup);
  const bottom = text(content.bottom_line) ?? text(content.solution);
  if (surface === undefined || bottom === undefined) return fail('content', 'expected the story (surface) and its solution (bottom_line) as text');
  const tipsRaw = content.tips_provided ?? content.tips;
  const keyClues = Array.isArray(tipsRaw) ? tipsRaw.filter((tip): tip is string => typeof tip === 'string' && tip.trim() !== '') : [];
  const genre = genreOfPath(file);

  const puzzleId = puzzleIdOf({ genre, language, title, surface, bottom, keyClues }, file, puzzles, puzzleIds, fail);
  if (puzzleId === undefined) return undefined;
  const sessionId = `${puzzleId}/Q-${player}_R-${judge}_E-${evaluator}${maxRounds !== undefined ? `_Epoch${maxRounds}` : ''}`;
  const turns = readConversation(file, folder, sessionId, content.conversation, { judge, evaluator, status }, leftovers, errors);
  if (turns === undefined) return undefined;
  if (status === 'error')
    leftovers.add(
      folder,
      'records: a game that ended in an error (status error: its conclusion, if any, has no verdict)',
      typeof meta.error === 'string' ? meta.error : sessionId,
    );
  return { id: sessionId, puzzleId, player, judge, ...(maxRounds !== undefined ? { maxRounds } : {}), turns };
}

interface Story {
  genre: string | undefined;
  language: string | undefined;
  title: string;
  surface: string;
  bottom: string;
  keyClues: string[];
}

/** The puzzle of a story: one per genre, language and title as written, however many runs played it. */
function puzzleIdOf(
  story: Story,
  file: string,
  puzzles: Map<string, PuzzleEntry>,
  puzzleIds: Set<string>,
  fail: (path: string, message: string) => undefined,
): string | undefined {
  const key = JSON.stringify([story.genre, story.language, story.title]);
  const known = puzzles.get(key);
  if (known !== undefined) {
    if (known.puzzle.story !== story.surface || known.puzzle.reference !== story.bottom)
      return fail('content', `the story ${JSON.stringify(story.title)} has another surface or bottom_line in ${known.file}`);
    return known.puzzle.id;
  }
  // Ids drop the trailing spaces a title may carry (the title keeps them); two titles that differ only so get a number.
  const base = [story.genre, story.language, story.title.trim()].filter((part) => part !== undefined).join('/');
  let id = base;
  for (let n = 2; puzzleIds.has(id); n++) id = `${base} #${n}`;
  puzzleIds.add(id);
  const puzzle: BundlePuzzle = {
    id,
    title: story.title,
    story: story.surface,
    reference: story.bottom,
    ...(story.language !== undefined ? { language: story.language } : {}),
    // In words, as the genre files give it when imported on their own (combine-studies.ts): Crime_Thriller -> Crime Thriller.
    ...(story.genre !== undefined ? { genre: story.genre.replace(/[_-]+/g, ' ').trim() } : {}),
    ...(story.keyClues.length > 0 ? { keyClues: story.keyClues } : {}),
    source: 'TurtleSoup-Bench',
  };
  puzzles.set(key, { puzzle, file });
  return id;
}

interface Judges {
  judge: string;
  evaluator: string;
  status: 'success' | 'failure' | 'error';
}

function readConversation(
  file: string,
  folder: string,
  sessionId: string,
  raw: unknown,
  judges: Judges,
  leftovers: LeftoverTally,
  errors: FormatError[],
): BundleTurn[] | undefined {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    errors.push({ file, path: 'content.conversation', message: 'expected a list of conversation entries' });
    return undefined;
  }
  const turns: BundleTurn[] = [];
  const turnId = () => `${sessionId}/${turns.length + 1}`;
  for (let i = 0; i < raw.length; i++) {
    const entry: unknown = raw[i];
    const path = `content.conversation[${i}]`;
    if (!isRecord(entry) || typeof entry.type !== 'string') {
      errors.push({ file, path, message: 'expected {"turn", "type", "content"}' });
      return undefined;
    }
    leftovers.addUnknownFields(folder, 'content.conversation[].', entry, ENTRY_FIELDS);
    if (entry.type === 'question') {
      const next: unknown = raw[i + 1];
      if (typeof entry.content !== 'string') {
        errors.push({ file, path: `${path}.content`, message: 'expected the question as text' });
        return undefined;
      }
      if (!isRecord(next) || next.type !== 'answer' || typeof next.content !== 'string') {
        leftovers.add(folder, 'records: a question with no answer after it', entry.content);
        continue;
      }
      i++;
      turns.push(questionTurn(turnId(), entry.content, next.content, judges.judge, folder, leftovers));
    } else if (entry.type === 'conclusion') {
      turns.push(finalTurn(turnId(), entry.content, judges, folder, leftovers));
    } else {
      leftovers.add(folder, `records: a ${entry.type} entry without the question before it`, entry.content);
    }
  }
  return turns;
}

/** TSB stores its own reading of the reply (yes, no, unknown, maybe `<Key Clue>`): kept as written, read as the label. */
function questionTurn(id: string, question: string, answer: string, judge: string, folder: string, leftovers: LeftoverTally): BundleTurn {
  const keyClue = KEY_CLUE.test(answer);
  const label = readJudgeReply(keyClue ? answer.replace(KEY_CLUE, '') : answer, 'answer', SCHEME);
  // The bundle has no key-clue field; the mark stays in the judge's reply as written.
  if (keyClue) leftovers.add(folder, 'key-clue hits (<Key Clue> on an answer: kept in the raw judge reply, no bundle field)', id);
  return { id, type: 'question', text: question, judgements: { [judge]: label }, judgeReplies: { [judge]: answer } };
}

/** The player's summary; TSB's evaluator judges all of it, so logic and details follow the conclusion. */
function finalTurn(id: string, content: unknown, judges: Judges, folder: string, leftovers: LeftoverTally): BundleTurn {
  let text: string;
  if (isRecord(content)) {
    leftovers.addUnknownFields(folder, 'conclusion.', content, CONCLUSION_FIELDS);
    // Questioner.py splits logic and details on commas, so joining them with commas gives the points back.
    const points = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : typeof value === 'string' ? value : '');
    const parts = [
      typeof content.conclusion === 'string' ? content.conclusion : '',
      points(content.logic) && `Logic: ${points(content.logic)}`,
      points(content.details) && `Details: ${points(content.details)}`,
    ];
    text = parts.filter((part) => part !== '').join('\n\n');
  } else {
    text = typeof content === 'string' ? content : (JSON.stringify(content) ?? '');
  }
  const judgements = judges.status === 'error' ? {} : { [judges.evaluator]: judges.status === 'success' ? ('matched' as const) : ('unmatched' as const) };
  return { id, type: 'final', text, judgements };
}

/** What one game file holds, in a line, for `validate`. */
export function describeTurtleSoupBenchGame(doc: { metadata: Record<string, unknown>; content: Record<string, unknown> }): string {
  const m = doc.metadata;
  const questions = Array.isArray(doc.content.conversation)
    ? doc.content.conversation.filter((entry) => isRecord(entry) && entry.type === 'question').length
    : 0;
  return `${JSON.stringify(m.title)} (${String(m.language)}), ${questions.toLocaleString('en')} question${questions === 1 ? '' : 's'} of ${String(m.max_questions_setting)}, ${String(m.status)}; player ${String(m.questioner_model)}, judge ${String(m.responder_model)}, evaluator ${String(m.evaluator_model)}; import a run's game files together`;
}
