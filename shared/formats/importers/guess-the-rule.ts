// Imports GuessTheRuleBench's saved games (m1chae11u/Guess-the-Rule-LLM-Benchmark, SOURCES §5),
// one `saved_games/<uuid>.json` per game, as one study: each secret rule a puzzle, each game a
// session of a human player, each example guess of a dynamic game a question, each rule guess a
// final, and a static game's `judge_prompt` a prompt version the lead can run again.

import type { JudgePrompt, LabelScheme } from '../../domain/model';
import { templateProblem } from '../../domain/prompt-template';
import type { FormatError } from '../errors';
import { isRecord } from '../field-schemas';
import { parseJsonDocument } from '../json-document';
import { readJudgeReply } from '../judge-reply';
import type { SourceFile } from '../limits';
import { sha256Hex } from '../sha256';
import {
  type BenchmarkImport,
  type BenchmarkImportOptions,
  type BundlePuzzle,
  type BundleSession,
  type BundleTurn,
  gamesOfFolder,
  type ImportedStudy,
  importedStudy,
  LeftoverTally,
} from './imported-study';

export const GUESS_THE_RULE_LAYOUT = 'GuessTheRuleBench saved game (saved_games/<uuid>.json)';

/** The games are played by people on the benchmark's web page, and a dump names none of them. */
export const GUESS_THE_RULE_PLAYER = 'GuessTheRuleBench players';

// The judge says only "Correct!" or "Incorrect." (check_example_guess): no third answer.
const SCHEME: LabelScheme = { answerUnknown: false };

// A rule has no story: the game's own opening says what the player does. The bundle needs a
// story, so every puzzle gets this sentence (and the summary says so).
const STAND_IN_STORY = 'Going on a picnic: the game master has a secret rule for which items may come to the picnic; guess the rule from the items it allows.';

