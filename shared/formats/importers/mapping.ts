// Turns the records of another program's files into one study through a mapping preset: one record
// is one turn (a record without turn fields only names its puzzle), records group into sessions by
// the session field, puzzles are one per id; each judge's label column gives judgements, each
// rater's label column that rater's labels. Every unmapped field and unlabelled value is listed.

import { UNPARSEABLE, type JudgeLabel } from '../../domain/model';
import { idProblem } from '../../domain/ids';
import type { FormatError, ParseResult } from '../errors';
import type { SourceFile } from '../limits';
import { baseName } from '../study-id';
import type { FileReaders } from './file-readers';
import {
  LeftoverTally,
  type BenchmarkImport,
  type BenchmarkImportOptions,
  type BundlePuzzle,
  type BundleSession,
  type BundleTurn,
  type ImportedRater,
  importedStudy,
  type Leftover,
  type MissingName,
  NO_JUDGE,
} from './imported-study';
import { withRepliesKept } from './imported-replies';
import { MAPPING_TARGETS, TARGET_NAMES, type MappingPreset, type MappingTarget } from './mapping-preset';
import { readRecords, type RecordPlace, type RecordTable, type SourceRecord } from './mapping-records';
import {
  defaultTarget,
  MAPPED_SCHEME,
  mappedValue,
  NO_LABEL,
  raterColumns,
  type ColumnRole,
  type RaterColumn,
  type TurnType,
  type ValueTarget,
} from './mapping-values';

const SCHEME = MAPPED_SCHEME;

const DEFAULT_TURN_KINDS = { question: ['question'], final: ['final'] };

/** One record as the mapping reads it, for the app's preview. */
export interface MappedRow {
  at: RecordPlace;
  puzzleId: string;
  title?: string;
  story?: string;
  reference?: string;
  difficulty?: number;
  /** The session's key (the session field's value, or the puzzle's), for turns only. */
  session?: string;
  player?: string;
  judge?: string;
  turn?: {
    type: TurnType;
    text: string;
    label?: JudgeLabel;
    reply?: string;
    /** The labels of the judges' and raters' columns on this turn: who, the label, the value as written. */
    columns?: Array<{ who: string; label: ValueTarget; value: string }>;
  };
}

/** One distinct value of a label column on one kind of turn: how often it came and what it gives. */
export interface ColumnValue {
  type: TurnType;
  /** As written, trimmed: the key of the value map. */
  value: string;
  count: number;
  /** What the value gives under the preset's map. */
  label: ValueTarget;
  /** What it would give without an entry in the map: the reply rule's reading, else no label or unparseable. */
  byRule: ValueTarget;
}

/** A label column as the whole file fills it, for the dialog's value maps and counts. */
export interface LabelColumn {
  field: string;
  role: ColumnRole;
  /** The rater's annotator id, or the judge's name (blank for the judge label field when each record names its judge). */
  id: string;
  /** The rater's display name, or the judge's name. */
  name: string;
  /** A rater whose id is not the header as written. */
  renamed: boolean;
  values: ColumnValue[];
  /** Labels given (for a judge, unparseable ones included). */
  labels: number;
  /** Values left as no label: counted, never silent. */
  noLabel: number;
  unparseable: number;
  /** Turns whose cell is empty. */
  blank: number;
}

export interface MappingPreview {
  rows: MappedRow[];
  /** Errors in the records read so far, and fields the mapping names that the files lack. */
  problems: FormatError[];
  /** What the records read so far hold that the mapping leaves out. */
  leftovers: Leftover[];
  /** Of the turns read so far, how many judge labels read as unparseable. */
  unparseable: number;
}

/** Reads every file with the preset's record path or sheet, then maps them as one study. */
export async function importMappedFiles(
  files: readonly SourceFile[],
  preset: MappingPreset,
  options: BenchmarkImportOptions,
  readers: Pick<FileReaders, 'readSheet'>,
): Promise<BenchmarkImport> {
  const tables = await readTables(files, preset, readers);
  if (!tables.ok) return tables;
  return applyMapping(tables.value, preset, options);
}

/** Reads the records of every file the way the preset says (the JSON path, the sheet). */
export async function readTables(
  files: readonly SourceFile[],
  preset: Pick<MappingPreset, 'records'>,
  readers: Pick<FileReaders, 'readSheet'>,
): Promise<ParseResult<RecordTable[]>> {
  const read = await Promise.all(files.map((file) => readRecords(file, preset.records ?? {}, readers)));
  const errors = read.flatMap((result) => (result.ok ? [] : result.errors));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: read.flatMap((result) => (result.ok ? [result.value] : [])) };
}

