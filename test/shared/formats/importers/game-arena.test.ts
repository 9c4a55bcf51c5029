// GameArena's users.db imports as it is (issue 14): a database written the way the backend writes
// it becomes one study of its Akinator games, the model as the player and each person's answers
// as a judge's labels with the answers as written, and everything else is listed as not imported.
// A database over the size limit is refused by its size before SQLite opens it. The real secret objects are read from ../shared/real-data/ when present.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSqlJsInNode } from '../../../../cli/support/sql-js';
import { SQLITE_DATABASE } from '../../../../shared/formats/binary-kind';
import { benchmarkOf, importBenchmarkFiles } from '../../../../shared/formats/importers/benchmark-import';
import { GAME_ARENA_WORD_TEST, importGameArena } from '../../../../shared/formats/importers/game-arena';
import { serializeBundleDocument, type ImportedStudy } from '../../../../shared/formats/importers/imported-study';
import { INPUT_LIMITS, type SourceFile } from '../../../../shared/formats/limits';
import type { LoadSqlJs } from '../../../../shared/formats/importers/file-readers';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { AkinatorPlay, FIRST_LINE, gameArenaDatabase, SESSIONS } from './game-arena-run';
import { FILE_READERS } from '../../../../cli/support/file-readers';

const DB = 'users.db';
const asFile = (bytes: Uint8Array, name = DB): SourceFile => ({ name, text: '', size: bytes.length, binaryKind: SQLITE_DATABASE, bytes });

async function imported(): Promise<ImportedStudy> {
  const result = await importGameArena([asFile(await gameArenaDatabase())], loadSqlJsInNode);
  if (!result.ok) throw new Error(`expected the import to succeed: ${JSON.stringify(result.errors.slice(0, 5))}`);
  return result.value;
}

