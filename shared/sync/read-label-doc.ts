// The lead's own check of every document pulled from an annotator's database (issue 18): the rules
// of the database's validation function again (a server may lack it, and a server admin can write
// anything), plus that the unit is one assigned to that annotator. Never trusts the server.

import { z } from 'zod';
import { MAX_LABEL_NOTE_CHARS, type LabelScheme, type Task } from '../domain/model';
import { acceptableMember, readAcceptable } from '../formats/acceptable-answers';
import { isRecord, quote } from '../formats/field-schemas';
import { labelSchema, labelValuesText, type LabelRecord } from '../formats/label-file';
import { canonicalLabelValue } from '../formats/label-values';
import { issuesToErrors } from '../formats/zod-issues';
import { MAX_DEVICE_NAME_CHARS } from './device-name';
import { labelDocId } from './sync-docs';
import { LABEL_DOC_MEMBERS } from './validation-function';

export interface LabelDocExpectation {
  studyId: string;
  annotatorId: string;
  scheme: LabelScheme;
  /** The units assigned to the annotator, by task. */
  assigned: Readonly<Record<Task, ReadonlySet<string>>>;
}

export type LabelDocReading = { ok: true; label: LabelRecord } | { ok: false; reason: string };

const MEMBERS: ReadonlySet<string> = new Set(LABEL_DOC_MEMBERS);

// A document carries every field: the annotator's app writes them all (toLabelDoc).
export const labelDocSchema = labelSchema.extend({
  unsure: z.boolean({ error: 'expected true or false' }),
  note: z.string({ error: 'expected the note as text' }).max(MAX_LABEL_NOTE_CHARS, { error: `the note is longer than ${MAX_LABEL_NOTE_CHARS} characters` }),
  createdAt: z.iso.datetime({ offset: true, error: 'expected an ISO 8601 timestamp' }).optional(),
  device: z
    .string({ error: 'expected the device as text' })
    .max(MAX_DEVICE_NAME_CHARS, { error: `the device is longer than ${MAX_DEVICE_NAME_CHARS} characters` })
    .optional(),
});

/** The label a pulled document holds, or why the lead refuses it, in words. */
export function readLabelDoc(doc: unknown, expectation: LabelDocExpectation): LabelDocReading {
  const refuse = (reason: string): LabelDocReading => ({ ok: false, reason });
  if (!isRecord(doc)) return refuse('the document is not an object');
  for (const member of Object.keys(doc)) {
    if (MEMBERS.has(member)) continue;
    if (member.startsWith('judge')) return refuse(`a label must not carry a judge field (${quote(member)})`);
    return refuse(`a label has no member ${quote(member)}`);
  }
  if (doc.type !== 'label') return refuse('a label document must have type label');
  if (doc.study !== expectation.studyId) return refuse(`the label names study ${quote(doc.study)}, not ${quote(expectation.studyId)}`);
  if (doc.annotator !== expectation.annotatorId) return refuse(`the label names annotator ${quote(doc.annotator)}, not ${quote(expectation.annotatorId)}`);
  const parsed = labelDocSchema.safeParse(doc);
  if (!parsed.success) {
    return refuse(
      issuesToErrors('', parsed.error.issues)
        .map((error) => `${error.path}: ${error.message}`)
        .join('; '),
    );
  }
  const record = parsed.data;
  if (doc._id !== labelDocId(record.task, record.unit))
    return refuse(`the document id ${quote(doc._id)} is not ${quote(labelDocId(record.task, record.unit))}`);
  // Only the canonical values: the annotator's app writes nothing else, so anything else was not written by it.
  const value = canonicalLabelValue(record.task, doc.value, expectation.scheme);
  if (value === undefined) return refuse(`${quote(doc.value)} is not ${labelValuesText(record.task, expectation.scheme)}`);
  const set = readAcceptable(record.task, value, doc.acceptable, expectation.scheme);
  if (!set.ok) return refuse(set.message);
  if (!expectation.assigned[record.task].has(record.unit))
    return refuse(`the ${record.task} unit ${quote(record.unit)} is not assigned to ${quote(expectation.annotatorId)}`);
  const label: LabelRecord = {
    unit: record.unit,
    task: record.task,
    value,
    ...acceptableMember(set),
    at: record.at,
    rev: record.rev,
    unsure: record.unsure,
    note: record.note,
  };
  if (record.ms !== undefined) label.ms = record.ms;
  if (record.createdAt !== undefined) label.createdAt = record.createdAt;
  return { ok: true, label };
}
