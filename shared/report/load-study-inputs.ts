// Reads the inputs of one agreement report: several transcript files as one study, and label
// files (JSON) or label CSVs as one list of human labels. All or nothing, like import (SPEC §6):
// the study and labels, or every located error (file, JSON path or CSV line, what was expected).

import type { AcceptableAnswers, LabelScheme, LabelValue, StudyData, Task } from '../domain/model';
import { acceptableMember, sameAcceptable } from '../formats/acceptable-answers';
import { detectFormat } from '../formats/detect-format';
import { ErrorList } from '../formats/error-list';
import type { FormatError, ParseResult } from '../formats/errors';
import { quote } from '../formats/field-schemas';
import { parseLabelCsv, parseLabelFile } from '../formats/label-file';
import type { SourceFile } from '../formats/limits';
import { sha256Hex } from '../formats/sha256';
import { parseTranscriptBundle } from '../formats/transcript-bundle';

export interface HumanLabel {
  annotatorId: string;
  unitId: string;
  task: Task;
  value: LabelValue;
  /** Marked unsure in its label file (a label CSV has no such column: never unsure). */
  unsure: boolean;
  /** Every answer its annotator accepts, the value first (issue 33): a label file's `acceptable`, a label CSV's `acceptable` column. */
  acceptable?: AcceptableAnswers;
}

export interface StudyInputs {
  study: StudyData;
  labels: HumanLabel[];
  /**
   * Annotator id -> display name: a label file's `annotator.name` (a later file's wins, as the
   * app's import keeps the last imported name); an annotator only a label CSV names is named by id.
   */
  annotatorNames: Record<string, string>;
  /** Every file read, transcripts first, with the SHA-256 of its text. */
  inputs: Array<{ file: string; sha256: string }>;
}

export interface LoadOptions {
  /** Accept label files whose studyId is not the id of any transcript file. */
  anyStudy?: boolean;
  /** When the study was read (the transcripts' importedAt). */
  now?: string;
}

type UnitKind = 'question' | 'final' | 'puzzle' | 'session';

/** The unit kind each task labels. */
const UNIT_OF_TASK: Record<Task, UnitKind> = { answer: 'question', match: 'final', difficulty: 'puzzle' };

const UNIT_WORDS: Record<UnitKind, string> = { question: 'a question turn', final: 'a final turn', puzzle: 'a puzzle', session: 'a session' };

/** One label with where it came from, for precedence and messages. */
interface PlacedLabel extends HumanLabel {
  rev: number;
  file: string;
  line?: number;
  path: string;
}

export function loadStudyInputs(transcripts: readonly SourceFile[], labelFiles: readonly SourceFile[], options: LoadOptions = {}): ParseResult<StudyInputs> {
  const errors: FormatError[] = [];
  const studies: StudyData[] = [];
  const inputs = [...transcripts, ...labelFiles].map((file) => ({ file: file.name, sha256: sha256Hex(file.text) }));
  for (const [index, file] of transcripts.entries()) {
    const format = detectFormat(file);
    // The same bundle twice would repeat every id; one message says what happened.
    const twin = inputs.slice(0, index).find((input) => input.sha256 === inputs[index]?.sha256);
    if (twin !== undefined) {
      errors.push({ file: file.name, path: '', message: `the same transcripts as ${twin.file}; give each transcript file once` });
      continue;
    }
    if (format === 'labels' || format === 'labels-csv') {
      errors.push({ file: file.name, path: '', message: 'this is a label file, not a transcript bundle; give it with the label files' });
      continue;
    }
    const parsed = parseTranscriptBundle(file, options.now !== undefined ? { now: options.now } : {});
    if (parsed.ok) studies.push(parsed.value);
    else errors.push(...parsed.errors);
  }
  const study = errors.length === 0 ? mergeStudies(studies, errors) : undefined;
  const names = new Map<string, string>();
  const labels = readLabels(
    labelFiles,
    study,
    studies.map((s) => s.study.id),
    options.anyStudy === true,
    errors,
    names,
  );
  if (errors.length > 0 || study === undefined) return { ok: false, errors };
  return { ok: true, value: { study, labels, annotatorNames: Object.fromEntries(names), inputs } };
}

/**
 * One study from several bundles: records concatenated, one id namespace across all files
 * (a label names its unit by id alone), one label scheme. The id and name are the bundles'
 * own when they share them, else joined with `+`.
 */