/** The study the records make under the mapping, or every error found, with `needs` when only a player or judge name is missing. */
export function applyMapping(tables: readonly RecordTable[], preset: MappingPreset, options: BenchmarkImportOptions = {}): BenchmarkImport {
  return mapRecords(tables, preset, options).result;
}

/** The mapping's outcome with every label column's values and counts over the whole file. */
export function mapRecords(
  tables: readonly RecordTable[],
  preset: MappingPreset,
  options: BenchmarkImportOptions = {},
): { result: BenchmarkImport; columns: LabelColumn[] } {
  const run = new MappingRun(preset, options);
  run.checkFields(tables);
  for (const table of tables) for (const record of table.records) run.take(record);
  // A workbook's cells are read without the string limit, so a judge reply may be too long to store whole.
  return { result: withRepliesKept(run.finish(tables)), columns: run.columnList() };
}

/** The first `n` records mapped, with the problems and leftovers found in them, before anything is written. */
export function previewMapping(tables: readonly RecordTable[], preset: MappingPreset, n: number, options: BenchmarkImportOptions = {}): MappingPreview {
  const run = new MappingRun(preset, options);
  run.checkFields(tables);
  const rows: MappedRow[] = [];
  for (const record of tables.flatMap((table) => table.records).slice(0, n)) {
    const row = run.take(record);
    if (row !== undefined) rows.push(row);
  }
  return { rows, problems: [...run.errors, ...run.missingNameErrors(tables)], leftovers: run.leftovers.list(), unparseable: run.unparseable };
}

interface PuzzleEntry {
  puzzle: BundlePuzzle & { difficulty?: number };
  /** Where each of its fields was first given, to name both rows when another row contradicts it. */
  givenAt: Partial<Record<'title' | 'story' | 'reference' | 'difficulty', RecordPlace>>;
  firstAt: RecordPlace;
}

interface SessionEntry {
  session: BundleSession;
  at: RecordPlace;
}

/** A label column being read: whose it is, its value map, and what it has given so far. */
interface ColumnTally {
  column: Omit<LabelColumn, 'values'>;
  values: Map<string, ColumnValue>;
}

/** A rater's label waiting for its turn's id, which is given once every turn is known. */
interface PendingLabel {
  rater: string;
  turn: BundleTurn;
  type: TurnType;
  value: Exclude<ValueTarget, typeof UNPARSEABLE | typeof NO_LABEL>;
}

class MappingRun {
  readonly errors: FormatError[] = [];
  readonly leftovers = new LeftoverTally();
  unparseable = 0;
  private readonly puzzles = new Map<string, PuzzleEntry>();
  /** Without a puzzle id field, puzzles are told apart by their story. */
  private readonly idOfStory = new Map<string, string>();
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly mapped: ReadonlySet<string>;
  private readonly needs = new Set<MissingName>();
  private readonly player: string | undefined;
  private readonly judge: string | undefined;
  private readonly raters: RaterColumn[];
  private readonly judges: Array<{ field: string; name: string }>;
  private readonly columns = new Map<string, ColumnTally>();
  private readonly pending: PendingLabel[] = [];
  /** Each turn's id, once withIds has given it. */
  private readonly turnIds = new Map<BundleTurn, string>();

  constructor(
    private readonly preset: MappingPreset,
    options: BenchmarkImportOptions,
  ) {
    this.raters = raterColumns(preset.raters ?? []);
    this.judges = (preset.judges ?? []).map((judge) => ({ field: judge.field, name: judge.name ?? judge.field }));
    this.mapped = new Set([...Object.values(preset.fields), ...this.raters.map((rater) => rater.field), ...this.judges.map((judge) => judge.field)]);
    // A name given by the caller stands for every row whose field is empty, like the preset's constant.
    this.player = options.player ?? preset.constants?.player;
    this.judge = options.judge ?? preset.constants?.judge;
    const tally = (field: string, role: ColumnRole, id: string, name: string, renamed = false) =>
      this.columns.set(field, { column: { field, role, id, name, renamed, labels: 0, noLabel: 0, unparseable: 0, blank: 0 }, values: new Map() });
    if (preset.fields.judgeLabel !== undefined) tally(preset.fields.judgeLabel, 'judge', this.judge ?? '', this.judge ?? '');
    for (const judge of this.judges) tally(judge.field, 'judge', judge.name, judge.name);
    for (const rater of this.raters) tally(rater.field, 'rater', rater.id, rater.name, rater.renamed);
  }

