// Imports AR-Bench's situation-puzzle logs (tmlr-group/AR-Bench @9971322, arbench/reasoner/sp/,
// SOURCES §6): `logs/sp/log_{method}_{model}.json`, one record per puzzle played, and for the tot
// method its `_tree.json` companion, whose branches the search did not choose are listed, not imported.

import { countText } from '../../domain/count-text';
import { idProblem } from '../../domain/ids';
import type { JudgeLabel, LabelScheme } from '../../domain/model';
import type { FormatError } from '../errors';
import { isRecord } from '../field-schemas';
import { parseJsonDocument, stripBom } from '../json-document';
import { readJudgeReply } from '../judge-reply';
import type { SourceFile } from '../limits';
import { baseName } from '../study-id';
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

const ARBENCH_LAYOUTS = {
  log: 'AR-Bench situation-puzzle log (logs/sp/log_{method}_{model}.json)',
  tree: "AR-Bench tree-of-thought search trees (log_tot_{model}_tree.json beside the tot method's log)",
} as const;

/** sp_evaluator.py L30-36 and L1060-1094; longest first, so `few_shot_inst` is not read as `few_shot` with a model `inst_…`. */
const METHODS = ['few_shot_inst', 'few_shot', 'zero_shot', 'proactive_cot', 'tot', 'uot'] as const;

// The judge answers Yes, No or Unknown (prompt.py's referee prompt); Unknown, "cannot be found in the
// story or deduced", is what our three answers call irrelevant, as with TurtleBench's Unknown.
const SCHEME: LabelScheme = { answerUnknown: false };

const RECORD_FIELDS = new Set(['idx', 'question', 'answer', 'pred', 'f1_score_char', 'f1_score_word', 'round', 'input_token', 'output_token', 'record']);
const SCORE_FIELDS = [
  ['f1_score_char', "token-overlap F1 of pred against the answer over characters, utils_sp.py's f1_score"],
  ['f1_score_word', 'the same over whitespace-separated words'],
  ['input_token', "the run's prompt tokens for this puzzle"],
  ['output_token', "the run's completion tokens for this puzzle"],
] as const;
const NODE_FIELDS = new Set(['question', 'answer', 'level', 'chosen']);

