// Packs (docs/formats.md#pack): what a lead sends one annotator, as `*.pack.json` with a content checksum.
// A pack is blind (SPEC §5): records are copied field by field from an allow-list, so no judge
// label, judge reply, judge model or bundle difficulty can reach it; parsing holds every object
// of the file to the same allow-list and refuses any other member, whatever its name or place.
// Version 2 (issue 33): the scheme may carry `multipleAnswers`, so the annotator's app offers
// the keys that mark every acceptable answer; a /1 pack has no such member and reads as it stands.

import { z } from 'zod';
import type { LabelScheme, Puzzle, Session, Turn, TurnType } from '../domain/model';
import type { ErrorList } from './error-list';
import type { ParseResult } from './errors';
import { annotatorId, expected, quote, recordId, studyId } from './field-schemas';
import { openChecksummedDocument, withChecksum } from './format-header';
import { parseJsonDocument } from './json-document';
import type { SourceFile } from './limits';
import type { Upgrades } from './migrate';
import { issuesToErrors } from './zod-issues';

export const PACK_FORMAT = 'agreement-studio.pack/2';

export interface PackPuzzle {
  id: string;
  title?: string;
  story: string;
  reference: string;
  language?: string;
  genre?: string;
  keyClues: string[];
}

export interface PackSession {
  id: string;
  puzzleId: string;
  player: string;
  maxRounds?: number;
  run?: number;
}

export interface PackTurn {
  id: string;
  sessionId: string;
  /** 0-based position in the session. */
  index: number;
  type: TurnType;
  text: string;
}

/** The units to label: question turn ids (answer), final turn ids (match), puzzle ids (difficulty). */
export interface PackTasks {
  answer: string[];
  match: string[];
  difficulty: string[];
}

export interface Pack {
  format: typeof PACK_FORMAT;
  study: { id: string; name: string };
  /** The study's guidelines; empty when the study has none and the app shows its default guidelines. */
  guidelines: string;
  scheme: LabelScheme;
  annotator: { id: string; name: string };
  createdAt: string;
  /** The app and version that wrote the pack, e.g. `agreement-studio 0.1.0`. */
  app: string;
  /** Every puzzle the pack shows: those of its sessions and those to rate for difficulty. */
  puzzles: PackPuzzle[];
  sessions: PackSession[];
  /** Every turn of the pack's sessions, in session and turn order. */
  turns: PackTurn[];
  tasks: PackTasks;
  /** Hex SHA-256 of the canonical JSON (see canonical-json.ts) of every other field. */
  sha256: string;
}

/** What goes into a pack: domain records (full, with judge fields) that buildPack strips. */
export interface PackContent {
  study: { id: string; name: string };
  guidelines: string;
  scheme: LabelScheme;
  annotator: { id: string; name: string };
  /** The study's puzzles, or any superset of those the pack shows. */
  puzzles: readonly Puzzle[];
  /** The study's sessions in study order, or any superset of those holding a task unit. */
  sessions: readonly Session[];
  /** The study's turns, or any superset of the turns of those sessions. */
  turns: readonly Turn[];
  /** The units to label, each in the order it should be labelled. */
  tasks: PackTasks;
  createdAt: string;
  app: string;
}

/**
 * Shows the puzzles of the tasks and every turn of each session holding an answer or match
 * unit (the annotator answers in context, SPEC §5); nothing else. Copies the allow-listed
 * fields only, never a spread, so a judge field added to the domain cannot leak.
 * Throws a RangeError when a task names a unit the records do not hold.
 */
export function buildPack(content: PackContent): Pack {
  const { tasks } = content;
  const turnUnits = new Set([...tasks.answer, ...tasks.match]);
  const taskSessionIds = new Set<string>();
  for (const turn of content.turns) if (turnUnits.has(turn.id)) taskSessionIds.add(turn.sessionId);
  const sessions = content.sessions.filter((session) => taskSessionIds.has(session.id));
  const position = new Map(sessions.map((session, index) => [session.id, index]));
  const turns = content.turns
    .filter((turn) => position.has(turn.sessionId))
    .sort((a, b) => (position.get(a.sessionId) ?? 0) - (position.get(b.sessionId) ?? 0) || a.index - b.index);
  const shown = new Set([...sessions.map((session) => session.puzzleId), ...tasks.difficulty]);
  const puzzles = content.puzzles.filter((puzzle) => shown.has(puzzle.id));

  const turnType = new Map(turns.map((turn) => [turn.id, turn.type]));
  const puzzleIds = new Set(puzzles.map((puzzle) => puzzle.id));
  const missing =
    tasks.answer.find((id) => turnType.get(id) !== 'question') ??
    tasks.match.find((id) => turnType.get(id) !== 'final') ??
    [...shown].find((id) => !puzzleIds.has(id));
  if (missing !== undefined) throw new RangeError(`buildPack: the unit ${JSON.stringify(missing)} is assigned but not given`);

  const body: Omit<Pack, 'sha256'> = {
    ...packHeader(content),
    puzzles: puzzles.map(packPuzzle),
    sessions: sessions.map(packSession),
    turns: turns.map(packTurn),
    tasks: { answer: [...tasks.answer], match: [...tasks.match], difficulty: [...tasks.difficulty] },
  };
  return withChecksum(body);
}

