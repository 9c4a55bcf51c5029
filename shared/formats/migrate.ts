// One upgrade step per (kind, version), tldraw-style: a file an older studio wrote is brought up
// to the version this app reads one major version at a time, before its schema is checked.

import type { ReadKind } from './format-header';

/** A file's top-level JSON object, as a step reads and returns it. */
export type FormatDocument = Record<string, unknown>;

export interface UpgradeStep {
  readonly kind: ReadKind;
  /** The major version the step reads; it returns the document as version `from + 1`. */
  readonly from: number;
  up(document: FormatDocument): FormatDocument;
}

export type Upgrades = readonly UpgradeStep[];

/** Every step the app knows. Readers take this table by default; tests pass their own. */
export const UPGRADES: Upgrades = [
  // A mapping preset /2 adds optional members (raters, judges, values) and changes none: a /1 preset is a /2 preset as it stands.
  { kind: 'mapping', from: 1, up: (document) => document },
  // Issue 33's sets of acceptable answers add optional members and change none: a label file /2's
  // answer label may carry `acceptable`, a pack /2's scheme `multipleAnswers`, a backup /2's labels
  // and gold labels `acceptable` and its study's scheme `multipleAnswers`. Absent, each means what
  // every /1 file meant (one answer per label, one key one answer), so a /1 file is a /2 file as it stands.
  { kind: 'labels', from: 1, up: (document) => document },
  { kind: 'pack', from: 1, up: (document) => document },
  { kind: 'backup', from: 1, up: (document) => document },
];

/** The steps that take `kind` from major version `from` to `to`, in order, or undefined when one is missing. */
export function upgradePath(upgrades: Upgrades, kind: ReadKind, from: number, to: number): UpgradeStep[] | undefined {
  const path: UpgradeStep[] = [];
  for (let version = from; version < to; version++) {
    const step = upgrades.find((candidate) => candidate.kind === kind && candidate.from === version);
    if (step === undefined) return undefined;
    path.push(step);
  }
  return path;
}
