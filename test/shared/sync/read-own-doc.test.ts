// The lead's check of the documents under its own names in an annotator's database (issue 27): the
// pack, its parts and the validation function exactly as the lead writes them pass; a judge field,
// a member or type of no such document, an id that is not its content's, another study's pack, an
// edited, foreign or deleted validation function are each refused with the reason in words.

import { describe, expect, it } from 'vitest';
import { quote } from '../../../shared/formats/field-schemas';
import { isOwnDocId, ownDocProblem, type OwnDocExpectation } from '../../../shared/sync/read-own-doc';
import { packDocs } from '../../../shared/sync/sync-docs';
import { designDoc, DESIGN_DOC_ID } from '../../../shared/sync/validation-function';

const target = { studyId: 'pilot', annotatorId: 'ann-1', user: 'as-pilot-ann-1-0123456789', scheme: { answerUnknown: false } };
const design = designDoc(target);
const expectation: OwnDocExpectation = { studyId: 'pilot', annotatorId: 'ann-1', validation: design.validate_doc_update };
const sha = 'a'.repeat(64);
const [pack, part] = packDocs('{"format":"agreement-studio.pack/1"}', {
  study: { id: 'pilot' },
  annotator: { id: 'ann-1' },
  sha256: sha,
  createdAt: '2026-11-24T10:00:00Z',
});

describe('ownDocProblem', () => {
  it('passes the pack, its part and the validation function as the lead writes them, with what CouchDB adds', () => {
    for (const doc of [pack, part, design])
      expect(ownDocProblem({ ...doc, _rev: '1-abc', _revisions: { start: 1, ids: ['abc'] } }, expectation)).toBeUndefined();
    expect([pack._id, part?._id, DESIGN_DOC_ID, '_design/other'].every((id) => isOwnDocId(id ?? ''))).toBe(true);
    expect(isOwnDocId('label:answer:t-1')).toBe(false);
  });

  it.each([
    ['a pack with a judge field', { ...pack, judgeModel: 'gpt-4' }, 'a pack must not carry a judge field ("judgeModel")'],
    ['a pack part with a judge field', { ...part, judge: 'yes' }, 'a pack part must not carry a judge field ("judge")'],
    ['a pack with a member of no pack', { ...pack, labels: [] }, 'a pack has no member "labels"'],
    ['another type under a pack id', { _id: pack._id, type: 'label', value: 'yes' }, 'a pack document must have type pack or pack-part, not "label"'],
    [
      'a pack whose id is not its checksum',
      { ...pack, sha256: 'b'.repeat(64) },
      `a pack's id is "pack:" and its 64-digit SHA-256, not ${quote(`pack:${sha}`)}`,
    ],
    [
      'a part whose id is not its index',
      { ...part, index: 3 },
      `a pack part's id is its pack's and its index, and it holds text; ${quote(`pack:${sha}:0`)} does not`,
    ],
    ['a pack of another annotator', { ...pack, annotator: 'ann-2' }, 'the pack names study "pilot" and annotator "ann-2", not "pilot" and "ann-1"'],
    ['a deleted pack', { _id: pack._id, _rev: '2-x', _deleted: true }, 'a pack was deleted on the server; the lead never deletes one'],
    [
      'an edited validation function',
      { ...design, validate_doc_update: 'function () {}' },
      'the validation function is not the one the lead put there, so the server may let in labels it should refuse',
    ],
    [
      'a deleted validation function',
      { _id: DESIGN_DOC_ID, _rev: '2-x', _deleted: true },
      'the validation function was deleted on the server; the lead never deletes one',
    ],
    [
      'another design document',
      { _id: '_design/views', language: 'javascript' },
      `the only design document here is "${DESIGN_DOC_ID}", the lead's validation function`,
    ],
  ])('refuses %s', (_what, doc, reason) => {
    expect(ownDocProblem(doc, expectation)).toBe(reason);
  });
});
