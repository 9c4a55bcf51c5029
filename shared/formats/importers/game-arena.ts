// Imports GameArena's Akinator games (lmgame-org/ai-space-escape-engine, SOURCES §4) from the
// backend's SQLite `users.db`, table `game_sessions`: each secret object a puzzle, each game a
// session where the model asks and a person answers, each question with its answer a turn.

import type { AnswerLabel, JudgeLabel, LabelScheme } from '../../domain/model';
import { idProblem } from '../../domain/ids';
import { SQLITE_DATABASE } from '../binary-kind';
import type { FormatError } from '../errors';
import { readJudgeReply } from '../judge-reply';
import { byteWords, INPUT_LIMITS, type SourceFile } from '../limits';
import type { LoadSqlJs, SqlJs, SqlValue } from './file-readers';
import { LeftoverTally, type BenchmarkImport, type BundlePuzzle, type BundleSession, type BundleTurn, importedStudy } from './imported-study';

export const GAME_ARENA_LAYOUT = "GameArena's users.db (SQLite), table game_sessions";

// "Don't Know" is the person's third answer; like TSB's unknown it reads as irrelevant.
const SCHEME: LabelScheme = { answerUnknown: false };

/** The judge of every guess: the game's own test, the secret word anywhere in the guess (akinator_game.py guessed_word_correctly). */
export const GAME_ARENA_WORD_TEST = 'GameArena word test';

// The person's answers as the game offers them (akinator_game.py allowed_answers), checked
// case-insensitively and stored as sent. The "Probably" ones are hedged: read as yes or no, the
// raw answer kept beside the label.
const ANSWERS: ReadonlyMap<string, { label: AnswerLabel; hedged: boolean }> = new Map([
  ['yes', { label: 'yes', hedged: false }],
  ['probably yes', { label: 'yes', hedged: true }],
  ["don't know", { label: 'irrelevant', hedged: false }],
  ['probably no', { label: 'no', hedged: true }],
  ['no', { label: 'no', hedged: false }],
]);

/** Rounds per level (AkinatorGame max_round_dict). */
const MAX_ROUNDS: ReadonlyMap<number, number> = new Map([
  [1, 20],
  [2, 18],
  [3, 16],
]);

// Read into the bundle; every other column is listed as not imported.
const IMPORTED_COLUMNS = new Set(['session_id', 'username', 'game_name', 'target_phrase', 'model', 'history', 'level']);

// A secret object has no story; the bundle needs one, so each gets this sentence (and the summary says so).
const STAND_IN_STORY = 'Akinator: a person has a secret object in mind; the model asks yes-or-no questions and guesses it.';

/** Whether a file is an SQLite database: only GameArena's importer reads one. */
export function looksLikeGameArenaDatabase(file: SourceFile): boolean {
  return file.binaryKind === SQLITE_DATABASE && file.bytes !== undefined;
}

type Row = Record<string, SqlValue>;

