// Imports AgentBench's lateral-thinking runs (THUDM/AgentBench @41e6807, src/server/tasks/ltp/,
// SOURCES §7): `<agent>/<task>/runs.jsonl` with its error.jsonl, overall.json, the run's
// config.yaml and the task's puzzle workbook; and that workbook alone as a puzzle list.

import type { LabelScheme } from '../../domain/model';
import { EXCEL_WORKBOOK } from '../binary-kind';
import type { FormatError } from '../errors';
import { isRecord } from '../field-schemas';
import { parseJsonDocument, parseJsonText, stripBom } from '../json-document';
import { splitKeyPoints } from '../key-points';
import { readJudgeReply } from '../judge-reply';
import { checkSourceFile, type SourceFile } from '../limits';
import { baseName } from '../study-id';
import type { FileReaders, SheetRows } from './file-readers';
import {
  LeftoverTally,
  type BenchmarkImport,
  type BenchmarkImportOptions,
  type BundlePuzzle,
  type BundleSession,
  type BundleTurn,
  type ImportedStudy,
  importedStudy,
} from './imported-study';
import { workbookFailure } from '../workbook-parts';
import { readYamlSettings, type YamlReaders } from './yaml-settings';

const AGENTBENCH_LAYOUTS = {
  runs: 'AgentBench lateral-thinking run (outputs/<time>/<agent>/ltp-*/runs.jsonl)',
  errors: "AgentBench failed samples (error.jsonl beside a run's runs.jsonl)",
  overall: "AgentBench task figures (overall.json beside a run's runs.jsonl)",
  config: 'AgentBench run settings (outputs/<time>/config.yaml)',
  sheet: 'AgentBench lateral-thinking puzzles (data/lateralthinkingpuzzle*/*.xlsx: story, answer, Story keys, Answer keys)',
} as const;

/** Hard-coded as the host in task.py L388-390 and named in no output file. */
const AGENTBENCH_JUDGE = 'gpt-3.5-turbo-0613';
/** task.py L372: `rounds=25`; ltp.yaml's `round: 25` never reaches it. */
const ROUNDS = 25;
const SCHEME: LabelScheme = { answerUnknown: false };

// Replies the task's code writes in place of asking the judge (task.py L175-196): no label.
const CODE_HINTS = new Set([
  'Please continue guessing the truth based on the story and ask a question that can be answered with "yes", "no", or "irrelevant".',
  'This information is already in the story, please ask a new question.',
  'This is a question that has already been asked. Please ask a new question.',
]);

const LINE_FIELDS = new Set(['index', 'error', 'info', 'output', 'time']);
const OUTPUT_FIELDS = new Set(['index', 'status', 'result', 'history']);
// The game's outcome as task.py L601-608 computes it; the bundle has no place for a session's outcome.
const OUTCOME_FIELDS = ['accuracy', 'efficiency', 'relevance', 'progress', 'finish_round', 'finished', 'hit_keys'];

