// `agreement-studio validate FILE...`: reads each file, tells its format, runs the parser the
// app uses on import, and prints a one-line summary per valid file (stdout) or every located
// error (stderr). Exit 0 when all are valid, 1 when any is not, 2 for bad usage.

import { detectFormat } from '../../shared/formats/detect-format';
import { formatErrorText, type FormatError, type ParseResult } from '../../shared/formats/errors';
import { binaryFileMessage, EXCEL_WORKBOOK, SQLITE_DATABASE } from '../../shared/formats/binary-kind';
import { describeSplatCompanion, describeSplatLog, isSplatLog, looksLikeSplatLog, SPLAT_LAYOUTS } from '../../shared/formats/importers/splat';
import { importSplatPuzzleSheet } from '../../shared/formats/importers/splat-puzzle-sheet';
import { describeAgentBenchCompanion, importAgentBenchRuns, looksLikeAgentBenchRuns } from '../../shared/formats/importers/agentbench-ltp';
import { describeArBenchImport, describeArBenchTree, importArBenchLogs, looksLikeArBenchLog } from '../../shared/formats/importers/arbench-sp';
import { describeDeepTurtleImport, importDeepTurtle, looksLikeDeepTurtleFile } from '../../shared/formats/importers/deepturtle';
import { GAME_ARENA_LAYOUT, importGameArena } from '../../shared/formats/importers/game-arena';
import { describeGuessTheRuleGame, GUESS_THE_RULE_LAYOUT, looksLikeGuessTheRuleGame } from '../../shared/formats/importers/guess-the-rule';
import { describeTurtleBenchFile, TURTLEBENCH_LAYOUTS, turtleBenchLayout } from '../../shared/formats/importers/turtlebench';
import { describeTurtleSoupBenchGame, isTurtleSoupBenchGame, TURTLESOUP_BENCH_LAYOUT } from '../../shared/formats/importers/turtlesoup-bench';
import { isRecord } from '../../shared/formats/field-schemas';
import { parseJsonDocument } from '../../shared/formats/json-document';
import { LABELS_FORMAT, parseLabelCsv, parseLabelFile } from '../../shared/formats/label-file';
import type { SourceFile } from '../../shared/formats/limits';
import { parsePack } from '../../shared/formats/pack';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { parseInvitation } from '../../shared/sync/invitation';
import { parseCommandArgs, UsageError } from '../support/args';
import type { CliIo } from '../support/io';
import { readImportFile } from '../support/read-input-file';
import { FILE_READERS } from '../support/file-readers';

const COMMAND = 'validate';

const USAGE = `Usage: agreement-studio validate FILE...

Checks transcript bundles (.json, .jsonl, puzzle lists), packs (.pack.json), label files
(.labels.json), label CSVs (annotator,unit,task,value) and team server invitations
(.invitation.json) exactly as the app checks them on import.
A benchmark's own output file that \`import\` reads (TurtleBench's, TurtleSoup-Bench's game files,
SPLAT's log.json, log.csv, config.yaml and puzzles.xlsx, DeepTurtle's data/deep_turtle.json,
AgentBench's runs.jsonl with its error.jsonl, overall.json, config.yaml and puzzle workbooks,
AR-Bench's logs/sp/log_{method}_{model}.json and the tot method's _tree.json) is named by its
layout, with the counts \`import\` gives.
Prints one line per valid file, and every error of an invalid one with its line or JSON path.
Exit 0 when every file is valid, 1 when any is not.
`;

export async function runValidate(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(COMMAND, args, { help: { type: 'boolean', short: 'h' } });
  if (values.help === true) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('name at least one FILE to check', COMMAND);
  let invalid = 0;
  for (const path of positionals) {
    const outcome = await validateFile(path);
    if (outcome.ok) {
      io.stdout.write(`OK  ${path}: ${outcome.value}\n`);
      // What the file holds that is not read, as the app's import says it too.
      for (const warning of outcome.warnings ?? []) io.stdout.write(`    not read: ${formatErrorText(warning)}\n`);
    } else {
      invalid++;
      for (const error of outcome.errors) io.stderr.write(`${formatErrorText(error)}\n`);
    }
  }
  if (invalid > 0 && positionals.length > 1) io.stderr.write(`${invalid} of ${positionals.length} files are invalid\n`);
  return invalid > 0 ? 1 : 0;
}

