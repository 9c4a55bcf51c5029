// The hostile-input suite's files, made in memory from valid inputs (the demo study, its packs and
// label files, a test-vector reliability CSV) by one mutation each, with what the app must do with
// each: reject it whole with a located error, or accept its payload as inert text. Deterministic.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StudyData } from '../../shared/domain/model';
import { canonicalJson } from '../../shared/formats/canonical-json';
import { buildLabelFile, type LabelFile, type LabelRecord } from '../../shared/formats/label-file';
import { INPUT_LIMITS } from '../../shared/formats/limits';
import { sha256Hex } from '../../shared/formats/sha256';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { buildStudyPacks } from '../../shared/study/study-packs';

export type InputKind = 'bundle-json' | 'bundle-jsonl' | 'pack' | 'labels-json' | 'labels-csv' | 'reliability-csv';

export const INPUT_KINDS: readonly InputKind[] = ['bundle-json', 'bundle-jsonl', 'pack', 'labels-json', 'labels-csv', 'reliability-csv'];

export type Category =
  | 'truncated'
  | 'wrong-type'
  | 'format-older'
  | 'format-newer'
  | 'wrong-kind'
  | 'size-100mb'
  | 'size-over-limit'
  | 'deep-nesting'
  | 'prototype-key'
  | 'html-script'
  | 'javascript-link'
  | 'control-char'
  | 'invalid-utf8'
  | 'duplicate-id'
  | 'unknown-label'
  | 'unknown-unit'
  | 'wrong-study'
  | 'bad-checksum'
  | 'judge-field'
  | 'formula';

/**
 * Where the error must be: `line` and `path` as the FormatError gives them (a path also matches
 * the fields below it), or `wholeFile` for what concerns the file as a whole (its size, its
 * kind, an empty file); `message` is a substring of the error's message.
 */
export interface ErrorPlace {
  line?: number;
  path?: string;
  wholeFile?: true;
  message: string;
}

/**
 * Who rejects the file: its parser; the check against the study it is imported into (label
 * files: the study id and the units, by the CLI's loadStudyInputs and the app's label import);
 * or the app's library (a study or pack that clashes with one already stored).
 */
export type RejectionStage = 'parse' | 'study' | 'library';

type Expectation =
  | {
      outcome: 'rejected';
      stage: RejectionStage;
      error: ErrorPlace;
      /** The error the app's import gives when it routes the file elsewhere than its kind's parser (detectFormat). */
      app?: ErrorPlace;
    }
  | {
      outcome: 'inert';
      /** `text`: the payload survives as plain text; `dropped-key`: the hostile key is ignored and reaches nothing. */
      keeps: 'text' | 'dropped-key';
      payload: string;
    };

export interface HostileCase {
  /** The file name, unique in the suite; the extension is the kind's. */
  name: string;
  kind: InputKind;
  category: Category;
  what: string;
  /** The file's bytes, built on demand: the large cases are only built when they run. */
  bytes: () => Uint8Array;
  expect: Expectation;
}

const MB = 1024 * 1024;
export const NOW = '2026-11-22T10:00:00.000Z';
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const MARK = 'HOSTILE-MARK';
const ANSWERS = ['yes', 'no', 'irrelevant'] as const;

/** Payloads that would set window.__hostileRan or open a dialog if the app ever ran them. */
export const PAYLOADS = {
  script: '<script>window.__hostileRan=true</script>',
  img: '<img src=x onerror="window.__hostileRan=true;alert(1)">',
  svg: '<svg onload="window.__hostileRan=true"></svg>',
  iframe: '<iframe src="javascript:window.__hostileRan=true"></iframe>',
  link: 'javascript:window.__hostileRan=true',
  markdownLink: '[open the guide](javascript:window.__hostileRan=true)',
  anchor: '<a href="javascript:alert(1)">guide</a>',
  controls: 'bell\u0007 null\u0000 escape\u001b[2J\u001b[31m red',
} as const;

// ---------------------------------------------------------------------------------------------
// Bytes and places

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `text` with `bytes` put where MARK stands: invalid UTF-8, or a 100 MB run, cheaply. */
export function spliceBytes(text: string, bytes: Uint8Array): Uint8Array {
  const index = text.indexOf(MARK);
  return concatBytes(utf8(text.slice(0, index)), bytes, utf8(text.slice(index + MARK.length)));
}

function filled(length: number, byte: number): Uint8Array {
  return new Uint8Array(length).fill(byte);
}

/** 1-based line of the character at `index`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** 1-based column, in UTF-16 code units as the parsers count, of the character at `index`. */
function columnAt(text: string, index: number): number {
  return index - text.lastIndexOf('\n', index - 1);
}

function markLine(text: string): number {
  return lineAt(text, text.indexOf(MARK));
}

/** The number of the last line of `text`, where a parser that ran out of text stops. */
function lastLine(text: string): number {
  return text.split('\n').length;
}