// The policy's per-turn prompt in the zero_shot family (sp_evaluator.py L397-400).
const TURN_PROMPT = /^Turn (\d+): please propose your next question\.$/;
// The referee prompt's reply to a request for the answer or a non-question (prompt.py L31-32);
// the zero_shot family and tot store it stripped of its final period.
const NOT_A_QUESTION = /^["'\s]*this is not a question\b/i;
const NOT_A_QUESTION_LEFTOVER =
  'records: a question the judge answered "This is not a question, please propose your next question." (no label; the reply is kept)';
const UNCHOSEN_LEFTOVER = "records: questions of branches the tot search did not choose, each with the judge's answer";

// json.dump(logs, f, indent=4) of records that open with idx, question, answer and pred (L340-344, L429-433, L551-555, L1014-1018).
const LOG_HINT = /^\s*\[\s*\{\s*"idx":\s*[^,\n]*,\s*"question":\s*"(?:[^"\\]|\\.)*",\s*"answer":\s*"(?:[^"\\]|\\.)*",\s*"pred":/;
// convert_tree_to_json's nodes, the first of each tree the root (the story, answer "", level 0).
const TREE_HINT = /^\s*\[\s*\[\s*\{\s*"question":\s*"(?:[^"\\]|\\.)*",\s*"answer":\s*"",\s*"level":\s*0,\s*"chosen":/;

/** Whether a file is an AR-Bench situation-puzzle log, from the start of its text: to pick the importer before parsing. */
export function looksLikeArBenchLog(file: SourceFile): boolean {
  return LOG_HINT.test(stripBom(file.text).slice(0, 65_536));
}

/** Whether a parsed document is a log: a list whose first record holds the story, its answer, the prediction and the record. */
function isArBenchLog(doc: unknown): doc is unknown[] {
  if (!Array.isArray(doc)) return false;
  const first: unknown = doc[0];
  return isRecord(first) && ['question', 'answer', 'pred', 'record'].every((key) => key in first);
}

/** Whether a file is the tot method's tree file (a companion: it claims nothing alone). */
function looksLikeArBenchTree(file: SourceFile): boolean {
  return TREE_HINT.test(stripBom(file.text).slice(0, 65_536));
}

/**
 * The method and policy model a log's path names: `…/log_{method}_{model}.json`, where a model
 * with a slash (`Qwen/Qwen2.5-7B-Instruct`) makes a folder, as the evaluation script's path does.
 */
export function arBenchRunOf(path: string): { method: string; model: string; run: string } | undefined {
  const parts = path.split(/[\\/]/);
  // From the file's own name up through its folders: the nearest part that opens with log_{method}_.
  for (let i = parts.length - 1; i >= 0; i--) {
    const run = /^log_(.+)\.json$/i.exec(parts.slice(i).join('/'))?.[1];
    const method = METHODS.find((name) => run?.startsWith(`${name}_`) === true);
    if (run !== undefined && method !== undefined && run.length > method.length + 1) return { method, model: run.slice(method.length + 1), run: `log_${run}` };
  }
  return undefined;
}

interface LogFile {
  file: SourceFile;
  records: unknown[];
  /** The file's part of every id: `log_{method}_{model}`, or the file's name. */
  run: string;
  method?: string;
  model?: string;
  tree?: { file: string; trees: unknown[] };
}

class Reading {
  readonly errors: FormatError[] = [];
  readonly leftovers = new LeftoverTally();
  readonly puzzles = new Map<number, { story: string; reference: string; file: string }>();
  readonly sessions: BundleSession[] = [];
  readonly sessionIds = new Set<string>();
  judged = false;

  error(file: string, path: string, message: string, rowId?: string): undefined {
    if (this.errors.length < 200) this.errors.push({ file, path, message, ...(rowId !== undefined ? { rowId, rowNoun: 'log record' } : {}) });
    return undefined;
  }
}

/**
 * Imports AR-Bench situation-puzzle logs as one study: each record a session of the policy model
 * the file name gives (or `player`) on the puzzle `puzzle-{idx}`, judged by the response model the
 * lead names (`judge`); each question with the judge's answer a question turn, `pred` a final
 * answer with no verdict (AR-Bench scores it by F1 only).
 */
export function importArBenchLogs(files: readonly SourceFile[], options: BenchmarkImportOptions = {}): BenchmarkImport {
  const reading = new Reading();
  const layouts: ImportedStudy['layouts'] = [];
  const logs: LogFile[] = [];
  const trees: Array<{ file: string; trees: unknown[] }> = [];
  for (const file of files) {
    const parsed = parseJsonDocument(file);
    if (!parsed.ok) {
      reading.errors.push(...parsed.errors);
      continue;
    }
    if (looksLikeArBenchTree(file) && Array.isArray(parsed.value)) {
      trees.push({ file: file.name, trees: parsed.value });
      layouts.push({ file: file.name, layout: ARBENCH_LAYOUTS.tree });
      continue;
    }
    if (!isArBenchLog(parsed.value)) {
      reading.error(
        file.name,
        '',
        "not a file of an AR-Bench situation-puzzle run; expected a log (a list of records with idx, question, answer, pred and record) or the tot method's _tree.json",
      );
      continue;
    }
    const named = arBenchRunOf(file.name);
    logs.push({ file, records: parsed.value, run: named?.run ?? baseName(file.name), ...(named ? { method: named.method, model: named.model } : {}) });
    layouts.push({
      file: file.name,
      layout: `${ARBENCH_LAYOUTS.log}, ${named ? `method ${named.method}, policy model ${named.model}` : 'method and policy model not in the file name'}`,
    });
  }
  for (const tree of trees) pairTree(reading, tree, logs);
  if (reading.errors.length > 0) return { ok: false, errors: reading.errors };

  const needs = new Set<MissingName>();
  // The response model is written nowhere (sp_evaluation.sh sets it as RESPONSE_MODEL); it is asked
  // for only once a record holds a judge's answer, else the sessions name NO_JUDGE.
  const judge = options.judge ?? NO_JUDGE;
  for (const log of logs) {
    const player = options.player ?? log.model;
    const problem = player === undefined ? undefined : idProblem('model', player);
    if (player === undefined) needs.add('player');
    else if (problem !== undefined) reading.error(log.file.name, '', `the policy model in the file name: ${problem}`);
    readLog(reading, log, player ?? '', judge);
  }
  if (reading.errors.length > 0) return { ok: false, errors: reading.errors };
  if (reading.judged && options.judge === undefined) needs.add('judge');
  if (needs.size > 0)
    return { ok: false, needs: [...needs], errors: [{ file: files.map((file) => file.name).join(', '), path: '', message: needsMessage(needs) }] };

  const puzzles: BundlePuzzle[] = [...reading.puzzles]
    .sort(([a], [b]) => a - b)
    .map(([idx, puzzle]) => ({ id: `puzzle-${idx}`, story: puzzle.story, reference: puzzle.reference, language: 'en', source: 'AR-Bench' }));
  const methods = [...new Set(logs.map((log) => log.method ?? log.run))];
  const name = `AR-Bench situation puzzles (${methods.join(', ')})`;
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

function needsMessage(needs: ReadonlySet<MissingName>): string {
  const parts: string[] = [];
  if (needs.has('player')) parts.push('a file name that is not log_{method}_{model}.json gives no policy model (the player)');
  if (needs.has('judge')) parts.push('AR-Bench writes the response model (the judge) in no file');
  const names = [...needs];
  return `${parts.join(', and ')}: the ${names.join(' and ')} name${names.length === 1 ? ' is' : 's are'} needed`;
}

/** Gives a tree file to the log it was written beside, `<log minus .json>_tree.json`: by path, else by name (`./logs/…` and `logs/…` alike). */
function pairTree(reading: Reading, tree: { file: string; trees: unknown[] }, logs: LogFile[]): void {
  const treeOf = (path: string) => path.replace(/\.json$/i, '_tree.json');
  const lastPart = (path: string) => path.split(/[\\/]/).pop() ?? path;
  const log =
    logs.find((candidate) => treeOf(candidate.file.name) === tree.file) ??
    logs.find((candidate) => lastPart(treeOf(candidate.file.name)) === lastPart(tree.file));
  if (log === undefined)
    return void reading.error(tree.file, '', `the tree file of a tot log that was not given; give ${tree.file.replace(/_tree\.json$/i, '.json')} with it`);
  log.tree = tree;
}

function readLog(reading: Reading, log: LogFile, player: string, judge: string): void {
  const name = log.file.name;
  log.records.forEach((record, i) => {
    const path = `[${i}]`;
    if (!isRecord(record)) return reading.error(name, path, 'expected a record object {idx, question, answer, pred, …, record}');
    const { idx, question, answer, pred, round } = record;
    if (typeof idx !== 'number' || !Number.isSafeInteger(idx) || idx < 0)
      return reading.error(name, `${path}.idx`, "expected idx, the puzzle's position in the data file, a whole number from 0");
    const rowId = String(idx);
    if (typeof question !== 'string' || question.trim() === '')
      return reading.error(name, `${path}.question`, 'expected the story (the surface) as text', rowId);
    if (typeof answer !== 'string' || answer.trim() === '')
      return reading.error(name, `${path}.answer`, "expected the story's truth (the bottom) as text", rowId);
    if (typeof pred !== 'string') return reading.error(name, `${path}.pred`, "expected the player's final answer as text", rowId);
    const sessionId = `${log.run}/${idx}`;
    if (reading.sessionIds.has(sessionId)) return reading.error(name, `${path}.idx`, `idx ${idx} comes twice; give each log once`, rowId);
    const known = reading.puzzles.get(idx);
    if (known !== undefined && (known.story !== question || known.reference !== answer))
      return reading.error(
        name,
        `${path}.question`,
        `idx ${idx} has another story or answer in ${known.file}; import the logs of one data file (data/sp/test.json) together`,
        rowId,
      );
    reading.leftovers.addUnknownFields(name, '[].', record, RECORD_FIELDS);
    for (const [field, what] of SCORE_FIELDS)
      if (record[field] !== undefined) reading.leftovers.add(name, `field [].${field} (${what})`, `${sessionId}: ${JSON.stringify(record[field])}`);
    // uot's round is the turns it played (L1021); every other method's is max_turn, the round limit.
    const limit = log.method !== undefined && log.method !== 'uot' && typeof round === 'number' && Number.isSafeInteger(round) && round > 0 ? round : undefined;
    if (round !== undefined && limit === undefined)
      reading.leftovers.add(
        name,
        `field [].round (${log.method === 'uot' ? 'the turns uot played before one candidate answer was left' : 'the round limit or the turns played'})`,
        `${sessionId}: ${JSON.stringify(round)}`,
      );
    const turns = readRecord(reading, name, `${path}.record`, rowId, sessionId, record.record, pred, judge);
    if (turns === undefined) return;
    if (log.tree !== undefined && !readTree(reading, log.tree, i, sessionId, question, record.record)) return;
    if (known === undefined) reading.puzzles.set(idx, { story: question, reference: answer, file: name });
    reading.sessionIds.add(sessionId);
    turns.push({ id: `${sessionId}/final`, type: 'final', text: pred, judgements: {} });
    reading.sessions.push({ id: sessionId, puzzleId: `puzzle-${idx}`, player, judge, ...(limit !== undefined ? { maxRounds: limit } : {}), turns });
  });
  if (log.tree !== undefined && log.tree.trees.length > log.records.length)
    for (const extra of log.tree.trees.slice(log.records.length))
      reading.leftovers.add(log.tree.file, 'records: trees after the last record of the log (a run stopped between writing the two files)', extra);
}

/** The question turns of one record: the policy's chat (the zero_shot family) or its question-and-answer pairs (tot, proactive_cot, uot). */
function readRecord(
  reading: Reading,
  file: string,
  path: string,
  rowId: string,
  sessionId: string,
  record: unknown,
  pred: string,
  judge: string,
): BundleTurn[] | undefined {
  if (!Array.isArray(record))
    return reading.error(file, path, "expected the record: the player's chat messages or its questions with the judge's answers", rowId);
  const first: unknown = record[0];
  if (isRecord(first) && 'role' in first) return readChat(reading, file, path, rowId, sessionId, record, pred, judge);
  const turns: BundleTurn[] = [];
  for (const [k, pair] of record.entries()) {
    if (!isRecord(pair) || typeof pair.question !== 'string' || typeof pair.answer !== 'string')
      return reading.error(file, `${path}[${k}]`, "expected a question and the judge's answer {question, answer}, both text", rowId);
    reading.leftovers.addUnknownFields(file, '[].record[].', pair, new Set(['question', 'answer']));
    turns.push(questionTurn(reading, file, `${sessionId}/${k + 1}`, pair.question, pair.answer, judge));
  }
  return turns;
}

/**
 * The zero_shot family's chat (L384-425): the system prompt; per turn the user's `Turn k: …`, the
 * assistant's question and the judge's answer as the next user message; then the request for the
 * final answer and the assistant's answer, which is `pred`.
 */
function readChat(
  reading: Reading,
  file: string,
  path: string,
  rowId: string,
  sessionId: string,
  record: readonly unknown[],
  pred: string,
  judge: string,
): BundleTurn[] | undefined {
  const message = (j: number) => {
    const item: unknown = record[j];
    return isRecord(item) && typeof item.role === 'string' && typeof item.content === 'string' ? { role: item.role, content: item.content } : undefined;
  };
  const turns: BundleTurn[] = [];
  let j = 0;
  const system = message(0);
  if (system?.role === 'system') {
    reading.leftovers.add(file, "field [].record's system message (the player's instructions, with the story)", `${sessionId}: ${system.content}`);
    j = 1;
  }
  while (j < record.length) {
    const prompt = message(j);
    if (prompt === undefined) return reading.error(file, `${path}[${j}]`, 'expected a chat message {role, content}, both text', rowId);
    const turn = TURN_PROMPT.exec(prompt.content);
    if (prompt.role === 'user' && turn !== null) {
      const asked = message(j + 1);
      if (asked?.role !== 'assistant')
        return reading.error(file, `${path}[${j + 1}]`, `expected the player's question (an assistant message) after "Turn ${turn[1] ?? ''}"`, rowId);
      const replied = message(j + 2);
      if (replied?.role !== 'user' || TURN_PROMPT.test(replied.content))
        return reading.error(file, `${path}[${j + 2}]`, "expected the judge's answer (a user message) after the player's question", rowId);
      turns.push(questionTurn(reading, file, `${sessionId}/${turn[1] ?? turns.length + 1}`, asked.content, replied.content, judge));
      j += 3;
      continue;
    }
    // Not a turn's prompt: the request for the final answer, which the assistant's answer (pred) ends.
    if (prompt.role !== 'user')
      return reading.error(
        file,
        `${path}[${j}]`,
        `expected "Turn N: please propose your next question." or the request for the final answer (user messages), found the role ${JSON.stringify(prompt.role)}`,
        rowId,
      );
    const final = message(j + 1);
    if (final?.role !== 'assistant' || j + 2 !== record.length)
      return reading.error(file, `${path}[${j + 1}]`, "expected the player's final answer (an assistant message) to end the record", rowId);
    if (final.content !== pred) return reading.error(file, `${path}[${j + 1}]`, "the player's final answer here is not the record's pred", rowId);
    reading.leftovers.add(file, "field [].record's request for the final answer (the player's prompt)", prompt.content);
    break;
  }
  return turns;
}

/** A question with the judge's answer as written: read by the shared rule, or no label when the judge said it was not a question. */
function questionTurn(reading: Reading, file: string, id: string, question: string, reply: string, judge: string): BundleTurn {
  reading.judged = true;
  const judgements: Record<string, JudgeLabel> = {};
  if (NOT_A_QUESTION.test(reply)) reading.leftovers.add(file, NOT_A_QUESTION_LEFTOVER, `${id}: ${question}`, 'question');
  else judgements[judge] = readJudgeReply(reply, 'answer', SCHEME);
  return { id, type: 'question', text: question, judgements, judgeReplies: { [judge]: reply } };
}

interface TreeNode {
  question: string;
  answer: string;
  level: number;
  chosen: boolean;
}

/**
 * Checks the k-th tree against the log's k-th record (its root the story, one node a level on the
 * record's path) and lists every other node, a branch the search did not choose, as not imported.
 */
function readTree(reading: Reading, tree: { file: string; trees: unknown[] }, k: number, sessionId: string, story: string, record: unknown): boolean {
  const nodes: unknown = tree.trees[k];
  if (nodes === undefined) return true;
  const path = `[${k}]`;
  if (!Array.isArray(nodes)) return !!reading.error(tree.file, path, 'expected the search tree as a list of nodes {question, answer, level, chosen}');
  const read: TreeNode[] = [];
  for (const [j, node] of nodes.entries()) {
    if (
      !isRecord(node) ||
      typeof node.question !== 'string' ||
      typeof node.answer !== 'string' ||
      typeof node.level !== 'number' ||
      !Number.isSafeInteger(node.level) ||
      node.level < 0
    )
      return !!reading.error(
        tree.file,
        `${path}[${j}]`,
        'expected a node {question, answer, level, chosen}: question and answer as text, level a whole number from 0',
      );
    reading.leftovers.addUnknownFields(tree.file, '[][].', node, NODE_FIELDS);
    read.push({ question: node.question, answer: node.answer, level: node.level, chosen: node.chosen === true });
  }
  if (read[0]?.level !== 0 || read[0].question !== story)
    return !!reading.error(tree.file, `${path}[0]`, `expected the root of record ${k + 1}'s tree to be its story; give the tree file written with this log`);
  const pathPairs = Array.isArray(record) ? record : [];
  for (let level = 1; read.some((node) => node.level >= level); level++) {
    const siblings = read.filter((node) => node.level === level);
    const step: unknown = pathPairs[level - 1];
    const wanted = isRecord(step) ? step : {};
    const onPath =
      siblings.find((node) => node.chosen && node.question === wanted.question && node.answer === wanted.answer) ??
      siblings.find((node) => node.question === wanted.question && node.answer === wanted.answer);
    if (onPath === undefined)
      return !!reading.error(
        tree.file,
        path,
        `no node at level ${level} is question ${level} of record ${k + 1} in the log; give the tree file written with this log`,
      );
    for (const node of siblings)
      if (node !== onPath) reading.leftovers.add(tree.file, UNCHOSEN_LEFTOVER, `${sessionId}, level ${level}: ${node.question} — ${node.answer}`, 'question');
  }
  return true;
}

/** What the files of an AR-Bench import hold, in a line for `validate`: the counts `import` gives. */
export function describeArBenchImport(study: ImportedStudy): string {
  const { bundle, leftovers } = study;
  const turns = bundle.sessions.flatMap((session) => session.turns);
  const finals = turns.filter((turn) => turn.type === 'final').length;
  const count = (what: string) => leftovers.filter((item) => item.what === what).reduce((n, item) => n + item.count, 0);
  return `${countText(bundle.puzzles.length, 'puzzle')}, ${countText(bundle.sessions.length, 'session')}, ${countText(turns.length, 'turn')} (${countText(turns.length - finals, 'question')}, ${countText(finals, 'final answer')} with no verdict; ${countText(count(NOT_A_QUESTION_LEFTOVER), 'question')} the judge called no question, no label; ${countText(count(UNCHOSEN_LEFTOVER), 'unchosen branch question')} listed as not imported)`;
}

/** A tree file alone, for `validate`: its trees and the unchosen branches an import with its log lists, counted as the import counts them. */
export function describeArBenchTree(file: SourceFile): string | undefined {
  if (!looksLikeArBenchTree(file)) return undefined;
  const parsed = parseJsonDocument(file);
  if (!parsed.ok || !Array.isArray(parsed.value)) return undefined;
  let unchosen = 0;
  for (const nodes of parsed.value) {
    if (!Array.isArray(nodes)) return undefined;
    const levels = nodes.map((node: unknown) => (isRecord(node) && typeof node.level === 'number' ? node.level : -1));
    if (levels.includes(-1)) return undefined;
    // One node a level is on the record's path; the rest are branches not chosen.
    unchosen += levels.filter((level) => level > 0).length - Math.max(0, ...levels);
  }
  return `${ARBENCH_LAYOUTS.tree}: ${countText(parsed.value.length, 'tree')}, ${countText(unchosen, 'unchosen branch question')} listed as not imported; import it with its log`;
}