/** Imports the Akinator games of one or more users.db files as one study; anything else given with them is an error. */
export async function importGameArena(files: readonly SourceFile[], loadSqlJs: LoadSqlJs | undefined): Promise<BenchmarkImport> {
  const names = files.map((file) => file.name).join(', ');
  const others = files.filter((file) => !looksLikeGameArenaDatabase(file));
  if (others.length > 0)
    return { ok: false, errors: others.map((file) => ({ file: file.name, path: '', message: "not GameArena's users.db; import the database on its own" })) };
  if (loadSqlJs === undefined) return { ok: false, errors: [{ file: names, path: '', message: 'this build cannot read SQLite databases' }] };
  const oversized = files.flatMap(databaseSizeError);
  if (oversized.length > 0) return { ok: false, errors: oversized };
  let SQL: SqlJs;
  try {
    SQL = await loadSqlJs();
  } catch (error) {
    return {
      ok: false,
      errors: [{ file: names, path: '', message: `cannot start the SQLite reader: ${error instanceof Error ? error.message : String(error)}` }],
    };
  }

  const errors: FormatError[] = [];
  const leftovers = new LeftoverTally();
  const puzzles = new Map<string, BundlePuzzle>();
  const sessions: BundleSession[] = [];
  const layouts: Array<{ file: string; layout: string }> = [];
  for (const file of files) {
    let db: InstanceType<SqlJs['Database']> | undefined;
    try {
      db = new SQL.Database(file.bytes);
      const tables = rowsOf(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").map((row) =>
        String(row.name),
      );
      if (!tables.includes('game_sessions')) {
        errors.push({
          file: file.name,
          path: '',
          message: `an SQLite database without a game_sessions table (its tables: ${tables.length > 0 ? tables.join(', ') : 'none'}); expected GameArena's users.db`,
        });
        continue;
      }
      // The other tables are counted and shown by a few rows, never read whole: one may hold a blob of any size.
      for (const table of tables)
        if (table !== 'game_sessions') {
          const count = Number(rowsOf(db, `SELECT COUNT(*) AS n FROM ${sqlName(table)}`)[0]?.n ?? 0);
          const examples = rowsOf(db, `SELECT ${columnsOf(db, table).map(exampleColumn).join(', ')} FROM ${sqlName(table)} LIMIT 3`);
          leftovers.addCounted(file.name, `records: table ${table}`, count, examples);
        }
      const columns = columnsOf(db, 'game_sessions');
      const tooLarge = valueOverLimit(
        db,
        columns.filter((column) => IMPORTED_COLUMNS.has(column)),
      );
      if (tooLarge !== undefined) {
        errors.push({ file: file.name, ...tooLarge });
        continue;
      }
      const read = columns.map((column) => (IMPORTED_COLUMNS.has(column) ? sqlName(column) : exampleColumn(column))).join(', ');
      const rows = rowsOf(db, `SELECT ${read} FROM game_sessions ORDER BY id`);
      let games = 0;
      for (const row of rows) {
        const session = readRow(file.name, row, puzzles, leftovers, errors);
        if (session === undefined) continue;
        games++;
        sessions.push(session);
      }
      layouts.push({
        file: file.name,
        layout: `${GAME_ARENA_LAYOUT}: ${games.toLocaleString('en')} Akinator game${games === 1 ? '' : 's'} of ${rows.length.toLocaleString('en')} row${rows.length === 1 ? '' : 's'}`,
      });
    } catch {
      // SQLite's own words ("file is not a database", "no such column: id") are not a study lead's.
      errors.push({
        file: file.name,
        path: '',
        message: "cannot read the SQLite database: it is damaged, or its game_sessions table is not laid out as GameArena's users.db lays it out",
      });
    } finally {
      db?.close();
    }
  }
  const seen = new Set<string>();
  for (const session of sessions) {
    if (seen.has(session.id))
      errors.push({ file: names, path: `game_sessions.session_id`, message: `the game ${session.id} is in more than one database; import each game once` });
    seen.add(session.id);
  }
  if (errors.length > 0) return { ok: false, errors };

  return {
    ok: true,
    value: importedStudy({
      layouts,
      name: 'GameArena Akinator',
      idSeed: sessions.map((s) => s.id).join('\u0000'),
      scheme: SCHEME,
      puzzles: [...puzzles.values()],
      sessions,
      leftovers,
    }),
  };
}

/** A table or column name quoted for SQL. */
function sqlName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function columnsOf(db: InstanceType<SqlJs['Database']>, table: string): string[] {
  return rowsOf(db, `PRAGMA table_info(${sqlName(table)})`).map((row) => String(row.name));
}

/**
 * A database over the size limit, refused before SQLite starts: sql.js copies the whole file into
 * its own memory (which also bounds the pages it can read), so a database costs at least twice its size.
 */
