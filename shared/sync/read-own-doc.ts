// The lead's check of the documents in an annotator's database that are not labels (issue 27): the
// lead's own packs, their parts and its validation function, which the pull passes over. Anything
// else under their names (a judge field, another type, a changed or deleted validation function) is
// refused with the reason, so the pull counts it instead of passing over it without a word.

import { isRecord, quote } from '../formats/field-schemas';
import { DESIGN_DOC_ID } from './validation-function';
import { PACK_DOC_PREFIX, packDocId, packPartDocId } from './sync-docs';

/** What the lead put in the database: its validation function's source (validationSource). */
export interface OwnDocExpectation {
  studyId: string;
  annotatorId: string;
  validation: string;
}

/** The members CouchDB adds to a document as it is read. */
const COUCH_MEMBERS = ['_id', '_rev', '_revisions'];
const PACK_MEMBERS: ReadonlySet<string> = new Set([...COUCH_MEMBERS, 'type', 'study', 'annotator', 'sha256', 'parts', 'createdAt']);
const PART_MEMBERS: ReadonlySet<string> = new Set([...COUCH_MEMBERS, 'type', 'sha256', 'index', 'text']);
const DESIGN_MEMBERS: ReadonlySet<string> = new Set([...COUCH_MEMBERS, 'language', 'validate_doc_update']);
const SHA256 = /^[0-9a-f]{64}$/;

/** Whether the pull leaves a document with this id to the lead's own checks here rather than reading it as a label. */
export function isOwnDocId(id: string): boolean {
  return id.startsWith(PACK_DOC_PREFIX) || id.startsWith('_design/');
}

/** Why a document under the lead's own names is not one the lead put there, or undefined when it is. */
export function ownDocProblem(doc: unknown, expectation: OwnDocExpectation): string | undefined {
  if (!isRecord(doc) || typeof doc._id !== 'string') return 'the document is not an object with an id';
  const id = doc._id;
  const what = id.startsWith('_design/') ? 'the validation function' : 'a pack';
  if (doc._deleted === true) return `${what} was deleted on the server; the lead never deletes one`;
  if (id.startsWith('_design/')) {
    if (id !== DESIGN_DOC_ID) return `the only design document here is ${quote(DESIGN_DOC_ID)}, the lead's validation function`;
    return (
      unknownMember(doc, DESIGN_MEMBERS, what) ??
      (doc.language === 'javascript' && doc.validate_doc_update === expectation.validation
        ? undefined
        : 'the validation function is not the one the lead put there, so the server may let in labels it should refuse')
    );
  }
  if (doc.type === 'pack') {
    const problem = unknownMember(doc, PACK_MEMBERS, what);
    if (problem !== undefined) return problem;
    if (typeof doc.sha256 !== 'string' || !SHA256.test(doc.sha256) || id !== packDocId(doc.sha256))
      return `a pack's id is ${quote(PACK_DOC_PREFIX)} and its 64-digit SHA-256, not ${quote(id)}`;
    if (doc.study !== expectation.studyId || doc.annotator !== expectation.annotatorId)
      return `the pack names study ${quote(doc.study)} and annotator ${quote(doc.annotator)}, not ${quote(expectation.studyId)} and ${quote(expectation.annotatorId)}`;
    return undefined;
  }
  if (doc.type === 'pack-part') {
    const problem = unknownMember(doc, PART_MEMBERS, 'a pack part');
    if (problem !== undefined) return problem;
    const fits = typeof doc.sha256 === 'string' && SHA256.test(doc.sha256) && Number.isInteger(doc.index) && (doc.index as number) >= 0;
    if (!fits || id !== packPartDocId(doc.sha256 as string, doc.index as number) || typeof doc.text !== 'string')
      return `a pack part's id is its pack's and its index, and it holds text; ${quote(id)} does not`;
    return undefined;
  }
  return `a pack document must have type pack or pack-part, not ${quote(doc.type)}`;
}

function unknownMember(doc: Record<string, unknown>, members: ReadonlySet<string>, what: string): string | undefined {
  const member = Object.keys(doc).find((key) => !members.has(key));
  if (member === undefined) return undefined;
  return member.startsWith('judge') ? `${what} must not carry a judge field (${quote(member)})` : `${what} has no member ${quote(member)}`;
}
