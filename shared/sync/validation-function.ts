// The design document of one annotator's database (issue 18): a `validate_doc_update`, in ES5
// because CouchDB runs it in its own JavaScript engine (pouchdb-server in Node), that lets only the
// annotator's user write labels, only in the study's scheme, and only the server admin write packs.
// The lead's pull checks the same rules again (read-label-doc.ts): a server may lack this function.

import { MAX_DEVICE_NAME_CHARS } from './device-name';
import { answerLabelsOf, MATCH_LABELS, MAX_DIFFICULTY, MAX_LABEL_NOTE_CHARS, MAX_REVISION, MIN_DIFFICULTY, type LabelScheme } from '../domain/model';

export const DESIGN_DOC_ID = '_design/agreement-studio';

export interface ValidationTarget {
  studyId: string;
  annotatorId: string;
  /** The annotator's user on the server, the only one who may write labels. */
  user: string;
  scheme: LabelScheme;
}

export interface DesignDoc {
  _id: typeof DESIGN_DOC_ID;
  _rev?: string;
  language: 'javascript';
  validate_doc_update: string;
}

/** The members a label document may have besides the ones CouchDB adds; shared with the pull's check. */
export const LABEL_DOC_MEMBERS = [
  '_id',
  '_rev',
  '_revisions',
  'type',
  'study',
  'annotator',
  'task',
  'unit',
  'value',
  'acceptable',
  'at',
  'createdAt',
  'ms',
  'rev',
  'unsure',
  'note',
  'device',
] as const;

/** The design document for the database of `target.annotatorId` in `target.studyId`. */
export function designDoc(target: ValidationTarget): DesignDoc {
  return { _id: DESIGN_DOC_ID, language: 'javascript', validate_doc_update: validationSource(target) };
}

/**
 * The `validate_doc_update` source: an expression whose value is `function (newDoc, oldDoc, userCtx,
 * secObj) {...}`, refusing with `{ forbidden: reason }`. Each JavaScript process of CouchDB compiles
 * it once per design document revision and then calls the function once per document written, so
 * what does not depend on the document (the constants, the member set, the patterns, the helpers) is
 * made once, in the closure around it, and the call only checks. The source evaluated as a whole
 * program gives the function too, as CouchDB's engines (SpiderMonkey, QuickJS) and pouchdb-server
 * evaluate it.
 */
export function validationSource(target: ValidationTarget): string {
  return sourceOfEdition(target, 'sets');
}

/**
 * The sources earlier versions of the app put on the server for `target`, so the lead's app can
 * tell its own older function from one someone changed, and put the current one over it
 * (lead-protection.ts): before issue 33 it knew no `acceptable` member and refuses every label
 * that carries a set. Each is the current source less what came later, so it is byte for byte the
 * text the earlier version wrote.
 */
export function earlierValidationSources(target: ValidationTarget): string[] {
  return [sourceOfEdition(target, 'before-sets')];
}

/** `before-sets`: as written before issue 33, without the `acceptable` member and its check. */
type Edition = 'before-sets' | 'sets';

