// The lead's own check of a pulled label document holds it to the validation function's rules
// (the same bad documents are refused, with reasons in words) and to the annotator's assignment,
// and gives back the label as a label file holds it.

import { describe, expect, it } from 'vitest';
import { readLabelDoc, type LabelDocExpectation } from '../../../shared/sync/read-label-doc';
import { ANNOTATOR, BAD_LABELS, goodLabel, goodSetLabel, STUDY } from './label-doc-cases';

const expectation: LabelDocExpectation = {
  studyId: STUDY,
  annotatorId: ANNOTATOR,
  scheme: { answerUnknown: false },
  assigned: { answer: new Set(['t-1', 't-2']), match: new Set(['t-9']), difficulty: new Set(['p-1']) },
};

describe('readLabelDoc', () => {
  it('reads a good label document as its label record', () => {
    expect(readLabelDoc({ ...goodLabel(), _rev: '1-abc', _revisions: { start: 1, ids: ['abc'] } }, expectation)).toEqual({
      ok: true,
      label: {
        unit: 't-1',
        task: 'answer',
        value: 'yes',
        at: '2026-11-24T10:00:00Z',
        createdAt: '2026-11-24T09:59:00Z',
        ms: 1200,
        rev: 1,
        unsure: false,
        note: '',
      },
    });
  });

  it('reads a set of acceptable answers with the value first, and a set with unknown where the scheme has it', () => {
    const reading = readLabelDoc(goodSetLabel(), expectation);
    expect(reading).toMatchObject({ ok: true, label: { value: 'no', acceptable: ['no', 'irrelevant'] } });
    expect(readLabelDoc(goodSetLabel({ acceptable: ['no', 'unknown', 'yes'] }), { ...expectation, scheme: { answerUnknown: true } })).toMatchObject({
      ok: true,
      label: { acceptable: ['no', 'unknown', 'yes'] },
    });
    // A label without a set reads without one: absent stays absent.
    expect(readLabelDoc(goodLabel(), expectation)).toEqual({ ok: true, label: expect.not.objectContaining({ acceptable: expect.anything() }) });
  });

  it.each(BAD_LABELS)('refuses $what', ({ doc, reason }) => {
    const reading = readLabelDoc(JSON.parse(JSON.stringify(doc)), expectation);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.reason).toMatch(reason);
  });

  it('refuses a unit not assigned to the annotator', () => {
    const reading = readLabelDoc(goodLabel({ _id: 'label:answer:t-7', unit: 't-7' }), expectation);
    expect(reading).toEqual({ ok: false, reason: 'the answer unit "t-7" is not assigned to "ann-a"' });
  });

  it('takes unknown only when the scheme has it, and refuses what is not an object', () => {
    expect(readLabelDoc(goodLabel({ value: 'unknown' }), { ...expectation, scheme: { answerUnknown: true } }).ok).toBe(true);
    expect(readLabelDoc(null, expectation)).toEqual({ ok: false, reason: 'the document is not an object' });
  });
});