// json.dumps of {index, error, info, output: {index, status, ...}}: the first line shows it.
const RUNS_HINT = /^\s*\{"index":\s*\d+,\s*"error":[^\n]*"output":\s*\{"index":\s*\d+,\s*"status":\s*"/;

/** Whether a file is an AgentBench runs.jsonl (error.jsonl, of the same shape, is its companion): to pick the importer. */
export function looksLikeAgentBenchRuns(file: SourceFile): boolean {
  return fileName(file.name) !== 'error.jsonl' && RUNS_HINT.test(stripBom(file.text).slice(0, 65_536));
}

const SHEET_COLUMNS = [
  ['story', '汤面'],
  ['answer', '汤底'],
  ['Story keys', 'Story keys'],
  ['Answer keys', 'Answer keys'],
] as const;

/** Whether a sheet's header is AgentBench's (English or Chinese): task.py reads its four columns by position. */
export function isAgentBenchSheetHeader(header: readonly string[]): boolean {
  return SHEET_COLUMNS.every((names, i) => (names as readonly string[]).includes(header[i]?.trim() ?? ''));
}

interface SheetPuzzle {
  story: string;
  answer: string;
  keyClues: string[];
}

interface Sheet {
  file: string;
  language: 'en' | 'zh';
  puzzles: SheetPuzzle[];
}

/** The rows of an AgentBench sheet (its header checked by the caller), each row's Story keys listed as left out. */
function readAgentBenchSheet(file: string, rows: SheetRows, leftovers: LeftoverTally): Sheet {
  const [header = [], ...data] = rows;
  const text = (cell: unknown) => (cell === null || cell === undefined ? '' : String(cell).trim());
  const puzzles: SheetPuzzle[] = [];
  for (const row of data) {
    // pandas keeps the rows; a blank row would be a puzzle with no story, which AgentBench would fail on.
    if (!row.some((cell) => text(cell) !== '')) continue;
    puzzles.push({ story: text(row[0]), answer: text(row[1]), keyClues: splitKeyPoints(text(row[3])) });
    if (text(row[2]) !== '') leftovers.add(file, 'column "Story keys" (what the story already says; the answer keys are the key clues)', text(row[2]));
    row.slice(4).forEach((cell, i) => {
      if (text(cell) !== '') leftovers.add(file, `column ${JSON.stringify(text(header[i + 4]) || String(i + 5))}`, cell);
    });
  }
  return { file, language: text(header[0]) === '汤面' ? 'zh' : 'en', puzzles };
}

/** An AgentBench sheet given alone: its puzzles with the answer keys as key clues, numbered as the runs number them. */
export function agentBenchSheetStudy(file: SourceFile, sheetName: string, rows: SheetRows, leftovers: LeftoverTally): ImportedStudy {
  const sheet = readAgentBenchSheet(file.name, rows, leftovers);
  return importedStudy({
    layouts: [{ file: file.name, layout: `${AGENTBENCH_LAYOUTS.sheet}, first sheet ${JSON.stringify(sheetName)}: a puzzle list with key clues, no games` }],
    name: `AgentBench ${baseName(file.name)}`,
    idSeed: `${file.name}\u0000${JSON.stringify(sheet.puzzles)}`,
    scheme: SCHEME,
    puzzles: sheet.puzzles.map((puzzle, index) => bundlePuzzle(index, puzzle, sheet.language)),
    sessions: [],
    leftovers,
  });
}

function bundlePuzzle(index: number, puzzle: SheetPuzzle, language: string): BundlePuzzle {
  return {
    id: `puzzle-${index}`,
    story: puzzle.story,
    reference: puzzle.answer,
    language,
    ...(puzzle.keyClues.length > 0 ? { keyClues: puzzle.keyClues } : {}),
    source: 'AgentBench',
  };
}

/** The last part of a path, either separator. */
function fileName(path: string): string {
  return path.split(/[\\/]/).pop()?.toLowerCase() ?? path;
}

/**
 * `<agent>/<task>` from `…/<agent>/<task>/runs.jsonl`. Only a task folder named as the
 * lateral-thinking tasks are (`ltp-dev`, `ltp-std`) says the folder above it is the agent's.
 */
function folders(path: string): { agent?: string; task?: string } {
  const parts = path.split(/[\\/]/).filter((part) => part !== '' && part !== '.');
  const task = parts[parts.length - 2];
  if (task === undefined || !/^ltp/i.test(task)) return {};
  const agent = parts[parts.length - 3];
  return { task, ...(agent !== undefined ? { agent } : {}) };
}

class Reading {
  readonly errors: FormatError[] = [];
  readonly leftovers = new LeftoverTally();
  readonly puzzles = new Map<number, SheetPuzzle & { language: string }>();
  readonly sessions: BundleSession[] = [];

  error(file: string, path: string, message: string, line?: number): undefined {
    if (this.errors.length < 200) this.errors.push({ file, path, message, ...(line !== undefined ? { line } : {}) });
    return undefined;
  }
}

/**
 * Imports AgentBench lateral-thinking runs: each runs.jsonl line a session of the agent its folder
 * names (or `player`), judged by gpt-3.5-turbo-0613 (or `judge`); each `Round` of the game log a
 * question labelled from the host's reply, none where the task's code answered instead of the judge.
 */
export async function importAgentBenchRuns(
  files: readonly SourceFile[],
  options: BenchmarkImportOptions,
  readers: Pick<FileReaders, 'readWorkbook'> & YamlReaders,
): Promise<BenchmarkImport> {
  const reading = new Reading();
  const layouts: ImportedStudy['layouts'] = [];
  let sheet: Sheet | undefined;
  const runs: SourceFile[] = [];
  for (const file of files) {
    const fileError = checkSourceFile(file);
    if (file.binaryKind === EXCEL_WORKBOOK) {
      if (sheet !== undefined)
        return refuse(file.name, `a second puzzle workbook beside ${sheet.file}; give the one the task read (ltp-dev: dev.xlsx, ltp-std: standard.xlsx)`);
      const read = await workbookSheet(file, readers, reading);
      if (read === undefined) continue;
      sheet = read.sheet;
      layouts.push({ file: file.name, layout: `${AGENTBENCH_LAYOUTS.sheet}, first sheet ${JSON.stringify(read.name)}` });
    } else if (fileError !== undefined) reading.errors.push(fileError);
    else if (looksLikeAgentBenchRuns(file)) {
      runs.push(file);
      layouts.push({ file: file.name, layout: AGENTBENCH_LAYOUTS.runs });
    } else {
      const layout = readCompanion(file, reading, readers);
      if (layout !== undefined) layouts.push({ file: file.name, layout });
    }
  }
  if (reading.errors.length > 0) return { ok: false, errors: reading.errors };
  const judge = options.judge ?? AGENTBENCH_JUDGE;
  for (const file of runs) {
    const { agent, task } = folders(file.name);
    const player = options.player ?? agent;
    if (player === undefined)
      return {
        ok: false,
        errors: [
          { file: file.name, path: '', message: "the agent is named only by the run's folder (<agent>/<task>/runs.jsonl), which this file name does not hold" },
        ],
        needs: ['player'],
      };
    readRuns(reading, file, { player, judge, task: task ?? 'ltp' }, sheet);
  }
  if (reading.errors.length > 0) return { ok: false, errors: reading.errors };
  const puzzles: BundlePuzzle[] = sheet
    ? sheet.puzzles.map((puzzle, index) => bundlePuzzle(index, puzzle, sheet.language))
    : [...reading.puzzles].sort(([a], [b]) => a - b).map(([index, puzzle]) => bundlePuzzle(index, puzzle, puzzle.language));
  const name = `AgentBench ${[...new Set(runs.map((file) => folders(file.name).task ?? 'ltp'))].join(', ')}`;
  return {
    ok: true,
    value: importedStudy({
      layouts,
      name,
      idSeed: files.map((file) => file.text).join('\u0000'),
      scheme: SCHEME,
      puzzles,
      sessions: reading.sessions,
      leftovers: reading.leftovers,
    }),
  };
}

async function workbookSheet(
  file: SourceFile,
  readers: Pick<FileReaders, 'readWorkbook'>,
  reading: Reading,
): Promise<{ sheet: Sheet; name: string } | undefined> {
  let sheets: readonly { sheet: string; data: SheetRows }[];
  try {
    const bytes = file.bytes ?? new Uint8Array();
    sheets = await readers.readWorkbook(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, { trim: false });
  } catch (error) {
    return reading.error(file.name, '', `cannot read the workbook: ${workbookFailure(error)}`);
  }
  const [first, ...others] = sheets;
  const header = (first?.data[0] ?? []).map((cell) => (cell === null ? '' : String(cell)));
  if (first === undefined || !isAgentBenchSheetHeader(header))
    return reading.error(
      file.name,
      '',
      `not an AgentBench puzzle workbook: expected the columns story, answer, Story keys, Answer keys (or 汤面, 汤底, …), found ${header.join(', ') || 'none'}`,
    );
  for (const other of others) reading.leftovers.add(file.name, 'records: sheets after the first (only the first is read)', other.sheet);
  return { sheet: readAgentBenchSheet(file.name, first.data, reading.leftovers), name: first.sheet };
}

/** error.jsonl, overall.json or config.yaml: what they hold is listed as not imported. */
function readCompanion(file: SourceFile, reading: Reading, readers: YamlReaders): string | undefined {
  const name = fileName(file.name);
  if (name === 'error.jsonl') {
    const lines = stripBom(file.text).split('\n');
    lines.forEach((text, i) => {
      if (text.trim() === '') return;
      const parsed = parseJsonText(file.name, text, i + 1);
      if (!parsed.ok) return reading.errors.push(...parsed.errors);
      const line = isRecord(parsed.value) ? parsed.value : {};
      reading.leftovers.add(
        file.name,
        "records: samples whose agent call failed (AgentBench's error.jsonl; no game was kept)",
        `index ${String(line.index)}: ${String(line.error)}`,
      );
    });
    return AGENTBENCH_LAYOUTS.errors;
  }
  if (name === 'overall.json') {
    const parsed = parseJsonDocument(file);
    if (!parsed.ok) return void reading.errors.push(...parsed.errors);
    if (isRecord(parsed.value))
      for (const [key, value] of Object.entries(parsed.value)) reading.leftovers.add(file.name, `field ${key} (the task's figures)`, value);
    return AGENTBENCH_LAYOUTS.overall;
  }
  if (/\.ya?ml$/.test(name)) {
    const yaml = readYamlSettings(file, readers);
    if (!yaml.ok) return void reading.errors.push(...yaml.errors);
    const value = yaml.value;
    if (isRecord(value)) for (const [key, setting] of Object.entries(value)) reading.leftovers.add(file.name, `setting ${key}`, setting);
    return AGENTBENCH_LAYOUTS.config;
  }
  return reading.error(
    file.name,
    '',
    "not a file of an AgentBench run; expected runs.jsonl with its error.jsonl, overall.json, config.yaml or the task's .xlsx",
  );
}

function readRuns(reading: Reading, file: SourceFile, names: { player: string; judge: string; task: string }, sheet: Sheet | undefined): void {
  const seen = new Set(reading.sessions.map((session) => session.id));
  stripBom(file.text)
    .split('\n')
    .forEach((text, i) => {
      if (text.trim() === '') return;
      const lineNo = i + 1;
      const parsed = parseJsonText(file.name, text, lineNo);
      if (!parsed.ok) return void reading.errors.push(...parsed.errors);
      const line = parsed.value;
      if (!isRecord(line) || !isRecord(line.output))
        return reading.error(file.name, '', 'expected an AgentBench sample {index, error, info, output, time}', lineNo);
      reading.leftovers.addUnknownFields(file.name, '', line, LINE_FIELDS);
      reading.leftovers.add(file.name, 'field time (when the sample finished)', line.time);
      const { index } = line;
      if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 0)
        return reading.error(file.name, 'index', 'expected the sample index, a whole number from 0', lineNo);
      const output = line.output;
      reading.leftovers.addUnknownFields(file.name, 'output.', output, OUTPUT_FIELDS);
      const sessionId = `${names.player}/${names.task}/${index}`;
      if (!isRecord(output.result)) {
        reading.leftovers.add(file.name, 'records: samples that ended without a game (task error)', `index ${index}: ${String(output.status)}`);
        return;
      }
      if (seen.has(sessionId))
        return reading.error(file.name, 'index', `sample ${index} of ${names.player} comes twice; give each run's runs.jsonl once`, lineNo);
      seen.add(sessionId);
      reading.leftovers.add(file.name, "field output.status (how the game ended: AgentBench's SampleStatus)", `${sessionId}: ${String(output.status)}`);
      if (output.history !== undefined)
        reading.leftovers.add(
          file.name,
          "field output.history (the agent's chat: the host's messages and the agent's whole replies)",
          `${sessionId}: ${JSON.stringify(output.history).length.toLocaleString('en')} characters`,
        );
      const result = output.result;
      reading.leftovers.addUnknownFields(file.name, 'output.result.', result, new Set([...OUTCOME_FIELDS, 'history']));
      for (const field of OUTCOME_FIELDS)
        if (result[field] !== undefined)
          reading.leftovers.add(file.name, `field output.result.${field} (the game's outcome)`, `${sessionId}: ${JSON.stringify(result[field])}`);
      const log = result.history;
      if (!Array.isArray(log) || !log.every((entry) => typeof entry === 'string'))
        return reading.error(file.name, 'output.result.history', 'expected the game log as a list of text', lineNo);
      const story = /^Story: ([\s\S]*)$/.exec(log[0] ?? '')?.[1];
      const truth = /^Truth: ([\s\S]*)$/.exec(log[1] ?? '')?.[1];
      if (story === undefined || truth === undefined)
        return reading.error(file.name, 'output.result.history', 'expected the game log to open with "Story: …" and "Truth: …"', lineNo);
      if (!puzzleOf(reading, file.name, lineNo, index, story, truth, sheet)) return;
      const turns = readRounds(reading, file.name, lineNo, sessionId, log.slice(2), names.judge);
      if (turns === undefined) return;
      reading.sessions.push({ id: sessionId, puzzleId: `puzzle-${index}`, player: names.player, judge: names.judge, maxRounds: ROUNDS, turns });
    });
}

/** Checks the game's story against the sheet's row, or keeps it as the puzzle when no sheet was given. */
function puzzleOf(reading: Reading, file: string, line: number, index: number, story: string, truth: string, sheet: Sheet | undefined): boolean {
  if (sheet !== undefined) {
    const row = sheet.puzzles[index];
    if (row === undefined || row.story !== story.trim())
      return !!reading.error(
        file,
        'output.result.history[0]',
        `sample ${index}'s story is not row ${index + 2} of ${sheet.file}; give the workbook the task read (ltp-dev: dev.xlsx, ltp-std: standard.xlsx)`,
        line,
      );
    return true;
  }
  const known = reading.puzzles.get(index);
  if (known !== undefined && (known.story !== story || known.answer !== truth))
    return !!reading.error(file, 'output.result.history[0]', `sample ${index} has another story in an earlier run; import one task's runs together`, line);
  reading.puzzles.set(index, { story, answer: truth, keyClues: [], language: 'en' });
  return true;
}

/** `Round {i}: question` each followed by the host's reply (task.py L477-478, L598). */
function readRounds(reading: Reading, file: string, line: number, sessionId: string, entries: readonly string[], judge: string): BundleTurn[] | undefined {
  const turns: BundleTurn[] = [];
  for (let p = 0; p < entries.length; p += 2) {
    const round = /^Round (\d+): ([\s\S]*)$/.exec(entries[p] ?? '');
    if (round === null) return reading.error(file, `output.result.history[${p + 2}]`, 'expected "Round N: question" after the host\'s reply', line);
    const reply = entries[p + 1];
    const turn: BundleTurn = { id: `${sessionId}/${round[1]}`, type: 'question', text: round[2] ?? '', judgements: {} };
    if (reply !== undefined && CODE_HINTS.has(reply))
      reading.leftovers.add(file, "records: a question the task's code answered with a hint instead of the judge (no label)", `${turn.id}: ${reply}`);
    else if (reply !== undefined) {
      turn.judgements[judge] = readJudgeReply(reply, 'answer', SCHEME);
      turn.judgeReplies = { [judge]: reply };
    }
    turns.push(turn);
  }
  return turns;
}

function refuse(file: string, message: string): BenchmarkImport {
  return { ok: false, errors: [{ file, path: '', message }] };
}

/** What an AgentBench run's companion file holds, in a line for `validate`, read as the import reads it; undefined for any other file. */
export function describeAgentBenchCompanion(file: SourceFile, readers: YamlReaders): string | undefined {
  const name = fileName(file.name);
  const text = stripBom(file.text);
  const recognised =
    (name === 'error.jsonl' && /^\s*\{"index":\s*\d+,\s*"error":/.test(text)) ||
    (name === 'overall.json' && /"custom"\s*:/.test(text) && /"validation"\s*:/.test(text)) ||
    (/\.ya?ml$/.test(name) && /^assignments:/m.test(text) && /^definition:/m.test(text));
  if (!recognised) return undefined;
  const reading = new Reading();
  const layout = readCompanion(file, reading, readers);
  if (layout === undefined || reading.errors.length > 0) return undefined;
  const failed = reading.leftovers.list().find((item) => item.what.startsWith('records: samples whose agent call failed'))?.count;
  const held =
    failed !== undefined ? `${failed.toLocaleString('en')} failed ${failed === 1 ? 'sample' : 'samples'}, listed as not imported` : 'listed as not imported';
  return `${layout}: ${held}; import it with the run's runs.jsonl`;
}