/** Checks one file; on success the value is the summary line. */
async function validateFile(path: string): Promise<ParseResult<string>> {
  const loaded = await readImportFile(path);
  if (!loaded.ok) return loaded;
  const file = loaded.value;
  if (file.binaryKind === EXCEL_WORKBOOK) return puzzleSheetSummary(file);
  if (file.binaryKind === SQLITE_DATABASE) return gameArenaSummary(file);
  const format = detectFormat(file);
  switch (format) {
    case 'transcripts':
    case 'puzzle-list': {
      if (looksLikeAgentBenchRuns(file)) return agentBenchRunSummary(file);
      if (looksLikeArBenchLog(file)) return arBenchLogSummary(file);
      const tree = describeArBenchTree(file);
      if (tree !== undefined) return summary(tree);
      const companion = describeAgentBenchCompanion(file, FILE_READERS);
      if (companion !== undefined) return summary(companion);
      const imported = importLayoutSummary(file);
      if (imported !== undefined) return imported;
      const result = parseTranscriptBundle(file);
      if (!result.ok) return result;
      const { puzzles, sessions, turns, questions, finals } = result.value.study.counts;
      const prompts = result.value.judgePrompts ?? [];
      return {
        ...summary(
          `${count(puzzles, 'puzzle')}, ${count(sessions, 'session')}, ${count(turns, 'turn')} (${count(questions, 'question')}, ${count(finals, 'final')})${prompts.length > 0 ? `, ${count(prompts.length, 'judge prompt')}` : ''}`,
        ),
        ...(result.warnings !== undefined ? { warnings: result.warnings } : {}),
      };
    }
    case 'labels': {
      const result = parseLabelFile(file);
      if (!result.ok) return result;
      const { annotator, studyId, labels } = result.value;
      return {
        ...summary(`${count(labels.length, 'label')} (${taskCounts(labels)}${setCount(labels)}) by ${annotator.id} for study ${studyId}`),
        ...(result.warnings !== undefined ? { warnings: result.warnings } : {}),
      };
    }
    case 'labels-csv': {
      const result = parseLabelCsv(file);
      if (!result.ok) return result;
      const annotators = new Set(result.value.map((row) => row.annotator)).size;
      return summary(`${count(result.value.length, 'label')} (${taskCounts(result.value)}${setCount(result.value)}) by ${count(annotators, 'annotator')}`);
    }
    case 'pack': {
      const result = parsePack(file);
      if (!result.ok) return result;
      const { annotator, tasks } = result.value;
      const units = tasks.answer.length + tasks.match.length + tasks.difficulty.length;
      return summary(
        `pack for ${annotator.id}, ${count(units, 'unit')} (${tasks.answer.length.toLocaleString('en')} answer, ${tasks.match.length.toLocaleString('en')} match, ${tasks.difficulty.length.toLocaleString('en')} difficulty)`,
      );
    }
    case 'invitation': {
      const result = parseInvitation(file);
      if (!result.ok) return result;
      // The summary names where the invitation leads, never its password.
      const { annotator, study, database, server } = result.value;
      return summary(`invitation for ${annotator.id} to study ${study.id}, database ${database} on ${server}`);
    }
    case 'report':
      return failure(path, `validation of ${format}s is not supported yet in this version`);
    case 'unknown': {
      const companion = describeSplatCompanion(file, FILE_READERS) ?? describeAgentBenchCompanion(file, FILE_READERS);
      return companion !== undefined ? summary(companion) : failure(path, unknownFormatMessage(path));
    }
  }
}

// Keys only a benchmark's own layouts have; checked on the text first so a native bundle is not parsed twice.
const IMPORT_LAYOUT_HINT = /"(?:story_title|user_guess|cases|questioner_model|game_gen_type)"/;

/** The layout and contents of a file `import` reads, or undefined when it is none of those. */
function importLayoutSummary(file: SourceFile): ParseResult<string> | undefined {
  // Read as import reads it, so the two give the same layout and counts.
  if (looksLikeDeepTurtleFile(file)) {
    const imported = importDeepTurtle([file]);
    return imported.ok ? summary(`${imported.value.layouts[0]?.layout ?? ''}: ${describeDeepTurtleImport(imported.value)}`) : imported;
  }
  if (!looksLikeSplatLog(file) && !IMPORT_LAYOUT_HINT.test(file.text.slice(0, 65_536))) return undefined;
  const parsed = parseJsonDocument(file);
  if (parsed.ok && isSplatLog(parsed.value)) return summary(`${SPLAT_LAYOUTS.log}: ${describeSplatLog(parsed.value)}`);
  if (parsed.ok && isRecord(parsed.value) && looksLikeGuessTheRuleGame(file))
    return summary(`${GUESS_THE_RULE_LAYOUT}: ${describeGuessTheRuleGame(parsed.value)}`);
  if (parsed.ok && isTurtleSoupBenchGame(parsed.value)) return summary(`${TURTLESOUP_BENCH_LAYOUT}: ${describeTurtleSoupBenchGame(parsed.value)}`);
  const layout = parsed.ok ? turtleBenchLayout(parsed.value) : undefined;
  if (!parsed.ok || layout === undefined) return undefined;
  return summary(`${TURTLEBENCH_LAYOUTS[layout]}: ${describeTurtleBenchFile(parsed.value, layout)}`);
}