describe("GameArena's users.db", async () => {
  const bytes = await gameArenaDatabase();
  const study = await imported();
  const { bundle } = study;
  const session = (id: string) => bundle.sessions.find((s) => s.id === id);
  const left = (what: string) => study.leftovers.find((l) => l.what === what);

  it('the writer re-implementation stores the history as json.dumps writes it', async () => {
    const SQL = await loadSqlJsInNode();
    const db = new SQL.Database(bytes);
    const [history] = db.exec(`SELECT history FROM game_sessions WHERE session_id = '${SESSIONS.won}'`)[0]?.values[0] ?? [];
    db.close();
    expect(String(history).startsWith(`[["user", "${FIRST_LINE}"], ["assistant", "Question 1: Is it used in a caf\\u00e9 kitchen?"], ["user", "Yes"]`)).toBe(
      true,
    );
  });

  it('is claimed by the one entry from the file kind, and read with the loader given', async () => {
    expect(benchmarkOf([asFile(bytes)])).toMatchObject({ system: 'GameArena', models: 'in-files' });
    const viaEntry = await importBenchmarkFiles([asFile(bytes)], {}, FILE_READERS);
    expect(viaEntry?.ok && viaEntry.value.bundle.sessions.length).toBe(3);
    const noLoader = await importBenchmarkFiles([asFile(bytes)], {}, { ...FILE_READERS, loadSqlJs: undefined });
    expect(!noLoader?.ok && noLoader?.errors[0]?.message).toBe('this build cannot read SQLite databases');
  });

  it('gives one puzzle per secret object with a stand-in story, and one session per Akinator game', () => {
    expect(bundle.name).toBe('GameArena Akinator');
    expect(bundle.puzzles.map((p) => [p.id, p.reference])).toEqual([
      ['Refrigerator', 'Refrigerator'],
      ['Penguin', 'Penguin'],
      ['Violin', 'Violin'],
    ]);
    expect(left(`no story in the database: every secret object has the stand-in story ${JSON.stringify(bundle.puzzles[0]?.story)}`)).toMatchObject({
      file: DB,
      count: 3,
    });
    expect(bundle.sessions.map((s) => [s.id, s.puzzleId, s.player, s.judge, s.maxRounds, s.turns.length])).toEqual([
      [SESSIONS.won, 'Refrigerator', 'gpt-4o-2024-11-20', 'human:Zoë', 20, 6],
      [SESSIONS.lost, 'Penguin', 'gemini-1.5-pro', 'human:kai_42', 16, 16],
      [SESSIONS.unfinished, 'Violin', 'claude-3-5-sonnet-20241022', 'human:anonymous', 18, 2],
    ]);
  });

  it("reads the answers as labels (Probably as yes or no, Don't Know as irrelevant) and keeps them as written; guesses are judged by the word test", () => {
    const judge = 'human:Zoë';
    expect(session(SESSIONS.won)?.turns).toEqual([
      {
        id: `${SESSIONS.won}/1`,
        type: 'question',
        text: 'Question 1: Is it used in a café kitchen?',
        judgements: { [judge]: 'yes' },
        judgeReplies: { [judge]: 'Yes' },
      },
      {
        id: `${SESSIONS.won}/2`,
        type: 'question',
        text: 'Question 2: Is it electric?',
        judgements: { [judge]: 'yes' },
        judgeReplies: { [judge]: 'probably yes' },
      },
      {
        id: `${SESSIONS.won}/3`,
        type: 'question',
        text: 'Question 3: Is it bigger than a microwave?',
        judgements: { [judge]: 'irrelevant' },
        judgeReplies: { [judge]: "Don't Know" },
      },
      {
        id: `${SESSIONS.won}/4`,
        type: 'question',
        text: 'Question 4: Does it keep things cold?',
        judgements: { [judge]: 'no' },
        judgeReplies: { [judge]: 'Probably No' },
      },
      {
        id: `${SESSIONS.won}/5`,
        type: 'final',
        text: 'This is a guess: is it a freezer?',
        judgements: { [GAME_ARENA_WORD_TEST]: 'unmatched', [judge]: 'unmatched' },
        judgeReplies: { [judge]: 'No' },
      },
      { id: `${SESSIONS.won}/6`, type: 'final', text: 'This is a guess: is it a refrigerator?', judgements: { [GAME_ARENA_WORD_TEST]: 'matched' } },
    ]);
    expect(left('hedged answers (Probably Yes or No, read as yes or no; the answer as written is kept)')).toMatchObject({
      count: 2,
      examples: [`${SESSIONS.won}/2: probably yes`, `${SESSIONS.won}/4: Probably No`],
    });
  });

  it('reads a Gemini game by its roles, and leaves the last question of a game lost at the round limit without a label', () => {
    const turns = session(SESSIONS.lost)?.turns ?? [];
    expect(turns.filter((t) => t.type === 'final').map((t) => [t.text, t.judgements])).toEqual([
      ['This is a guess: is it an eagle?', { [GAME_ARENA_WORD_TEST]: 'unmatched', 'human:kai_42': 'unmatched' }],
    ]);
    expect(turns[0]).toEqual({
      id: `${SESSIONS.lost}/1`,
      type: 'question',
      text: 'Question 1: Is it alive?',
      judgements: { 'human:kai_42': 'yes' },
      judgeReplies: { 'human:kai_42': 'Yes' },
    });
    // The 16th message has no header (the last round), and the answer sent after it was dropped.
    expect(turns[15]).toEqual({ id: `${SESSIONS.lost}/16`, type: 'question', text: 'Is it animal number 16?', judgements: {} });
    expect(session(SESSIONS.unfinished)?.turns.map((t) => t.judgements)).toEqual([{ 'human:anonymous': 'yes' }, {}]);
    expect(left('labels: a question with no answer (the game ended at its round limit, which drops the last answer, or had not ended)')).toMatchObject({
      count: 2,
      examples: [`${SESSIONS.lost}/16`, `${SESSIONS.unfinished}/2`],
    });
  });

  it('lists the other games, the other tables and the columns not imported', () => {
    expect(left('records: game_sessions rows of other games')).toMatchObject({ file: DB, count: 1, examples: [`Taboo ${SESSIONS.taboo}`] });
    expect(left('records: table user_stars')?.count).toBe(2);
    expect(left('records: table npc_sessions')?.count).toBe(1);
    expect(left("records: the person's opening line (history[0], fixed by the game)")?.count).toBe(3);
    expect(left('column game_sessions.game_status')).toMatchObject({ count: 2, examples: ['PLAYER_WIN', 'PLAYER_LOSE'] });
    expect(left('column game_sessions.system_prompt')?.count).toBe(3);
    expect(left('column game_sessions.total_game_time')?.count).toBe(2);
    for (const column of ['id', 'user_id', 'state', 'share', 'timestamp', 'round', 'game_over']) expect(left(`column game_sessions.${column}`)?.count).toBe(3);
    expect(left('column game_sessions.game_stat_change')).toBeUndefined();
  });

  it('writes a bundle our reader takes', () => {
    const parsed = parseTranscriptBundle({ name: 'arena.json', text: serializeBundleDocument(bundle) });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
    expect(parsed.value.study.counts).toMatchObject({ puzzles: 3, sessions: 3, turns: 24, questions: 21, finals: 3 });
  });

  it('refuses a database without game_sessions, naming its tables', async () => {
    const SQL = await loadSqlJsInNode();
    const db = new SQL.Database();
    db.exec('CREATE TABLE notes (id INTEGER); CREATE TABLE users (id INTEGER);');
    const other = await importGameArena([asFile(db.export(), 'other.db')], loadSqlJsInNode);
    db.close();
    expect(other.ok).toBe(false);
    if (!other.ok)
      expect(other.errors[0]).toMatchObject({
        file: 'other.db',
        message: "an SQLite database without a game_sessions table (its tables: notes, users); expected GameArena's users.db",
      });
  });

  it('refuses a database over the size limit with its size and the limit, before SQLite is handed its bytes', async () => {
    const size = INPUT_LIMITS.maxSqliteBytes + 1024 * 1024;
    const big = { ...asFile(bytes), size };
    let opened = 0;
    const counting: LoadSqlJs = async () => {
      const SQL = await loadSqlJsInNode();
      return {
        Database: class extends SQL.Database {
          constructor(data: Uint8Array | undefined) {
            super(data);
            opened++;
          }
        },
      };
    };
    expect(await importGameArena([big], counting)).toEqual({
      ok: false,
      errors: [{ file: DB, path: '', message: `the database is 65 MB; the studio reads SQLite databases of at most 64 MB` }],
    });
    expect(opened).toBe(0);
    expect((await importGameArena([asFile(bytes)], counting)).ok).toBe(true);
    expect(opened).toBe(1);
  });
});

