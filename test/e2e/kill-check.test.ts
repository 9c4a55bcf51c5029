// The kill test's verdict rules, without a browser: what counts as found, lost, or suspicious.

import { describe, expect, it } from 'vitest';
import { checkAcknowledged, describeLosses, type Acknowledgement } from './kill-check';
import type { StoredLabel } from './kill-harness';

const ack = (unitId: string, value: string, rev: number, extra: Partial<Acknowledgement> = {}): Acknowledgement => ({
  unitId,
  task: 'answer',
  value,
  rev,
  unsure: false,
  noteLength: 0,
  life: 1,
  ...extra,
});

const stored = (unitId: string, value: unknown, rev: number, extra: Partial<StoredLabel> = {}): StoredLabel => ({
  studyId: 'demo-study',
  annotatorId: 'annotator-1',
  unitId,
  task: 'answer',
  value,
  rev,
  unsure: false,
  note: '',
  ...extra,
});

describe('checkAcknowledged', () => {
  it('finds every acknowledged save kept at its revision', () => {
    const verdict = checkAcknowledged(
      [ack('t1', 'yes', 1), ack('t2', 'no', 1, { unsure: true, noteLength: 4 })],
      [stored('t1', 'yes', 1), stored('t2', 'no', 1, { unsure: true, note: 'hmm?' })],
    );
    expect(verdict).toMatchObject({ acknowledged: 2, found: 2, units: 2, revisedUnits: 0, lost: [], revisionAnomalies: [] });
  });

  it('loses a save that is missing, or stored at a lower revision', () => {
    const verdict = checkAcknowledged([ack('t1', 'yes', 1), ack('t2', 'no', 1), ack('t2', 'yes', 2)], [stored('t2', 'no', 1)]);
    expect(verdict.acknowledged).toBe(3);
    expect(verdict.found).toBe(1);
    expect(verdict.lost.map((loss) => [loss.ack.unitId, loss.ack.rev, loss.reason])).toEqual([
      ['t1', 1, 'not in the database'],
      ['t2', 2, 'stored revision 1 is below the acknowledged 2'],
    ]);
    expect(describeLosses(verdict.lost)).toContain('t2 = yes rev 2, acknowledged in launch 1: stored revision 1 is below the acknowledged 2');
  });

  it('compares value, unsure and note length at the latest acknowledged revision only', () => {
    const acks = [
      ack('t1', 'yes', 1),
      ack('t1', 'no', 2),
      ack('t2', 'irrelevant', 1),
      ack('t3', 'yes', 1, { unsure: true }),
      ack('t4', 'no', 1, { noteLength: 3 }),
    ];
    const verdict = checkAcknowledged(acks, [stored('t1', 'no', 2), stored('t2', 'yes', 1), stored('t3', 'yes', 1), stored('t4', 'no', 1, { note: 'ab' })]);
    expect(verdict.lost.map((loss) => [loss.ack.unitId, loss.reason])).toEqual([
      ['t2', 'stored value "yes" differs from the acknowledged "irrelevant"'],
      ['t3', 'stored unsure false differs from the acknowledged true'],
      ['t4', 'stored note of 2 characters differs from the acknowledged 3'],
    ]);
    expect(verdict.revisedUnits).toBe(1);
  });

  it('accepts a later revision whose acknowledgement the kill cut off', () => {
    const verdict = checkAcknowledged([ack('t1', 'yes', 1)], [stored('t1', 'no', 2)]);
    expect(verdict.lost).toEqual([]);
    expect(verdict.found).toBe(1);
  });

  it('compares difficulty values as the text the save log shows', () => {
    const verdict = checkAcknowledged([ack('p-01', '7', 1, { task: 'difficulty' })], [stored('p-01', 7, 1, { task: 'difficulty' })]);
    expect(verdict.lost).toEqual([]);
  });

  it('counts a save heard twice once, and flags a revision that did not rise', () => {
    const verdict = checkAcknowledged([ack('t1', 'yes', 1), ack('t1', 'yes', 1, { life: 2 }), ack('t1', 'no', 1, { life: 2 })], [stored('t1', 'no', 1)]);
    expect(verdict.acknowledged).toBe(2);
    expect(verdict.lost).toEqual([]);
    expect(verdict.revisionAnomalies).toEqual([ack('t1', 'no', 1, { life: 2 })]);
  });

  it('keeps tasks apart: a match label does not stand in for an answer label', () => {
    const verdict = checkAcknowledged([ack('t1', 'yes', 1)], [stored('t1', 'matched', 1, { task: 'match' })]);
    expect(verdict.lost.map((loss) => loss.reason)).toEqual(['not in the database']);
  });
});
