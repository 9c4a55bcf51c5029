// Label documents for the checks of an annotator's database (the server's validation function and
// the lead's pull): one good label and the ways a document can be bad, each with the words its
// refusal names. Shared so both checks are held to the same rules.

import type { LabelDoc } from '../../../shared/sync/sync-docs';

export const STUDY = 'study-1';
export const ANNOTATOR = 'ann-a';
export const USER = 'as-study-1-ann-a-0123456789';

export function goodLabel(overrides: Record<string, unknown> = {}): LabelDoc & Record<string, unknown> {
  return {
    _id: 'label:answer:t-1',
    type: 'label',
    study: STUDY,
    annotator: ANNOTATOR,
    task: 'answer',
    unit: 't-1',
    value: 'yes',
    at: '2026-11-24T10:00:00Z',
    createdAt: '2026-11-24T09:59:00Z',
    ms: 1200,
    rev: 1,
    unsure: false,
    note: '',
    ...overrides,
  };
}

/** A bad label, and a pattern its refusal matches. */
export const BAD_LABELS: ReadonlyArray<{ what: string; doc: Record<string, unknown>; reason: RegExp }> = [
  { what: 'another annotator', doc: goodLabel({ annotator: 'ann-b' }), reason: /annotator/ },
  { what: 'another study', doc: goodLabel({ study: 'study-2' }), reason: /study/ },
  { what: 'a judge field', doc: goodLabel({ judgeVerdict: 'yes' }), reason: /judge field.*judgeVerdict/ },
  { what: 'an unknown member', doc: goodLabel({ extra: 1 }), reason: /extra/ },
  { what: 'an answer outside the scheme', doc: goodLabel({ value: 'unknown' }), reason: /yes, no or irrelevant/ },
  { what: 'a non-canonical answer', doc: goodLabel({ value: 'Yes.' }), reason: /answer label/ },
  { what: 'a match outside the scheme', doc: goodLabel({ _id: 'label:match:t-9', task: 'match', unit: 't-9', value: 'yes' }), reason: /matched or unmatched/ },
  { what: 'a difficulty of 10', doc: goodLabel({ _id: 'label:difficulty:p-1', task: 'difficulty', unit: 'p-1', value: 10 }), reason: /1 to 9/ },
  { what: 'a difficulty of 2.5', doc: goodLabel({ _id: 'label:difficulty:p-1', task: 'difficulty', unit: 'p-1', value: 2.5 }), reason: /1 to 9/ },
  { what: 'an unknown task', doc: goodLabel({ _id: 'label:rank:t-1', task: 'rank' }), reason: /task|answer, match or difficulty/ },
  { what: 'an id of another unit', doc: goodLabel({ _id: 'label:answer:t-2' }), reason: /label:answer:t-1/ },
  { what: 'an id of another task', doc: goodLabel({ _id: 'label:match:t-1' }), reason: /label:answer:t-1/ },
  { what: 'revision 0', doc: goodLabel({ rev: 0 }), reason: /revision/ },
  { what: 'a revision past the maximum', doc: goodLabel({ rev: 2_147_483_648 }), reason: /revision/ },
  { what: 'a missing unsure', doc: goodLabel({ unsure: undefined }), reason: /true or false/ },
  { what: 'a wrong type', doc: goodLabel({ type: 'pack' }), reason: /type label/ },
  { what: 'a device that is not text', doc: goodLabel({ device: 7 }), reason: /device/ },
  { what: 'a device name of 81 characters', doc: goodLabel({ device: 'd'.repeat(81) }), reason: /device/ },
  // Sets of acceptable answers (issue 33): two or more different answers of the scheme, the value first, on an answer label only.
  {
    what: 'a set whose first answer is not the value',
    doc: goodLabel({ value: 'no', acceptable: ['irrelevant', 'no'] }),
    reason: /first acceptable answer must be/,
  },
  { what: 'a set of one answer', doc: goodLabel({ acceptable: ['yes'] }), reason: /2 or more/ },
  { what: 'a set naming an answer twice', doc: goodLabel({ acceptable: ['yes', 'no', 'yes'] }), reason: /"yes".*twice/ },
  { what: 'a set with an answer outside the scheme', doc: goodLabel({ acceptable: ['yes', 'unknown'] }), reason: /yes, no or irrelevant/ },
  { what: 'a set that is not a list', doc: goodLabel({ acceptable: 'yes|no' }), reason: /list of 2 or more/ },
  {
    what: 'a set on a match label',
    doc: goodLabel({ _id: 'label:match:t-9', task: 'match', unit: 't-9', value: 'matched', acceptable: ['matched', 'unmatched'] }),
    reason: /only an answer label/,
  },
];

/** A good label with a set of acceptable answers, the value first. */
export function goodSetLabel(overrides: Record<string, unknown> = {}): LabelDoc & Record<string, unknown> {
  return goodLabel({ value: 'no', acceptable: ['no', 'irrelevant'], ...overrides });
}