function databaseSizeError(file: SourceFile): FormatError[] {
  const size = file.size ?? file.bytes?.length ?? 0;
  const limit = INPUT_LIMITS.maxSqliteBytes;
  if (size <= limit) return [];
  return [{ file: file.name, path: '', message: `the database is ${byteWords(size)}; the studio reads SQLite databases of at most ${byteWords(limit)}` }];
}

/** A column as a leftover example reads it: a blob as its size, text cut to 100 characters (the examples show 80), so no large value is read. */
function exampleColumn(column: string): string {
  const name = sqlName(column);
  return `CASE typeof(${name}) WHEN 'blob' THEN '(binary data, ' || length(${name}) || ' bytes)' WHEN 'text' THEN substr(${name}, 1, 100) ELSE ${name} END AS ${name}`;
}

/** The first value of an imported column over the limit of one value, found by SQLite before any row is read, with its place. */
function valueOverLimit(db: InstanceType<SqlJs['Database']>, columns: readonly string[]): Omit<FormatError, 'file'> | undefined {
  const limit = INPUT_LIMITS.maxSqliteValueBytes;
  for (const column of columns) {
    const bytes = `length(CAST(${sqlName(column)} AS BLOB))`;
    const over = rowsOf(db, `SELECT rowid AS at, ${bytes} AS bytes FROM game_sessions WHERE ${bytes} > ${limit} LIMIT 1`)[0];
    if (over !== undefined)
      return {
        path: `game_sessions row ${String(over.at)}.${column}`,
        message: `the value is ${byteWords(Number(over.bytes))}; the studio reads at most ${byteWords(limit)} of one value`,
      };
  }
  return undefined;
}

function rowsOf(db: InstanceType<SqlJs['Database']>, sql: string): Row[] {
  const statement = db.prepare(sql);
  const rows: Row[] = [];
  try {
    while (statement.step()) rows.push(statement.getAsObject());
  } finally {
    statement.free();
  }
  return rows;
}

function readRow(file: string, row: Row, puzzles: Map<string, BundlePuzzle>, leftovers: LeftoverTally, errors: FormatError[]): BundleSession | undefined {
  const where = `game_sessions row ${String(row.id)}`;
  const fail = (column: string, message: string): undefined => {
    errors.push({ file, path: `${where}.${column}`, message });
    return undefined;
  };
  // The table holds Taboo and Bluffing games too; their turns are not questions with answers.
  if (row.game_name !== 'Akinator') {
    leftovers.add(file, 'records: game_sessions rows of other games', `${String(row.game_name)} ${String(row.session_id)}`);
    return undefined;
  }
  for (const [column, value] of Object.entries(row))
    if (!IMPORTED_COLUMNS.has(column) && value !== null) leftovers.add(file, `column game_sessions.${column}`, value);

  const sessionId = typeof row.session_id === 'string' && row.session_id !== '' ? row.session_id : undefined;
  if (sessionId === undefined) return fail('session_id', "expected the game's session id");
  const secret = typeof row.target_phrase === 'string' && row.target_phrase.trim() !== '' ? row.target_phrase : undefined;
  if (secret === undefined) return fail('target_phrase', 'expected the secret object as text');
  const player = typeof row.model === 'string' ? row.model : '';
  const playerProblem = idProblem('model', player);
  if (playerProblem !== undefined) return fail('model', `expected the model's name: ${playerProblem}`);
  // The person who answered names the judge, so the report compares each person's answers.
  const judge = `human:${typeof row.username === 'string' && row.username.trim() !== '' ? row.username : `user ${String(row.user_id)}`}`;
  const judgeProblem = idProblem('model', judge);
  if (judgeProblem !== undefined) return fail('username', judgeProblem);
  let history: unknown;
  try {
    history = typeof row.history === 'string' ? (JSON.parse(row.history) as unknown) : undefined;
  } catch {
    return fail('history', 'expected the conversation as JSON');
  }
  if (
    !Array.isArray(history) ||
    !history.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && (typeof entry[1] === 'string' || entry[1] === null))
  ) {
    return fail('history', 'expected the conversation as a list of [role, text] pairs');
  }
  const messages = history as Array<[string, string | null]>;

  const puzzleId = secret.trim();
  if (!puzzles.has(puzzleId)) {
    puzzles.set(puzzleId, { id: puzzleId, title: secret, story: STAND_IN_STORY, reference: secret, source: 'GameArena' });
    leftovers.add(file, `no story in the database: every secret object has the stand-in story ${JSON.stringify(STAND_IN_STORY)}`, puzzleId);
  }
  const maxRounds = typeof row.level === 'number' ? MAX_ROUNDS.get(row.level) : undefined;
  if (maxRounds === undefined) leftovers.add(file, 'column game_sessions.level (not 1, 2 or 3: no round limit)', row.level);
  const turns = readHistory(file, sessionId, messages, secret, judge, leftovers);
  return { id: sessionId, puzzleId, player, judge, ...(maxRounds !== undefined ? { maxRounds } : {}), turns };
}