function mergeStudies(studies: readonly StudyData[], errors: FormatError[]): StudyData | undefined {
  const [first, ...rest] = studies;
  if (first === undefined) return undefined;
  if (rest.length === 0) return first;
  const owners = new Map<string, { kind: UnitKind; file: string }>();
  for (const data of studies) {
    const file = data.study.sourceFiles[0] ?? data.study.name;
    const list = new ErrorList(file);
    const claim = (id: string, kind: UnitKind) => {
      const owner = owners.get(id);
      if (owner === undefined) owners.set(id, { kind, file });
      else
        list.add(
          '',
          `${UNIT_WORDS[kind]} has the id ${quote(id)}, already the id of ${UNIT_WORDS[owner.kind]} in ${owner.file}; ids must be unique across the transcript files of one report`,
        );
    };
    for (const puzzle of data.puzzles) claim(puzzle.id, 'puzzle');
    for (const session of data.sessions) claim(session.id, 'session');
    for (const turn of data.turns) claim(turn.id, turn.type);
    if (data.study.scheme.answerUnknown !== first.study.scheme.answerUnknown) {
      list.add(
        'scheme.answerUnknown',
        `the label scheme differs from ${first.study.sourceFiles[0] ?? first.study.name}'s: one reads "unknown" as its own answer, the other as irrelevant`,
      );
    }
    errors.push(...list.list());
  }
  if (errors.length > 0) return undefined;
  const id = distinct(studies.map((data) => data.study.id)).join('+');
  const name = distinct(studies.map((data) => data.study.name)).join(' + ');
  const guidelines = studies.find((data) => data.study.guidelines !== undefined)?.study.guidelines;
  const sum = (count: (data: StudyData) => number) => studies.reduce((total, data) => total + count(data), 0);
  const judgeSamples = studies.flatMap((data) => data.study.judgeSamples ?? []);
  return {
    study: {
      id,
      name,
      format: first.study.format,
      scheme: first.study.scheme,
      ...(guidelines !== undefined ? { guidelines } : {}),
      ...(judgeSamples.length > 0 ? { judgeSamples } : {}),
      importedAt: first.study.importedAt,
      sourceFiles: studies.flatMap((data) => data.study.sourceFiles),
      counts: {
        puzzles: sum((data) => data.study.counts.puzzles),
        sessions: sum((data) => data.study.counts.sessions),
        turns: sum((data) => data.study.counts.turns),
        questions: sum((data) => data.study.counts.questions),
        finals: sum((data) => data.study.counts.finals),
      },
    },
    puzzles: studies.flatMap((data) => data.puzzles.map((puzzle) => ({ ...puzzle, studyId: id }))),
    sessions: studies.flatMap((data) => data.sessions.map((session) => ({ ...session, studyId: id }))),
    turns: studies.flatMap((data) => data.turns.map((turn) => ({ ...turn, studyId: id }))),
  };
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/**
 * Parses every label file and checks each label against the study (when it was read): the unit
 * exists and is of the kind the task labels. The same annotator, unit and task in several files
 * is one label: the higher `rev` wins; the same rev with another value or set is an error. Label CSV
 * rows carry no revision and count as rev 1.
 */
function readLabels(
  files: readonly SourceFile[],
  study: StudyData | undefined,
  studyIds: readonly string[],
  anyStudy: boolean,
  errors: FormatError[],
  names: Map<string, string>,
): HumanLabel[] {
  const scheme: LabelScheme = study?.study.scheme ?? { answerUnknown: false };
  const units = study === undefined ? undefined : unitKinds(study);
  const chosen = new Map<string, PlacedLabel>();
  for (const file of files) {
    const list = new ErrorList(file.name);
    for (const label of parseLabels(file, scheme, studyIds, anyStudy, list, names)) {
      if (units !== undefined && !fitsUnit(label, units, list)) continue;
      const key = `${label.annotatorId}\u0000${label.task}\u0000${label.unitId}`;
      const other = chosen.get(key);
      if (other === undefined || label.rev > other.rev) chosen.set(key, label);
      else if (label.rev === other.rev && (label.value !== other.value || !sameAcceptable(label.acceptable, other.acceptable))) {
        list.add(
          label.path,
          `conflicting ${label.task} labels by annotator ${quote(label.annotatorId)} on unit ${quote(label.unitId)}, both revision ${label.rev}: ${answersText(label)} here, ${answersText(other)} in ${placeText(other)}`,
          label.line,
        );
      }
    }
    errors.push(...list.list());
  }
  return [...chosen.values()].map(({ annotatorId, unitId, task, value, unsure, acceptable }) => ({
    annotatorId,
    unitId,
    task,
    value,
    unsure,
    ...acceptableMember({ acceptable }),
  }));
}

/** A label's answer for a message: its value, or its set as `"no" (also "irrelevant")`. */
function answersText(label: HumanLabel): string {
  const others = label.acceptable?.slice(1) ?? [];
  return others.length === 0 ? quote(label.value) : `${quote(label.value)} (also ${others.map(quote).join(', ')})`;
}

/** The labels of one file with their places; parse and study-id errors go to `list`, annotator names to `names`. */
function parseLabels(
  file: SourceFile,
  scheme: LabelScheme,
  studyIds: readonly string[],
  anyStudy: boolean,
  list: ErrorList,
  names: Map<string, string>,
): PlacedLabel[] {
  const format = detectFormat(file);
  if (format === 'labels') {
    const parsed = parseLabelFile(file, { scheme });
    if (!parsed.ok) {
      list.push(...parsed.errors);
      return [];
    }
    const { studyId, annotator, labels } = parsed.value;
    if (!anyStudy && studyIds.length > 0 && !studyIds.includes(studyId)) {
      const ids = studyIds.map(quote).join(' or ');
      list.add(
        'studyId',
        `the labels are for study ${quote(studyId)}, but the transcripts are study ${ids}; labels of another study are only used with --any-study`,
      );
      return [];
    }
    names.set(annotator.id, annotator.name);
    // parseLabelFile keeps every label of a valid file in file order, so index i is labels[i].
    return labels.map((label, index) => ({
      annotatorId: annotator.id,
      unitId: label.unit,
      task: label.task,
      value: label.value,
      ...acceptableMember(label),
      unsure: label.unsure,
      rev: label.rev,
      file: file.name,
      path: `labels[${index}]`,
    }));
  }
  if (format === 'labels-csv') {
    const parsed = parseLabelCsv(file, { scheme });
    if (!parsed.ok) {
      list.push(...parsed.errors);
      return [];
    }
    for (const row of parsed.value) if (!names.has(row.annotator)) names.set(row.annotator, row.annotator);
    return parsed.value.map((row) => ({
      annotatorId: row.annotator,
      unitId: row.unit,
      task: row.task,
      value: row.value,
      ...acceptableMember(row),
      unsure: false,
      rev: 1,
      file: file.name,
      line: row.line,
      path: '',
    }));
  }
  const what =
    format === 'transcripts' || format === 'puzzle-list'
      ? 'this is a transcript bundle, not a label file'
      : format === 'unknown'
        ? 'this is not a label file'
        : format === 'invitation'
          ? 'this is an invitation to a team server, not a label file'
          : `this is a ${format}, not a label file`;
  list.add('', `${what}; expected a label file (.labels.json) or a label CSV with the header annotator,unit,task,value`);
  return [];
}

function unitKinds(study: StudyData): Map<string, UnitKind> {
  const kinds = new Map<string, UnitKind>();
  for (const puzzle of study.puzzles) kinds.set(puzzle.id, 'puzzle');
  for (const session of study.sessions) kinds.set(session.id, 'session');
  for (const turn of study.turns) kinds.set(turn.id, turn.type);
  return kinds;
}

/** Whether the label's unit is in the study and takes its task; if not, a located error. */
function fitsUnit(label: PlacedLabel, units: ReadonlyMap<string, UnitKind>, list: ErrorList): boolean {
  const kind = units.get(label.unitId);
  const field = (name: string) => (label.line !== undefined ? name : `${label.path}.${name}`);
  if (kind === undefined) {
    list.add(field('unit'), `the study has no unit ${quote(label.unitId)}; expected the id of a turn (answer, match) or a puzzle (difficulty)`, label.line);
    return false;
  }
  const wanted = UNIT_OF_TASK[label.task];
  if (kind !== wanted) {
    list.add(
      field('task'),
      `unit ${quote(label.unitId)} is ${UNIT_WORDS[kind]}; ${label.task === 'answer' ? 'an' : 'a'} ${label.task} label belongs on ${UNIT_WORDS[wanted]}`,
      label.line,
    );
    return false;
  }
  return true;
}

function placeText(label: PlacedLabel): string {
  return label.line !== undefined ? `${label.file} line ${label.line}` : `${label.file} ${label.path}`;
}