type PackHeader = Pick<Pack, 'format' | 'study' | 'guidelines' | 'scheme' | 'annotator' | 'createdAt' | 'app'>;

/**
 * The pack's header, copied field by field (never spread) from what builds or parses it. The
 * study's judge split stays out: an annotator who knew which puzzles are held out for testing
 * the judge could label them apart from the rest.
 */
function packHeader(source: Omit<PackHeader, 'format'> & { scheme: { answerUnknown: boolean; multipleAnswers?: boolean | undefined } }): PackHeader {
  return {
    format: PACK_FORMAT,
    study: { id: source.study.id, name: source.study.name },
    guidelines: source.guidelines,
    scheme: packScheme(source.scheme),
    annotator: { id: source.annotator.id, name: source.annotator.name },
    createdAt: source.createdAt,
    app: source.app,
  };
}

/** A scheme as a pack carries it, field by field: what the pack writes and what opening one stores. */
export function packScheme(scheme: { answerUnknown: boolean; multipleAnswers?: boolean | undefined }): LabelScheme {
  return { answerUnknown: scheme.answerUnknown, ...(scheme.multipleAnswers !== undefined ? { multipleAnswers: scheme.multipleAnswers } : {}) };
}

/** A puzzle as a pack carries it, field by field: what the pack writes and what opening one stores. */
export function packPuzzle(puzzle: Omit<PackPuzzle, 'keyClues'> & { keyClues: readonly string[] }): PackPuzzle {
  return {
    id: puzzle.id,
    ...(puzzle.title !== undefined ? { title: puzzle.title } : {}),
    story: puzzle.story,
    reference: puzzle.reference,
    ...(puzzle.language !== undefined ? { language: puzzle.language } : {}),
    ...(puzzle.genre !== undefined ? { genre: puzzle.genre } : {}),
    keyClues: [...puzzle.keyClues],
  };
}

function packSession(session: PackSession): PackSession {
  return {
    id: session.id,
    puzzleId: session.puzzleId,
    player: session.player,
    ...(session.maxRounds !== undefined ? { maxRounds: session.maxRounds } : {}),
    ...(session.run !== undefined ? { run: session.run } : {}),
  };
}

function packTurn(turn: PackTurn): PackTurn {
  return { id: turn.id, sessionId: turn.sessionId, index: turn.index, type: turn.type, text: turn.text };
}

/** Pretty JSON with one record per line, so a pack reads and diffs well. */
export function serializePack(pack: Pack): string {
  const list = (items: readonly unknown[]) => (items.length === 0 ? '[]' : `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`);
  return [
    '{',
    `  "format": ${JSON.stringify(pack.format)},`,
    `  "study": ${JSON.stringify(pack.study)},`,
    `  "guidelines": ${JSON.stringify(pack.guidelines)},`,
    `  "scheme": ${JSON.stringify(pack.scheme)},`,
    `  "annotator": ${JSON.stringify(pack.annotator)},`,
    `  "createdAt": ${JSON.stringify(pack.createdAt)},`,
    `  "app": ${JSON.stringify(pack.app)},`,
    `  "puzzles": ${list(pack.puzzles)},`,
    `  "sessions": ${list(pack.sessions)},`,
    `  "turns": ${list(pack.turns)},`,
    `  "tasks": {`,
    `    "answer": ${JSON.stringify(pack.tasks.answer)},`,
    `    "match": ${JSON.stringify(pack.tasks.match)},`,
    `    "difficulty": ${JSON.stringify(pack.tasks.difficulty)}`,
    '  },',
    `  "sha256": ${JSON.stringify(pack.sha256)}`,
    '}',
    '',
  ].join('\n');
}

const text = z.string({ error: expected('text') });
const optionalText = text.optional();
const wholeNumber = (what: string) => z.int({ error: expected(what) }).min(0, { error: expected(what) });

/**
 * An object of a pack: exactly the members listed, no other. Anything else (a judge label under
 * any name, a turn's `meta`, a puzzle's `difficulty`) may carry what the annotator must not see.
 */
function packObject<Shape extends z.core.$ZodLooseShape>(shape: Shape, what: string) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'a pack must be blind: it holds only the members Agreement Studio writes, and this is not one of them (make packs with Agreement Studio)'
        : expected(what)(issue),
  });
}

