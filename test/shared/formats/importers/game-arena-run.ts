// Test helper: a small, faithful re-implementation of how GameArena's backend writes users.db
// (src/database.py: the tables SQLAlchemy's create_all makes; akinator_page.py and base_game.py:
// the rows, the history as json.dumps writes it, the "Question n:" headers, the round limit that
// drops the last answer), built with sql.js, and a made-up database covering a won game, a game
// lost at the round limit with Gemini's `model` role, hedged and Don't Know answers, non-ASCII
// text, an unfinished game, a Taboo row and the other tables. GameArena publishes no database.

import type { Database } from 'sql.js';
import { loadSqlJsInNode } from '../../../../cli/support/sql-js';

// The DDL SQLAlchemy emits for src/database.py on SQLite (Enum(GameState) is VARCHAR of its longest name).
const SCHEMA = `
CREATE TABLE game_sessions (
	id INTEGER NOT NULL, 
	session_id VARCHAR(36), 
	user_id INTEGER, 
	username VARCHAR, 
	game_name VARCHAR, 
	state VARCHAR(7), 
	target_phrase VARCHAR, 
	model VARCHAR, 
	share BOOLEAN, 
	history JSON, 
	timestamp DATETIME, 
	round INTEGER, 
	game_over BOOLEAN, 
	game_status VARCHAR, 
	level INTEGER, 
	system_prompt VARCHAR, 
	game_stat_change JSON, 
	total_game_time INTEGER, 
	escape_ai_room_id VARCHAR, 
	PRIMARY KEY (id)
);
CREATE INDEX ix_game_sessions_id ON game_sessions (id);
CREATE UNIQUE INDEX ix_game_sessions_session_id ON game_sessions (session_id);
CREATE INDEX ix_game_sessions_user_id ON game_sessions (user_id);
CREATE INDEX ix_game_sessions_username ON game_sessions (username);
CREATE INDEX ix_game_sessions_game_name ON game_sessions (game_name);
CREATE INDEX ix_game_sessions_escape_ai_room_id ON game_sessions (escape_ai_room_id);
CREATE TABLE user_stars (
	roblox_id INTEGER NOT NULL, 
	username VARCHAR, 
	stars INTEGER, 
	consecutive_wins INTEGER, 
	max_consecutive_wins INTEGER, 
	PRIMARY KEY (roblox_id)
);
CREATE INDEX ix_user_stars_roblox_id ON user_stars (roblox_id);
CREATE INDEX ix_user_stars_username ON user_stars (username);
CREATE TABLE npc_sessions (
	id INTEGER NOT NULL, 
	session_id VARCHAR(36), 
	username VARCHAR, 
	npc_name VARCHAR, 
	model VARCHAR, 
	history JSON, 
	system_prompt VARCHAR, 
	timestamp DATETIME, 
	PRIMARY KEY (id)
);
CREATE TABLE action_sessions (
	id INTEGER NOT NULL, 
	session_id VARCHAR(36), 
	username VARCHAR, 
	model VARCHAR, 
	history JSON, 
	system_prompt VARCHAR, 
	timestamp DATETIME, 
	PRIMARY KEY (id)
);
`;

