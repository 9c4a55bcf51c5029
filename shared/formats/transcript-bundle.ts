// Reads a transcript bundle (docs/formats.md#transcript-bundle) from untrusted text: native JSON or JSONL, or a public
// puzzle layout through the adapters. All or nothing: a StudyData, or every located error.

import type { JudgePrompt, JudgeSamples, LabelScheme, StudyData } from '../domain/model';
import { ACCEPTED_LAYOUTS, adaptRows } from './adapt-rows';
import { ErrorList } from './error-list';
import type { FormatError, ParseResult } from './errors';
import { isRecord } from './field-schemas';
import { formatError } from './format-header';
import { parseJsonText, stripBom } from './json-document';
import { checkSourceFile, type SourceFile } from './limits';
import { baseName, generatedStudyId } from './study-id';
import { isJsonlText, jsonlRecords } from './transcript-jsonl';
import { BundleReader, type BundleRecords } from './transcript-records';
import { HEADER_MEMBERS, headerSchema, recordListsSchema } from './transcript-schema';
import { issuesToErrors } from './zod-issues';

export const TRANSCRIPTS_FORMAT = 'agreement-studio.transcripts/1';

interface StudyHeader {
  format: string;
  id?: string;
  name?: string;
  guidelines?: string;
  scheme: LabelScheme;
  judgePrompts?: JudgePrompt[];
  judgeSamples?: JudgeSamples[];
}

interface ReadContext {
  file: SourceFile;
  errors: ErrorList;
  importedAt: string;
  /** Top-level members this version does not read, named in the result (issue 26 point 7). */
  warnings: FormatError[];
}

export function parseTranscriptBundle(file: SourceFile, options: { now?: string } = {}): ParseResult<StudyData> {
  const fileError = checkSourceFile(file);
  if (fileError) return { ok: false, errors: [fileError] };
  const context: ReadContext = { file, errors: new ErrorList(file.name), importedAt: options.now ?? new Date().toISOString(), warnings: [] };
  const text = stripBom(file.text);
  if (text.trim() === '') {
    return { ok: false, errors: [{ file: file.name, path: '', message: 'the file is empty; expected a transcript bundle (JSON or JSONL)' }] };
  }
  const data = isJsonlText(file.name, text) ? readJsonl(text, context) : readJson(text, context);
  const errors = context.errors.list();
  if (!data || errors.length > 0) return { ok: false, errors };
  return context.warnings.length > 0 ? { ok: true, value: data, warnings: context.warnings } : { ok: true, value: data };
}

function readJson(text: string, context: ReadContext): StudyData | undefined {
  const { file, errors } = context;
  const parsed = parseJsonText(file.name, text);
  if (!parsed.ok) {
    errors.push(...parsed.errors);
    return undefined;
  }
  const doc = parsed.value;
  if (Array.isArray(doc)) return readAdapted(doc, context);
  if (!isRecord(doc)) {
    errors.add('', `${ACCEPTED_LAYOUTS}; got ${doc === null ? 'null' : `a JSON ${typeof doc}`}`);
    return undefined;
  }
  // An object without `format` that holds puzzles or sessions is a native bundle missing its
  // format: read it all so the user sees that and every other error at once.
  if (!Object.hasOwn(doc, 'format') && !Object.hasOwn(doc, 'puzzles') && !Object.hasOwn(doc, 'sessions')) {
    errors.add('', `the object has no "format"; ${ACCEPTED_LAYOUTS}`);
    return undefined;
  }
  const header = readHeader(doc, undefined, context);
  if (header === undefined) return undefined;
  noteUnreadMembers(doc, BODY_MEMBERS, undefined, context);
  const lists = recordListsSchema.safeParse(doc);
  if (!lists.success) errors.push(...issuesToErrors(file.name, lists.error.issues));
  const studyId = studyIdOf(header, context);
  const reader = new BundleReader(studyId, header.scheme, errors);
  const puzzles = lists.success ? lists.data.puzzles : [];
  const sessions = lists.success ? (lists.data.sessions ?? []) : [];
  puzzles.forEach((raw, index) => reader.addPuzzle(raw, { path: `puzzles[${index}]` }));
  sessions.forEach((raw, index) => reader.addSession(raw, { path: `sessions[${index}]` }));
  if (lists.success && puzzles.length === 0) errors.add('puzzles', 'the bundle has no puzzles; expected at least one');
  return studyData(header, studyId, reader.finish(), context);
}

function readJsonl(text: string, context: ReadContext): StudyData | undefined {
  const { errors } = context;
  let header: StudyHeader | undefined;
  let studyId = '';
  let reader: BundleReader | undefined;
  let puzzleLines = 0;
  for (const { line, type, value } of jsonlRecords(context.file.name, text, errors)) {
    if (reader === undefined) {
      // Without a header line the puzzle and session lines identify the format themselves.
      header = type === 'header' ? readHeader(value, line, context) : { format: TRANSCRIPTS_FORMAT, scheme: { answerUnknown: false } };
      if (header === undefined) return undefined;
      if (type === 'header') noteUnreadMembers(value, JSONL_HEADER_MEMBERS, line, context);
      studyId = studyIdOf(header, context);
      reader = new BundleReader(studyId, header.scheme, errors);
    }
    if (type === 'puzzle') {
      puzzleLines++;
      reader.addPuzzle(value, { line, path: '' });
    } else if (type === 'session') {
      reader.addSession(value, { line, path: '' });
    }
  }
  const records = reader?.finish();
  if (puzzleLines === 0) errors.add('', 'no puzzle line could be read; expected at least one {"type":"puzzle",...} line');
  return header && records && studyData(header, studyId, records, context);
}