export const packSchema = packObject(
  {
    // Checked before this schema (openChecksummedDocument); listed so they are allowed.
    format: z.unknown(),
    sha256: z.unknown(),
    study: packObject({ id: studyId, name: text }, 'an object { "id": ..., "name": ... }'),
    guidelines: text,
    scheme: packObject(
      { answerUnknown: z.boolean({ error: expected('true or false') }), multipleAnswers: z.boolean({ error: expected('true or false') }).optional() },
      'an object { "answerUnknown": ..., "multipleAnswers": ... }',
    ),
    annotator: packObject({ id: annotatorId, name: text }, 'an object { "id": ..., "name": ... }'),
    createdAt: z.iso.datetime({ offset: true, error: expected('an ISO 8601 timestamp such as 2026-11-22T09:12:03Z') }),
    app: z.string({ error: expected('the name and version of the app that wrote the pack') }),
    puzzles: z.array(
      packObject(
        {
          id: recordId,
          title: optionalText,
          story: text,
          reference: text,
          language: optionalText,
          genre: optionalText,
          keyClues: z.array(text, { error: expected('a list of texts') }),
        },
        'a puzzle object',
      ),
      { error: expected('an array of puzzles') },
    ),
    sessions: z.array(
      packObject(
        { id: recordId, puzzleId: recordId, player: text, maxRounds: wholeNumber('a whole number').optional(), run: wholeNumber('a whole number').optional() },
        'a session object',
      ),
      { error: expected('an array of sessions') },
    ),
    turns: z.array(
      packObject(
        {
          id: recordId,
          sessionId: recordId,
          index: wholeNumber('a turn index, a whole number of at least 0'),
          type: z.enum(['question', 'final'], { error: expected('question or final') }),
          text,
        },
        'a turn object',
      ),
      { error: expected('an array of turns') },
    ),
    tasks: packObject(
      {
        answer: z.array(recordId, { error: expected('a list of question turn ids') }),
        match: z.array(recordId, { error: expected('a list of final turn ids') }),
        difficulty: z.array(recordId, { error: expected('a list of puzzle ids') }),
      },
      'an object { "answer": [...], "match": [...], "difficulty": [...] }',
    ),
  },
  `a pack: a JSON object with "format": "${PACK_FORMAT}"`,
);

/** Reads a pack; `upgrades` are the steps for an older version (the app's own by default). */
export function parsePack(file: SourceFile, upgrades?: Upgrades): ParseResult<Pack> {
  const document = parseJsonDocument(file);
  if (!document.ok) return document;
  const opened = openChecksummedDocument(file.name, 'pack', document.value, 'the pack', upgrades);
  if (!opened.ok) return opened;
  const { raw, errors } = opened;

  const parsed = packSchema.safeParse(raw);
  if (!parsed.success) {
    errors.push(...issuesToErrors(file.name, parsed.error.issues));
    return { ok: false, errors: errors.list() };
  }
  const data = parsed.data;
  checkReferences(data, errors);
  if (errors.count > 0) return { ok: false, errors: errors.list() };

  // Rebuilt field by field; the checksum of the rebuilt body equals the file's when the file was
  // written in full, as this app writes it.
  const body: Omit<Pack, 'sha256'> = {
    ...packHeader(data),
    puzzles: data.puzzles.map(packPuzzle),
    sessions: data.sessions.map(packSession),
    turns: data.turns.map(packTurn),
    tasks: { answer: [...data.tasks.answer], match: [...data.tasks.match], difficulty: [...data.tasks.difficulty] },
  };
  return { ok: true, value: withChecksum(body) };
}

/** Every task names a unit of the right kind that the pack holds; ids are unique; records refer to records the pack holds. */
function checkReferences(data: z.infer<typeof packSchema>, errors: ErrorList): void {
  const puzzles = new Set<string>();
  data.puzzles.forEach((puzzle, i) => {
    if (puzzles.has(puzzle.id)) errors.add(`puzzles[${i}].id`, `duplicate puzzle id ${quote(puzzle.id)}`);
    puzzles.add(puzzle.id);
  });
  const sessions = new Set<string>();
  data.sessions.forEach((session, i) => {
    if (sessions.has(session.id)) errors.add(`sessions[${i}].id`, `duplicate session id ${quote(session.id)}`);
    sessions.add(session.id);
    if (!puzzles.has(session.puzzleId)) errors.add(`sessions[${i}].puzzleId`, `the puzzle ${quote(session.puzzleId)} is not in the pack`);
  });
  const turnTypes = new Map<string, TurnType>();
  data.turns.forEach((turn, i) => {
    if (turnTypes.has(turn.id)) errors.add(`turns[${i}].id`, `duplicate turn id ${quote(turn.id)}`);
    turnTypes.set(turn.id, turn.type);
    if (!sessions.has(turn.sessionId)) errors.add(`turns[${i}].sessionId`, `the session ${quote(turn.sessionId)} is not in the pack`);
  });
  const checkTask = (task: keyof PackTasks, ok: (id: string) => boolean, what: string) => {
    const seen = new Set<string>();
    data.tasks[task].forEach((id, i) => {
      if (seen.has(id)) errors.add(`tasks.${task}[${i}]`, `the unit ${quote(id)} is listed twice`);
      seen.add(id);
      if (!ok(id)) errors.add(`tasks.${task}[${i}]`, `${quote(id)} is not ${what} in the pack`);
    });
  };
  checkTask('answer', (id) => turnTypes.get(id) === 'question', 'a question turn');
  checkTask('match', (id) => turnTypes.get(id) === 'final', 'a final turn');
  checkTask('difficulty', (id) => puzzles.has(id), 'a puzzle');
}