/** An AgentBench runs.jsonl, read as import reads it alone: its games and questions in a line. */
async function agentBenchRunSummary(file: SourceFile): Promise<ParseResult<string>> {
  let result = await importAgentBenchRuns([file], {}, FILE_READERS);
  // Without its <agent>/<task> folders the file names no agent; the counts do not depend on the name.
  const unnamed = !result.ok && result.needs !== undefined;
  if (unnamed) result = await importAgentBenchRuns([file], { player: 'agent' }, FILE_READERS);
  if (!result.ok) return result;
  const { layouts, bundle, leftovers } = result.value;
  const turns = bundle.sessions.flatMap((session) => session.turns);
  const hinted = leftovers.find((item) => item.what.startsWith("records: a question the task's code answered"))?.count ?? 0;
  return summary(
    `${layouts[0]?.layout ?? ''}: ${count(bundle.puzzles.length, 'puzzle')}, ${count(bundle.sessions.length, 'session')}, ${count(turns.length, 'turn')} (${count(hinted, 'question')} answered by the task's code, no label)${unnamed ? '; name the agent with --player NAME when importing' : ''}`,
  );
}

/** An AR-Bench log, read as import reads it alone: its sessions and turns in a line, and the names import will ask for. */
function arBenchLogSummary(file: SourceFile): ParseResult<string> {
  let result = importArBenchLogs([file]);
  // The judge is in no file and the player only in the file's name; the counts do not depend on either.
  const needs = result.ok ? [] : (result.needs ?? []);
  if (needs.length > 0) result = importArBenchLogs([file], Object.fromEntries(needs.map((name) => [name, name])));
  if (!result.ok) return result;
  const ask = needs.length > 0 ? `; name the ${needs.join(' and ')} with ${needs.map((name) => `--${name} NAME`).join(' and ')} when importing` : '';
  return summary(`${result.value.layouts[0]?.layout ?? ''}: ${describeArBenchImport(result.value)}${ask}`);
}

/** SPLAT's puzzle sheet, the one workbook `import` reads: its puzzles, or why it is not that sheet. */
async function puzzleSheetSummary(file: SourceFile): Promise<ParseResult<string>> {
  const result = await importSplatPuzzleSheet([file], {}, FILE_READERS);
  // Any other workbook is refused as before, with why it is not SPLAT's sheet; a bad row of the sheet is named as it is.
  const notTheSheet = (error: FormatError) => error.line === undefined;
  if (!result.ok)
    return {
      ok: false,
      errors: result.errors.map((error) =>
        notTheSheet(error)
          ? {
              ...error,
              message: `${binaryFileMessage(EXCEL_WORKBOOK)}; a workbook is read only as SPLAT's or AgentBench's puzzle sheet, and this one is not: ${error.message}`,
            }
          : error,
      ),
    };
  const { layouts, bundle } = result.value;
  const levels = bundle.puzzles.flatMap((puzzle) => (puzzle.difficulty !== undefined ? [puzzle.difficulty] : []));
  const range = levels.length > 0 ? `, difficulty ${Math.min(...levels)} to ${Math.max(...levels)} on ${levels.length.toLocaleString('en')}` : '';
  return summary(`${layouts[0]?.layout ?? ''}: ${count(bundle.puzzles.length, 'puzzle')}${range}`);
}

/** A GameArena users.db, read as import reads it, in a line. */
async function gameArenaSummary(file: SourceFile): Promise<ParseResult<string>> {
  const result = await importGameArena([file], FILE_READERS.loadSqlJs);
  if (!result.ok) return result;
  const { layouts, bundle } = result.value;
  const turns = bundle.sessions.reduce((n, session) => n + session.turns.length, 0);
  return summary(
    `${layouts[0]?.layout ?? GAME_ARENA_LAYOUT}, ${count(bundle.puzzles.length, 'secret object')}, ${count(turns, 'turn')}; import it with agreement-studio import`,
  );
}

function unknownFormatMessage(path: string): string {
  if (path.toLowerCase().endsWith('.csv')) {
    return 'the CSV header has no annotator column; validate checks label CSVs (annotator,unit,task,value), and reliability data (unit,rater,value) is read by `agreement-studio reliability`';
  }
  return (
    'cannot tell what kind of file this is; expected a transcript bundle (.json or .jsonl, "format": "agreement-studio.transcripts/1"), ' +
    `a label file (.labels.json, "format": "${LABELS_FORMAT}") or a label CSV with the header annotator,unit,task,value`
  );
}

/** `, N with several acceptable answers` when the labels hold sets (issue 33), else nothing. */
function setCount(labels: readonly { acceptable?: unknown }[]): string {
  const sets = labels.filter((label) => label.acceptable !== undefined).length;
  return sets === 0 ? '' : `, ${sets} with several acceptable answers`;
}

function taskCounts(labels: readonly { task: string }[]): string {
  const byTask = new Map<string, number>();
  for (const label of labels) byTask.set(label.task, (byTask.get(label.task) ?? 0) + 1);
  return [...byTask].map(([task, n]) => `${n.toLocaleString('en')} ${task}`).join(', ') || 'none';
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
}

function summary(text: string): ParseResult<string> {
  return { ok: true, value: text };
}

function failure(file: string, message: string): { ok: false; errors: FormatError[] } {
  return { ok: false, errors: [{ file, path: '', message }] };
}