// json.dump(self.__dict__) writes the base class's keys first: domain and game_gen_type, then uuid.
const DUMP_HINT = /^\uFEFF?\s*\{\s*"domain"\s*:\s*"[^"]*"\s*,\s*"game_gen_type"\s*:\s*"[^"]*"\s*,\s*"uuid"\s*:/;

/** Whether a file looks like a saved game, from the start of its text: to pick the importer before parsing. */
export function looksLikeGuessTheRuleGame(file: SourceFile): boolean {
  return DUMP_HINT.test(file.text.slice(0, 256));
}

// Read into the bundle: the session id, the puzzle, the judge, (dynamic games) the turns and
// (static games) the judge's prompt, which judgePromptsOf reads or lists as not imported.
const IMPORTED_FIELDS = new Set(['game_gen_type', 'uuid', 'difficulty', 'rule', 'judge_model', 'history', 'judge_prompt']);

// check_guess() (static_picnic/base.py L266-285) sends this system message before judge_prompt,
// which it fills with str.format(guess=, rule=, positive_examples=).
const JUDGE_SYSTEM_MESSAGE = "You are an expert at identifying semantic equivalency in a game called 'Going on a Picnic'.";
const FORMAT_FIELD = /\{\{|\}\}|\{([^{}]*)\}/g;

// The game master's verdicts on a rule guess and on giving up (make_validate_guess_system_message).
const RULE_WON = 'You guessed the rule correctly!';
const RULE_WRONG = 'Incorrect guess. What would you like to do next?';
const GAVE_UP = 'You gave up, the correct rule was:';

interface Dump {
  file: string;
  game: Record<string, unknown>;
}

/**
 * Imports saved games as one study. The player is `options.player` or GUESS_THE_RULE_PLAYER;
 * the judge is each game's `judge_model`, so a judge name given besides is an error.
 */
export function importGuessTheRule(files: readonly SourceFile[], options: BenchmarkImportOptions): BenchmarkImport {
  const errors: FormatError[] = [];
  if (options.judge !== undefined) {
    return {
      ok: false,
      errors: [
        {
          file: files.map((file) => file.name).join(', '),
          path: '',
          message: 'GuessTheRuleBench games name their judge model (judge_model); a judge name given besides would contradict it',
        },
      ],
    };
  }
  const dumps: Dump[] = [];
  for (const file of files) {
    const parsed = parseJsonDocument(file);
    if (!parsed.ok) {
      errors.push(...parsed.errors);
      continue;
    }
    if (
      !isRecord(parsed.value) ||
      (parsed.value.game_gen_type !== 'static' && parsed.value.game_gen_type !== 'dynamic') ||
      typeof parsed.value.uuid !== 'string'
    ) {
      errors.push({
        file: file.name,
        path: '',
        message: 'not a GuessTheRuleBench saved game; expected {"domain", "game_gen_type": "static" or "dynamic", "uuid", ...}',
      });
      continue;
    }
    dumps.push({ file: file.name, game: parsed.value });
  }
  if (errors.length > 0) return { ok: false, errors };

  const player = options.player ?? GUESS_THE_RULE_PLAYER;
  const leftovers = new LeftoverTally();
  const puzzles = new Map<string, BundlePuzzle>();
  const sessions: BundleSession[] = [];
  const sessionFiles = new Map<string, string>();
  for (const dump of dumps) {
    const session = readGame(dump, player, puzzles, leftovers, errors);
    if (session === undefined) continue;
    const earlier = sessionFiles.get(session.id);
    if (earlier !== undefined) {
      errors.push({ file: dump.file, path: 'uuid', message: `the same game (uuid ${session.id}) as ${earlier}; import each saved game once` });
      continue;
    }
    sessionFiles.set(session.id, dump.file);
    sessions.push(session);
  }
  if (errors.length > 0) return { ok: false, errors };

  const judgePrompts = judgePromptsOf(dumps, leftovers);
  return {
    ok: true,
    value: importedStudy({
      layouts: gameGroups(dumps),
      name: 'GuessTheRuleBench',
      idSeed: files.map((file) => file.text).join('\u0000'),
      scheme: SCHEME,
      judgePrompts,
      puzzles: [...puzzles.values()],
      sessions,
      leftovers,
    }),
  };
}

/**
 * Each distinct `judge_prompt` of the games as a prompt version. Its Python fields become ours:
 * {guess} the final answer, {rule} the reference; {positive_examples}, the items the player was
 * shown, is not in the study, so the earlier turns stand in and the note says so. The judge only
 * ever judged rule guesses, so the question template is the same text for reading only.
 */
function judgePromptsOf(dumps: readonly Dump[], leftovers: LeftoverTally): JudgePrompt[] {
  const texts = new Map<string, string[]>();
  for (const { file, game } of dumps) {
    if (game.judge_prompt === undefined || game.judge_prompt === null) continue;
    if (typeof game.judge_prompt !== 'string' || game.judge_prompt.trim() === '') {
      leftovers.add(gamesOfFolder(file), 'field judge_prompt (not text)', game.judge_prompt);
      continue;
    }
    texts.set(game.judge_prompt, [...(texts.get(game.judge_prompt) ?? []), file]);
  }
  const prompts: JudgePrompt[] = [];
  for (const [text, files] of texts) {
    const question = `${JUDGE_SYSTEM_MESSAGE}\n\n${pythonFormatAsTemplate(text, '{{question}}')}`;
    const final = `${JUDGE_SYSTEM_MESSAGE}\n\n${pythonFormatAsTemplate(text, '{{finalAnswer}}')}`;
    const problem = templateProblem(question) ?? templateProblem(final);
    const folder = gamesOfFolder(files[0] ?? '');
    if (problem !== undefined) {
      for (const file of files)
        leftovers.add(gamesOfFolder(file), `field judge_prompt (not a prompt version: its text holds ${problem.split(';')[0] ?? problem})`, text);
      continue;
    }
    const n = prompts.length + 1;
    prompts.push({
      name: `GuessTheRuleBench judge (judge_prompt${n === 1 ? '' : ` ${n}`})`,
      source: `${folder}: judge_prompt of ${files.length.toLocaleString('en')} saved game${files.length === 1 ? '' : 's'}`,
      question,
      final,
      note: [
        'GuessTheRuleBench sends the first line as a system message and the rest as the user message; here they are one message.',
        'It filled {positive_examples} with the items the player had been shown, which the saved games do not keep for the judge: {{earlierTurns}} (the earlier turns) stands in.',
        'Its judge judged rule guesses only: run it on final answers (the question template is the same text, with the question as the guess).',
      ].join('\n\n'),
    });
  }
  return prompts;
}

/** A str.format template with our placeholders for its fields; `{{` and `}}` are Python's literal braces. */
function pythonFormatAsTemplate(text: string, guess: string): string {
  const fields: Record<string, string> = { guess, rule: '{{reference}}', positive_examples: '{{earlierTurns}}' };
  return text.replace(FORMAT_FIELD, (whole, field: string | undefined) => (field === undefined ? (whole[0] ?? '') : (fields[field] ?? whole)));
}

function gameGroups(dumps: readonly Dump[]): ImportedStudy['layouts'] {
  const groups = new Map<string, { static: number; dynamic: number }>();
  for (const { file, game } of dumps) {
    const group = groups.get(gamesOfFolder(file)) ?? { static: 0, dynamic: 0 };
    group[game.game_gen_type === 'static' ? 'static' : 'dynamic']++;
    groups.set(gamesOfFolder(file), group);
  }
  return [...groups].map(([folder, counts]) => {
    const kinds = (['dynamic', 'static'] as const).filter((kind) => counts[kind] > 0).map((kind) => `${counts[kind].toLocaleString('en')} ${kind}`);
    return { file: folder, layout: `${GUESS_THE_RULE_LAYOUT}: ${kinds.join(' and ')} game${counts.static + counts.dynamic === 1 ? '' : 's'}, into one study` };
  });
}

function readGame(dump: Dump, player: string, puzzles: Map<string, BundlePuzzle>, leftovers: LeftoverTally, errors: FormatError[]): BundleSession | undefined {
  const { file, game } = dump;
  const folder = gamesOfFolder(file);
  const fail = (path: string, message: string): undefined => {
    errors.push({ file, path, message });
    return undefined;
  };
  const isStatic = game.game_gen_type === 'static';
  // Static rules are {type, rule, category|categories} (pick_rule); dynamic ones the rule's text.
  const rule = isStatic && isRecord(game.rule) ? game.rule.rule : game.rule;
  if (typeof rule !== 'string' || rule.trim() === '')
    return fail('rule', isStatic ? 'expected {"type", "rule": text, ...}' : 'expected the secret rule as text');
  if (typeof game.judge_model !== 'string' || game.judge_model.trim() === '') return fail('judge_model', 'expected the judge model as text');
  const difficulty = typeof game.difficulty === 'string' ? game.difficulty : undefined;

  leftovers.addUnknownFields(folder, '', game, IMPORTED_FIELDS);
  if (isStatic && isRecord(game.rule)) leftovers.addUnknownFields(folder, 'rule.', game.rule, new Set(['rule']));
  if (difficulty === undefined && game.difficulty !== undefined) leftovers.add(folder, 'field difficulty', game.difficulty);

  const known = puzzles.size;
  const puzzleId = puzzleOf(rule, game.game_gen_type as 'static' | 'dynamic', difficulty, puzzles);
  if (puzzles.size > known) leftovers.add(folder, `no story in the saved games: every rule has the stand-in story ${JSON.stringify(STAND_IN_STORY)}`, puzzleId);
  const session: BundleSession = { id: game.uuid as string, puzzleId, player, judge: game.judge_model, turns: [] };
  const history = isRecord(game.history) ? game.history : undefined;
  if (isStatic) {
    // A static game keeps only the examples shown and the outcome: its guesses and the judge's replies are gone.
    if (history !== undefined) for (const [key, value] of Object.entries(history)) leftovers.add(folder, `field history.${key}`, value);
    leftovers.add(
      folder,
      "records: a static game (its guesses and the judge's replies are not saved; a session with no turns)",
      `${session.id} (${String(game.status)})`,
    );
    return session;
  }
  if (history === undefined || !Array.isArray(history.conversation))
    return fail('history.conversation', "expected the game's conversation as a list of {role, content}");
  leftovers.addUnknownFields(folder, 'history.', history, new Set(['conversation']));
  const turns = readConversation(file, folder, session.id, game.judge_model, history.conversation, leftovers, errors);
  if (turns === undefined) return undefined;
  session.turns = turns;
  return session;
}

// Ids are text of at most 256 characters (domain/ids.ts); some dynamic rules run to 900.
const MAX_ID_CHARS = 256;

/** One puzzle per rule as written and game kind, however many games played it. */
function puzzleOf(rule: string, kind: 'static' | 'dynamic', difficulty: string | undefined, puzzles: Map<string, BundlePuzzle>): string {
  const key = `${kind}/${difficulty ?? '-'}/${rule.trim()}`;
  // A long rule's id is its start and a hash of the whole, so two rules that start alike stay apart.
  const id = key.length <= MAX_ID_CHARS ? key : `${key.slice(0, MAX_ID_CHARS - 12).trimEnd()}… ${sha256Hex(key).slice(0, 8)}`;
  if (!puzzles.has(id)) {
    puzzles.set(id, {
      id,
      story: STAND_IN_STORY,
      reference: rule,
      genre: `${kind} picnic${difficulty !== undefined ? `, ${difficulty}` : ''}`,
      source: 'GuessTheRuleBench',
    });
  }
  return id;
}

/**
 * The dynamic game's conversation: every user message is a guess and the next assistant message
 * is the game master's verdict (check_guess, make_validate_guess_system_message); assistant
 * messages with no user message before them are the examples the game master gave.
 */
function readConversation(
  file: string,
  folder: string,
  sessionId: string,
  judge: string,
  conversation: readonly unknown[],
  leftovers: LeftoverTally,
  errors: FormatError[],
): BundleTurn[] | undefined {
  const turns: BundleTurn[] = [];
  for (let i = 0; i < conversation.length; i++) {
    const message: unknown = conversation[i];
    if (!isRecord(message) || typeof message.role !== 'string' || typeof message.content !== 'string') {
      errors.push({ file, path: `history.conversation[${i}]`, message: 'expected {"role", "content": text}' });
      return undefined;
    }
    leftovers.addUnknownFields(folder, 'history.conversation[].', message, new Set(['role', 'content']));
    if (message.role !== 'user') {
      leftovers.add(folder, "records: the game master's examples (assistant messages that answer no guess)", message.content);
      continue;
    }
    const next: unknown = conversation[i + 1];
    if (!isRecord(next) || next.role !== 'assistant' || typeof next.content !== 'string') {
      leftovers.add(folder, 'records: a guess with no verdict after it', message.content);
      continue;
    }
    i++;
    const verdict = next.content;
    const id = `${sessionId}/${turns.length + 1}`;
    if (verdict.startsWith(GAVE_UP)) {
      leftovers.add(folder, "records: a give-up (the player's message and the rule it revealed)", message.content);
    } else if (verdict.startsWith(RULE_WON) || verdict === RULE_WRONG) {
      turns.push({
        id,
        type: 'final',
        text: message.content,
        judgements: { [judge]: verdict === RULE_WRONG ? 'unmatched' : 'matched' },
        judgeReplies: { [judge]: verdict },
      });
    } else {
      // An example guess: the judge's own reply, "Correct! You can bring …" or "Incorrect. You cannot bring …".
      turns.push({
        id,
        type: 'question',
        text: message.content,
        judgements: { [judge]: readJudgeReply(verdict, 'answer', SCHEME) },
        judgeReplies: { [judge]: verdict },
      });
    }
  }
  return turns;
}

/** What one saved game holds, in a line, for `validate`. */
export function describeGuessTheRuleGame(game: Record<string, unknown>): string {
  const rule = isRecord(game.rule) ? game.rule.rule : game.rule;
  const history = isRecord(game.history) ? game.history : {};
  const guesses = Array.isArray(history.conversation)
    ? history.conversation.filter((message) => isRecord(message) && message.role === 'user').length
    : undefined;
  const played = guesses === undefined ? 'its guesses not saved' : `${guesses.toLocaleString('en')} guess${guesses === 1 ? '' : 'es'}`;
  return `${String(game.game_gen_type)} game ${String(game.difficulty)}, rule ${JSON.stringify(rule)}, ${played}, ${String(game.status)}; judge ${String(game.judge_model)}; import a folder's saved games together`;
}
