// Imports a SPLAT run (chenqi008/LateralThinking puzzle_arena.py, SOURCES §1): its `log.json`,
// with the run's `log.csv` (difficulty levels) and `config.yaml` (model names, round limit, the
// judge's prompt and judge_times) when given, as one study: each `puzzle_<i>` a puzzle, each replay
// a session, each round a turn, and the judge's prompt a prompt version the lead can run again.

import { MAX_DIFFICULTY, MIN_DIFFICULTY, type JudgePrompt, type JudgeSamples, type LabelScheme } from '../../domain/model';
import { templateProblem } from '../../domain/prompt-template';
import { idProblem } from '../../domain/ids';
import { EXCEL_WORKBOOK } from '../binary-kind';
import { readCsv } from '../csv';
import type { FormatError, ParseResult } from '../errors';
import { isRecord } from '../field-schemas';
import { readJudgeReply } from '../judge-reply';
import { parseJsonDocument } from '../json-document';
import { checkSourceFile, type SourceFile } from '../limits';
import { jsonPath } from '../zod-issues';
import {
  LeftoverTally,
  type BenchmarkImport,
  type BenchmarkImportOptions,
  type BundlePuzzle,
  type BundleSession,
  type BundleTurn,
  type ImportedStudy,
  importedStudy,
  type MissingName,
  NO_JUDGE,
} from './imported-study';
import { readYamlSettings, type YamlReaders } from './yaml-settings';

export const SPLAT_LAYOUTS = {
  log: 'SPLAT game log (log.json: puzzle_<i> -> replay -> Puzzle, Question, Round <k> {Player, Judge})',
  csv: 'SPLAT results (log.csv: puzzle id, level, hit, round)',
  config: 'SPLAT settings (config.yaml)',
} as const;

// The judge is told to answer yes, no or irrelevant (config.yaml prompt_judge_init).
const SCHEME: LabelScheme = { answerUnknown: false };

// The judge's prompt as puzzle_arena.py game() builds it; the story always ends with the " Why?" it appends.
const PUZZLE_PROMPT =
  /^The title of puzzle is ([\s\S]*?)\. The story is ([\s\S]*?) Why\?\. The answer is ([\s\S]*)\. Read and fully understand both the provided short story and its answer, ensuring you grasp their logical connections\. But do not show answer for the user\.$/;
const PROMPT_SHAPE =
  '"The title of puzzle is <title>. The story is <story> Why?. The answer is <answer>. Read and fully understand both the provided short story and its answer, …"';

const PUZZLE_KEY = /^puzzle_(0|[1-9]\d*)$/;
const GAME_KEY = /^(0|[1-9]\d*)$/;
const ROUND_KEY = /^Round (0|[1-9]\d*)$/;
const ROUND_FIELDS = new Set(['Player', 'Judge']);
const CSV_HEADER = ['puzzle id', 'level', 'hit', 'round'];
// The settings that reach the bundle; every other one is listed as not imported. The prompts
// reach it when they are text our templates can hold (judgePromptOf).
const CONFIG_IMPORTED = new Set(['model.player', 'model.judge', 'game.max_round', 'game.judge_times']);
const JUDGE_PROMPT = 'prompt.prompt_judge_init';
const PLAYER_PROMPT = 'prompt.prompt_player_init';

// The message game() sends the judge after its rules (prompt_puzzle), with our placeholders for
// its %s: the title, the story with the " Why?" main() appends, and the answer.
const PUZZLE_MESSAGE =
  'The title of puzzle is {{title}}. The story is {{story}} Why?. The answer is {{reference}}. Read and fully understand both the provided short story and its answer, ensuring you grasp their logical connections. But do not show answer for the user.';