/** json.dumps with its defaults: ", " and ": " separators, everything outside printable ASCII as \uXXXX. */
export function pythonJsonDumps(value: unknown): string {
  const ascii = (text: string) => JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (typeof value === 'string') return ascii(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${ascii(k)}: ${pythonJsonDumps(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

export const FIRST_LINE = 'I have a secret object in my mind. Now you can start asking me questions and guess it.';

const MAX_ROUNDS: Record<number, number> = { 1: 20, 2: 18, 3: 16 };

/** An Akinator game as akinator_page.py plays it: /start, then /ask_question per answer. */
export class AkinatorPlay {
  readonly history: Array<[string, string]> = [];
  round = 0;
  gameOver = false;
  gameStatus: string | null = null;
  private readonly maxRounds: number;

  constructor(
    readonly sessionId: string,
    readonly username: string,
    readonly userId: number,
    readonly level: number,
    readonly model: string,
    readonly roles: [string, string],
    readonly secret: string,
    firstQuestion: string,
  ) {
    this.maxRounds = MAX_ROUNDS[level] ?? 20;
    this.history.push([roles[0], FIRST_LINE]);
    this.llm(firstQuestion);
  }

  /** /ask_question: the person's answer, then the model's next message; at the round limit the answer is dropped and the game lost. */
  answer(userText: string, nextOutput: string): this {
    if (this.round >= this.maxRounds) {
      this.gameOver = true;
      this.gameStatus = 'PLAYER_LOSE';
      return this;
    }
    this.history.push([this.roles[0], userText]);
    this.llm(nextOutput);
    return this;
  }

  /** generation_response('question'): the "Question n:" header, except on the last round and on a guess; a guess naming the secret wins. */
  private llm(raw: string): void {
    let output = raw.trim();
    const guess = /this is a guess/.test(output.toLowerCase());
    if (this.round + 1 < this.maxRounds && !guess) {
      const header = /^question \d+:/.exec(output.toLowerCase());
      if (header) output = output.slice(header[0].length).trim();
      output = `Question ${this.round + 1}: ${output}`;
    }
    this.history.push([this.roles[1], output]);
    this.round++;
    if (guess && output.toLowerCase().includes(this.secret.toLowerCase())) {
      this.gameOver = true;
      this.gameStatus = 'PLAYER_WIN';
    }
  }
}

export const SESSIONS = {
  won: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  lost: '7a8b9c0d-1e2f-4a3b-9c4d-5e6f7a8b9c0d',
  unfinished: '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e',
  taboo: '9c0d1e2f-3a4b-4c5d-9e6f-7a8b9c0d1e2f',
} as const;

export const SYSTEM_PROMPT =
  'You are playing Akinator. Ask yes-or-no questions to find the object.\n\nAccepted Answers: Only these responses are acceptable: "Yes", "Probably Yes", "Don\'t Know", "Probably No", "No".\n\nCurrent level is 1, You can only ask 20 questions.';

/** The three Akinator games and a Taboo row of the made-up database. */
export function games(): AkinatorPlay[] {
  const won = new AkinatorPlay(SESSIONS.won, 'Zoë', 1001, 1, 'gpt-4o-2024-11-20', ['user', 'assistant'], 'Refrigerator', 'Is it used in a café kitchen?')
    .answer('Yes', 'Question 2: Is it electric?')
    .answer('probably yes', 'Is it bigger than a microwave?')
    .answer("Don't Know", 'Does it keep things cold?')
    .answer('Probably No', 'This is a guess: is it a freezer?')
    .answer('No', 'This is a guess: is it a refrigerator?');
  // Gemini's FastChat template names the model's role `model`; level 3 allows 16 questions.
  let lost = new AkinatorPlay(SESSIONS.lost, 'kai_42', 1002, 3, 'gemini-1.5-pro', ['user', 'model'], 'Penguin', 'Is it alive?');
  for (let n = 2; n <= 16; n++) lost = lost.answer(n % 2 === 0 ? 'Yes' : 'No', n === 8 ? 'This is a guess: is it an eagle?' : `Is it animal number ${n}?`);
  lost.answer('Yes', 'never asked');
  const unfinished = new AkinatorPlay(
    SESSIONS.unfinished,
    'anonymous',
    0,
    2,
    'claude-3-5-sonnet-20241022',
    ['user', 'assistant'],
    'Violin',
    'Does it make sound?',
  ).answer('YES', 'Question 2: Does it have strings?');
  return [won, lost, unfinished];
}

/** users.db with the games as the backend leaves them, `/end` having set time and room for the finished ones. */
export async function gameArenaDatabase(plays: readonly AkinatorPlay[] = games()): Promise<Uint8Array> {
  const SQL = await loadSqlJsInNode();
  const db = new SQL.Database();
  try {
    db.exec(SCHEMA);
    plays.forEach((play, i) => insertGame(db, i + 1, play));
    db.run(
      "INSERT INTO game_sessions (session_id, user_id, username, game_name, state, target_phrase, model, share, history, timestamp, round, game_over, game_status, level, system_prompt) VALUES (?, 1001, 'Zoë', 'Taboo', 'PLAYING', 'umbrella', 'gpt-4o-2024-11-20', 0, ?, '2025-01-15 10:20:00', 1, 0, NULL, 1, 'Taboo rules')",
      [
        SESSIONS.taboo,
        pythonJsonDumps([
          ['user', 'Describe it'],
          ['assistant', 'my guess of the word is: rain'],
        ]),
      ],
    );
    db.run(
      "INSERT INTO user_stars (roblox_id, username, stars, consecutive_wins, max_consecutive_wins) VALUES (1001, 'Zoë', 1, 1, 1), (1002, 'kai_42', -1, 0, 0)",
    );
    db.run(
      "INSERT INTO npc_sessions (session_id, username, npc_name, model, history, system_prompt, timestamp) VALUES ('c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f', 'kai_42', 'Cypress', 'gpt-4o-2024-11-20', '[]', 'You are Cypress.', '2025-01-15 10:00:00')",
    );
    return db.export();
  } finally {
    db.close();
  }
}

function insertGame(db: Database, id: number, play: AkinatorPlay): void {
  const ended = play.gameOver;
  db.run(
    'INSERT INTO game_sessions (id, session_id, user_id, username, game_name, state, target_phrase, model, share, history, timestamp, round, game_over, game_status, level, system_prompt, game_stat_change, total_game_time, escape_ai_room_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      id,
      play.sessionId,
      play.userId,
      play.username,
      'Akinator',
      'PLAYING',
      play.secret,
      play.model,
      0,
      pythonJsonDumps(play.history),
      `2025-01-15 10:0${id}:00`,
      play.round,
      ended ? 1 : 0,
      play.gameStatus,
      play.level,
      SYSTEM_PROMPT,
      null,
      ended ? 95 + id : null,
      ended ? `room-${id}` : null,
    ],
  );
}