// What a JSON bundle's object holds besides its header, and what a JSONL header line holds besides it.
const BODY_MEMBERS: ReadonlySet<string> = new Set([...HEADER_MEMBERS, 'puzzles', 'sessions']);
const JSONL_HEADER_MEMBERS: ReadonlySet<string> = new Set([...HEADER_MEMBERS, 'type']);

/** Names each top-level member the bundle holds that this version does not read: it is left out, not lost without a word. */
function noteUnreadMembers(raw: Record<string, unknown>, known: ReadonlySet<string>, line: number | undefined, context: ReadContext): void {
  for (const key of Object.keys(raw)) {
    if (known.has(key)) continue;
    context.warnings.push({
      file: context.file.name,
      ...(line !== undefined ? { line } : {}),
      path: key,
      message: `a member a transcript bundle does not have (it has ${[...known].filter((member) => member !== 'type').join(', ')}); not read`,
    });
  }
}

/**
 * The study fields, after checking the format. A format this app cannot read ends the parse
 * with that one error (returns undefined): its records would only add noise.
 */
function readHeader(raw: Record<string, unknown>, line: number | undefined, context: ReadContext): StudyHeader | undefined {
  const { errors, file } = context;
  const at = line !== undefined ? { line } : {};
  // A missing or non-text format is one error among the others (headerSchema); a format naming
  // another kind or version ends the parse, since the records would mean something else.
  if (typeof raw.format === 'string') {
    const versionError = formatError(file.name, 'transcripts', raw.format, { line });
    if (versionError) {
      errors.push(versionError);
      return undefined;
    }
  }
  const parsed = headerSchema.safeParse(raw);
  if (!parsed.success) {
    errors.push(...issuesToErrors(file.name, parsed.error.issues, at));
    return { format: TRANSCRIPTS_FORMAT, scheme: { answerUnknown: false } };
  }
  const h = parsed.data;
  const header: StudyHeader = { format: h.format, scheme: { answerUnknown: h.scheme?.answerUnknown ?? false } };
  if (h.id !== undefined) header.id = h.id;
  if (h.name !== undefined && h.name.trim() !== '') header.name = h.name;
  if (h.guidelines !== undefined) header.guidelines = h.guidelines;
  if (h.judgePrompts !== undefined && h.judgePrompts.length > 0) header.judgePrompts = h.judgePrompts.map(judgePrompt);
  if (h.judgeSamples !== undefined && h.judgeSamples.length > 0) header.judgeSamples = h.judgeSamples;
  return header;
}

/** A judge prompt as read, without a note the source left empty. */
function judgePrompt({ note, ...prompt }: JudgePrompt): JudgePrompt {
  return note !== undefined && note.trim() !== '' ? { ...prompt, note } : prompt;
}

function studyName(header: { name?: string }, context: ReadContext): string {
  return header.name ?? baseName(context.file.name);
}

function studyIdOf(header: { id?: string; name?: string }, context: ReadContext): string {
  return header.id ?? generatedStudyId(studyName(header, context), context.file.text);
}

function readAdapted(rows: readonly unknown[], context: ReadContext): StudyData | undefined {
  const studyId = studyIdOf({}, context);
  const adapted = adaptRows(rows, studyId, context.errors);
  if (adapted === undefined) return undefined;
  // A record layout read as a puzzle list keeps only its puzzles: name every other field (issue 26 point 7).
  for (const { field, count, examples } of adapted.unused)
    context.warnings.push({
      file: context.file.name,
      path: `[].${field}`,
      message: `a field a puzzle list does not read, in ${count.toLocaleString('en')} row${count === 1 ? '' : 's'} (for example ${examples.map((example) => JSON.stringify(example)).join(', ')}); not imported: map the fields (Map fields… in the app, import --mapping) to bring it in`,
      unread: { count, examples },
    });
  // A list has no name of its own: where every puzzle names one source, the study is named after
  // it and the file ("TurtleSoup-Bench: Crime_Thriller"); the id stays the file's, as before.
  const sources = new Set(adapted.puzzles.map((puzzle) => puzzle.source));
  const [source] = sources;
  const header: StudyHeader = { format: adapted.format, scheme: { answerUnknown: false } };
  if (sources.size === 1 && source !== undefined && source.trim() !== '') header.name = `${source.trim()}: ${baseName(context.file.name)}`;
  return studyData(header, studyId, { puzzles: adapted.puzzles, sessions: [], turns: [] }, context);
}

function studyData(header: StudyHeader, studyId: string, { puzzles, sessions, turns }: BundleRecords, context: ReadContext): StudyData {
  const questions = turns.reduce((n, turn) => n + (turn.type === 'question' ? 1 : 0), 0);
  const study: StudyData['study'] = {
    id: studyId,
    name: studyName(header, context),
    format: header.format,
    scheme: header.scheme,
    importedAt: context.importedAt,
    sourceFiles: [context.file.name],
    counts: { puzzles: puzzles.length, sessions: sessions.length, turns: turns.length, questions, finals: turns.length - questions },
  };
  if (header.guidelines !== undefined) study.guidelines = header.guidelines;
  if (header.judgeSamples !== undefined) study.judgeSamples = header.judgeSamples;
  return { study, puzzles, sessions, turns, ...(header.judgePrompts !== undefined ? { judgePrompts: header.judgePrompts } : {}) };
}