  /** Every label column with its values, in the preset's order: the judge label, the judges, the raters. */
  columnList(): LabelColumn[] {
    return [...this.columns.values()].map(({ column, values }) => ({ ...column, values: [...values.values()] }));
  }

  /** Records an error (the first 200: one wrong column repeats on every row) and gives undefined, for `return`. */
  private error(at: RecordPlace, message: string): undefined {
    if (this.errors.length < 200) this.errors.push({ file: at.file, ...(at.line !== undefined ? { line: at.line } : {}), path: at.path, message });
    return undefined;
  }

  /** Each mapped field must be in the files: a typing slip in a preset is named, not read as empty. */
  checkFields(tables: readonly RecordTable[]): void {
    if (tables.length === 0) return;
    const present = new Set(tables.flatMap((table) => table.fieldNames));
    const wanted = [
      ...MAPPING_TARGETS.flatMap((target) => {
        const field = this.preset.fields[target];
        return field === undefined ? [] : [{ field, what: `the ${TARGET_NAMES[target]}` }];
      }),
      ...this.judges.map((judge) => ({ field: judge.field, what: `the labels of the judge ${JSON.stringify(judge.name)}` })),
      ...this.raters.map((rater) => ({ field: rater.field, what: `the labels of the rater ${JSON.stringify(rater.id)}` })),
    ];
    for (const { field, what } of wanted) {
      if (!present.has(field)) {
        this.error(
          { file: tables.map((table) => table.file).join(', '), path: '' },
          `the mapping takes ${what} from the field ${JSON.stringify(field)}, which the files do not have; they have ${tables[0]?.fieldNames.map((name) => JSON.stringify(name)).join(', ')}`,
        );
      }
    }
  }

  missingNameErrors(tables: readonly RecordTable[]): FormatError[] {
    return [...this.needs].map((name) => ({
      file: tables.map((table) => table.file).join(', '),
      path: '',
      message: `the records name no ${name} (map a ${name} field, or name one)`,
    }));
  }

  private text(record: SourceRecord, target: MappingTarget): string | undefined {
    const field = this.preset.fields[target];
    return field === undefined ? undefined : this.fieldText(record, field, `the ${TARGET_NAMES[target]}`);
  }

  private fieldText(record: SourceRecord, field: string, what: string): string {
    const value = record.fields[field];
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (value instanceof Date) return value.toISOString();
    this.error(record.at, `the field ${JSON.stringify(field)} (${what}) holds ${Array.isArray(value) ? 'a list' : 'an object'}; expected text`);
    return '';
  }

  /** The judges' and raters' label cells of a record, as text; blank ones too. */
  private columnCells(record: SourceRecord): Array<{ field: string; value: string }> {
    return [
      ...this.judges.map((judge) => ({
        field: judge.field,
        value: this.fieldText(record, judge.field, `the labels of the judge ${JSON.stringify(judge.name)}`),
      })),
      ...this.raters.map((rater) => ({
        field: rater.field,
        value: this.fieldText(record, rater.field, `the labels of the rater ${JSON.stringify(rater.id)}`),
      })),
    ];
  }

  /** Counts one cell of a label column and gives what it means on this turn; undefined for a blank cell. */
  private readCell(field: string, value: string, type: TurnType, at: RecordPlace): ValueTarget | undefined {
    const tally = this.columns.get(field);
    if (tally === undefined) return undefined;
    const { column } = tally;
    const key = value.trim();
    if (key === '') {
      column.blank++;
      return undefined;
    }
    const label = mappedValue(key, type, column.role, this.preset.values?.[field]);
    const seen = tally.values.get(`${type}\u0000${key}`);
    if (seen !== undefined) seen.count++;
    else tally.values.set(`${type}\u0000${key}`, { type, value: key, count: 1, label, byRule: defaultTarget(key, type, column.role) });
    if (label === NO_LABEL) {
      column.noLabel++;
      this.leftovers.add(at.file, `field ${field}: values left as no label`, value);
    } else {
      column.labels++;
      if (label === UNPARSEABLE) column.unparseable++;
    }
    return label;
  }