export function pretty(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Sets an own, enumerable property even for `__proto__`, as JSON.parse would. */
export function ownKey<T extends object>(target: T, key: string, value: unknown): T {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

export type Json = Record<string, unknown>;

export function objectAt(root: unknown, ...keys: (string | number)[]): Json {
  let value: unknown = root;
  for (const key of keys) value = (value as Record<string | number, unknown>)[key];
  return value as Json;
}

/** The checksum of packs and label files over every field but `sha256`, as the app writes it. */
export function sealed(body: Json): Json {
  const content: Json = {};
  for (const key of Object.keys(body)) if (key !== 'sha256') ownKey(content, key, body[key]);
  return ownKey(content, 'sha256', sha256Hex(canonicalJson(content)));
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvRow(...fields: string[]): string {
  return fields.map(csvField).join(',');
}

// ---------------------------------------------------------------------------------------------
// Expectations

function rejectedAt(error: ErrorPlace, options: { stage?: RejectionStage; app?: ErrorPlace } = {}): Expectation {
  return { outcome: 'rejected', stage: options.stage ?? 'parse', error, ...(options.app ? { app: options.app } : {}) };
}

const at = (path: string, message: string): ErrorPlace => ({ path, message });
const onLine = (line: number, message: string, path?: string): ErrorPlace => ({ line, message, ...(path !== undefined ? { path } : {}) });
const wholeFile = (message: string): ErrorPlace => ({ wholeFile: true, message });
const inertText = (payload: string): Expectation => ({ outcome: 'inert', keeps: 'text', payload });
const droppedKey = (key: string): Expectation => ({ outcome: 'inert', keeps: 'dropped-key', payload: key });

const OVER_LIMIT = INPUT_LIMITS.maxFileBytes + 1;
const SIZE_MESSAGE = `the limit is ${INPUT_LIMITS.maxFileBytes / MB} MB`;
const LONG_STRING = 'a string is longer than the limit';
const DEEP = 'nesting is deeper than the limit';
const BAD_JSON = 'invalid JSON';
const NOT_UTF8 = 'not UTF-8 text';

const deepArrays = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const deepObjects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

/** A file one byte over the limit: a plausible start, then spaces; only its size is wrong. */
function oversize(start: string): () => Uint8Array {
  return () => concatBytes(utf8(start), filled(OVER_LIMIT - utf8(start).length, 0x20));
}

/** `text` with a 100 MB run of "x" where MARK stands. */
function hundredMegabytes(text: string): () => Uint8Array {
  return () => spliceBytes(text, filled(100 * MB, 0x78));
}

function utf8Fault(text: string, bytes: number[]): { bytes: () => Uint8Array; line: number; message: string } {
  const index = text.indexOf(MARK);
  return { bytes: () => spliceBytes(text, new Uint8Array(bytes)), line: lineAt(text, index), message: `${NOT_UTF8} (column ${columnAt(text, index)})` };
}

function utf16(text: string): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out[0] = 0xff;
  out[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    out[2 + i * 2] = text.charCodeAt(i) & 0xff;
    out[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The valid inputs every case starts from

/** The demo study's id: every app profile and test database holds it, and the label files name it. */
export const DEMO_STUDY_ID = 'demo-study';

export interface Bases {
  bundle: Json;
  pack: Json;
  demoPack: Json;
  labelFile: LabelFile;
  questions: string[];
  finals: string[];
  puzzles: string[];
  reliabilityCsv: string;
}

let cachedBases: Bases | undefined;

function parseOrThrow(name: string, text: string): StudyData {
  const parsed = parseTranscriptBundle({ name, text }, { now: NOW });
  if (!parsed.ok) throw new Error(`${name} does not parse: ${parsed.errors.map((error) => `${error.path}: ${error.message}`).join('; ')}`);
  return parsed.value;
}

function packOf(data: StudyData): Json {
  const [pack] = buildStudyPacks({
    data,
    annotators: [
      { id: 'ann-hostile', name: 'Hostile Annotator' },
      { id: 'ann-other', name: 'Other Annotator' },
    ],
    overlap: 1,
    seed: 7,
    guidelines: 'Label each turn by what the story says.',
    createdAt: NOW,
    app: 'agreement-studio 0.1.0',
  });
  if (pack === undefined) throw new Error('no pack was built');
  return JSON.parse(JSON.stringify(pack)) as Json;
}

export function bases(): Bases {
  if (cachedBases) return cachedBases;
  const demoText = readFileSync(`${REPO}assets/demo-study.json`, 'utf8');
  const demoDoc = JSON.parse(demoText) as Json;
  const demo = parseOrThrow('demo-study.json', demoText);
  // Other ids than the demo's, which every app profile and test database already holds: a case
  // the app accepts (an inert one) then adds a study instead of clashing with the demo.
  const bundle = { ...demoDoc, id: 'hostile-bundle', name: 'Hostile bundle' };
  const packStudy = parseOrThrow('hostile-pack-study.json', JSON.stringify({ ...demoDoc, id: 'hostile-pack-study', name: 'Hostile pack study' }));
  const questions = demo.turns.filter((turn) => turn.type === 'question').map((turn) => turn.id);
  const finals = demo.turns.filter((turn) => turn.type === 'final').map((turn) => turn.id);
  const puzzles = demo.puzzles.map((puzzle) => puzzle.id);
  const label = (unit: string, task: LabelRecord['task'], value: LabelRecord['value'], index: number): LabelRecord => ({
    unit,
    task,
    value,
    at: `2026-11-22T09:${String(10 + index).padStart(2, '0')}:00.000Z`,
    ms: 1000 + index * 250,
    rev: 1,
    unsure: false,
    note: '',
  });
  const labelFile = buildLabelFile({
    studyId: DEMO_STUDY_ID,
    annotator: { id: 'ann-hostile', name: 'Hostile Annotator' },
    exportedAt: NOW,
    app: 'agreement-studio 0.1.0',
    labels: [
      ...questions.slice(0, 6).map((unit, i) => label(unit, 'answer', ANSWERS[i % 3] ?? 'yes', i)),
      ...finals.slice(0, 3).map((unit, i) => label(unit, 'match', i % 2 === 0 ? 'matched' : 'unmatched', 6 + i)),
      ...puzzles.slice(0, 3).map((unit, i) => label(unit, 'difficulty', 2 + i, 9 + i)),
    ],
  });
  cachedBases = {
    bundle,
    pack: packOf(packStudy),
    demoPack: packOf(demo),
    labelFile,
    questions,
    finals,
    puzzles,
    reliabilityCsv: readFileSync(`${REPO}test/fixtures/test-vectors/data/k2011_c.csv`, 'utf8'),
  };
  return cachedBases;
}

// ---------------------------------------------------------------------------------------------
// The cases

type Draft = Omit<HostileCase, 'name' | 'kind'> & { slug: string };

const EXTENSIONS: Record<InputKind, { prefix: string; extension: string }> = {
  'bundle-json': { prefix: 'bundle', extension: '.json' },
  'bundle-jsonl': { prefix: 'bundle', extension: '.jsonl' },
  pack: { prefix: 'pack', extension: '.pack.json' },
  'labels-json': { prefix: 'labels', extension: '.labels.json' },
  'labels-csv': { prefix: 'labels', extension: '.csv' },
  'reliability-csv': { prefix: 'reliability', extension: '.csv' },
};

function named(kind: InputKind, drafts: Draft[]): HostileCase[] {
  const { prefix, extension } = EXTENSIONS[kind];
  return drafts.map(({ slug, ...draft }) => ({ name: `${prefix}-${draft.category}-${slug}${extension}`, kind, ...draft }));
}

const text = (value: string) => () => utf8(value);

/** A draft for `text` cut at `end`: a parser that runs out of text reports the last line. */
function cut(slug: string, full: string, end: number, what: string): Draft {
  const part = full.slice(0, end);
  return { slug, category: 'truncated', what, bytes: text(part), expect: rejectedAt(onLine(lastLine(part), BAD_JSON)) };
}

/** The cuts every JSON document gets: one byte, a tenth, half, nine tenths, all but the closing brace. */
function jsonCuts(full: string): Draft[] {
  return [
    cut('one-byte', full, 1, 'only the opening brace'),
    cut('tenth', full, Math.floor(full.length / 10), 'cut after a tenth'),
    cut('half', full, Math.floor(full.length / 2), 'cut in the middle'),
    cut('nine-tenths', full, Math.floor((full.length * 9) / 10), 'cut near the end'),
    cut('no-closing-brace', full, full.trimEnd().length - 1, 'everything but the closing brace'),
  ];
}

/** A raw (unescaped) character where MARK stands inside a JSON string: JSON.parse refuses it on that line. */
function rawCharacter(slug: string, withMark: string, character: string, what: string): Draft {
  return { slug, category: 'control-char', what, bytes: text(withMark.replace(MARK, character)), expect: rejectedAt(onLine(markLine(withMark), BAD_JSON)) };
}

function faultDraft(slug: string, withMark: string, bytes: number[], what: string): Draft {
  const fault = utf8Fault(withMark, bytes);
  return { slug, category: 'invalid-utf8', what, bytes: fault.bytes, expect: rejectedAt(onLine(fault.line, fault.message)) };
}

/** `"MARK"` (a JSON string) replaced by raw JSON text such as 10,000 nested arrays. */
function rawJson(withMark: string, json: string): string {
  return withMark.replace(`"${MARK}"`, json);
}

/** One byte over the size limit, a file that begins with `start`: refused whole before it is read. */
function overLimit(start: string): Draft {
  return {
    slug: 'over-200mb',
    category: 'size-over-limit',
    what: 'one byte over the 200 MB limit',
    bytes: oversize(start),
    expect: rejectedAt(wholeFile(SIZE_MESSAGE)),
  };
}

/** A 100 MB string where MARK stands in `withMark`: refused on the mark's line, or where `refusal` says. */
function hundredMegabyteString(slug: string, withMark: string, what: string, refusal = onLine(markLine(withMark), LONG_STRING)): Draft {
  return { slug, category: 'size-100mb', what, bytes: hundredMegabytes(withMark), expect: rejectedAt(refusal) };
}

/** 10,000 levels of `json` where `"MARK"` stands in `withMark`: refused on the mark's line, or on `line`. */
function deepNesting(slug: string, withMark: string, json: string, what: string, line = markLine(withMark)): Draft {
  return { slug, category: 'deep-nesting', what, bytes: text(rawJson(withMark, json)), expect: rejectedAt(onLine(line, DEEP)) };
}

function bundleCases(): HostileCase[] {
  const b = bases();
  const doc = () => structuredClone(b.bundle);
  const puzzle = (d: Json, i: number) => objectAt(d, 'puzzles', i);
  const session = (d: Json, i: number) => objectAt(d, 'sessions', i);
  const turn = (d: Json, s: number, t: number) => objectAt(d, 'sessions', s, 'turns', t);
  const finalIndex = (session(b.bundle, 0).turns as unknown[]).length - 1;
  const edit = (change: (d: Json) => void): string => {
    const d = doc();
    change(d);
    return pretty(d);
  };
  const mutation = (slug: string, category: Category, what: string, change: (d: Json) => void, expect: Expectation): Draft => ({
    slug,
    category,
    what,
    bytes: text(edit(change)),
    expect,
  });
  const full = pretty(b.bundle);
  const storyMark = edit((d) => (puzzle(d, 3).story = `The story ${MARK} goes on.`));
  const judgements = 'sessions[0].turns[0].judgements';

  const drafts: Draft[] = [
    ...jsonCuts(full),
    cut('in-a-story', storyMark.replace(MARK, ''), storyMark.indexOf(MARK), 'cut inside the story of puzzle 4'),
    { slug: 'empty', category: 'truncated', what: 'a file of no bytes', bytes: text(''), expect: rejectedAt(wholeFile('the file is empty')) },
    {
      slug: 'whitespace',
      category: 'truncated',
      what: 'only spaces and newlines',
      bytes: text(' \n\n  \n'),
      expect: rejectedAt(wholeFile('the file is empty')),
    },

    { slug: 'top-null', category: 'wrong-type', what: 'the document is null', bytes: text('null\n'), expect: rejectedAt(wholeFile('got null')) },
    { slug: 'top-number', category: 'wrong-type', what: 'the document is a number', bytes: text('42\n'), expect: rejectedAt(wholeFile('got a JSON number')) },
    mutation('format-number', 'wrong-type', 'format is a number', (d) => (d.format = 1), rejectedAt(at('format', 'expected'))),
    mutation('format-missing', 'wrong-type', 'no format field', (d) => delete d.format, rejectedAt(at('format', 'required'))),
    mutation('name-object', 'wrong-type', 'name is an object', (d) => (d.name = {}), rejectedAt(at('name', 'expected text'))),
    mutation(
      'scheme-text',
      'wrong-type',
      'scheme.answerUnknown is text',
      (d) => (d.scheme = { answerUnknown: 'yes' }),
      rejectedAt(at('scheme.answerUnknown', 'true or false')),
    ),
    mutation('puzzles-object', 'wrong-type', 'puzzles is an object', (d) => (d.puzzles = {}), rejectedAt(at('puzzles', 'a list of puzzles'))),
    mutation('puzzle-id-number', 'wrong-type', 'a puzzle id is a number', (d) => (puzzle(d, 0).id = 7), rejectedAt(at('puzzles[0].id', 'expected a text id'))),
    mutation('story-number', 'wrong-type', 'a story is a number', (d) => (puzzle(d, 1).story = 42), rejectedAt(at('puzzles[1].story', 'expected text'))),
    mutation(
      'difficulty-text',
      'wrong-type',
      'a difficulty is text',
      (d) => (puzzle(d, 2).difficulty = 'hard'),
      rejectedAt(at('puzzles[2].difficulty', 'a whole number from 1 to 9')),
    ),
    mutation(
      'keyclues-text',
      'wrong-type',
      'keyClues is one text',
      (d) => (puzzle(d, 0).keyClues = 'one clue'),
      rejectedAt(at('puzzles[0].keyClues', 'a list of texts')),
    ),
    mutation('sessions-text', 'wrong-type', 'sessions is text', (d) => (d.sessions = 'none'), rejectedAt(at('sessions', 'a list of sessions'))),
    mutation(
      'turns-object',
      'wrong-type',
      "a session's turns is an object",
      (d) => (session(d, 0).turns = {}),
      rejectedAt(at('sessions[0].turns', 'a list of turns')),
    ),
    mutation(
      'maxrounds-negative',
      'wrong-type',
      'maxRounds is -1',
      (d) => (session(d, 1).maxRounds = -1),
      rejectedAt(at('sessions[1].maxRounds', 'at least 1')),
    ),
    mutation(
      'turn-text-number',
      'wrong-type',
      'a turn text is a number',
      (d) => (turn(d, 0, 0).text = 12),
      rejectedAt(at('sessions[0].turns[0].text', 'expected text')),
    ),
    mutation(
      'turn-type',
      'wrong-type',
      'a turn type is "answer"',
      (d) => (turn(d, 0, 1).type = 'answer'),
      rejectedAt(at('sessions[0].turns[1].type', '"question" or "final"')),
    ),
    mutation(
      'judgements-array',
      'wrong-type',
      'judgements is an array',
      (d) => (turn(d, 0, 0).judgements = ['yes']),
      rejectedAt(at(judgements, 'an object mapping judge model to label')),
    ),

    mutation(
      'version-0',
      'format-older',
      'format version 0',
      (d) => (d.format = 'agreement-studio.transcripts/0'),
      rejectedAt(at('format', 'older than the version this app reads')),
    ),
    mutation(
      'version-0.9',
      'format-older',
      'format version 0.9',
      (d) => (d.format = 'agreement-studio.transcripts/0.9'),
      rejectedAt(at('format', 'older than the version this app reads')),
    ),
    mutation(
      'version-2',
      'format-newer',
      'format version 2',
      (d) => (d.format = 'agreement-studio.transcripts/2'),
      rejectedAt(at('format', 'newer than the version this app reads')),
    ),
    mutation(
      'version-10.1',
      'format-newer',
      'format version 10.1',
      (d) => (d.format = 'agreement-studio.transcripts/10.1'),
      rejectedAt(at('format', 'newer than the version this app reads')),
    ),

    mutation(
      'label-format',
      'wrong-kind',
      'a bundle that says it is a label file',
      (d) => (d.format = 'agreement-studio.labels/1'),
      rejectedAt(at('format', 'a label file'), { app: wholeFile("import it on the study's Team page") }),
    ),
    mutation(
      'pack-format',
      'wrong-kind',
      'a bundle that says it is a pack',
      (d) => (d.format = 'agreement-studio.pack/1'),
      rejectedAt(at('format', 'a pack'), { app: at('sha256', 'missing checksum') }),
    ),
    mutation(
      'report-format',
      'wrong-kind',
      'a bundle that says it is a report',
      (d) => (d.format = 'agreement-studio.report/1'),
      rejectedAt(at('format', 'an agreement report')),
    ),

    hundredMegabyteString('one-string', storyMark, 'a 100 MB story'),
    overLimit(full.slice(0, 200)),

    ...(() => {
      const clues = edit((d) => (puzzle(d, 0).keyClues = MARK));
      const source = edit((d) => (puzzle(d, 1).source = MARK));
      return [
        deepNesting('arrays', clues, deepArrays, '10,000 nested arrays as keyClues'),
        deepNesting('objects', source, deepObjects, '10,000 nested objects as a source'),
      ] satisfies Draft[];
    })(),

    mutation('study-id', 'prototype-key', 'the study id is __proto__', (d) => (d.id = '__proto__'), rejectedAt(at('id', 'not allowed as a study id'))),
    mutation(
      'puzzle-id',
      'prototype-key',
      'a puzzle id is __proto__',
      (d) => (puzzle(d, 0).id = '__proto__'),
      rejectedAt(at('puzzles[0].id', 'not allowed as an id')),
    ),
    mutation(
      'session-id',
      'prototype-key',
      'a session id is constructor',
      (d) => (session(d, 0).id = 'constructor'),
      rejectedAt(at('sessions[0].id', 'not allowed as an id')),
    ),
    mutation(
      'turn-id',
      'prototype-key',
      'a turn id is prototype',
      (d) => (turn(d, 0, 0).id = 'prototype'),
      rejectedAt(at('sessions[0].turns[0].id', 'not allowed as an id')),
    ),
    mutation(
      'puzzle-ref',
      'prototype-key',
      'a session refers to puzzle __proto__',
      (d) => (session(d, 0).puzzleId = '__proto__'),
      rejectedAt(at('sessions[0].puzzleId', 'not allowed as an id')),
    ),
    mutation(
      'judge',
      'prototype-key',
      'the judge model is __proto__',
      (d) => (session(d, 0).judge = '__proto__'),
      rejectedAt(at('sessions[0].judge', 'not allowed as a model name')),
    ),
    mutation(
      'judgement-proto',
      'prototype-key',
      'a judgement by model __proto__',
      (d) => ownKey(objectAt(turn(d, 0, 0), 'judgements'), '__proto__', { polluted: 'yes' }),
      rejectedAt(at(`${judgements}.__proto__`, 'not allowed as a model name')),
    ),
    mutation(
      'judgement-constructor',
      'prototype-key',
      'a judgement by model constructor',
      (d) => ownKey(objectAt(turn(d, 0, 0), 'judgements'), 'constructor', 'yes'),
      rejectedAt(at(`${judgements}.constructor`, 'not allowed as a model name')),
    ),
    mutation('top-level-key', 'prototype-key', 'a top-level "__proto__" member', (d) => ownKey(d, '__proto__', { polluted: true }), droppedKey('polluted')),
    mutation(
      'puzzle-key',
      'prototype-key',
      'a puzzle with "constructor": {"prototype": ...}',
      (d) => ownKey(puzzle(d, 0), 'constructor', { prototype: { polluted: true } }),
      droppedKey('polluted'),
    ),
    mutation(
      'turn-key',
      'prototype-key',
      'a turn with a "__proto__" member',
      (d) => ownKey(turn(d, 0, 0), '__proto__', { polluted: true }),
      droppedKey('polluted'),
    ),

    mutation('study-id', 'html-script', 'the study id is a script tag', (d) => (d.id = PAYLOADS.script), rejectedAt(at('id', 'is not usable as a study id'))),
    mutation(
      'format',
      'html-script',
      'the format is a script tag',
      (d) => (d.format = PAYLOADS.script),
      rejectedAt(at('format', 'is not a format this app knows')),
    ),
    mutation(
      'judgement',
      'html-script',
      'a judgement label is an img tag',
      (d) => (objectAt(turn(d, 0, 0), 'judgements')['arbiter-large'] = PAYLOADS.img),
      rejectedAt(at(judgements, 'is not an answer label')),
    ),
    mutation(
      'turn-type',
      'html-script',
      'a turn type is a script tag',
      (d) => (turn(d, 0, 0).type = PAYLOADS.script),
      rejectedAt(at('sessions[0].turns[0].type', '"question" or "final"')),
    ),
    mutation(
      'texts',
      'html-script',
      'HTML in every text field',
      (d) => {
        d.name = `Study ${PAYLOADS.script}`;
        d.guidelines = `Guidelines ${PAYLOADS.iframe}`;
        Object.assign(puzzle(d, 0), { title: PAYLOADS.img, story: `A story ${PAYLOADS.script}`, reference: PAYLOADS.svg, keyClues: [PAYLOADS.img] });
        Object.assign(turn(d, 0, 0), { text: `Is it ${PAYLOADS.script}?`, judgeReply: PAYLOADS.img });
      },
      inertText(PAYLOADS.script),
    ),
    mutation(
      'ids',
      'html-script',
      'HTML as puzzle, session and turn ids',
      (d) => {
        const id = PAYLOADS.img;
        const old = puzzle(d, 0).id;
        puzzle(d, 0).id = id;
        for (const s of d.sessions as Json[]) if (s.puzzleId === old) s.puzzleId = id;
        session(d, 0).id = `${PAYLOADS.svg}-session`;
        turn(d, 0, 0).id = `${PAYLOADS.script}-turn`;
      },
      inertText(PAYLOADS.img),
    ),
    mutation(
      'model-names',
      'html-script',
      'HTML as player and judge model names',
      (d) => {
        session(d, 0).player = PAYLOADS.script;
        for (const t of session(d, 0).turns as Json[]) ownKey(objectAt(t, 'judgements'), PAYLOADS.svg, t.type === 'final' ? 'matched' : 'no');
      },
      inertText(PAYLOADS.svg),
    ),

    mutation(
      'study-id',
      'javascript-link',
      'the study id is a javascript: link',
      (d) => (d.id = PAYLOADS.link),
      rejectedAt(at('id', 'is not usable as a study id')),
    ),
    mutation(
      'format',
      'javascript-link',
      'the format is a javascript: link',
      (d) => (d.format = PAYLOADS.link),
      rejectedAt(at('format', 'is not a format this app knows')),
    ),
    mutation(
      'judgement',
      'javascript-link',
      'a match label is a javascript: link',
      (d) => (objectAt(turn(d, 0, finalIndex), 'judgements')['arbiter-large'] = PAYLOADS.link),
      rejectedAt(at(`sessions[0].turns[${finalIndex}].judgements`, 'is not a match label')),
    ),
    mutation(
      'texts',
      'javascript-link',
      'javascript: links in text fields',
      (d) => {
        d.guidelines = `Read ${PAYLOADS.markdownLink} first.`;
        Object.assign(puzzle(d, 0), { reference: PAYLOADS.link, keyClues: [PAYLOADS.anchor], source: PAYLOADS.link });
        turn(d, 0, 0).text = `See ${PAYLOADS.link}`;
      },
      inertText(PAYLOADS.link),
    ),

    rawCharacter('nul-in-story', storyMark, '\u0000', 'a raw NUL inside a story'),
    rawCharacter('escape-in-story', storyMark, '\u001b', 'a raw ESC inside a story'),
    rawCharacter('newline-in-story', storyMark, '\n', 'a raw line break inside a story'),
    rawCharacter(
      'bom-before-story',
      storyMark.replace(`"The story ${MARK} goes on."`, `${MARK}"The story goes on."`),
      '\uFEFF',
      'a byte order mark before a value',
    ),
    mutation('study-id', 'control-char', 'the study id holds a NUL', (d) => (d.id = 'demo\u0000study'), rejectedAt(at('id', 'is not usable as a study id'))),
    mutation(
      'judgement',
      'control-char',
      'a judgement label "yes" + BEL',
      (d) => (objectAt(turn(d, 0, 0), 'judgements')['arbiter-large'] = 'yes\u0007'),
      rejectedAt(at(judgements, 'is not an answer label')),
    ),
    mutation('texts', 'control-char', 'escaped control characters in a story', (d) => (puzzle(d, 0).story = PAYLOADS.controls), inertText(PAYLOADS.controls)),

    faultDraft('ff-in-story', storyMark, [0xff], 'a 0xFF byte inside a story'),
    faultDraft('overlong-slash', storyMark, [0xc0, 0xaf], 'an overlong encoding of "/"'),
    faultDraft(
      'surrogate',
      edit((d) => (turn(d, 1, 2).text = `Is it ${MARK}?`)),
      [0xed, 0xa0, 0x80],
      'a UTF-16 surrogate encoded as UTF-8 in a turn',
    ),
    faultDraft(
      'latin1-name',
      edit((d) => (d.name = `Caf${MARK} study`)),
      [0xe9],
      'a Latin-1 é in the study name',
    ),
    faultDraft('cut-sequence-at-end', `${full}${MARK}`, [0xe2, 0x82], 'the file ends inside a three-byte character'),
    {
      slug: 'utf16',
      category: 'invalid-utf8',
      what: 'the bundle saved as UTF-16',
      bytes: () => utf16(full),
      expect: rejectedAt(wholeFile('UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8')),
    },

    mutation(
      'puzzle',
      'duplicate-id',
      'two puzzles with one id',
      (d) => (puzzle(d, 1).id = puzzle(d, 0).id),
      rejectedAt(at('puzzles[1].id', 'is already used by the puzzle at puzzles[0]')),
    ),
    mutation(
      'session',
      'duplicate-id',
      'two sessions with one id',
      (d) => (session(d, 1).id = session(d, 0).id),
      rejectedAt(at('sessions[1].id', 'is already used by the session at sessions[0]')),
    ),
    mutation(
      'turn',
      'duplicate-id',
      'two turns with one id',
      (d) => (turn(d, 0, 1).id = turn(d, 0, 0).id),
      rejectedAt(at('sessions[0].turns[1].id', 'is already used by the turn at sessions[0].turns[0]')),
    ),
    mutation(
      'turn-puzzle',
      'duplicate-id',
      "a turn with a puzzle's id",
      (d) => (turn(d, 0, 0).id = puzzle(d, 0).id),
      rejectedAt(at('sessions[0].turns[0].id', 'is already used by the puzzle')),
    ),
    mutation(
      'session-turn',
      'duplicate-id',
      "a session with a turn's id",
      (d) => (session(d, 1).id = turn(d, 0, 0).id),
      rejectedAt(at('sessions[1].id', 'is already used by the turn')),
    ),

    mutation(
      'answer-perhaps',
      'unknown-label',
      'an answer label "perhaps"',
      (d) => (objectAt(turn(d, 0, 0), 'judgements')['arbiter-large'] = 'perhaps'),
      rejectedAt(at(judgements, 'is not an answer label')),
    ),
    mutation(
      'match-maybe',
      'unknown-label',
      'a match label "maybe"',
      (d) => (objectAt(turn(d, 0, finalIndex), 'judgements')['arbiter-large'] = 'maybe'),
      rejectedAt(at(`sessions[0].turns[${finalIndex}].judgements`, 'is not a match label')),
    ),
    mutation(
      'answer-number',
      'unknown-label',
      'an answer label 1',
      (d) => (objectAt(turn(d, 0, 1), 'judgements')['arbiter-large'] = 1),
      rejectedAt(at('sessions[0].turns[1].judgements', 'is not an answer label')),
    ),
    mutation(
      'match-two',
      'unknown-label',
      'a match label 2',
      (d) => (objectAt(turn(d, 0, finalIndex), 'judgements')['arbiter-large'] = 2),
      rejectedAt(at(`sessions[0].turns[${finalIndex}].judgements`, 'is not a match label')),
    ),
    mutation(
      'answer-null',
      'unknown-label',
      'an answer label null',
      (d) => (objectAt(turn(d, 0, 2), 'judgements')['arbiter-large'] = null),
      rejectedAt(at('sessions[0].turns[2].judgements', 'is not an answer label')),
    ),

    mutation(
      'library-id',
      'wrong-study',
      'a bundle of the demo study the library already holds',
      (d) => (d.id = DEMO_STUDY_ID),
      rejectedAt(wholeFile('already in the library'), { stage: 'library' }),
    ),
    mutation('path-id', 'wrong-study', 'a study id that climbs folders', (d) => (d.id = '../demo-study'), rejectedAt(at('id', 'is not usable as a study id'))),
    mutation('long-id', 'wrong-study', 'a study id of 200 characters', (d) => (d.id = 's'.repeat(200)), rejectedAt(at('id', 'is not usable as a study id'))),
  ];
  return named('bundle-json', drafts);
}

function jsonlCases(): HostileCase[] {
  const b = bases();
  const header = { type: 'header', format: 'agreement-studio.transcripts/1', id: 'hostile-jsonl', name: 'Hostile JSONL bundle' };
  type Lines = Json[];
  const baseLines = (): Lines =>
    [
      header,
      ...(b.bundle.puzzles as Json[]).map((p) => ({ type: 'puzzle', ...p })),
      ...(b.bundle.sessions as Json[]).map((s) => ({ type: 'session', ...s })),
    ].map((line) => structuredClone(line));
  const puzzleLine = 2;
  const sessionLine = 2 + (b.bundle.puzzles as unknown[]).length;
  const write = (lines: Lines) => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
  const edit = (change: (lines: Lines) => void): string => {
    const lines = baseLines();
    change(lines);
    return write(lines);
  };
  const line = (lines: Lines, number: number) => lines[number - 1] as Json;
  const mutation = (slug: string, category: Category, what: string, change: (lines: Lines) => void, expect: Expectation): Draft => ({
    slug,
    category,
    what,
    bytes: text(edit(change)),
    expect,
  });
  const full = write(baseLines());
  const rows = full.split('\n');
  const lastRecord = rows.length - 1;
  const firstTurnJudgements = 'turns[0].judgements';
  const storyMark = edit((lines) => (line(lines, puzzleLine + 3).story = `The story ${MARK} goes on.`));

  const drafts: Draft[] = [
    cut('one-byte', full, 1, 'only an opening brace'),
    cut('header', full, Math.floor((rows[0] as string).length / 2), 'cut in the header line'),
    cut('last-line', full, full.length - 1 - Math.floor((rows[lastRecord - 1] as string).length / 2), 'the last session line cut in half'),
    {
      slug: 'middle-line',
      category: 'truncated',
      what: 'a puzzle line cut short, the lines after it intact',
      bytes: text(rows.map((row, i) => (i === puzzleLine + 4 ? row.slice(0, 40) : row)).join('\n')),
      expect: rejectedAt(onLine(puzzleLine + 5, BAD_JSON)),
    },
    { slug: 'empty', category: 'truncated', what: 'a file of no bytes', bytes: text(''), expect: rejectedAt(wholeFile('the file is empty')) },

    mutation(
      'array-line',
      'wrong-type',
      'a line that is an array',
      (lines) => (lines[puzzleLine + 1] = [1, 2] as unknown as Json),
      rejectedAt(onLine(puzzleLine + 2, 'expected one JSON object per line')),
    ),
    mutation(
      'puzzle-id-number',
      'wrong-type',
      'a puzzle id is a number',
      (lines) => (line(lines, puzzleLine).id = 7),
      rejectedAt(onLine(puzzleLine, 'expected a text id', 'id')),
    ),
    mutation(
      'turns-text',
      'wrong-type',
      "a session's turns is text",
      (lines) => (line(lines, sessionLine).turns = 'none'),
      rejectedAt(onLine(sessionLine, 'a list of turns', 'turns')),
    ),
    mutation(
      'type-turn',
      'wrong-type',
      'a line of type "turn"',
      (lines) => (line(lines, puzzleLine + 2).type = 'turn'),
      rejectedAt(onLine(puzzleLine + 2, '"header", "puzzle" or "session"', 'type')),
    ),
    mutation(
      'format-number',
      'wrong-type',
      "the header's format is a number",
      (lines) => (line(lines, 1).format = 1),
      rejectedAt(onLine(1, 'expected', 'format')),
    ),
    mutation(
      'late-header',
      'wrong-type',
      'a second header in the middle',
      (lines) => lines.splice(sessionLine, 0, structuredClone(header)),
      rejectedAt(onLine(sessionLine + 1, 'may only be the first line', 'type')),
    ),

    mutation(
      'version-0',
      'format-older',
      'header format version 0',
      (lines) => (line(lines, 1).format = 'agreement-studio.transcripts/0'),
      rejectedAt(onLine(1, 'older than the version this app reads', 'format')),
    ),
    mutation(
      'version-2',
      'format-newer',
      'header format version 2',
      (lines) => (line(lines, 1).format = 'agreement-studio.transcripts/2'),
      rejectedAt(onLine(1, 'newer than the version this app reads', 'format')),
    ),
    mutation(
      'label-format',
      'wrong-kind',
      'a header that says label file',
      (lines) => (line(lines, 1).format = 'agreement-studio.labels/1'),
      rejectedAt(onLine(1, 'a label file', 'format')),
    ),

    hundredMegabyteString('one-line', storyMark, 'a 100 MB story on one line'),
    overLimit(full.slice(0, 300)),
    ...(() => {
      const clues = edit((lines) => (line(lines, puzzleLine + 1).keyClues = MARK));
      return [deepNesting('arrays', clues, deepArrays, '10,000 nested arrays on one line', puzzleLine + 1)] satisfies Draft[];
    })(),

    mutation(
      'puzzle-id',
      'prototype-key',
      'a puzzle id is __proto__',
      (lines) => (line(lines, puzzleLine).id = '__proto__'),
      rejectedAt(onLine(puzzleLine, 'not allowed as an id', 'id')),
    ),
    mutation(
      'judge',
      'prototype-key',
      'the judge model is constructor',
      (lines) => (line(lines, sessionLine).judge = 'constructor'),
      rejectedAt(onLine(sessionLine, 'not allowed as a model name', 'judge')),
    ),
    mutation(
      'judgement-proto',
      'prototype-key',
      'a judgement by model __proto__',
      (lines) => ownKey(objectAt(line(lines, sessionLine), 'turns', 0, 'judgements'), '__proto__', 'yes'),
      rejectedAt(onLine(sessionLine, 'not allowed as a model name', `${firstTurnJudgements}.__proto__`)),
    ),
    mutation(
      'line-key',
      'prototype-key',
      'a puzzle line with a "__proto__" member',
      (lines) => ownKey(line(lines, puzzleLine), '__proto__', { polluted: true }),
      droppedKey('polluted'),
    ),

    mutation(
      'type',
      'html-script',
      'a line type that is a script tag',
      (lines) => (line(lines, puzzleLine).type = PAYLOADS.script),
      rejectedAt(onLine(puzzleLine, '"header", "puzzle" or "session"', 'type')),
    ),
    mutation(
      'study-id',
      'html-script',
      'the header id is a script tag',
      (lines) => (line(lines, 1).id = PAYLOADS.script),
      rejectedAt(onLine(1, 'is not usable as a study id', 'id')),
    ),
    mutation(
      'texts',
      'html-script',
      'HTML in a story and a turn',
      (lines) => {
        line(lines, puzzleLine).story = `A story ${PAYLOADS.script}`;
        objectAt(line(lines, sessionLine), 'turns', 0).text = PAYLOADS.img;
      },
      inertText(PAYLOADS.script),
    ),
    mutation(
      'study-id',
      'javascript-link',
      'the header id is a javascript: link',
      (lines) => (line(lines, 1).id = PAYLOADS.link),
      rejectedAt(onLine(1, 'is not usable as a study id', 'id')),
    ),
    mutation(
      'texts',
      'javascript-link',
      'javascript: links in a reference and a reply',
      (lines) => {
        line(lines, puzzleLine).reference = PAYLOADS.link;
        objectAt(line(lines, sessionLine), 'turns', 0).judgeReply = PAYLOADS.anchor;
      },
      inertText(PAYLOADS.link),
    ),

    rawCharacter('nul-in-story', storyMark, '\u0000', 'a raw NUL inside a story'),
    {
      slug: 'cr-line-ends',
      category: 'control-char',
      what: 'records separated by lone carriage returns',
      bytes: text(full.replace(/\n/g, '\r')),
      expect: rejectedAt(onLine(1, BAD_JSON)),
    },

    faultDraft('ff-in-story', storyMark, [0xff], 'a 0xFF byte inside a story'),
    faultDraft('cut-sequence-at-end', `${full}${MARK}`, [0xf0, 0x9f, 0x98], 'the file ends inside a four-byte character'),

    mutation(
      'puzzle-line',
      'duplicate-id',
      'a puzzle line twice',
      (lines) => lines.splice(puzzleLine, 0, structuredClone(line(lines, puzzleLine))),
      rejectedAt(onLine(puzzleLine + 1, 'is already used by the puzzle at line 2', 'id')),
    ),
    mutation(
      'turn',
      'duplicate-id',
      'a turn id used in two sessions',
      (lines) => (objectAt(line(lines, sessionLine + 1), 'turns', 0).id = objectAt(line(lines, sessionLine), 'turns', 0).id),
      rejectedAt(onLine(sessionLine + 1, 'is already used by the turn', 'turns[0].id')),
    ),

    mutation(
      'answer-perhaps',
      'unknown-label',
      'an answer label "perhaps"',
      (lines) => (objectAt(line(lines, sessionLine), 'turns', 0, 'judgements')['arbiter-large'] = 'perhaps'),
      rejectedAt(onLine(sessionLine, 'is not an answer label', firstTurnJudgements)),
    ),
    mutation(
      'bad-id',
      'wrong-study',
      'a header id with spaces and "!"',
      (lines) => (line(lines, 1).id = 'demo study!'),
      rejectedAt(onLine(1, 'is not usable as a study id', 'id')),
    ),
  ];
  return named('bundle-jsonl', drafts);
}

function packCases(): HostileCase[] {
  const b = bases();
  const edit = (change: (p: Json) => void, reseal = true): string => {
    const p = structuredClone(b.pack);
    change(p);
    return pretty(reseal ? sealed(p) : p);
  };
  const mutation = (slug: string, category: Category, what: string, change: (p: Json) => void, expect: Expectation): Draft => ({
    slug,
    category,
    what,
    bytes: text(edit(change)),
    expect,
  });
  const full = pretty(b.pack);
  const tasks = b.pack.tasks as { answer: string[]; match: string[]; difficulty: string[] };
  const finalTurn = tasks.match[0] as string;
  const guidelinesMark = edit((p) => (p.guidelines = `Guidelines ${MARK} end.`));
  const turnMark = edit((p) => (objectAt(p, 'turns', 1).text = `Is it ${MARK}?`));

  const drafts: Draft[] = [
    ...jsonCuts(full),
    cut('in-a-turn', turnMark.replace(MARK, ''), turnMark.indexOf(MARK), 'cut inside a turn text'),
    { slug: 'empty', category: 'truncated', what: 'a file of no bytes', bytes: text(''), expect: rejectedAt(wholeFile('the file is empty')) },

    { slug: 'top-text', category: 'wrong-type', what: 'the document is a string', bytes: text('"a pack"\n'), expect: rejectedAt(wholeFile('expected a pack')) },
    mutation(
      'study-id-number',
      'wrong-type',
      'the study id is a number',
      (p) => (objectAt(p, 'study').id = 5),
      rejectedAt(at('study.id', 'expected a study id')),
    ),
    mutation('puzzles-object', 'wrong-type', 'puzzles is an object', (p) => (p.puzzles = {}), rejectedAt(at('puzzles', 'an array of puzzles'))),
    mutation(
      'turn-index',
      'wrong-type',
      'a turn index is -1',
      (p) => (objectAt(p, 'turns', 0).index = -1),
      rejectedAt(at('turns[0].index', 'a whole number of at least 0')),
    ),
    mutation(
      'turn-type',
      'wrong-type',
      'a turn type is "answer"',
      (p) => (objectAt(p, 'turns', 0).type = 'answer'),
      rejectedAt(at('turns[0].type', 'question or final')),
    ),
    mutation(
      'tasks-text',
      'wrong-type',
      'the answer task is text',
      (p) => (objectAt(p, 'tasks').answer = 'all'),
      rejectedAt(at('tasks.answer', 'a list of question turn ids')),
    ),
    mutation(
      'scheme-text',
      'wrong-type',
      'scheme.answerUnknown is text',
      (p) => (p.scheme = { answerUnknown: 'no' }),
      rejectedAt(at('scheme.answerUnknown', 'true or false')),
    ),
    mutation('created-at', 'wrong-type', 'createdAt is "yesterday"', (p) => (p.createdAt = 'yesterday'), rejectedAt(at('createdAt', 'an ISO 8601 timestamp'))),
    mutation(
      'annotator-text',
      'wrong-type',
      'the annotator is a string',
      (p) => (p.annotator = 'ann-hostile'),
      rejectedAt(at('annotator', 'an object { "id": ..., "name": ... }')),
    ),

    mutation(
      'version-0',
      'format-older',
      'pack format version 0',
      (p) => (p.format = 'agreement-studio.pack/0'),
      rejectedAt(at('format', 'older than the version this app reads')),
    ),
    mutation(
      'version-3',
      'format-newer',
      'pack format version 3',
      (p) => (p.format = 'agreement-studio.pack/3'),
      rejectedAt(at('format', 'newer than the version this app reads')),
    ),
    mutation(
      'version-2.1',
      'format-newer',
      'pack format version 2.1',
      (p) => (p.format = 'agreement-studio.pack/2.1'),
      rejectedAt(at('format', 'newer than the version this app reads')),
    ),
    mutation(
      'label-format',
      'wrong-kind',
      'a pack that says it is a label file',
      (p) => (p.format = 'agreement-studio.labels/1'),
      rejectedAt(at('format', 'not a pack'), { app: wholeFile("import it on the study's Team page") }),
    ),
    mutation(
      'bundle-format',
      'wrong-kind',
      'a pack that says it is a transcript bundle',
      (p) => (p.format = 'agreement-studio.transcripts/1'),
      rejectedAt(at('format', 'not a pack'), { app: at('sessions[0].judge', 'required') }),
    ),

    hundredMegabyteString('guidelines', guidelinesMark, '100 MB of guidelines'),
    overLimit(full.slice(0, 200)),
    ...(() => {
      const deep = edit((p) => (p.guidelines = MARK));
      return [deepNesting('guidelines', deep, deepArrays, '10,000 nested arrays as the guidelines')] satisfies Draft[];
    })(),

    mutation(
      'annotator-id',
      'prototype-key',
      'the annotator id is __proto__',
      (p) => (objectAt(p, 'annotator').id = '__proto__'),
      rejectedAt(at('annotator.id', "is not allowed as an annotator's id")),
    ),
    mutation(
      'study-id',
      'prototype-key',
      'the study id is prototype',
      (p) => (objectAt(p, 'study').id = 'prototype'),
      rejectedAt(at('study.id', 'is not allowed as a study id')),
    ),
    mutation(
      'puzzle-id',
      'prototype-key',
      'a puzzle id is constructor',
      (p) => (objectAt(p, 'puzzles', 0).id = 'constructor'),
      rejectedAt(at('puzzles[0].id', 'not allowed as an id')),
    ),
    mutation(
      'task-unit',
      'prototype-key',
      'an answer unit __proto__',
      (p) => (objectAt(p, 'tasks').answer = ['__proto__', ...tasks.answer]),
      rejectedAt(at('tasks.answer[0]', 'not allowed as an id')),
    ),
    // A pack's members are an allow-list: any other, "__proto__" too, is refused (not dropped).
    mutation(
      'top-level-key',
      'prototype-key',
      'a top-level "__proto__" member, in the checksum',
      (p) => ownKey(p, '__proto__', { polluted: true }),
      rejectedAt(at('__proto__', 'a pack must be blind')),
    ),

    mutation(
      'turn-type',
      'html-script',
      'a turn type that is a script tag',
      (p) => (objectAt(p, 'turns', 0).type = PAYLOADS.script),
      rejectedAt(at('turns[0].type', 'question or final')),
    ),
    mutation(
      'format',
      'html-script',
      'the format is a script tag',
      (p) => (p.format = PAYLOADS.script),
      rejectedAt(at('format', 'is not a format this app knows')),
    ),
    mutation(
      'texts',
      'html-script',
      'HTML in the study name, guidelines, a story and a turn',
      (p) => {
        objectAt(p, 'study').name = `Study ${PAYLOADS.img}`;
        p.guidelines = `Guidelines ${PAYLOADS.script}`;
        objectAt(p, 'puzzles', 0).story = PAYLOADS.svg;
        objectAt(p, 'turns', 0).text = PAYLOADS.script;
        objectAt(p, 'annotator').name = PAYLOADS.img;
      },
      inertText(PAYLOADS.script),
    ),
    mutation(
      'created-at',
      'javascript-link',
      'createdAt is a javascript: link',
      (p) => (p.createdAt = PAYLOADS.link),
      rejectedAt(at('createdAt', 'an ISO 8601 timestamp')),
    ),
    mutation(
      'texts',
      'javascript-link',
      'javascript: links in the guidelines and a reference',
      (p) => {
        p.guidelines = `Read ${PAYLOADS.markdownLink}.`;
        objectAt(p, 'puzzles', 0).reference = PAYLOADS.link;
      },
      inertText(PAYLOADS.markdownLink),
    ),

    rawCharacter('nul-in-turn', turnMark, '\u0000', 'a raw NUL inside a turn text'),
    rawCharacter('escape-in-guidelines', guidelinesMark, '\u001b', 'a raw ESC inside the guidelines'),
    mutation(
      'texts',
      'control-char',
      'escaped control characters in a turn text',
      (p) => (objectAt(p, 'turns', 0).text = PAYLOADS.controls),
      inertText(PAYLOADS.controls),
    ),

    faultDraft('ff-in-guidelines', guidelinesMark, [0xff], 'a 0xFF byte inside the guidelines'),
    faultDraft('lone-continuation', turnMark, [0x80], 'a lone continuation byte inside a turn text'),

    mutation(
      'turn',
      'duplicate-id',
      'two turns with one id',
      (p) => (objectAt(p, 'turns', 1).id = objectAt(p, 'turns', 0).id),
      rejectedAt(at('turns[1].id', 'duplicate turn id')),
    ),
    mutation(
      'puzzle',
      'duplicate-id',
      'a puzzle twice',
      (p) => (p.puzzles = [objectAt(p, 'puzzles', 0), ...(p.puzzles as Json[])]),
      rejectedAt(at('puzzles[1].id', 'duplicate puzzle id')),
    ),
    mutation(
      'task',
      'duplicate-id',
      'an answer unit listed twice',
      (p) => (objectAt(p, 'tasks').answer = [...tasks.answer, tasks.answer[0]]),
      rejectedAt(at(`tasks.answer[${tasks.answer.length}]`, 'listed twice')),
    ),

    mutation(
      'final-as-answer',
      'unknown-unit',
      'a final turn in the answer task',
      (p) => (objectAt(p, 'tasks').answer = [...tasks.answer, finalTurn]),
      rejectedAt(at(`tasks.answer[${tasks.answer.length}]`, 'is not a question turn in the pack')),
    ),
    mutation(
      'missing-puzzle',
      'unknown-unit',
      'a difficulty unit the pack lacks',
      (p) => (objectAt(p, 'tasks').difficulty = [...tasks.difficulty, 'p-nope']),
      rejectedAt(at(`tasks.difficulty[${tasks.difficulty.length}]`, 'is not a puzzle in the pack')),
    ),
    mutation(
      'missing-session',
      'unknown-unit',
      'a turn of a session the pack lacks',
      (p) => (objectAt(p, 'turns', 0).sessionId = 's-nope'),
      rejectedAt(at('turns[0].sessionId', 'is not in the pack')),
    ),

    mutation(
      'judgements',
      'judge-field',
      'a turn that carries judgements',
      (p) => (objectAt(p, 'turns', 0).judgements = { 'arbiter-large': 'yes' }),
      rejectedAt(at('turns[0].judgements', 'a pack must be blind')),
    ),
    mutation(
      'judge',
      'judge-field',
      'a session that names its judge',
      (p) => (objectAt(p, 'sessions', 0).judge = 'arbiter-large'),
      rejectedAt(at('sessions[0].judge', 'a pack must be blind')),
    ),

    {
      slug: 'edited',
      category: 'bad-checksum',
      what: 'a turn text edited after the pack was written',
      bytes: text(edit((p) => (objectAt(p, 'turns', 0).text = 'Edited by hand?'), false)),
      expect: rejectedAt(at('sha256', 'checksum mismatch')),
    },
    {
      slug: 'missing',
      category: 'bad-checksum',
      what: 'no sha256 field',
      bytes: text(edit((p) => delete p.sha256, false)),
      expect: rejectedAt(at('sha256', 'missing checksum')),
    },
    {
      slug: 'not-hex',
      category: 'bad-checksum',
      what: 'sha256 is not hex',
      bytes: text(edit((p) => (p.sha256 = 'z'.repeat(64)), false)),
      expect: rejectedAt(at('sha256', 'not a 64-digit hex SHA-256')),
    },
    {
      slug: 'number',
      category: 'bad-checksum',
      what: 'sha256 is a number',
      bytes: text(edit((p) => (p.sha256 = 12345), false)),
      expect: rejectedAt(at('sha256', 'not a 64-digit hex SHA-256')),
    },
    {
      slug: 'other-pack',
      category: 'bad-checksum',
      what: 'the checksum of another pack',
      bytes: text(edit((p) => (p.sha256 = b.demoPack.sha256), false)),
      expect: rejectedAt(at('sha256', 'checksum mismatch')),
    },

    {
      slug: 'lead-copy',
      category: 'wrong-study',
      what: "a pack of the demo study, whose lead copy (with the lead's work) the library holds",
      bytes: text(pretty(b.demoPack)),
      expect: rejectedAt(wholeFile("this computer holds the lead's copy"), { stage: 'library' }),
    },
  ];
  return named('pack', drafts);
}

function labelFileCases(): HostileCase[] {
  const b = bases();
  const base = JSON.parse(JSON.stringify(b.labelFile)) as Json;
  const edit = (change: (f: Json) => void, reseal = true): string => {
    const f = structuredClone(base);
    change(f);
    return pretty(reseal ? sealed(f) : f);
  };
  const mutation = (slug: string, category: Category, what: string, change: (f: Json) => void, expect: Expectation): Draft => ({
    slug,
    category,
    what,
    bytes: text(edit(change)),
    expect,
  });
  const labelAt = (f: Json, i: number) => objectAt(f, 'labels', i);
  const full = pretty(base);
  const noteMark = edit((f) => (labelAt(f, 2).note = `A note ${MARK} ends.`));
  // labels[0..5] answer, [6..8] match, [9..11] difficulty (see bases()).
  const MATCH = 6;
  const DIFFICULTY = 9;

  const drafts: Draft[] = [
    ...jsonCuts(full),
    cut('in-a-note', noteMark.replace(MARK, ''), noteMark.indexOf(MARK), 'cut inside a note'),
    { slug: 'empty', category: 'truncated', what: 'a file of no bytes', bytes: text(''), expect: rejectedAt(wholeFile('the file is empty')) },

    {
      slug: 'top-text',
      category: 'wrong-type',
      what: 'the document is a string',
      bytes: text('"labels"\n'),
      expect: rejectedAt(wholeFile('expected a label file')),
    },
    mutation('labels-object', 'wrong-type', 'labels is an object', (f) => (f.labels = {}), rejectedAt(at('labels', 'an array of labels'))),
    mutation(
      'label-text',
      'wrong-type',
      'a label is the text "yes"',
      (f) => ((f.labels as unknown[])[1] = 'yes'),
      rejectedAt(at('labels[1]', 'a label object')),
    ),
    mutation(
      'rev-zero',
      'wrong-type',
      'a revision 0',
      (f) => (labelAt(f, 0).rev = 0),
      rejectedAt(at('labels[0].rev', 'the revision, a whole number from 1 to')),
    ),
    mutation(
      'rev-text',
      'wrong-type',
      'a revision "2"',
      (f) => (labelAt(f, 1).rev = '2'),
      rejectedAt(at('labels[1].rev', 'the revision, a whole number from 1 to')),
    ),
    mutation('ms-negative', 'wrong-type', 'milliseconds -5', (f) => (labelAt(f, 2).ms = -5), rejectedAt(at('labels[2].ms', 'the milliseconds on screen'))),
    mutation('unsure-text', 'wrong-type', 'unsure is "no"', (f) => (labelAt(f, 3).unsure = 'no'), rejectedAt(at('labels[3].unsure', 'true or false'))),
    mutation(
      'at-yesterday',
      'wrong-type',
      'a label time "yesterday"',
      (f) => (labelAt(f, 4).at = 'yesterday'),
      rejectedAt(at('labels[4].at', 'an ISO 8601 timestamp')),
    ),
    mutation('note-number', 'wrong-type', 'a note that is a number', (f) => (labelAt(f, 5).note = 7), rejectedAt(at('labels[5].note', 'the note as text'))),
    mutation(
      'task-answers',
      'wrong-type',
      'a task "answers"',
      (f) => (labelAt(f, 0).task = 'answers'),
      rejectedAt(at('labels[0].task', 'the task: answer, match or difficulty')),
    ),
    mutation(
      'annotator-id-number',
      'wrong-type',
      'the annotator id is a number',
      (f) => (objectAt(f, 'annotator').id = 5),
      rejectedAt(at('annotator.id', "an annotator's id")),
    ),
    mutation('study-id-null', 'wrong-type', 'the study id is null', (f) => (f.studyId = null), rejectedAt(at('studyId', 'a study id'))),

    mutation(
      'version-0',
      'format-older',
      'label format version 0',
      (f) => (f.format = 'agreement-studio.labels/0'),
      rejectedAt(at('format', 'older than the version this app reads')),
    ),
    mutation(
      'version-3',
      'format-newer',
      'label format version 3',
      (f) => (f.format = 'agreement-studio.labels/3'),
      rejectedAt(at('format', 'newer than the version this app reads')),
    ),
    mutation(
      'version-2.1',
      'format-newer',
      'label format version 2.1',
      (f) => (f.format = 'agreement-studio.labels/2.1'),
      rejectedAt(at('format', 'newer than the version this app reads')),
    ),
    mutation(
      'bundle-format',
      'wrong-kind',
      'a label file that says it is a transcript bundle',
      (f) => (f.format = 'agreement-studio.transcripts/1'),
      rejectedAt(at('format', 'not a label file'), { app: wholeFile('this is a transcript bundle') }),
    ),
    mutation(
      'pack-format',
      'wrong-kind',
      'a label file that says it is a pack',
      (f) => (f.format = 'agreement-studio.pack/1'),
      rejectedAt(at('format', 'not a label file'), { app: wholeFile('this is a pack') }),
    ),

    hundredMegabyteString('note', noteMark, 'a 100 MB note'),
    overLimit(full.slice(0, 200)),
    ...(() => {
      const deep = edit((f) => (labelAt(f, 0).note = MARK));
      return [deepNesting('note', deep, deepObjects, '10,000 nested objects as a note')] satisfies Draft[];
    })(),

    mutation(
      'unit',
      'prototype-key',
      'a unit __proto__',
      (f) => (labelAt(f, 0).unit = '__proto__'),
      rejectedAt(at('labels[0].unit', 'is not allowed as an id')),
    ),
    mutation(
      'annotator-id',
      'prototype-key',
      'the annotator id is constructor',
      (f) => (objectAt(f, 'annotator').id = 'constructor'),
      rejectedAt(at('annotator.id', "is not allowed as an annotator's id")),
    ),
    mutation(
      'study-id',
      'prototype-key',
      'the study id is __proto__',
      (f) => (f.studyId = '__proto__'),
      rejectedAt(at('studyId', 'is not allowed as a study id')),
    ),
    mutation(
      'label-key',
      'prototype-key',
      'a label with a "__proto__" member, in the checksum',
      (f) => ownKey(labelAt(f, 0), '__proto__', { polluted: true }),
      droppedKey('polluted'),
    ),
    mutation(
      'top-level-key',
      'prototype-key',
      'a top-level "constructor" member, in the checksum',
      (f) => ownKey(f, 'constructor', { prototype: { polluted: true } }),
      droppedKey('polluted'),
    ),

    mutation(
      'value',
      'html-script',
      'an answer label that is a script tag',
      (f) => (labelAt(f, 0).value = PAYLOADS.script),
      rejectedAt(at('labels[0].value', 'an answer label')),
    ),
    mutation(
      'task',
      'html-script',
      'a task that is an img tag',
      (f) => (labelAt(f, 1).task = PAYLOADS.img),
      rejectedAt(at('labels[1].task', 'the task: answer, match or difficulty')),
    ),
    mutation(
      'texts',
      'html-script',
      'HTML in a note and the annotator name',
      (f) => {
        labelAt(f, 0).note = `Unsure ${PAYLOADS.script}`;
        objectAt(f, 'annotator').name = PAYLOADS.img;
      },
      inertText(PAYLOADS.script),
    ),
    mutation(
      'value',
      'javascript-link',
      'a match label that is a javascript: link',
      (f) => (labelAt(f, MATCH).value = PAYLOADS.link),
      rejectedAt(at(`labels[${MATCH}].value`, 'a match label')),
    ),
    mutation(
      'note',
      'javascript-link',
      'a javascript: link in a note',
      (f) => (labelAt(f, 1).note = `See ${PAYLOADS.markdownLink}`),
      inertText(PAYLOADS.markdownLink),
    ),

    rawCharacter('nul-in-note', noteMark, '\u0000', 'a raw NUL inside a note'),
    mutation(
      'value',
      'control-char',
      'an answer "yes" + NUL',
      (f) => (labelAt(f, 0).value = 'yes\u0000'),
      rejectedAt(at('labels[0].value', 'an answer label')),
    ),
    mutation('note', 'control-char', 'escaped control characters in a note', (f) => (labelAt(f, 3).note = PAYLOADS.controls), inertText(PAYLOADS.controls)),

    faultDraft('ff-in-note', noteMark, [0xff], 'a 0xFF byte inside a note'),
    faultDraft(
      'latin1-name',
      edit((f) => (objectAt(f, 'annotator').name = `Ren${MARK}e`)),
      [0xe9],
      'a Latin-1 é in the annotator name',
    ),

    mutation(
      'same-label',
      'duplicate-id',
      'one label twice',
      (f) => (f.labels = [...(f.labels as Json[]), structuredClone(labelAt(f, 0))]),
      rejectedAt(at('labels[12]', 'duplicate answer label')),
    ),
    mutation(
      'other-value',
      'duplicate-id',
      'two answer labels of one unit',
      (f) => (f.labels = [...(f.labels as Json[]), { ...structuredClone(labelAt(f, 1)), value: 'irrelevant' }]),
      rejectedAt(at('labels[12]', 'duplicate answer label')),
    ),

    mutation(
      'answer-perhaps',
      'unknown-label',
      'an answer "perhaps"',
      (f) => (labelAt(f, 0).value = 'perhaps'),
      rejectedAt(at('labels[0].value', 'an answer label')),
    ),
    mutation(
      'match-maybe',
      'unknown-label',
      'a match "maybe"',
      (f) => (labelAt(f, MATCH).value = 'maybe'),
      rejectedAt(at(`labels[${MATCH}].value`, 'a match label')),
    ),
    mutation(
      'difficulty-10',
      'unknown-label',
      'a difficulty of 10',
      (f) => (labelAt(f, DIFFICULTY).value = 10),
      rejectedAt(at(`labels[${DIFFICULTY}].value`, 'a difficulty rating')),
    ),
    mutation(
      'difficulty-fraction',
      'unknown-label',
      'a difficulty of 2.5',
      (f) => (labelAt(f, DIFFICULTY + 1).value = 2.5),
      rejectedAt(at(`labels[${DIFFICULTY + 1}].value`, 'a difficulty rating')),
    ),

    mutation(
      'missing-unit',
      'unknown-unit',
      'a unit the study lacks',
      (f) => (labelAt(f, 0).unit = 's-nope/1'),
      rejectedAt(at('labels[0]', 's-nope/1'), { stage: 'study' }),
    ),
    mutation(
      'final-as-answer',
      'unknown-unit',
      'an answer label on a final turn',
      (f) => (labelAt(f, 0).unit = b.finals[5]),
      rejectedAt(at('labels[0]', 'is a final turn'), { stage: 'study' }),
    ),
    mutation(
      'turn-as-puzzle',
      'unknown-unit',
      'a difficulty rating of a turn',
      (f) => (labelAt(f, DIFFICULTY).unit = b.questions[10]),
      rejectedAt(at(`labels[${DIFFICULTY}]`, 'is a question turn'), { stage: 'study' }),
    ),
    mutation(
      'other-study',
      'wrong-study',
      'the labels of another study',
      (f) => (f.studyId = 'another-study'),
      rejectedAt(at('studyId', '"another-study"'), { stage: 'study' }),
    ),
    mutation(
      'study-script',
      'wrong-study',
      'a study id that is a script tag',
      (f) => (f.studyId = PAYLOADS.script),
      rejectedAt(at('studyId', 'is not usable as a study id')),
    ),

    {
      slug: 'edited',
      category: 'bad-checksum',
      what: 'a value edited after the file was written',
      bytes: text(edit((f) => (labelAt(f, 0).value = 'no'), false)),
      expect: rejectedAt(at('sha256', 'checksum mismatch')),
    },
    {
      slug: 'missing',
      category: 'bad-checksum',
      what: 'no sha256 field',
      bytes: text(edit((f) => delete f.sha256, false)),
      expect: rejectedAt(at('sha256', 'missing checksum')),
    },
    {
      slug: 'not-hex',
      category: 'bad-checksum',
      what: 'sha256 is not hex',
      bytes: text(edit((f) => (f.sha256 = 'g'.repeat(64)), false)),
      expect: rejectedAt(at('sha256', 'not a 64-digit hex SHA-256')),
    },
    ...(() => {
      const huge = edit((f) => (labelAt(f, 2).ms = MARK));
      return [
        {
          slug: 'infinite-number',
          category: 'bad-checksum',
          what: 'a number too large for a double (1e400)',
          bytes: text(rawJson(huge, '1e400')),
          expect: rejectedAt(at('sha256', 'a number outside the range')),
        },
      ] satisfies Draft[];
    })(),
  ];
  return named('labels-json', drafts);
}

function labelCsvCases(): HostileCase[] {
  const b = bases();
  const header = 'annotator,unit,task,value';
  const rowsOf = (annotator: string) => [
    ...b.questions.slice(0, 6).map((unit, i) => [annotator, unit, 'answer', ANSWERS[i % 3] ?? 'yes']),
    ...b.finals.slice(0, 3).map((unit, i) => [annotator, unit, 'match', i % 2 === 0 ? 'matched' : 'unmatched']),
    ...b.puzzles.slice(0, 3).map((unit, i) => [annotator, unit, 'difficulty', String(2 + i)]),
  ];
  type Rows = string[][];
  const baseRows = (): Rows => [...rowsOf('ann-a'), ...rowsOf('ann-b')];
  const write = (rows: Rows, head = header) => `${[head, ...rows.map((row) => csvRow(...row))].join('\n')}\n`;
  const edit = (change: (rows: Rows) => void, head = header): string => {
    const rows = baseRows();
    change(rows);
    return write(rows, head);
  };
  // Data row i (0-based) is on line i + 2.
  const lineOfRow = (i: number) => i + 2;
  const set = (i: number, column: number, value: string) => (rows: Rows) => ((rows[i] as string[])[column] = value);
  const mutation = (slug: string, category: Category, what: string, change: (rows: Rows) => void, expect: Expectation): Draft => ({
    slug,
    category,
    what,
    bytes: text(edit(change)),
    expect,
  });
  const full = write(baseRows());
  const NOT_LABELS = wholeFile('not a file Agreement Studio reads');
  const valueMark = edit(set(4, 3, MARK));
  // The header and the first four rows, which the truncated cases keep whole.
  const firstRows = full.split('\n').slice(0, 5).join('\n');
  const TASK = 2;
  const VALUE = 3;

  const drafts: Draft[] = [
    {
      slug: 'mid-row',
      category: 'truncated',
      what: 'cut after the unit of row 5',
      bytes: text(`${firstRows}\nann-a,${b.questions[4]}`),
      expect: rejectedAt(onLine(lineOfRow(4), 'expected at least 4 fields')),
    },
    {
      slug: 'in-quotes',
      category: 'truncated',
      what: 'cut inside a quoted value',
      bytes: text(`${firstRows}\nann-a,${b.questions[4]},answer,"ye`),
      expect: rejectedAt(onLine(lineOfRow(4), 'a quoted field is never closed')),
    },
    {
      slug: 'header',
      category: 'truncated',
      what: 'only part of the header',
      bytes: text('annot'),
      expect: rejectedAt(onLine(1, 'the header lacks the columns'), { app: NOT_LABELS }),
    },
    // The Team page says "the file is empty" as the library does, not that it cannot tell the kind.
    { slug: 'empty', category: 'truncated', what: 'a file of no bytes', bytes: text(''), expect: rejectedAt(wholeFile('the file is empty')) },

    {
      slug: 'no-value-column',
      category: 'wrong-type',
      what: 'a header without the value column',
      bytes: text(`annotator,unit,task\nann-a,${b.questions[0]},answer\n`),
      expect: rejectedAt(onLine(1, 'the header lacks the column value')),
    },
    {
      slug: 'annotator-twice',
      category: 'wrong-type',
      what: 'a header naming annotator twice',
      bytes: text(edit(() => undefined, `${header},annotator`)),
      expect: rejectedAt(onLine(1, 'names the column annotator twice')),
    },
    mutation(
      'task-answers',
      'wrong-type',
      'a task "answers"',
      set(1, TASK, 'answers'),
      rejectedAt(onLine(lineOfRow(1), 'expected answer, match or difficulty', 'task')),
    ),
    mutation('difficulty-word', 'wrong-type', 'a difficulty "two"', set(9, VALUE, 'two'), rejectedAt(onLine(lineOfRow(9), 'a difficulty rating', 'value'))),
    mutation('difficulty-12', 'wrong-type', 'a difficulty 12', set(10, VALUE, '12'), rejectedAt(onLine(lineOfRow(10), 'a difficulty rating', 'value'))),

    hundredMegabyteString('value', valueMark, 'a 100 MB value', onLine(lineOfRow(4), 'a field is longer than the limit')),
    overLimit(full.slice(0, 200)),

    mutation(
      'annotator',
      'prototype-key',
      'an annotator __proto__',
      set(0, 0, '__proto__'),
      rejectedAt(onLine(lineOfRow(0), "is not allowed as an annotator's id", 'annotator')),
    ),
    mutation('unit', 'prototype-key', 'a unit constructor', set(2, 1, 'constructor'), rejectedAt(onLine(lineOfRow(2), 'is not allowed as an id', 'unit'))),

    mutation(
      'value',
      'html-script',
      'a value that is a script tag',
      set(0, VALUE, PAYLOADS.script),
      rejectedAt(onLine(lineOfRow(0), 'an answer label', 'value')),
    ),
    mutation(
      'task',
      'html-script',
      'a task that is an img tag',
      set(1, TASK, PAYLOADS.img),
      rejectedAt(onLine(lineOfRow(1), 'expected answer, match or difficulty', 'task')),
    ),
    // An annotator id names the files written for them, so it keeps to the id rule (domain/ids.ts).
    mutation(
      'annotator',
      'html-script',
      'an annotator id that is an img tag',
      (rows) => rows.forEach((row) => row[0] === 'ann-b' && (row[0] = PAYLOADS.img)),
      rejectedAt(at('annotator', "is not usable as an annotator's id")),
    ),
    mutation(
      'value',
      'javascript-link',
      'a value that is a javascript: link',
      set(6, VALUE, PAYLOADS.link),
      rejectedAt(onLine(lineOfRow(6), 'a match label', 'value')),
    ),
    mutation(
      'unit',
      'javascript-link',
      'a unit that is a javascript: link',
      set(0, 1, PAYLOADS.link),
      rejectedAt(onLine(lineOfRow(0), 'javascript:', 'unit'), { stage: 'study' }),
    ),

    mutation('value-nul', 'control-char', 'a value "yes" + NUL', set(0, VALUE, 'yes\u0000'), rejectedAt(onLine(lineOfRow(0), 'an answer label', 'value'))),
    mutation(
      'task-bell',
      'control-char',
      'a task BEL + "answer"',
      set(1, TASK, '\u0007answer'),
      rejectedAt(onLine(lineOfRow(1), 'expected answer, match or difficulty', 'task')),
    ),
    {
      slug: 'lone-cr',
      category: 'control-char',
      what: 'a lone carriage return inside a row',
      bytes: text(edit(set(3, 1, MARK)).replace(MARK, `${b.questions[3]}\r`)),
      expect: rejectedAt(onLine(lineOfRow(3), 'expected at least 4 fields')),
    },

    faultDraft('ff-in-value', valueMark, [0xff], 'a 0xFF byte in a value'),
    faultDraft('latin1-annotator', edit(set(5, 0, `ren${MARK}e`)), [0xe9], 'a Latin-1 é in an annotator id'),

    mutation(
      'row-twice',
      'duplicate-id',
      'one row twice',
      (rows) => rows.splice(2, 0, [...(rows[1] as string[])]),
      rejectedAt(onLine(lineOfRow(2), 'duplicate answer label')),
    ),

    mutation('answer-perhaps', 'unknown-label', 'an answer "perhaps"', set(0, VALUE, 'perhaps'), rejectedAt(onLine(lineOfRow(0), 'an answer label', 'value'))),
    mutation('match-maybe', 'unknown-label', 'a match "maybe"', set(7, VALUE, 'maybe'), rejectedAt(onLine(lineOfRow(7), 'a match label', 'value'))),

    mutation(
      'missing-unit',
      'unknown-unit',
      'a unit the study lacks',
      set(3, 1, 's-nope/1'),
      rejectedAt(onLine(lineOfRow(3), 's-nope/1', 'unit'), { stage: 'study' }),
    ),
    mutation(
      'puzzle-as-answer',
      'unknown-unit',
      'an answer label on a puzzle',
      set(2, 1, b.puzzles[4] as string),
      rejectedAt(onLine(lineOfRow(2), 'is a puzzle'), { stage: 'study' }),
    ),

    {
      slug: 'reliability-csv',
      category: 'wrong-kind',
      what: 'reliability data given as labels',
      bytes: text(b.reliabilityCsv),
      expect: rejectedAt(onLine(1, 'the header lacks the columns annotator, task'), { app: NOT_LABELS }),
    },
    {
      slug: 'label-json',
      category: 'wrong-kind',
      what: 'a label file (JSON) named .csv',
      bytes: text(pretty(b.labelFile)),
      expect: rejectedAt(onLine(1, 'the header lacks the columns'), { app: NOT_LABELS }),
    },

    mutation(
      'value',
      'formula',
      'a value that is a spreadsheet formula',
      set(0, VALUE, '=HYPERLINK("https://example.invalid","yes")'),
      rejectedAt(onLine(lineOfRow(0), 'an answer label', 'value')),
    ),
    mutation(
      'annotator',
      'formula',
      'an annotator id that is a spreadsheet formula',
      (rows) => rows.forEach((row) => row[0] === 'ann-b' && (row[0] = "=cmd|' /C calc'!A0")),
      rejectedAt(at('annotator', "is not usable as an annotator's id")),
    ),
  ];
  return named('labels-csv', drafts);
}

function reliabilityCases(): HostileCase[] {
  const b = bases();
  const lines = b.reliabilityCsv.trimEnd().split('\n');
  const edit = (change: (rows: string[]) => void): string => {
    const rows = [...lines];
    change(rows);
    return `${rows.join('\n')}\n`;
  };
  // Rows are lines: line n is rows[n - 1].
  const setLine = (n: number, value: string) => (rows: string[]) => (rows[n - 1] = value);
  const mutation = (slug: string, category: Category, what: string, change: (rows: string[]) => void, expect: Expectation): Draft => ({
    slug,
    category,
    what,
    bytes: text(edit(change)),
    expect,
  });
  const full = `${lines.join('\n')}\n`;
  const valueMark = edit(setLine(6, `u02,B,${MARK}`));

  const drafts: Draft[] = [
    {
      slug: 'mid-row',
      category: 'truncated',
      what: 'the last row cut after its unit',
      bytes: text(`${lines.slice(0, 9).join('\n')}\nu04`),
      expect: rejectedAt(onLine(10, 'expected at least 3 fields')),
    },
    {
      slug: 'in-quotes',
      category: 'truncated',
      what: 'cut inside a quoted value',
      bytes: text(`${lines.slice(0, 9).join('\n')}\nu04,A,"3`),
      expect: rejectedAt(onLine(10, 'a quoted field is never closed')),
    },
    {
      slug: 'header',
      category: 'truncated',
      what: 'only part of the header',
      bytes: text('uni'),
      expect: rejectedAt(onLine(1, 'the header lacks the columns')),
    },
    { slug: 'empty', category: 'truncated', what: 'a file of no bytes', bytes: text(''), expect: rejectedAt(wholeFile('the file is empty')) },

    mutation(
      'no-value-column',
      'wrong-type',
      'a header without the value column',
      setLine(1, 'unit,rater'),
      rejectedAt(onLine(1, 'the header lacks the column value')),
    ),
    mutation(
      'rater-twice',
      'wrong-type',
      'a header naming rater twice',
      setLine(1, 'unit,rater,rater,value'),
      rejectedAt(onLine(1, 'names the column rater twice')),
    ),
    mutation('empty-unit', 'wrong-type', 'a rating without its unit', setLine(4, ',C,1'), rejectedAt(onLine(4, 'expected the unit id', 'unit'))),
    mutation('empty-rater', 'wrong-type', 'a rating without its rater', setLine(5, 'u02,,2'), rejectedAt(onLine(5, "expected the rater's id", 'rater'))),
    mutation(
      'after-quote',
      'wrong-type',
      'text after a closing quote',
      setLine(3, '"u01"x,B,1'),
      rejectedAt(onLine(3, 'unexpected text after a closing quote')),
    ),

    hundredMegabyteString('value', valueMark, 'a 100 MB value', onLine(6, 'a field is longer than the limit')),
    overLimit(full.slice(0, 60)),

    mutation(
      'ids',
      'prototype-key',
      'a unit __proto__, a rater constructor, a value prototype',
      (rows) => {
        rows.push('__proto__,A,1', '__proto__,constructor,1', 'u99,constructor,prototype', 'u99,A,prototype');
      },
      inertText('__proto__'),
    ),
    mutation(
      'header',
      'html-script',
      'a header cell that is a script tag',
      setLine(1, `${PAYLOADS.script},rater,value`),
      rejectedAt(onLine(1, 'the header lacks the column unit')),
    ),
    mutation(
      'value',
      'html-script',
      'a value that is an img tag',
      (rows) => rows.push(`u99,A,${csvField(PAYLOADS.img)}`, `u99,B,${csvField(PAYLOADS.img)}`),
      inertText(PAYLOADS.img),
    ),
    mutation(
      'value',
      'javascript-link',
      'a value that is a javascript: link',
      (rows) => rows.push(`u99,A,${PAYLOADS.link}`, `u99,B,${PAYLOADS.link}`),
      inertText(PAYLOADS.link),
    ),

    mutation('lone-cr', 'control-char', 'a lone carriage return inside a row', setLine(7, 'u02,C\r,2'), rejectedAt(onLine(7, 'expected at least 3 fields'))),
    mutation('rater-nul', 'control-char', 'a rater id with a NUL', (rows) => rows.push('u99,ann\u0000x,1', 'u99,A,1'), inertText('ann\u0000x')),

    faultDraft('ff-in-value', valueMark, [0xff], 'a 0xFF byte in a value'),
    {
      slug: 'utf16',
      category: 'invalid-utf8',
      what: 'the CSV saved as UTF-16',
      bytes: () => utf16(full),
      expect: rejectedAt(wholeFile('UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8')),
    },

    mutation(
      'row-twice',
      'duplicate-id',
      'one rating twice',
      (rows) => rows.splice(3, 0, rows[2] as string),
      rejectedAt(onLine(4, 'already rated unit "u01" on line 3')),
    ),
    mutation(
      'other-value',
      'duplicate-id',
      'two ratings of one unit by one rater',
      (rows) => rows.push('u01,A,4'),
      rejectedAt(onLine(lines.length + 1, 'already rated unit "u01" on line 2')),
    ),

    {
      slug: 'label-csv',
      category: 'wrong-kind',
      what: 'a label CSV given as reliability data',
      bytes: text(`annotator,unit,task,value\nann-a,${b.questions[0]},answer,yes\n`),
      expect: rejectedAt(onLine(1, 'the header lacks the column rater;')),
    },
    {
      slug: 'json',
      category: 'wrong-kind',
      what: 'a JSON document given as reliability data',
      bytes: text(pretty(b.labelFile)),
      expect: rejectedAt(onLine(1, 'the header lacks the columns')),
    },

    mutation('value', 'formula', 'values that are spreadsheet formulas', (rows) => rows.push('u99,A,=1+1', 'u99,B,@SUM(A1)'), inertText('=1+1')),
  ];
  return named('reliability-csv', drafts);
}

/** Every case, in kind order; the names are unique. */
export function hostileCases(): HostileCase[] {
  const cases = [...bundleCases(), ...jsonlCases(), ...packCases(), ...labelFileCases(), ...labelCsvCases(), ...reliabilityCases()];
  const names = new Set(cases.map((c) => c.name));
  if (names.size !== cases.length) throw new Error('two hostile cases share a file name');
  return cases;
}