/**
 * The conversation after the person's opening line: the model's messages (the other role,
 * `assistant` or Gemini's `model`), each followed by the person's answer unless the game ended.
 */
function readHistory(
  file: string,
  sessionId: string,
  messages: ReadonlyArray<[string, string | null]>,
  secret: string,
  judge: string,
  leftovers: LeftoverTally,
): BundleTurn[] {
  const turns: BundleTurn[] = [];
  const first = messages[0];
  if (first === undefined) return turns;
  const personRole = first[0];
  leftovers.add(file, "records: the person's opening line (history[0], fixed by the game)", first[1]);
  for (let i = 1; i < messages.length; i++) {
    const [role, text] = messages[i] ?? ['', null];
    if (role === personRole) {
      leftovers.add(file, 'records: an answer with no question before it', text);
      continue;
    }
    const next = messages[i + 1];
    const answered = next !== undefined && next[0] === personRole;
    const answer = answered ? next[1] : null;
    if (answered) i++;
    if (text === null || text.trim() === '') {
      leftovers.add(file, 'records: a model message with no text (a failed generation) and its answer', answer);
      continue;
    }
    const id = `${sessionId}/${turns.length + 1}`;
    if (/this is a guess/i.test(text)) {
      turns.push(guessTurn(id, text, answer, secret, judge));
      continue;
    }
    if (answer === null) {
      leftovers.add(file, 'labels: a question with no answer (the game ended at its round limit, which drops the last answer, or had not ended)', id);
      turns.push({ id, type: 'question', text, judgements: {} });
      continue;
    }
    const known = ANSWERS.get(answer.trim().toLowerCase());
    if (known?.hedged === true)
      leftovers.add(file, 'hedged answers (Probably Yes or No, read as yes or no; the answer as written is kept)', `${id}: ${answer}`);
    const label: JudgeLabel = known?.label ?? readJudgeReply(answer, 'answer', SCHEME);
    turns.push({ id, type: 'question', text, judgements: { [judge]: label }, judgeReplies: { [judge]: answer } });
  }
  return turns;
}

/**
 * A guess, judged by the game's word test (the secret, lower-cased, found in the lower-cased
 * guess; the game uses it as a regular expression, which for a word is the same test). When the
 * guess missed, the person answered it like a question: that answer is a second verdict.
 */
function guessTurn(id: string, text: string, answer: string | null, secret: string, judge: string): BundleTurn {
  const matched = text.toLowerCase().includes(secret.toLowerCase());
  const judgements: Record<string, JudgeLabel> = { [GAME_ARENA_WORD_TEST]: matched ? 'matched' : 'unmatched' };
  if (answer === null) return { id, type: 'final', text, judgements };
  const known = ANSWERS.get(answer.trim().toLowerCase());
  judgements[judge] =
    known === undefined || known.label === 'irrelevant' ? readJudgeReply(answer, 'match', SCHEME) : known.label === 'yes' ? 'matched' : 'unmatched';
  return { id, type: 'final', text, judgements, judgeReplies: { [judge]: answer } };
}