  /** Maps one record; undefined when it has errors (they are recorded). */
  take(record: SourceRecord): MappedRow | undefined {
    const errorsBefore = this.errors.length;
    for (const [field, value] of Object.entries(record.fields)) {
      if (!this.mapped.has(field) && value !== '' && value !== null && value !== undefined) this.leftovers.add(record.at.file, `field ${field}`, value);
    }
    const entry = this.puzzleOf(record);
    if (entry === undefined) return undefined;
    const { id: puzzleId, ...puzzleFields } = entry.puzzle;
    const row: MappedRow = { at: record.at, puzzleId, ...puzzleFields };
    const text = this.text(record, 'question') ?? '';
    const label = this.text(record, 'judgeLabel') ?? '';
    const cells = this.columnCells(record);
    if (text.trim() === '') {
      if (label.trim() !== '') return this.error(record.at, `the row has a judge label (${JSON.stringify(label)}) but no question text`);
      const labelled = cells.find((cell) => cell.value.trim() !== '');
      if (labelled !== undefined)
        return this.error(
          record.at,
          `the row has a label in the field ${JSON.stringify(labelled.field)} (${JSON.stringify(labelled.value)}) but no question text`,
        );
      return this.errors.length > errorsBefore ? undefined : row;
    }
    // A bad puzzle value does not keep the row's session from being checked against the others.
    const turnErrorsBefore = this.errors.length;
    const type = this.turnType(record);
    const player = this.modelName(record, 'player', this.player);
    const judge = this.sessionJudge(record, label);
    if (this.errors.length > turnErrorsBefore || type === undefined) return undefined;
    const session = this.sessionOf(record, puzzleId, player, judge);
    if (session === undefined || this.errors.length > errorsBefore) return undefined;
    // Turn ids are given when the study is assembled, once every id they must not repeat is known.
    const turn: BundleTurn = { id: '', type, text, judgements: {} };
    const mappedTurn: NonNullable<MappedRow['turn']> = { type, text };
    const labelField = this.preset.fields.judgeLabel;
    if (labelField !== undefined && judge !== undefined) {
      const judged = this.readCell(labelField, label, type, record.at);
      if (judged !== undefined && judged !== NO_LABEL) this.judgeTurn(turn, judge, judged, label);
      if (judged !== undefined) Object.assign(mappedTurn, { label: judged, reply: label });
    }
    const columns: NonNullable<NonNullable<MappedRow['turn']>['columns']> = [];
    for (const { field, value } of cells) {
      const read = this.readCell(field, value, type, record.at);
      if (read === undefined) continue;
      const judgeColumn = this.judges.find((column) => column.field === field);
      const rater = this.raters.find((column) => column.field === field);
      columns.push({ who: judgeColumn?.name ?? rater?.id ?? field, label: read, value });
      if (read === NO_LABEL) continue;
      if (judgeColumn !== undefined) {
        if (Object.hasOwn(turn.judgements, judgeColumn.name))
          return this.error(
            record.at,
            `the judge ${JSON.stringify(judgeColumn.name)} of the field ${JSON.stringify(field)} already judged this turn; name the column's judge apart`,
          );
        this.judgeTurn(turn, judgeColumn.name, read, value);
      } else if (rater !== undefined && read !== UNPARSEABLE) this.pending.push({ rater: rater.id, turn, type, value: read });
    }
    if (columns.length > 0) mappedTurn.columns = columns;
    session.turns.push(turn);
    return { ...row, session: session.id, ...(player !== undefined ? { player } : {}), ...(judge !== undefined ? { judge } : {}), turn: mappedTurn };
  }

  /** A judge's label on the turn, with the value as written kept whatever it read as, so the lead sees what the judge wrote. */
  private judgeTurn(turn: BundleTurn, judge: string, label: JudgeLabel, written: string): void {
    if (label === UNPARSEABLE) this.unparseable++;
    turn.judgements[judge] = label;
    turn.judgeReplies = { ...turn.judgeReplies, [judge]: written };
  }

  /**
   * The session's judge: the judge field's or the name given; without one, a row with a judge label
   * needs it named, and a file without judge labels takes the first judge column's, else NO_JUDGE.
   */
  private sessionJudge(record: SourceRecord, label: string): string | undefined {
    const given = this.text(record, 'judge')?.trim();
    if ((given !== undefined && given !== '') || this.judge !== undefined || label.trim() !== '') return this.modelName(record, 'judge', this.judge);
    return this.judges[0]?.name ?? NO_JUDGE;
  }

