// The kill test's verdict (SPEC §6): compares every save the app acknowledged on screen with
// the labels found on disk after the kill. Pure, so its rules are tested without a browser.

import type { StoredLabel } from './kill-harness';

/** One `save-log` span: a save the app says is durable. `life` counts browser launches from 1. */
export interface Acknowledgement {
  unitId: string;
  task: string;
  value: string;
  rev: number;
  unsure: boolean;
  noteLength: number;
  life: number;
}

export interface Loss {
  ack: Acknowledgement;
  stored?: Pick<StoredLabel, 'value' | 'rev' | 'unsure' | 'note'>;
  reason: string;
}

export interface KillVerdict {
  /** Distinct acknowledged saves. */
  acknowledged: number;
  /** Of those, the ones the database keeps (at that revision or a later one). */
  found: number;
  units: number;
  /** Units acknowledged at a revision above 1. */
  revisedUnits: number;
  lost: Loss[];
  /** Saves whose revision did not rise above the unit's previous acknowledged one: not a loss, but suspicious. */
  revisionAnomalies: Acknowledgement[];
}

const keyOf = (task: string, unitId: string) => `${task}\u0000${unitId}`;

/**
 * Every acknowledged save must be on disk with a revision at least as high; for each unit's
 * latest acknowledgement (highest revision, last heard among equals) an equal stored revision
 * must also carry its value, unsure flag and note length. A higher stored revision is a later
 * save that committed but whose acknowledgement the kill cut off: allowed.
 */
export function checkAcknowledged(acks: readonly Acknowledgement[], stored: readonly StoredLabel[]): KillVerdict {
  const byUnit = new Map<string, StoredLabel>();
  for (const label of stored) byUnit.set(keyOf(label.task, label.unitId), label);

  const distinct = new Map<string, Acknowledgement>();
  for (const ack of acks) {
    // The same save heard again (a re-rendered log) is one save, whichever launch heard it.
    const id = JSON.stringify([ack.task, ack.unitId, ack.value, ack.rev, ack.unsure, ack.noteLength]);
    if (!distinct.has(id)) distinct.set(id, ack);
  }

  const latest = new Map<string, Acknowledgement>();
  const revisionAnomalies: Acknowledgement[] = [];
  for (const ack of distinct.values()) {
    const key = keyOf(ack.task, ack.unitId);
    const previous = latest.get(key);
    if (previous && ack.rev <= previous.rev) revisionAnomalies.push(ack);
    if (!previous || ack.rev >= previous.rev) latest.set(key, ack);
  }

  const lost: Loss[] = [];
  for (const ack of distinct.values()) {
    const label = byUnit.get(keyOf(ack.task, ack.unitId));
    const reason = lossReason(ack, label, latest.get(keyOf(ack.task, ack.unitId)) === ack);
    if (reason) lost.push({ ack, ...(label ? { stored: { value: label.value, rev: label.rev, unsure: label.unsure, note: label.note } } : {}), reason });
  }

  return {
    acknowledged: distinct.size,
    found: distinct.size - lost.length,
    units: latest.size,
    revisedUnits: [...latest.values()].filter((ack) => ack.rev > 1).length,
    lost,
    revisionAnomalies,
  };
}

function lossReason(ack: Acknowledgement, label: StoredLabel | undefined, isLatest: boolean): string | undefined {
  if (!label) return 'not in the database';
  if (!(label.rev >= ack.rev)) return `stored revision ${label.rev} is below the acknowledged ${ack.rev}`;
  if (!isLatest || label.rev !== ack.rev) return undefined;
  if (String(label.value) !== ack.value) return `stored value ${JSON.stringify(label.value)} differs from the acknowledged ${JSON.stringify(ack.value)}`;
  if (label.unsure !== ack.unsure) return `stored unsure ${label.unsure} differs from the acknowledged ${ack.unsure}`;
  if ((label.note ?? '').length !== ack.noteLength)
    return `stored note of ${(label.note ?? '').length} characters differs from the acknowledged ${ack.noteLength}`;
  return undefined;
}

/** One line per loss, for a failure message a person can act on. */
export function describeLosses(lost: readonly Loss[], limit = 20): string {
  const lines = lost.slice(0, limit).map(({ ack, stored, reason }) => {
    const was = `${ack.task} ${ack.unitId} = ${ack.value} rev ${ack.rev}${ack.unsure ? ' unsure' : ''}${ack.noteLength ? ` note(${ack.noteLength})` : ''}, acknowledged in launch ${ack.life}`;
    return `  ${was}: ${reason}${stored ? ` (stored: ${JSON.stringify(stored)})` : ''}`;
  });
  if (lost.length > limit) lines.push(`  … and ${lost.length - limit} more`);
  return lines.join('\n');
}