const REAL_SECRETS = fileURLToPath(new URL('../../../../../shared/real-data/ai-space-escape-engine/src/games/akinator/akinator.json', import.meta.url));

describe("games over GameArena's real secret objects (no database is published)", () => {
  const present = existsSync(REAL_SECRETS);
  if (!present) console.log(`skipped: ${REAL_SECRETS} is absent (read from ../shared/real-data/, not kept in the repository)`);
  it.skipIf(!present)('one game per secret object of akinator.json, won by a guess naming it, imports with a puzzle per object', async () => {
    const secrets = Object.keys(JSON.parse(readFileSync(REAL_SECRETS, 'utf8')) as Record<string, string>);
    const plays = secrets.map((secret, i) =>
      new AkinatorPlay(
        `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        `player${i % 7}`,
        i,
        (i % 3) + 1,
        'gpt-4o-2024-11-20',
        ['user', 'assistant'],
        secret,
        'Is it alive?',
      ).answer('No', `This is a guess: is it a ${secret.toLowerCase()}?`),
    );
    expect(plays.every((play) => play.gameStatus === 'PLAYER_WIN')).toBe(true);
    const result = await importGameArena([asFile(await gameArenaDatabase(plays))], loadSqlJsInNode);
    if (!result.ok) throw new Error(JSON.stringify(result.errors.slice(0, 3)));
    const { bundle } = result.value;
    expect(secrets).toHaveLength(277);
    expect(bundle.puzzles.map((p) => p.reference)).toEqual(secrets);
    expect(bundle.sessions.every((s) => s.turns[1]?.judgements[GAME_ARENA_WORD_TEST] === 'matched')).toBe(true);
    expect(new Set(bundle.sessions.map((s) => s.judge)).size).toBe(7);
  });
});