// log_json() writes json.dump(indent=4) of {"puzzle_<i>": {"<j>": {"Puzzle": ...: nothing else we read starts so.
const LOG_HINT = /^\uFEFF?\s*\{\s*"puzzle_\d+"\s*:\s*\{\s*"\d+"\s*:\s*\{\s*"Puzzle"\s*:/;
const CSV_HINT = /^\uFEFF?puzzle id,level,hit,round\r?\n/;

/** Whether a file looks like a SPLAT log.json, from the start of its text: to pick the importer before parsing. */
export function looksLikeSplatLog(file: SourceFile): boolean {
  return LOG_HINT.test(file.text.slice(0, 512));
}

/** Whether a parsed JSON document is a SPLAT log, from its content: for `validate`. */
export function isSplatLog(doc: unknown): doc is Record<string, Record<string, Record<string, unknown>>> {
  if (!isRecord(doc)) return false;
  const [key, games] = Object.entries(doc)[0] ?? [];
  const game = isRecord(games) ? Object.values(games)[0] : undefined;
  return key !== undefined && PUZZLE_KEY.test(key) && isRecord(game) && typeof game.Puzzle === 'string';
}

/** What a log holds, in a line, for `validate`. */
export function describeSplatLog(doc: Record<string, Record<string, Record<string, unknown>>>): string {
  const games = Object.values(doc).flatMap((replays) => (isRecord(replays) ? Object.values(replays) : []));
  const rounds = games.reduce((n, game) => n + (isRecord(game) ? Object.keys(game).filter((key) => ROUND_KEY.test(key)).length : 0), 0);
  const solved = games.filter(
    (game) =>
      isRecord(game) &&
      Object.entries(game).some(
        ([key, round]) => ROUND_KEY.test(key) && isRecord(round) && typeof round.Judge === 'string' && round.Judge.toLowerCase().includes('congratulations'),
      ),
  ).length;
  const count = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
  return `${count(Object.keys(doc).length, 'puzzle')}, ${count(games.length, 'game')} (${solved.toLocaleString('en')} solved), ${count(rounds, 'round')}; import it with the run's log.csv and config.yaml`;
}

interface RunFiles {
  log: SourceFile;
  csv?: SourceFile;
  config?: SourceFile;
}

interface Config {
  player?: string;
  judge?: string;
  maxRounds?: number;
  /** game.judge_times: how many replies each stored judge reply is the majority of. */
  judgeTimes?: number;
  judgePrompt?: string;
  playerPrompt?: string;
}

interface CsvRow {
  line: number;
  level: number;
  hit: string;
  round: string;
}

/**
 * Imports a run's log.json, with its log.csv and config.yaml when given. Model names come from
 * config.yaml or the options; when neither names one, the result says which are needed.
 */
export function importSplat(files: readonly SourceFile[], options: BenchmarkImportOptions, readers: YamlReaders): BenchmarkImport {
  const leftovers = new LeftoverTally();
  const layouts: ImportedStudy['layouts'] = [];
  const sorted = sortRunFiles(files, layouts, leftovers);
  if (!sorted.ok) return sorted;
  const run = sorted.value;

  const config = run.config === undefined ? { ok: true as const, value: {} } : readConfig(run.config, leftovers, readers);
  if (!config.ok) return config;
  const levels = run.csv === undefined ? { ok: true as const, value: new Map<number, CsvRow>() } : readResults(run.csv);
  if (!levels.ok) return levels;
  const parsed = parseJsonDocument(run.log);
  if (!parsed.ok) return parsed;
  // Asked only for files that read, so a lead does not name models for a broken file.
  const names = modelNames(run, config.value, options, hasRounds(parsed.value));
  if (!names.ok) return names;
  const { player, judge } = names.value;
  const games = readLog(run.log.name, parsed.value, { player, judge, maxRounds: config.value.maxRounds }, leftovers);
  if (!games.ok) return games;
  const { puzzles, sessions } = games.value;

  for (const puzzle of puzzles) {
    const level = levels.value.get(Number(puzzle.id.slice('puzzle_'.length)))?.level;
    if (level !== undefined) puzzle.difficulty = level;
  }
  if (run.csv !== undefined)
    layouts.push({
      file: run.csv.name,
      layout: `${SPLAT_LAYOUTS.csv}: level as each puzzle's difficulty; ${checkResults(run.csv.name, levels.value, games.value, leftovers)}`,
    });

  // Never the judge's name: the study's id and name travel in every annotator's blind pack.
  const name = `SPLAT (player ${player})`;
  const judgePrompt = run.config === undefined ? undefined : judgePromptOf(run.config.name, config.value, leftovers);
  const { judgeTimes } = config.value;
  const judgeSamples: JudgeSamples[] =
    run.config !== undefined && judgeTimes !== undefined ? [{ judge, samples: judgeTimes, source: `${run.config.name}: game.judge_times` }] : [];
  return {
    ok: true,
    value: importedStudy({
      layouts,
      name,
      idSeed: files.map((file) => file.text).join('\u0000'),
      scheme: SCHEME,
      judgePrompts: judgePrompt !== undefined ? [judgePrompt] : [],
      judgeSamples,
      puzzles,
      sessions,
      leftovers,
    }),
  };
}

/** Which file is the log, the results and the settings; a puzzle sheet given besides is listed, not joined. */
function sortRunFiles(files: readonly SourceFile[], layouts: ImportedStudy['layouts'], leftovers: LeftoverTally): ParseResult<RunFiles> {
  const errors: FormatError[] = [];
  const found: Partial<RunFiles> = {};
  const take = (kind: keyof RunFiles, file: SourceFile) => {
    const earlier = found[kind];
    if (earlier !== undefined)
      errors.push({ file: file.name, path: '', message: `a second ${SPLAT_LAYOUTS[kind]} besides ${earlier.name}; import one run at a time` });
    else found[kind] = file;
  };
  for (const file of files) {
    if (file.binaryKind === EXCEL_WORKBOOK) {
      // log.json numbers puzzles by their row in the run's data_path, which may be another sheet.
      layouts.push({ file: file.name, layout: 'Excel workbook (not imported: the log holds its own puzzles; import the sheet on its own for a puzzle list)' });
      leftovers.add(file.name, 'records: a workbook given with the log (its rows are not joined to the log by position)', file.name);
      continue;
    }
    const fileError = checkSourceFile(file);
    if (fileError !== undefined) errors.push(fileError);
    else if (looksLikeSplatLog(file)) take('log', file);
    else if (CSV_HINT.test(file.text)) take('csv', file);
    else if (/\.ya?ml$/i.test(file.name)) take('config', file);
    else
      errors.push({ file: file.name, path: '', message: 'not part of a SPLAT run; expected its log.json, log.csv (puzzle id,level,hit,round) or config.yaml' });
  }
  if (errors.length > 0) return { ok: false, errors };
  const { log, csv, config } = found;
  if (log === undefined)
    return {
      ok: false,
      errors: [
        {
          file: files.map((file) => file.name).join(', '),
          path: '',
          message: "a SPLAT run's log.csv and config.yaml import with its log.json; give the log.json too",
        },
      ],
    };
  layouts.push({ file: log.name, layout: SPLAT_LAYOUTS.log });
  if (config !== undefined)
    layouts.push({
      file: config.name,
      layout: `${SPLAT_LAYOUTS.config}: model.player, model.judge, game.max_round, game.judge_times, and the judge's prompt as a prompt version`,
    });
  return { ok: true, value: { log, ...(csv !== undefined ? { csv } : {}), ...(config !== undefined ? { config } : {}) } };
}

/** The model names and round limit of config.yaml; every other setting is listed as not imported. */
function readConfig(file: SourceFile, leftovers: LeftoverTally, readers: YamlReaders): ParseResult<Config> {
  const fail = (path: string, message: string, line?: number): ParseResult<Config> => ({
    ok: false,
    errors: [{ file: file.name, ...(line !== undefined ? { line } : {}), path, message }],
  });
  const yaml = readYamlSettings(file, readers);
  if (!yaml.ok) return yaml;
  const settings = yaml.value;
  if (!isRecord(settings)) return fail('', "expected SPLAT's settings (game, log, model, path, prompt)");
  const config: Config = {};
  const model = settings.model;
  for (const role of ['player', 'judge'] as const) {
    const name: unknown = isRecord(model) ? model[role] : undefined;
    if (name === undefined || name === null) continue;
    const problem = typeof name === 'string' ? idProblem('model', name) : 'expected a model name as text';
    if (problem !== undefined) return fail(`model.${role}`, problem);
    config[role] = name as string;
  }
  const game = settings.game;
  const maxRound: unknown = isRecord(game) ? game.max_round : undefined;
  if (maxRound !== undefined && maxRound !== null) {
    if (typeof maxRound !== 'number' || !Number.isSafeInteger(maxRound) || maxRound < 1)
      return fail('game.max_round', `expected the round limit as a whole number from 1, got ${JSON.stringify(maxRound)}`);
    config.maxRounds = maxRound;
  }
  const judgeTimes: unknown = isRecord(game) ? game.judge_times : undefined;
  if (judgeTimes !== undefined && judgeTimes !== null) {
    if (typeof judgeTimes !== 'number' || !Number.isSafeInteger(judgeTimes) || judgeTimes < 1)
      return fail('game.judge_times', `expected how many times the judge is asked as a whole number from 1, got ${JSON.stringify(judgeTimes)}`);
    config.judgeTimes = judgeTimes;
  }
  const prompts = settings.prompt;
  const judgePrompt: unknown = isRecord(prompts) ? prompts.prompt_judge_init : undefined;
  const playerPrompt: unknown = isRecord(prompts) ? prompts.prompt_player_init : undefined;
  if (typeof judgePrompt === 'string' && judgePrompt.trim() !== '') config.judgePrompt = judgePrompt;
  if (typeof playerPrompt === 'string' && playerPrompt.trim() !== '') config.playerPrompt = playerPrompt;
  const read = (path: string) =>
    CONFIG_IMPORTED.has(path) || (path === JUDGE_PROMPT && config.judgePrompt !== undefined) || (path === PLAYER_PROMPT && config.playerPrompt !== undefined);
  for (const [path, value] of settingLeaves(settings, '')) if (!read(path)) leftovers.add(file.name, `setting ${path}`, value);
  return { ok: true, value: config };
}

/**
 * SPLAT's judge as one of our prompt versions. game() sends the judge a conversation: its rules
 * (prompt_judge_init), the puzzle message, its own reply, the player's "I am ready…", its telling
 * of the story, then each player message on its own. Our runner sends one message, so the rules,
 * the puzzle message and the turn are joined, and the note says what is not the same. The player's
 * prompt has no place in a judge's text: the note keeps it for the lead to read. A judge prompt
 * whose own text reads as one of our placeholders stays listed as not imported, with why.
 */
function judgePromptOf(file: string, config: Config, leftovers: LeftoverTally): JudgePrompt | undefined {
  const rules = config.judgePrompt;
  if (rules === undefined) return undefined;
  const question = `${rules}\n\n${PUZZLE_MESSAGE}\n\n{{question}}`;
  const final = `${rules}\n\n${PUZZLE_MESSAGE}\n\n{{finalAnswer}}`;
  const problem = templateProblem(question);
  if (problem !== undefined) {
    leftovers.add(file, `setting ${JUDGE_PROMPT} (not a prompt version: its text holds ${problem.split(';')[0] ?? problem})`, rules);
    if (config.playerPrompt !== undefined) leftovers.add(file, `setting ${PLAYER_PROMPT}`, config.playerPrompt);
    return undefined;
  }
  const notes = [
    "SPLAT sends its judge a conversation: these rules, the puzzle message, the judge's own reply, the player's \"I am ready. Please show me the story.\", the judge's telling of the story, and then each player message on its own. Here the rules, the puzzle message and the turn are one message, and the judge's two replies before the first question are not sent.",
    'SPLAT\'s judge answers every player message the same way and a final answer is matched when the reply says "Congratulations"; here a question turn and a final answer each get this text.',
  ];
  if (config.judgeTimes !== undefined && config.judgeTimes > 1)
    notes.push(`SPLAT asked the judge ${config.judgeTimes} times a round and kept the majority (game.judge_times); a run here asks once.`);
  if (config.playerPrompt !== undefined) notes.push(`The player was told (${PLAYER_PROMPT}): ${config.playerPrompt}`);
  return { name: `SPLAT judge (${baseFileName(file)})`, source: `${file}: ${JUDGE_PROMPT}`, question, final, note: notes.join('\n\n') };
}

/** A path's last part: `run/config.yaml` -> `config.yaml`. */
function baseFileName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

function settingLeaves(value: Record<string, unknown>, prefix: string): Array<[string, unknown]> {
  return Object.entries(value).flatMap(([key, item]) =>
    isRecord(item) && Object.keys(item).length > 0 ? settingLeaves(item, `${prefix}${key}.`) : [[`${prefix}${key}`, item] as [string, unknown]],
  );
}

/** The player and judge: config.yaml's, or the caller's where it names none; both named differently is an error. */
function modelNames(
  run: RunFiles,
  config: Config,
  options: BenchmarkImportOptions,
  judged: boolean,
): { ok: true; value: { player: string; judge: string } } | { ok: false; errors: FormatError[]; needs?: MissingName[] } {
  const errors: FormatError[] = [];
  const needs: MissingName[] = [];
  const names: Partial<Record<MissingName, string>> = {};
  for (const role of ['player', 'judge'] as const) {
    const fromConfig = config[role];
    const given = options[role];
    const problem = given === undefined ? undefined : idProblem('model', given);
    if (problem !== undefined) errors.push({ file: run.log.name, path: '', message: `the ${role} name given: ${problem}` });
    if (fromConfig !== undefined && given !== undefined && fromConfig !== given) {
      errors.push({
        file: run.config?.name ?? '',
        path: `model.${role}`,
        message: `config.yaml names the ${role} ${JSON.stringify(fromConfig)}, but the ${role} name given is ${JSON.stringify(given)}; give config.yaml's name or leave the name out`,
      });
    }
    // A log with no round holds no judge's reply: its judge needs no name.
    const name = fromConfig ?? given ?? (role === 'judge' && !judged ? NO_JUDGE : undefined);
    if (name === undefined) needs.push(role);
    else names[role] = name;
  }
  if (errors.length > 0) return { ok: false, errors };
  if (needs.length > 0) {
    const where = run.config === undefined ? 'no config.yaml was given' : `${run.config.name} has no ${needs.map((role) => `model.${role}`).join(' or ')}`;
    return {
      ok: false,
      needs,
      errors: [
        {
          file: run.log.name,
          path: '',
          message: `a SPLAT log does not name its models and ${where}: the ${needs.join(' and ')} name${needs.length === 1 ? ' is' : 's are'} needed`,
        },
      ],
    };
  }
  return { ok: true, value: { player: names.player ?? '', judge: names.judge ?? '' } };
}

/** Whether any game of the log has a round, so a judge replied; a log that is no SPLAT log counts as judged (its errors come later). */
function hasRounds(doc: unknown): boolean {
  if (!isRecord(doc)) return true;
  return Object.values(doc).some(
    (replays) => !isRecord(replays) || Object.values(replays).some((game) => !isRecord(game) || Object.keys(game).some((key) => ROUND_KEY.test(key))),
  );
}

/** log.csv by puzzle index (the log's `puzzle_<i>`), never by row position. */
function readResults(file: SourceFile): ParseResult<Map<number, CsvRow>> {
  const fileError = checkSourceFile(file);
  if (fileError !== undefined) return { ok: false, errors: [fileError] };
  const table = readCsv(file.text);
  if (!table.ok) return { ok: false, errors: [{ file: file.name, line: table.line, path: '', message: table.message }] };
  const errors: FormatError[] = [];
  const rows = new Map<number, CsvRow>();
  const [header, ...records] = table.rows;
  if (header?.join(',') !== CSV_HEADER.join(','))
    return { ok: false, errors: [{ file: file.name, line: 1, path: '', message: `expected the header ${CSV_HEADER.join(',')}` }] };
  records.forEach((record, index) => {
    const line = table.lineOfRow[index + 1] ?? 0;
    const fail = (message: string) => errors.push({ file: file.name, line, path: '', message });
    const [id = '', level = '', hit = '', round = ''] = record;
    if (record.length !== CSV_HEADER.length) return fail(`expected ${CSV_HEADER.length} fields (${CSV_HEADER.join(', ')}), got ${record.length}`);
    if (!GAME_KEY.test(id)) return fail(`expected the puzzle id as a whole number (the log's puzzle_<id>), got ${JSON.stringify(id)}`);
    const n = Number(level);
    if (!/^\d+$/.test(level) || n < MIN_DIFFICULTY || n > MAX_DIFFICULTY)
      return fail(`expected the level from ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}, got ${JSON.stringify(level)}`);
    const earlier = rows.get(Number(id));
    if (earlier !== undefined) return fail(`puzzle id ${id} again (first on line ${earlier.line})`);
    rows.set(Number(id), { line, level: n, hit, round });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: rows };
}

interface Models {
  player: string;
  judge: string;
  maxRounds: number | undefined;
}

interface LogContent {
  puzzles: BundlePuzzle[];
  sessions: BundleSession[];
}

function readLog(file: string, doc: unknown, models: Models, leftovers: LeftoverTally): ParseResult<LogContent> {
  const errors: FormatError[] = [];
  const fail = (path: readonly string[], message: string): undefined => {
    errors.push({ file, path: jsonPath(path), message });
    return undefined;
  };
  if (!isRecord(doc))
    return { ok: false, errors: [{ file, path: '', message: 'expected SPLAT\'s log: {"puzzle_<i>": {"<replay>": {"Puzzle", "Question", "Round <k>"}}}' }] };
  const puzzles: BundlePuzzle[] = [];
  const sessions: BundleSession[] = [];
  for (const [puzzleKey, replays] of Object.entries(doc)) {
    if (!PUZZLE_KEY.test(puzzleKey)) {
      fail([puzzleKey], "expected puzzle_<i> here, as SPLAT names each puzzle by its row in the run's sheet");
      continue;
    }
    if (!isRecord(replays) || Object.keys(replays).length === 0) {
      fail([puzzleKey], 'expected the puzzle\'s games, {"0": {...}, ...}');
      continue;
    }
    let puzzle: BundlePuzzle | undefined;
    let prompt: string | undefined;
    for (const [replay, game] of Object.entries(replays)) {
      const path = [puzzleKey, replay];
      if (!GAME_KEY.test(replay)) {
        fail(path, 'expected the replay number (0, 1, …) here');
        continue;
      }
      if (!isRecord(game)) {
        fail(path, 'expected a game: {"Puzzle", "Question", "Round 0", …}');
        continue;
      }
      if (typeof game.Puzzle !== 'string') {
        fail([...path, 'Puzzle'], "expected the judge's puzzle prompt as text");
        continue;
      }
      if (prompt === undefined) {
        prompt = game.Puzzle;
        puzzle = puzzleOfPrompt(puzzleKey, game.Puzzle, (message) => fail([...path, 'Puzzle'], message));
      } else if (game.Puzzle !== prompt) {
        fail([...path, 'Puzzle'], `another puzzle than in the first replay of ${puzzleKey}; SPLAT replays one sheet row`);
        continue;
      }
      const session = readGame(file, path, game, models, leftovers, fail);
      if (session !== undefined) sessions.push(session);
    }
    if (puzzle !== undefined) puzzles.push(puzzle);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { puzzles, sessions } };
}

/** The puzzle as the sheet row held it, from the prompt game() wrote; newlines in the story and answer had become spaces. */
function puzzleOfPrompt(id: string, prompt: string, fail: (message: string) => undefined): BundlePuzzle | undefined {
  const match = PUZZLE_PROMPT.exec(prompt);
  if (match === null) return fail(`expected SPLAT's judge prompt, ${PROMPT_SHAPE}`);
  const [, title = '', story = '', answer = ''] = match;
  if (story.trim() === '' || answer.trim() === '') return fail('the prompt holds no story or no answer');
  return { id, ...(title.trim() !== '' ? { title } : {}), story, reference: answer, source: 'SPLAT' };
}

function readGame(
  file: string,
  path: readonly string[],
  game: Record<string, unknown>,
  models: Models,
  leftovers: LeftoverTally,
  fail: (path: readonly string[], message: string) => undefined,
): BundleSession | undefined {
  const sessionId = `${path[0] ?? ''}/${path[1] ?? ''}`;
  const rounds: Array<[number, unknown]> = [];
  for (const [key, value] of Object.entries(game)) {
    const round = ROUND_KEY.exec(key)?.[1];
    if (round !== undefined) rounds.push([Number(round), value]);
    else if (key === 'Question')
      leftovers.add(file, 'field Question (the judge\'s reply to "I am ready. Please show me the story.", before the first round)', value);
    else if (key !== 'Puzzle') leftovers.add(file, `field puzzle_<i>.<replay>.${key}`, value);
  }
  rounds.sort((a, b) => a[0] - b[0]);
  const turns: BundleTurn[] = [];
  for (const [index, [k, round]] of rounds.entries()) {
    const roundPath = [...path, `Round ${k}`];
    if (k !== index) return fail(roundPath, `expected Round ${index} here: SPLAT numbers the rounds of a game from 0 without gaps`);
    if (models.maxRounds !== undefined && k >= models.maxRounds)
      return fail(roundPath, `a round past config.yaml's game.max_round ${models.maxRounds}; is config.yaml from this run?`);
    if (turns.at(-1)?.type === 'final') return fail(roundPath, 'a round after the judge\'s "congratulations", which ends a SPLAT game');
    if (!isRecord(round)) return fail(roundPath, 'expected {"Player": …, "Judge": …}');
    if (typeof round.Player !== 'string') return fail([...roundPath, 'Player'], "expected the player's message as text");
    if (typeof round.Judge !== 'string') return fail([...roundPath, 'Judge'], "expected the judge's reply as text");
    leftovers.addUnknownFields(file, 'puzzle_<i>.<replay>.Round <k>.', round, ROUND_FIELDS);
    turns.push(turnOfRound(`${sessionId}/Round ${k}`, round.Player, round.Judge, models.judge));
  }
  return {
    id: sessionId,
    puzzleId: path[0] ?? '',
    player: models.player,
    judge: models.judge,
    ...(models.maxRounds !== undefined ? { maxRounds: models.maxRounds } : {}),
    turns,
  };
}

/**
 * SPLAT ends a game when the stored reply contains "congratulations" (with judge_times > 1 it can
 * be a whole sentence), which is the player's matched final answer; any other round is a question.
 */
function turnOfRound(id: string, player: string, judgeReply: string, judge: string): BundleTurn {
  const final = judgeReply.toLowerCase().includes('congratulations');
  const label = final ? ('matched' as const) : readJudgeReply(judgeReply, 'answer', SCHEME);
  return { id, type: final ? 'final' : 'question', text: player, judgements: { [judge]: label }, judgeReplies: { [judge]: judgeReply } };
}

/**
 * log.csv's hit and round of each puzzle, recomputed from the log as main() does (the best
 * replay: solved first, then fewest rounds); a difference is listed, not an error.
 */
function checkResults(file: string, rows: ReadonlyMap<number, CsvRow>, log: LogContent, leftovers: LeftoverTally): string {
  const byPuzzle = new Map<string, BundleSession[]>();
  for (const session of log.sessions) byPuzzle.set(session.puzzleId, [...(byPuzzle.get(session.puzzleId) ?? []), session]);
  let agree = 0;
  for (const [id, row] of rows) {
    const sessions = byPuzzle.get(`puzzle_${id}`);
    if (sessions === undefined) {
      leftovers.add(file, 'records: rows for puzzles not in log.json', `puzzle id ${id} (line ${row.line})`);
      continue;
    }
    let hit = 0;
    let round = 100;
    for (const session of sessions) {
      const solved = session.turns.at(-1)?.type === 'final' ? 1 : 0;
      if (solved >= hit) {
        hit = solved;
        round = Math.min(round, session.turns.length);
      }
    }
    if (row.hit === String(hit) && row.round === String(round)) agree++;
    else
      leftovers.add(
        file,
        "hit and round that differ from the games in log.json (the log's games are imported)",
        `puzzle id ${id} (line ${row.line}): hit ${row.hit}, round ${row.round}; the log gives hit ${hit}, round ${round}`,
      );
  }
  for (const puzzle of log.puzzles)
    if (!rows.has(Number(puzzle.id.slice('puzzle_'.length)))) leftovers.add(file, 'puzzles of log.json with no row (no difficulty)', puzzle.id);
  return `hit and round agree with log.json for ${agree.toLocaleString('en')} of ${rows.size.toLocaleString('en')} puzzles`;
}

/** What a run's log.csv or config.yaml holds, in a line, for `validate`; undefined when the file is neither. */
export function describeSplatCompanion(file: SourceFile, readers: YamlReaders): string | undefined {
  if (CSV_HINT.test(file.text)) {
    const levels = readResults(file);
    if (!levels.ok) return undefined;
    const solved = [...levels.value.values()].filter((row) => row.hit === '1').length;
    return `${SPLAT_LAYOUTS.csv}: ${levels.value.size.toLocaleString('en')} puzzles (${solved.toLocaleString('en')} solved); import it with the run's log.json`;
  }
  if (!/\.ya?ml$/i.test(file.name)) return undefined;
  const config = readConfig(file, new LeftoverTally(), readers);
  if (!config.ok) return undefined;
  const { player, judge, maxRounds } = config.value;
  if (player === undefined && judge === undefined && maxRounds === undefined) return undefined;
  const named = (value: string | number | undefined) => (value === undefined ? 'not named' : String(value));
  return `${SPLAT_LAYOUTS.config}: player ${named(player)}, judge ${named(judge)}, max_round ${named(maxRounds)}; import it with the run's log.json`;
}
