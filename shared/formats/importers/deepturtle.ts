// Imports DeepTurtle's reviewed judge replies (Yuikij/DeepTurtle, data/deep_turtle.json): each
// record is a puzzle (title, surface, truth, logic_profile) with one reviewed exchange, the player's
// question, the judge's reply and a person's correction; the correction is one rater's label.

import { countText } from '../../domain/count-text';
import { UNPARSEABLE, type LabelScheme } from '../../domain/model';
import type { FormatError } from '../errors';
import { isRecord } from '../field-schemas';
import { parseJsonDocument } from '../json-document';
import { readJudgeReply } from '../judge-reply';
import { normaliseLabelText } from '../label-values';
import type { SourceFile } from '../limits';
import {
  LeftoverTally,
  type BenchmarkImport,
  type BenchmarkImportOptions,
  type BundlePuzzle,
  type BundleSession,
  type ImportedRater,
  type ImportedStudy,
  importedStudy,
} from './imported-study';

const DEEPTURTLE_LAYOUT = 'DeepTurtle reviewed replies (data/deep_turtle.json: title, surface, truth, logic_profile, review_data)';

/**
 * The project's README says its exchanges were played on turtlenoir.com "powered by DeepSeek
 * models" and names no model; its error type `DeepSeek-Hallucination` says the same. So the judge
 * is "DeepSeek" unless the lead names the exact model.
 */
export const DEEPTURTLE_JUDGE = 'DeepSeek';
/** The questions are real players' on turtlenoir.com (README), as TurtleBench's are its users'. */
const DEEPTURTLE_PLAYER = 'turtlenoir.com players';
const DEEPTURTLE_RATER = { id: 'deepturtle-reviewer', name: 'DeepTurtle reviewer' };

// DeepTurtle's judge answers 是 / 不是 / 是也不是 / 没有关系: three answers, no unknown.
const SCHEME: LabelScheme = { answerUnknown: false };

const RECORD_FIELDS = new Set(['id', 'title', 'surface', 'truth', 'logic_profile', 'review_data']);
const REVIEW_FIELDS = new Set(['user_query', 'model_response', 'human_correction', 'error_type']);
// The parts of a logic profile the studio has no place for; its milestones become key clues.
const PROFILE_PARTS_LEFT_OUT = ['entities_preprocess', 'entities', 'tricks', 'summary', 'logic_rules'];

// Keys only DeepTurtle's records have, which its first record shows.
const DEEPTURTLE_HINT = /"(?:logic_profile|review_data)"\s*:/;

/** Whether a file looks like DeepTurtle's, from the start of its text: to pick the importer before parsing. */
export function looksLikeDeepTurtleFile(file: SourceFile): boolean {
  return DEEPTURTLE_HINT.test(file.text.slice(0, 65_536));
}

interface Puzzle {
  title: string;
  surface: string;
  truth: string;
  /** The file of its first record, where its logic profile was read. */
  file: string;
  profile: unknown;
  sessions: BundleSession[];
}

/**
 * Imports DeepTurtle files as one study: records with the same title, surface and truth are one
 * puzzle (the file repeats a puzzle once per reviewed question), each review one session of one
 * question, the reply the judge's, the correction the reviewer's label with `error_type` as its note.
 */