  private puzzleOf(record: SourceRecord): PuzzleEntry | undefined {
    const story = this.text(record, 'story') ?? '';
    const given = this.text(record, 'puzzleId');
    let id: string;
    if (given !== undefined) {
      id = given.trim();
      if (id === '') return this.error(record.at, `no puzzle id in the field ${JSON.stringify(this.preset.fields.puzzleId)}`);
    } else {
      if (story.trim() === '')
        return this.error(
          record.at,
          `no story in the field ${JSON.stringify(this.preset.fields.story)}, and without a puzzle id field the story tells puzzles apart`,
        );
      id = this.idOfStory.get(story) ?? `puzzle-${this.idOfStory.size + 1}`;
      this.idOfStory.set(story, id);
    }
    const problem = idProblem('record', id);
    if (problem !== undefined) return this.error(record.at, `puzzle id: ${problem}`);
    let entry = this.puzzles.get(id);
    if (entry === undefined) {
      entry = { puzzle: { id, story: '', reference: '' }, givenAt: {}, firstAt: record.at };
      this.puzzles.set(id, entry);
    }
    const difficultyText = this.text(record, 'difficulty') ?? '';
    const difficulty = difficultyText.trim() === '' ? undefined : readDifficulty(difficultyText);
    if (difficulty === null)
      this.error(record.at, `difficulty ${JSON.stringify(difficultyText)}: expected a whole number from 1 to 9, or a level such as "7/10 HARD"`);
    const values = { title: this.text(record, 'title'), story, reference: this.text(record, 'reference') ?? '', difficulty: difficulty ?? undefined };
    for (const key of ['title', 'story', 'reference', 'difficulty'] as const) {
      const value = values[key];
      if (value === undefined || value === '' || (typeof value === 'string' && value.trim() === '')) continue;
      const known = entry.puzzle[key];
      const knownAt = entry.givenAt[key];
      if (knownAt === undefined) {
        Object.assign(entry.puzzle, { [key]: value });
        entry.givenAt[key] = record.at;
      } else if (known !== value) {
        this.error(record.at, `puzzle ${JSON.stringify(id)} has another ${key} here than at ${placeText(knownAt)}`);
      }
    }
    return entry;
  }

  private turnType(record: SourceRecord): 'question' | 'final' | undefined {
    const kind = this.text(record, 'turnKind');
    if (kind === undefined || kind.trim() === '') return 'question';
    const lists = { ...DEFAULT_TURN_KINDS, ...withoutUndefined(this.preset.turnKinds ?? {}) };
    const wanted = kind.trim().toLowerCase();
    if (lists.question.some((value) => value.trim().toLowerCase() === wanted)) return 'question';
    if (lists.final.some((value) => value.trim().toLowerCase() === wanted)) return 'final';
    return this.error(
      record.at,
      `turn kind ${JSON.stringify(kind)} is neither a question (${lists.question.map((v) => JSON.stringify(v)).join(', ')}) nor a final answer (${lists.final.map((v) => JSON.stringify(v)).join(', ')}); list it in the preset's turnKinds`,
    );
  }

  private modelName(record: SourceRecord, target: 'player' | 'judge', constant: string | undefined): string | undefined {
    const value = this.text(record, target)?.trim();
    const name = value === undefined || value === '' ? constant : value;
    if (name === undefined) {
      this.needs.add(target);
      return undefined;
    }
    const problem = idProblem('model', name);
    return problem === undefined ? name : this.error(record.at, `${target}: ${problem}`);
  }

  private sessionOf(record: SourceRecord, puzzleId: string, player: string | undefined, judge: string | undefined): BundleSession | undefined {
    const given = this.text(record, 'session');
    if (given !== undefined && given.trim() === '') return this.error(record.at, `no session in the field ${JSON.stringify(this.preset.fields.session)}`);
    const key = given?.trim() ?? JSON.stringify([puzzleId, player, judge]);
    const known = this.sessions.get(key);
    if (known !== undefined) {
      const { session } = known;
      if (session.puzzleId !== puzzleId || (player !== undefined && session.player !== player) || (judge !== undefined && session.judge !== judge)) {
        return this.error(record.at, `session ${JSON.stringify(session.id)} has another puzzle, player or judge here than at ${placeText(known.at)}`);
      }
      return session;
    }
    const id = given?.trim() ?? puzzleId;
    const problem = idProblem('record', id);
    if (problem !== undefined) return this.error(record.at, `session id: ${problem}`);
    const session: BundleSession = { id, puzzleId, player: player ?? '', judge: judge ?? '', turns: [] };
    this.sessions.set(key, { session, at: record.at });
    return session;
  }

