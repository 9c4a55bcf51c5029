// Writes one annotator's labels of a study as a label file (docs/formats.md#label-file), the file an annotator
// sends back to the lead. Reads the study, the annotator's labels (one primary-key range) and
// their assignment rows for the order; writes nothing.

import { TASKS } from '../../shared/domain/model';
import type { Label } from '../../shared/domain/model';
import { buildLabelFile, serializeLabelFile } from '../../shared/formats/label-file';
import type { StudioDatabase } from './database';
import { withPrefix } from './key-range';
import type { OutgoingFile } from './long-work';

export interface ExportLabelsOptions {
  /** ISO 8601 time written as `exportedAt`; defaults to the current time. */
  now?: string;
  /** The app and version, e.g. `agreement-studio 0.1.0`. */
  app: string;
}

/**
 * Every label of the annotator in the study, task by task (answer, match, difficulty) and
 * within a task in assignment order, then unassigned units by id. The file is named
 * `<studyId>.<annotatorId>.labels.json` whatever the study's origin, so a lead collecting
 * files of several studies can tell them apart.
 */
export async function exportLabelFile(db: StudioDatabase, studyId: string, annotatorId: string, options: ExportLabelsOptions): Promise<OutgoingFile> {
  const { study, stored, labels, assignments } = await db.transaction('r', [db.studies, db.annotators, db.labels, db.assignments], async () => ({
    study: await db.studies.get(studyId),
    stored: await db.annotators.get([studyId, annotatorId]),
    labels: await withPrefix(db.labels.where(':id'), [studyId, annotatorId]).toArray(),
    assignments: await db.assignments.bulkGet(TASKS.map((task): [string, string, string] => [studyId, annotatorId, task])),
  }));
  if (!study) throw new Error(`The study "${studyId}" is not in the library.`);
  const origin = study.origin?.annotator.id === annotatorId ? study.origin.annotator : undefined;
  const name = stored?.name ?? origin?.name ?? annotatorId;

  const taskRank = new Map(TASKS.map((task, i) => [task, i]));
  const positions = new Map(TASKS.map((task, i) => [task, new Map((assignments[i]?.units ?? []).map((unit, position) => [unit, position]))]));
  const position = (label: Label) => positions.get(label.task)?.get(label.unitId) ?? Number.POSITIVE_INFINITY;
  const ordered = [...labels].sort(
    (a, b) =>
      (taskRank.get(a.task) ?? 0) - (taskRank.get(b.task) ?? 0) || position(a) - position(b) || (a.unitId < b.unitId ? -1 : a.unitId > b.unitId ? 1 : 0),
  );

  const file = buildLabelFile({
    studyId,
    annotator: { id: annotatorId, name },
    exportedAt: options.now ?? new Date().toISOString(),
    app: options.app,
    // buildLabelFile copies the fields a label file carries, field by field.
    labels: ordered.map((label) => ({ ...label, unit: label.unitId })),
  });
  return { name: `${studyId}.${annotatorId}.labels.json`, text: serializeLabelFile(file), mimeType: 'application/json' };
}