export function importDeepTurtle(files: readonly SourceFile[], options: BenchmarkImportOptions = {}): BenchmarkImport {
  const errors: FormatError[] = [];
  const leftovers = new LeftoverTally();
  const layouts: ImportedStudy['layouts'] = [];
  const puzzles = new Map<string, Puzzle>();
  const rater: ImportedRater = { annotator: DEEPTURTLE_RATER, labels: [] };
  const judge = options.judge ?? DEEPTURTLE_JUDGE;
  const player = options.player ?? DEEPTURTLE_PLAYER;
  const sessionIds = new Set<string>();
  const error = (file: string, path: string, message: string) => {
    if (errors.length < 200) errors.push({ file, path, message });
  };

  for (const file of files) {
    const parsed = parseJsonDocument(file);
    if (!parsed.ok) {
      errors.push(...parsed.errors);
      continue;
    }
    if (!isDeepTurtleFile(parsed.value)) {
      error(file.name, '', 'not a DeepTurtle file; expected a list of puzzles with title, surface, truth, logic_profile and review_data');
      continue;
    }
    layouts.push({ file: file.name, layout: DEEPTURTLE_LAYOUT });
    parsed.value.forEach((record, i) => {
      const path = `[${i}]`;
      if (!isRecord(record)) return error(file.name, path, 'expected a puzzle object');
      const { id, title, surface, truth, review_data: review } = record;
      if (typeof id !== 'string' || id.trim() === '') return error(file.name, `${path}.id`, 'expected the record id as text');
      if (typeof title !== 'string' || typeof surface !== 'string' || typeof truth !== 'string' || surface.trim() === '' || truth.trim() === '')
        return error(file.name, path, 'expected title, surface and truth as text');
      if (sessionIds.has(id)) return error(file.name, `${path}.id`, `the id ${JSON.stringify(id)} is given to an earlier record too`);
      sessionIds.add(id);
      leftovers.addUnknownFields(file.name, '[].', record, RECORD_FIELDS);
      const key = JSON.stringify([title, surface, truth]);
      let puzzle = puzzles.get(key);
      if (puzzle === undefined) {
        puzzle = { title, surface, truth, file: file.name, profile: record.logic_profile, sessions: [] };
        puzzles.set(key, puzzle);
      } else if (JSON.stringify(record.logic_profile) !== JSON.stringify(puzzle.profile)) {
        leftovers.add(file.name, "records: a logic_profile unlike the one of the puzzle's first record (the first is read)", `${id}: ${title}`);
      }
      if (review === undefined) return;
      if (!isRecord(review)) return error(file.name, `${path}.review_data`, 'expected the review as an object');
      leftovers.addUnknownFields(file.name, '[].review_data.', review, REVIEW_FIELDS);
      const { user_query: question, model_response: reply, human_correction: correction, error_type: errorType } = review;
      if (typeof question !== 'string' || question.trim() === '')
        return error(file.name, `${path}.review_data.user_query`, "expected the player's question as text");
      if (typeof reply !== 'string') return error(file.name, `${path}.review_data.model_response`, "expected the judge's reply as text");
      const turnId = `${id}/1`;
      puzzle.sessions.push({
        id,
        puzzleId: '',
        player,
        judge,
        turns: [
          { id: turnId, type: 'question', text: question, judgements: { [judge]: readJudgeReply(reply, 'answer', SCHEME) }, judgeReplies: { [judge]: reply } },
        ],
      });
      if (correction === undefined || correction === null) return;
      if (typeof correction !== 'string') return error(file.name, `${path}.review_data.human_correction`, 'expected the correction as text');
      const value = readJudgeReply(correction, 'answer', SCHEME);
      if (value === UNPARSEABLE || value === 'matched' || value === 'unmatched') {
        leftovers.add(file.name, 'records: a human correction that reads as no answer label (yes, no, irrelevant)', `${id}: ${correction}`, 'human correction');
        return;
      }
      const note = [typeof errorType === 'string' ? errorType : '', saysMoreThanAVerdict(correction) ? correction : '']
        .filter((part) => part !== '')
        .join(': ');
      rater.labels.push({ unit: turnId, task: 'answer', value, ...(note !== '' ? { note } : {}) });
    });
  }
  if (errors.length > 0) return { ok: false, errors };

  const list = [...puzzles.values()];
  // Titles name the puzzles unless two differ in surface or truth under one title.
  const titlesUnique = new Set(list.map((puzzle) => puzzle.title)).size === list.length && list.every((puzzle) => puzzle.title.trim() !== '');
  const bundlePuzzles: BundlePuzzle[] = [];
  const sessions: BundleSession[] = [];
  list.forEach((puzzle, i) => {
    const id = titlesUnique ? puzzle.title : `puzzle-${i + 1}`;
    const keyClues = milestones(puzzle.profile);
    bundlePuzzles.push({
      id,
      ...(puzzle.title !== '' ? { title: puzzle.title } : {}),
      story: puzzle.surface,
      reference: puzzle.truth,
      language: 'zh',
      ...(keyClues.length > 0 ? { keyClues } : {}),
      source: 'DeepTurtle',
    });
    tallyProfile(leftovers, puzzle.file, id, puzzle.profile);
    for (const session of puzzle.sessions) sessions.push({ ...session, puzzleId: id });
  });
  return {
    ok: true,
    value: importedStudy({
      layouts,
      name: 'DeepTurtle',
      idSeed: files.map((file) => file.text).join('\u0000'),
      scheme: SCHEME,
      puzzles: bundlePuzzles,
      sessions,
      raters: [rater],
      leftovers,
    }),
  };
}

/** Whether a parsed document is DeepTurtle's: a list whose first record has a logic profile or a review. */
function isDeepTurtleFile(doc: unknown): doc is unknown[] {
  if (!Array.isArray(doc)) return false;
  const first: unknown = doc[0];
  return isRecord(first) && 'surface' in first && 'truth' in first && ('logic_profile' in first || 'review_data' in first);
}

/** The milestones' names, in order: the stages of the truth a player must reach, which are the puzzle's key clues. */
function milestones(profile: unknown): string[] {
  if (!isRecord(profile) || !isRecord(profile.milestones)) return [];
  return Object.keys(profile.milestones).filter((clue) => clue.trim() !== '');
}

/** Each part of a puzzle's logic profile the studio does not keep, once per puzzle. */
function tallyProfile(leftovers: LeftoverTally, file: string, puzzleId: string, profile: unknown): void {
  if (!isRecord(profile)) {
    if (profile !== undefined) leftovers.add(file, 'field [].logic_profile (not an object)', profile);
    return;
  }
  for (const part of PROFILE_PARTS_LEFT_OUT)
    if (profile[part] !== undefined) leftovers.add(file, `field [].logic_profile.${part}`, `${puzzleId}: ${JSON.stringify(profile[part])}`);
  if (isRecord(profile.milestones))
    leftovers.add(file, "field [].logic_profile.milestones' points (the milestones are the key clues)", `${puzzleId}: ${JSON.stringify(profile.milestones)}`);
  const known = new Set([...PROFILE_PARTS_LEFT_OUT, 'milestones']);
  leftovers.addUnknownFields(file, '[].logic_profile.', profile, known);
}

/** Whether a correction explains itself ("不是（死的是情妇）") rather than being a bare verdict ("不是"): then its text is kept in the note. */
function saysMoreThanAVerdict(correction: string): boolean {
  return /[\s\p{P}]/u.test(normaliseLabelText(correction));
}

/** What one DeepTurtle file holds, in a line, for `validate`: the counts `import` gives. */
export function describeDeepTurtleImport(study: ImportedStudy): string {
  const { bundle, raters, leftovers } = study;
  const turns = bundle.sessions.reduce((n, session) => n + session.turns.length, 0);
  const labels = raters.reduce((n, rater) => n + rater.labels.length, 0);
  const unlabelled = leftovers.find((item) => item.what.startsWith('records: a human correction'))?.count ?? 0;
  return `${countText(bundle.puzzles.length, 'puzzle')}, ${countText(bundle.sessions.length, 'session')}, ${countText(turns, 'question')} with the judge's reply, ${countText(labels, 'human label')} (${countText(unlabelled, 'correction')} read as no label)`;
}
