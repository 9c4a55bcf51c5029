// A conflict between two devices of one annotator is read from the leaves of the unit's label
// document: leaves differing in value, unsure flag or note are a conflict (each content once,
// latest first, with its device); leaves that agree, deleted leaves and a lone leaf are not.

import { describe, expect, it } from 'vitest';
import { readLabelConflict, type LabelLeaf } from '../../../shared/sync/label-conflicts';
import { goodLabel } from './label-doc-cases';

const leaf = (rev: string, overrides: Record<string, unknown> = {}): LabelLeaf => ({ ...goodLabel(overrides), _rev: rev });

describe('readLabelConflict', () => {
  it('reads two devices that gave a unit different values, latest first, with their devices', () => {
    const conflict = readLabelConflict([
      leaf('2-aaa', { value: 'yes', at: '2026-11-24T10:00:00Z', rev: 2, device: 'Chrome on Linux · 3f2a' }),
      leaf('2-bbb', { value: 'no', at: '2026-11-24T10:05:00Z', rev: 2, device: 'Firefox on Windows · 9c1d' }),
    ]);
    expect(conflict).toEqual({
      task: 'answer',
      unit: 't-1',
      labels: [
        { value: 'no', at: '2026-11-24T10:05:00Z', rev: 2, unsure: false, note: '', device: 'Firefox on Windows · 9c1d', couchRev: '2-bbb' },
        { value: 'yes', at: '2026-11-24T10:00:00Z', rev: 2, unsure: false, note: '', device: 'Chrome on Linux · 3f2a', couchRev: '2-aaa' },
      ],
    });
  });

  it('counts a different unsure flag or note as a conflict too', () => {
    expect(readLabelConflict([leaf('2-a'), leaf('2-b', { unsure: true })])?.labels).toHaveLength(2);
    expect(readLabelConflict([leaf('2-a'), leaf('2-b', { note: 'hard one' })])?.labels).toHaveLength(2);
  });

  it('counts the same value with different sets of acceptable answers as a conflict, and keeps each set (issue 33)', () => {
    const conflict = readLabelConflict([
      leaf('2-a', { value: 'no', at: '2026-11-24T10:00:00Z' }),
      leaf('2-b', { value: 'no', acceptable: ['no', 'irrelevant'], at: '2026-11-24T10:05:00Z' }),
    ]);
    expect(conflict?.labels.map((label) => [label.value, label.acceptable])).toEqual([
      ['no', ['no', 'irrelevant']],
      ['no', undefined],
    ]);
    expect(
      readLabelConflict([leaf('2-a', { value: 'no', acceptable: ['no', 'yes'] }), leaf('2-b', { value: 'no', acceptable: ['no', 'irrelevant'] })])?.labels,
    ).toHaveLength(2);
    // The same set marked in another order after its forced choice is the same choice.
    expect(
      readLabelConflict([
        leaf('2-a', { value: 'no', acceptable: ['no', 'yes', 'irrelevant'] }),
        leaf('2-b', { value: 'no', acceptable: ['no', 'irrelevant', 'yes'] }),
      ]),
    ).toBeUndefined();
  });

  it('sees no conflict where the leaves agree, where a leaf is deleted, or with one leaf', () => {
    expect(readLabelConflict([leaf('2-a', { at: '2026-11-24T10:00:00Z' }), leaf('2-b', { at: '2026-11-24T11:00:00Z', rev: 3 })])).toBeUndefined();
    expect(readLabelConflict([leaf('2-a'), { _id: 'label:answer:t-1', _rev: '3-b', _deleted: true }])).toBeUndefined();
    expect(readLabelConflict([leaf('1-a')])).toBeUndefined();
  });

  it('shows the same choice made on two devices once among three leaves', () => {
    const conflict = readLabelConflict([
      leaf('2-a', { value: 'yes' }),
      leaf('2-b', { value: 'no', at: '2026-11-24T11:00:00Z' }),
      leaf('2-c', { value: 'no', at: '2026-11-24T09:00:00Z' }),
    ]);
    expect(conflict?.labels.map((label) => label.value)).toEqual(['no', 'yes']);
  });
});
