// When two devices of one annotator gave a unit different labels (issue 29): CouchDB keeps each
// device's label as a leaf revision of the unit's document and picks one as the winner by its
// hash. Both the annotator's device and the lead's pull read the leaves here, so a conflict is
// the same thing on both sides: leaves whose value, set of acceptable answers, unsure flag or note
// differ, never a choice.

import type { AcceptableAnswers, LabelValue, Task } from '../domain/model';
import { LABEL_DOC_PREFIX } from './sync-docs';

/** One device's label of the unit, as its leaf revision holds it. */
export interface ConflictingLabel {
  value: LabelValue;
  /** The leaf's set of acceptable answers as it holds it (issue 33); the lead's check reads it against the scheme apart. */
  acceptable?: AcceptableAnswers;
  at: string;
  rev: number;
  unsure: boolean;
  note: string;
  /** The device that wrote it (deviceName), when its app named one. */
  device?: string;
  /** CouchDB's revision of the leaf. */
  couchRev: string;
}

export interface LabelConflict {
  task: Task;
  unit: string;
  /** Every differing label, latest `at` first (each leaf once). */
  labels: ConflictingLabel[];
}

/** A leaf revision of a label document as PouchDB returns it; only what a conflict needs is read. */
export interface LabelLeaf {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  [member: string]: unknown;
}

/**
 * The conflict the leaves of one label document hold, or undefined when they agree on value,
 * set of acceptable answers, unsure flag and note (a unit both devices labelled alike is not a conflict) or fewer than
 * two leaves are labels. Deleted leaves are resolved branches and do not count.
 */
export function readLabelConflict(leaves: readonly LabelLeaf[]): LabelConflict | undefined {
  const labels: ConflictingLabel[] = [];
  let task: Task | undefined;
  let unit: string | undefined;
  for (const leaf of leaves) {
    if (leaf._deleted === true || !leaf._id.startsWith(LABEL_DOC_PREFIX)) continue;
    const read = conflictingLabel(leaf);
    if (read === undefined) continue;
    task ??= leaf.task as Task;
    unit ??= leaf.unit as string;
    labels.push(read);
  }
  if (task === undefined || unit === undefined || labels.length < 2) return undefined;
  const contents = new Set(labels.map(contentKey));
  if (contents.size < 2) return undefined;
  // One label per content: the same choice made on two devices is one choice, shown once.
  const seen = new Set<string>();
  const distinct = [...labels]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.couchRev < b.couchRev ? -1 : 1))
    .filter((label) => {
      const key = contentKey(label);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return { task, unit, labels: distinct };
}

function conflictingLabel(leaf: LabelLeaf): ConflictingLabel | undefined {
  const { value, acceptable, at, rev, unsure, note, device, task, unit } = leaf;
  const isValue = typeof value === 'string' || typeof value === 'number';
  if (!isValue || typeof at !== 'string' || typeof rev !== 'number' || typeof task !== 'string' || typeof unit !== 'string') return undefined;
  const label: ConflictingLabel = {
    // The value as the leaf holds it: the lead's check reads each leaf against the scheme apart.
    value: value as LabelValue,
    at,
    rev,
    unsure: unsure === true,
    note: typeof note === 'string' ? note : '',
    couchRev: leaf._rev ?? '',
  };
  if (Array.isArray(acceptable)) label.acceptable = acceptable as AcceptableAnswers;
  if (typeof device === 'string' && device !== '') label.device = device;
  return label;
}

function contentKey(label: ConflictingLabel): string {
  // A set is its forced choice first and the rest in any order (sameAcceptable): the rest sorted, so one choice made on two devices reads alike.
  const set = label.acceptable === undefined ? null : [label.acceptable[0], ...label.acceptable.slice(1).sort()];
  return JSON.stringify([label.value, set, label.unsure, label.note]);
}