  finish(tables: readonly RecordTable[]): BenchmarkImport {
    for (const { puzzle, firstAt } of this.puzzles.values()) {
      for (const key of ['story', 'reference'] as const)
        if (puzzle[key] === '') this.error(firstAt, `puzzle ${JSON.stringify(puzzle.id)} has no ${key} in any row`);
    }
    if (this.errors.length > 0) return { ok: false, errors: this.errors };
    if (this.needs.size > 0) return { ok: false, errors: this.missingNameErrors(tables), needs: [...this.needs] };
    const puzzles = [...this.puzzles.values()].map((entry) => entry.puzzle);
    const sessions = this.withIds(
      puzzles,
      [...this.sessions.values()].map((entry) => entry.session),
    );
    const raters: ImportedRater[] = this.raters.map((rater) => ({ annotator: { id: rater.id, name: rater.name }, labels: [] }));
    for (const label of this.pending) {
      const unit = this.turnIds.get(label.turn);
      const rater = raters.find((item) => item.annotator.id === label.rater);
      if (unit !== undefined) rater?.labels.push({ unit, task: label.type === 'final' ? 'match' : 'answer', value: label.value });
    }
    const name = tables.length === 1 && tables[0] !== undefined ? baseName(tables[0].file) : this.preset.name;
    return {
      ok: true,
      value: importedStudy({
        layouts: tables.map((table) => ({ file: table.file, layout: `${table.layout}, mapped by the preset ${JSON.stringify(this.preset.name)}` })),
        name,
        idSeed: JSON.stringify([puzzles, sessions]),
        scheme: SCHEME,
        puzzles,
        sessions,
        raters,
        leftovers: this.leftovers,
      }),
    };
  }

  /**
   * Ids for sessions and turns that repeat no other id of the bundle (puzzles, sessions and turns
   * share one space): a session keeps its field's value, else is named after its puzzle (and its
   * player and judge when the puzzle has several); a clash with an earlier id gets a suffix.
   */
  private withIds(puzzles: readonly BundlePuzzle[], sessions: readonly BundleSession[]): BundleSession[] {
    const used = new Set(puzzles.map((puzzle) => puzzle.id));
    // An id made of long parts may pass the id rule's length; a numbered one stands in for it.
    const unique = (wanted: string, fallback: string) => {
      const candidate = idProblem('record', wanted) === undefined ? wanted : fallback;
      let id = candidate;
      for (let n = 2; used.has(id); n++) id = `${candidate}~${n}`;
      used.add(id);
      return id;
    };
    const perPuzzle = new Map<string, number>();
    for (const session of sessions) perPuzzle.set(session.puzzleId, (perPuzzle.get(session.puzzleId) ?? 0) + 1);
    const named = this.preset.fields.session !== undefined;
    return sessions.map((session, s) => {
      const candidate = named
        ? session.id
        : perPuzzle.get(session.puzzleId) === 1
          ? `${session.puzzleId}/session`
          : `${session.puzzleId}/${session.player}/${session.judge}`;
      const id = unique(candidate, `session-${s + 1}`);
      return {
        ...session,
        id,
        turns: session.turns.map((turn, i) => {
          const turnId = unique(`${id}/${i + 1}`, `session-${s + 1}/${i + 1}`);
          this.turnIds.set(turn, turnId);
          return { ...turn, id: turnId };
        }),
      };
    });
  }
}

function withoutUndefined<T extends object>(value: T): { [K in keyof T]-?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as { [K in keyof T]-?: Exclude<T[K], undefined> };
}

/** 1 to 9, as a number or text, or SPLAT's level "7/10 HARD"; null when it is none of these. */
export function readDifficulty(text: string): number | null {
  const match = /^\s*(\d+)(?:\s*\/\s*10)?(?:\s+\p{L}+)?\s*$/u.exec(text);
  const level = match === null ? NaN : Number(match[1]);
  return Number.isInteger(level) && level >= 1 && level <= 9 ? level : null;
}

function placeText(at: RecordPlace): string {
  return [at.file, at.line !== undefined ? `line ${at.line}` : '', at.path].filter((part) => part !== '').join(', ');
}
