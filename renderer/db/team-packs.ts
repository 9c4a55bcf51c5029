// Writes the lead's packs (docs/formats.md#pack) from the stored assignment: one blind pack per
// requested annotator, built exactly as the command line builds them, so an assignment not
// edited by hand gives the same bytes as `agreement-studio pack` with the same seed.

import { DEFAULT_GUIDELINES } from '../../shared/domain/default-guidelines';
import type { Task } from '../../shared/domain/model';
import { serializePack, type Pack, type PackTasks } from '../../shared/formats/pack';
import { buildAnnotatorPack, emptyTasks } from '../../shared/study/study-packs';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';
import type { OutgoingFile, WorkProgress } from './long-work';
import { loadStudyData } from './study-data';

export interface PackRequest {
  /** Annotators to write packs for; absent: every annotator of the assignment. */
  annotatorIds?: string[];
  /** Only the assigned units the annotator has not labelled yet. */
  missingOnly: boolean;
  /**
   * Only these units of one task (the units a report escalates to people, selective evaluation):
   * each pack holds those of them assigned to its annotator, nothing of the other tasks.
   */
  onlyUnits?: { task: 'answer' | 'match'; units: readonly string[] };
}

export interface TeamPackOptions {
  createdAt: string;
  /** The app and version written into each pack, e.g. `agreement-studio 0.1.0`. */
  app: string;
}

/**
 * Files `<annotator>.pack.json` (`<annotator>.missing.pack.json` for missing units,
 * `<annotator>.escalated.pack.json` for `onlyUnits`) in the order of `request.annotatorIds`, or of the assignment.
 * With `missingOnly`, each pack holds only the assigned units the annotator has not labelled,
 * and an annotator with none missing gets no file; so with `onlyUnits`, an annotator assigned none of them. Throws an Error the UI can show when the
 * study has no assignment or an annotator asked for has none.
 */
export async function writeTeamPacks(
  db: StudioDatabase,
  studyId: string,
  request: PackRequest,
  options: TeamPackOptions,
  onProgress?: (progress: WorkProgress) => void,
): Promise<OutgoingFile[]> {
  const packs = await buildTeamPacks(db, studyId, request, options, onProgress);
  // A pack of the missing units must not overwrite the full pack saved earlier.
  const kind = request.onlyUnits !== undefined ? '.escalated' : request.missingOnly ? '.missing' : '';
  return packs.map(({ annotatorId, pack }) => ({
    name: `${annotatorId}${kind}.pack.json`,
    text: serializePack(pack),
    mimeType: 'application/json',
  }));
}

/** The packs writeTeamPacks writes, before they become files (a team server gets them as documents). */
export async function buildTeamPacks(
  db: StudioDatabase,
  studyId: string,
  request: PackRequest,
  options: TeamPackOptions,
  onProgress?: (progress: WorkProgress) => void,
): Promise<Array<{ annotatorId: string; pack: Pack }>> {
  // One read transaction, so the packs show one state of the study, assignment and labels.
  const { data, rows, annotators, labelKeys } = await db.transaction(
    'r',
    [db.studies, db.puzzles, db.sessions, db.turns, db.assignments, db.annotators, db.labels],
    async () => {
      const study = await loadStudyData(db, studyId);
      const [assignments, team] = await Promise.all([byStudy(db.assignments, studyId).toArray(), byStudy(db.annotators, studyId).toArray()]);
      // The label keys alone say what is labelled; no label is read whole.
      const keys = request.missingOnly ? await byStudy(db.labels, studyId).primaryKeys() : [];
      return { data: study, rows: assignments, annotators: team, labelKeys: keys };
    },
  );
  if (data.study.origin) throw new Error(`The study "${data.study.name}" was opened from a pack; only the lead's own study can write packs.`);
  if (rows.length === 0) throw new Error(`The study "${data.study.name}" is not assigned to a team yet; assign it before writing packs.`);

  const assigned = new Map<string, PackTasks>();
  for (const row of rows) {
    let tasks = assigned.get(row.annotatorId);
    if (tasks === undefined) {
      tasks = emptyTasks();
      assigned.set(row.annotatorId, tasks);
    }
    tasks[row.task] = row.units;
  }
  const ids = request.annotatorIds ?? [...assigned.keys()];
  const unknown = ids.find((id) => !assigned.has(id));
  if (unknown !== undefined) throw new Error(`The annotator "${unknown}" has no assignment in the study "${data.study.name}".`);
  const names = new Map(annotators.map((annotator) => [annotator.id, annotator.name]));
  const labelled = new Set(labelKeys.map(([, annotatorId, task, unit]) => labelKey(annotatorId, task, unit)));
  // A pack is all an annotator has: it carries the guidelines text itself, the default where the study has none.
  const packOptions = { guidelines: data.study.guidelines ?? DEFAULT_GUIDELINES, createdAt: options.createdAt, app: options.app };

  const only = request.onlyUnits === undefined ? undefined : { task: request.onlyUnits.task, units: new Set(request.onlyUnits.units) };
  const packs: Array<{ annotatorId: string; pack: Pack }> = [];
  for (const [index, id] of ids.entries()) {
    onProgress?.({ label: `Writing pack ${index + 1} of ${ids.length}`, done: index, total: ids.length });
    let tasks = assigned.get(id) ?? emptyTasks();
    if (only !== undefined) {
      const kept = tasks[only.task].filter((unit) => only.units.has(unit));
      tasks = { ...emptyTasks(), [only.task]: kept };
      if (kept.length === 0) continue;
    }
    if (request.missingOnly) {
      const missing = (task: Task) => tasks[task].filter((unit) => !labelled.has(labelKey(id, task, unit)));
      tasks = { answer: missing('answer'), match: missing('match'), difficulty: missing('difficulty') };
      if (tasks.answer.length + tasks.match.length + tasks.difficulty.length === 0) continue;
    }
    packs.push({ annotatorId: id, pack: buildAnnotatorPack(data, { id, name: names.get(id) ?? id }, tasks, packOptions) });
  }
  onProgress?.({ label: `Wrote ${packs.length} pack${packs.length === 1 ? '' : 's'}`, done: ids.length, total: ids.length });
  return packs;
}

function labelKey(annotatorId: string, task: string, unit: string): string {
  return `${annotatorId}\u0000${task}\u0000${unit}`;
}
