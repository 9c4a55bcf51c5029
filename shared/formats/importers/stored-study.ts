// An imported benchmark study in the form our stores take: the study data exactly as importing
// its bundle file gives it, and each human rater's labels as a label file (docs/formats.md#label-file), so the
// app and the command line store the same thing through the paths our own files take.

import type { StudyData } from '../../domain/model';
import type { ParseResult } from '../errors';
import { buildLabelFile, type LabelFile } from '../label-file';
import { parseTranscriptBundle } from '../transcript-bundle';
import { serializeBundleDocument, type ImportedRater, type ImportedStudy } from './imported-study';

/** The study read back from its written bundle, naming the files it came from. */
export function importedStudyData(study: ImportedStudy, fileNames: readonly string[], now: string): ParseResult<StudyData> {
  const parsed = parseTranscriptBundle({ name: fileNames[0] ?? `${study.bundle.id}.json`, text: serializeBundleDocument(study.bundle) }, { now });
  if (!parsed.ok) return parsed;
  return { ok: true, value: { ...parsed.value, study: { ...parsed.value.study, sourceFiles: [...fileNames] } } };
}

/** One label file per rater. The source does not say when its people labelled; the import time stands in. */
export function raterLabelFiles(studyId: string, raters: readonly ImportedRater[], now: string, app: string): LabelFile[] {
  return raters.map((rater) =>
    buildLabelFile({
      studyId,
      annotator: rater.annotator,
      exportedAt: now,
      app,
      labels: rater.labels.map((label) => ({ ...label, at: now, rev: 1, unsure: false, note: label.note ?? '' })),
    }),
  );
}
