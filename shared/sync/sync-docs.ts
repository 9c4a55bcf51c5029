// The documents of an annotator's database on a team server (issue 18): the annotator's labels,
// one document per task and unit, and the lead's blind packs, each split into parts that stay
// far below CouchDB's document size limit (8 MB by default). Shared by the lead's setup and pull
// and by the annotator's sync, so both sides name and shape them alike.

import type { AcceptableAnswers, Label, LabelValue, Task } from '../domain/model';

/** One label of the database's annotator; the document id is labelDocId(task, unit). */
export interface LabelDoc {
  _id: string;
  _rev?: string;
  type: 'label';
  study: string;
  annotator: string;
  task: Task;
  unit: string;
  value: LabelValue;
  /** Every answer the annotator accepts, the value first (Label.acceptable, issue 33); absent: the value alone. */
  acceptable?: AcceptableAnswers;
  at: string;
  createdAt?: string;
  ms?: number;
  /** The label's own edit count (Label.rev), which the lead's merge orders by; not CouchDB's `_rev`. */
  rev: number;
  unsure: boolean;
  note: string;
  /** The annotator's device that wrote this revision (deviceName), so a conflict between two of theirs says which is which. */
  device?: string;
}

/** A pack the lead put in the database: its parts, joined in index order, are the pack file's text. */
export interface PackDoc {
  _id: string;
  _rev?: string;
  type: 'pack';
  study: string;
  annotator: string;
  /** The pack's own checksum (Pack.sha256), which the joined text must carry. */
  sha256: string;
  parts: number;
  createdAt: string;
}

export interface PackPartDoc {
  _id: string;
  _rev?: string;
  type: 'pack-part';
  sha256: string;
  /** 0-based. */
  index: number;
  text: string;
}

export type TeamDoc = LabelDoc | PackDoc | PackPartDoc;

/** Characters of pack text per part: about 1 MB, a request a slow link still finishes. */
export const PACK_PART_CHARS = 1_000_000;

export const LABEL_DOC_PREFIX = 'label:';
export const PACK_DOC_PREFIX = 'pack:';

export function labelDocId(task: Task, unit: string): string {
  return `${LABEL_DOC_PREFIX}${task}:${unit}`;
}

export function packDocId(sha256: string): string {
  return `${PACK_DOC_PREFIX}${sha256}`;
}

export function packPartDocId(sha256: string, index: number): string {
  return `${PACK_DOC_PREFIX}${sha256}:${index}`;
}

/** The label as its annotator's database holds it (without `_rev`, which the writer adds). */
export function toLabelDoc(label: Label): LabelDoc {
  const doc: LabelDoc = {
    _id: labelDocId(label.task, label.unitId),
    type: 'label',
    study: label.studyId,
    annotator: label.annotatorId,
    task: label.task,
    unit: label.unitId,
    value: label.value,
    at: label.at,
    rev: label.rev,
    unsure: label.unsure,
    note: label.note,
  };
  if (label.acceptable !== undefined) doc.acceptable = [...label.acceptable];
  if (label.createdAt !== undefined) doc.createdAt = label.createdAt;
  if (label.ms !== undefined) doc.ms = label.ms;
  return doc;
}

/** A pack file's text as its header document and parts, cut so no part ends inside a surrogate pair. */
export function packDocs(
  packText: string,
  pack: { study: { id: string }; annotator: { id: string }; sha256: string; createdAt: string },
): [PackDoc, ...PackPartDoc[]] {
  const parts: PackPartDoc[] = [];
  let start = 0;
  while (start < packText.length) {
    let end = Math.min(start + PACK_PART_CHARS, packText.length);
    // A lone half of a surrogate pair is not valid Unicode, and a server may refuse or mangle it.
    if (end < packText.length && isHighSurrogate(packText.charCodeAt(end - 1))) end -= 1;
    parts.push({
      _id: packPartDocId(pack.sha256, parts.length),
      type: 'pack-part',
      sha256: pack.sha256,
      index: parts.length,
      text: packText.slice(start, end),
    });
    start = end;
  }
  const header: PackDoc = {
    _id: packDocId(pack.sha256),
    type: 'pack',
    study: pack.study.id,
    annotator: pack.annotator.id,
    sha256: pack.sha256,
    parts: parts.length,
    createdAt: pack.createdAt,
  };
  return [header, ...parts];
}

/** The pack file's text once every part of `header` is among `parts`; undefined while any is missing. */
export function joinPackParts(header: PackDoc, parts: readonly PackPartDoc[]): string | undefined {
  const byIndex = new Map(parts.filter((part) => part.sha256 === header.sha256).map((part) => [part.index, part.text]));
  const texts: string[] = [];
  for (let index = 0; index < header.parts; index += 1) {
    const text = byIndex.get(index);
    if (text === undefined) return undefined;
    texts.push(text);
  }
  return texts.join('');
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