function sourceOfEdition(target: ValidationTarget, edition: Edition): string {
  const answers = answerLabelsOf(target.scheme);
  // Every constant goes in as JSON, so no study or annotator id can change the code around it.
  const constants = {
    study: target.studyId,
    annotator: target.annotatorId,
    user: target.user,
    members: edition === 'sets' ? LABEL_DOC_MEMBERS : LABEL_DOC_MEMBERS.filter((member) => member !== 'acceptable'),
    values: { answer: answers, match: MATCH_LABELS },
    answerWords: `${answers.slice(0, -1).join(', ')} or ${answers[answers.length - 1] ?? ''}`,
    minDifficulty: MIN_DIFFICULTY,
    maxDifficulty: MAX_DIFFICULTY,
    maxRevision: MAX_REVISION,
    maxNote: MAX_LABEL_NOTE_CHARS,
    maxDevice: MAX_DEVICE_NAME_CHARS,
  };
  return `(function () {
  var C = ${JSON.stringify(constants)};
  var own = Object.prototype.hasOwnProperty;
  var MEMBERS = {};
  for (var m = 0; m < C.members.length; m++) MEMBERS[C.members[m]] = true;
  var VISIBLE = /\\S/;
  var INVISIBLE = /[\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\ufeff]/;
  var ISO = /^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d(:\\d\\d(\\.\\d+)?)?(Z|[+-]\\d\\d:\\d\\d)$/;
  function refuse(reason) { throw { forbidden: reason }; }
  function has(list, item) { for (var i = 0; i < list.length; i++) if (list[i] === item) return true; return false; }
  function startsWith(text, prefix) { return text.lastIndexOf(prefix, 0) === 0; }
  function isAdmin(userCtx) { return !!userCtx && has(userCtx.roles || [], '_admin'); }
  return function (newDoc, oldDoc, userCtx, secObj) {
    var id = String(newDoc._id);
    if (startsWith(id, '_design/')) { if (!isAdmin(userCtx)) refuse('only the server admin may change the design documents'); return; }
    if (startsWith(id, 'pack:')) {
      if (!isAdmin(userCtx)) refuse('only the study lead (the server admin) may write packs');
      if (!newDoc._deleted && newDoc.type !== 'pack' && newDoc.type !== 'pack-part') refuse('a pack document must have type pack or pack-part');
      return;
    }
    if (!startsWith(id, 'label:')) refuse('this database holds only labels and packs; "' + id + '" is neither');
    if (!userCtx || userCtx.name !== C.user) refuse('labels here may be written only by the annotator ' + C.annotator + ' (user ' + C.user + ')');
    // A deletion is the losing branch of a conflict between the annotator's devices, resolved by them:
    // the lead's pull refuses a label deleted whole, so nothing it pulled is lost.
    if (newDoc._deleted) return;
    for (var member in newDoc) {
      if (!own.call(newDoc, member) || own.call(MEMBERS, member)) continue;
      if (startsWith(member, 'judge')) refuse('a label must not carry a judge field ("' + member + '")');
      refuse('a label has no member "' + member + '"');
    }
    if (newDoc.type !== 'label') refuse('a label document must have type label');
    if (newDoc.study !== C.study) refuse('this database holds labels of study ' + C.study + ' only');
    if (newDoc.annotator !== C.annotator) refuse('this database holds labels of annotator ' + C.annotator + ' only');
    var task = newDoc.task, unit = newDoc.unit, value = newDoc.value;
    if (task !== 'answer' && task !== 'match' && task !== 'difficulty') refuse('the task must be answer, match or difficulty');
    if (typeof unit !== 'string' || !VISIBLE.test(unit) || unit.length > 256 || INVISIBLE.test(unit)) refuse('the unit must be an id of visible text');
    if (id !== 'label:' + task + ':' + unit) refuse('the document id "' + id + '" is not "label:' + task + ':' + unit + '" (label:<task>:<unit>)');
    if (task === 'difficulty') {
      if (typeof value !== 'number' || value % 1 !== 0 || value < C.minDifficulty || value > C.maxDifficulty)
        refuse('a difficulty rating must be one of the whole numbers ' + C.minDifficulty + ' to ' + C.maxDifficulty);
    } else if (!has(C.values[task], value)) {
      refuse(task === 'answer' ? 'an answer label must be ' + C.answerWords : 'a match label must be matched or unmatched');
    }
${edition === 'sets' ? SET_CHECK : ''}    if (typeof newDoc.rev !== 'number' || newDoc.rev % 1 !== 0 || newDoc.rev < 1 || newDoc.rev > C.maxRevision)
      refuse('the revision must be a whole number from 1 to ' + C.maxRevision);
    if (typeof newDoc.at !== 'string' || !ISO.test(newDoc.at)) refuse('at must be an ISO 8601 timestamp');
    if (newDoc.createdAt !== undefined && typeof newDoc.createdAt !== 'string') refuse('createdAt must be an ISO 8601 timestamp');
    if (newDoc.ms !== undefined && (typeof newDoc.ms !== 'number' || !(newDoc.ms >= 0))) refuse('ms must be a number of at least 0');
    if (typeof newDoc.unsure !== 'boolean') refuse('unsure must be true or false');
    if (typeof newDoc.note !== 'string' || newDoc.note.length > C.maxNote) refuse('the note must be text of at most ' + C.maxNote + ' characters');
    if (newDoc.device !== undefined && (typeof newDoc.device !== 'string' || newDoc.device.length > C.maxDevice)) refuse('device must be text of at most ' + C.maxDevice + ' characters');
  };
})()`;
}

/** The check of a label's set of acceptable answers (issue 33), in the function's own ES5 and names. */
const SET_CHECK = `    // The rule of acceptable-answers.ts: on an answer label only, 2 or more different answers, the value first.
    var set = newDoc.acceptable;
    if (set !== undefined) {
      if (task !== 'answer') refuse('only an answer label may carry a set of acceptable answers');
      if (Object.prototype.toString.call(set) !== '[object Array]' || set.length < 2)
        refuse('acceptable must be a list of 2 or more different answer labels, the first the value');
      for (var a = 0; a < set.length; a++) {
        if (!has(C.values.answer, set[a])) refuse('each acceptable answer must be ' + C.answerWords);
        for (var b = 0; b < a; b++) if (set[b] === set[a]) refuse('acceptable lists "' + set[a] + '" twice; each acceptable answer once');
      }
      if (set[0] !== value) refuse('the first acceptable answer must be the value "' + value + '"');
    }
`;
