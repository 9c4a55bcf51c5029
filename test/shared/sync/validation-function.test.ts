// The annotator database's validate_doc_update refuses what it should, in words: evaluated in
// Node as CouchDB would call it, and installed on a pouchdb-server database, where the server
// itself refuses a forged label, a judge field, a pack written by the annotator and a deletion by
// anyone but the annotator, who deletes the losing branch of a conflict between their devices.
// The source evaluates as a program to the function, and what it makes once (constants, patterns,
// helpers) is not made again in the function CouchDB calls for every document.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Label } from '../../../shared/domain/model';
import { readLabelDoc } from '../../../shared/sync/read-label-doc';
import { toLabelDoc } from '../../../shared/sync/sync-docs';
import { designDoc, earlierValidationSources, LABEL_DOC_MEMBERS, validationSource, type ValidationTarget } from '../../../shared/sync/validation-function';
import { startTeamServer, type TeamServer } from '../../support/team-server';
import { ANNOTATOR, BAD_LABELS, goodLabel, goodSetLabel, STUDY, USER } from './label-doc-cases';

type Validate = (newDoc: unknown, oldDoc: unknown, userCtx: unknown, secObj: unknown) => void;

/** The annotator's database the cases are written for. */
const TARGET: ValidationTarget = { studyId: STUDY, annotatorId: ANNOTATOR, user: USER, scheme: { answerUnknown: false } };

function compiled(answerUnknown = false): Validate {
  const source = validationSource({ ...TARGET, scheme: { answerUnknown } });
  return new Function(`return (${source});`)() as Validate;
}

const annotator = { name: USER, roles: [] };
const admin = { name: 'lead-admin', roles: ['_admin'] };
const stranger = { name: 'as-study-1-ann-b-9876543210', roles: [] };

/** The `forbidden` reason the function throws, or undefined when it accepts. */
function refusal(validate: Validate, doc: unknown, userCtx: unknown): string | undefined {
  try {
    validate(doc, null, userCtx, {});
    return undefined;
  } catch (error) {
    return (error as { forbidden?: string }).forbidden ?? `not a forbidden: ${String(error)}`;
  }
}

describe('validationSource in Node', () => {
  const validate = compiled();

  it('accepts a good label written by the annotator', () => {
    expect(refusal(validate, goodLabel(), annotator)).toBeUndefined();
    expect(refusal(validate, goodLabel({ _id: 'label:difficulty:p-1', task: 'difficulty', unit: 'p-1', value: 9, ms: undefined }), annotator)).toBeUndefined();
    expect(
      refusal(validate, goodLabel({ _id: 'label:match:t-9', task: 'match', unit: 't-9', value: 'unmatched', rev: 2_147_483_647 }), annotator),
    ).toBeUndefined();
  });

  it.each(BAD_LABELS)('refuses $what', ({ doc, reason }) => {
    expect(refusal(validate, JSON.parse(JSON.stringify(doc)), annotator)).toMatch(reason);
  });

  it('accepts a set of acceptable answers, the value first, with unknown where the scheme has it', () => {
    expect(refusal(validate, goodSetLabel(), annotator)).toBeUndefined();
    expect(refusal(validate, goodSetLabel({ acceptable: ['no', 'yes', 'irrelevant'] }), annotator)).toBeUndefined();
    expect(refusal(compiled(true), goodSetLabel({ acceptable: ['no', 'unknown'] }), annotator)).toBeUndefined();
  });

  it('gives, as the earlier source, byte for byte what the version before issue 33 put on the server', () => {
    const written = readFileSync(new URL('../../fixtures/sync/validation-before-sets.txt', import.meta.url), 'utf8').trimEnd();
    expect(earlierValidationSources(TARGET)).toEqual([written]);
    expect(validationSource(TARGET)).not.toBe(written);
    const earlier = new Function(`return (${written});`)() as Validate;
    expect(refusal(earlier, goodSetLabel(), annotator)).toBe('a label has no member "acceptable"');
  });

  it('takes unknown as an answer only when the scheme has it', () => {
    expect(refusal(compiled(true), goodLabel({ value: 'unknown' }), annotator)).toBeUndefined();
  });

  it('refuses a label written by anyone but the annotator, admins included', () => {
    expect(refusal(validate, goodLabel(), admin)).toMatch(/only by the annotator ann-a/);
    expect(refusal(validate, goodLabel(), stranger)).toMatch(/only by the annotator ann-a/);
  });

  it('lets only the admin write packs and only the annotator delete a label, and refuses other documents', () => {
    const pack = { _id: 'pack:abc', type: 'pack', study: STUDY, annotator: ANNOTATOR, sha256: 'abc', parts: 1, createdAt: '2026-11-24T10:00:00Z' };
    expect(refusal(validate, pack, admin)).toBeUndefined();
    expect(refusal(validate, { _id: 'pack:abc:0', type: 'pack-part', sha256: 'abc', index: 0, text: '{}' }, admin)).toBeUndefined();
    expect(refusal(validate, pack, annotator)).toMatch(/only the study lead/);
    expect(refusal(validate, { _id: 'label:answer:t-1', _deleted: true }, annotator)).toBeUndefined();
    expect(refusal(validate, { _id: 'label:answer:t-1', _deleted: true }, admin)).toMatch(/only by the annotator ann-a/);
    expect(refusal(validate, { _id: 'label:answer:t-1', _deleted: true }, stranger)).toMatch(/only by the annotator ann-a/);
    expect(refusal(validate, goodLabel({ device: 'Chrome on Linux · 3f2a' }), annotator)).toBeUndefined();
    expect(refusal(validate, { _id: 'notes', text: 'hi' }, annotator)).toMatch(/only labels and packs/);
    expect(refusal(validate, { _id: '_design/other', validate_doc_update: 'function () {}' }, annotator)).toMatch(/design/);
  });

  it('refuses, after the member set and patterns became made once, what they refused before', () => {
    const parsed = (json: string) => JSON.parse(json) as Record<string, unknown>;
    for (const member of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf']) {
      const doc = parsed(JSON.stringify(goodLabel()).replace(/^\{/, `{"${member}":1,`));
      expect(refusal(validate, doc, annotator)).toBe(`a label has no member "${member}"`);
    }
    for (const unit of ['', ' ', ' \t\u00a0\u3000', 't\u200b1', 't\u202e1', 'x'.repeat(257)]) {
      expect(refusal(validate, goodLabel({ _id: `label:answer:${unit}`, unit }), annotator)).toBe('the unit must be an id of visible text');
    }
    expect(refusal(validate, goodLabel({ _id: 'label:answer: t 1 ', unit: ' t 1 ' }), annotator)).toBeUndefined();
    for (const at of ['yesterday', '2026-11-24', '2026-11-24T10:00:00', ' 2026-11-24T10:00:00Z', 20261124]) {
      expect(refusal(validate, goodLabel({ at }), annotator)).toBe('at must be an ISO 8601 timestamp');
    }
    expect(refusal(validate, goodLabel({ at: '2026-11-24T10:00:00.123+05:30' }), annotator)).toBeUndefined();
    expect(refusal(validate, goodLabel({ note: 'x'.repeat(100_000) }), annotator)).toMatch(/the note must be text of at most/);
    expect(refusal(validate, { _id: 'pack:abc', type: 'other' }, admin)).toMatch(/type pack or pack-part/);
    expect(refusal(validate, { _id: '_design/agreement-studio', language: 'javascript' }, { name: null, roles: null })).toMatch(/design/);
    expect(refusal(validate, goodLabel(), null)).toMatch(/only by the annotator ann-a/);
  });

  it('evaluates as a whole program to the function, as CouchDB 3 evaluates it', () => {
    const source = validationSource(TARGET);
    const program = (0, eval)(source) as unknown;
    expect(typeof program).toBe('function');
    expect(refusal(program as Validate, goodLabel(), annotator)).toBeUndefined();
    expect(refusal(program as Validate, goodLabel({ annotator: 'ann-b' }), annotator)).toMatch(/annotator ann-a only/);
  });

  it('makes its constants, patterns and helpers once, outside the function called for every document', () => {
    const perDocument = String(validate);
    expect(perDocument).toMatch(/^function \(newDoc, oldDoc, userCtx, secObj\)/);
    expect(perDocument).not.toContain(JSON.stringify(LABEL_DOC_MEMBERS));
    expect(perDocument).not.toMatch(/var C =|\\u0000|\\d\{4\}|\/\\s\/g/);
    // No function is declared anew on each call.
    expect(perDocument.slice('function'.length)).not.toMatch(/\bfunction\b/);
  });

  it('keeps ids quoted in the source as data', () => {
    const source = validationSource({ studyId: 's', annotatorId: "a'); throw 1; ('", user: 'u"x', scheme: { answerUnknown: false } });
    const validate = new Function(`return (${source});`)() as Validate;
    expect(refusal(validate, goodLabel({ study: 's', annotator: "a'); throw 1; ('" }), { name: 'u"x', roles: [] })).toBeUndefined();
  });
});

describe('the design document on pouchdb-server', () => {
  let server: TeamServer;
  const password = 'annotator-password-x1';
  beforeAll(async () => {
    server = await startTeamServer();
    await server.adminRequest('PUT', `_users/org.couchdb.user:${USER}`, { name: USER, password, roles: [], type: 'user' });
    await server.adminRequest('PUT', 'db');
    await server.adminRequest('PUT', 'db/_security', { admins: { names: [], roles: [] }, members: { names: [USER], roles: [] } });
    expect((await server.adminRequest('PUT', `db/${designDoc(TARGET)._id}`, designDoc(TARGET))).status).toBe(201);
  });
  afterAll(async () => {
    await server.close();
  });

  const asAnnotator = (method: string, path: string, body?: unknown) => server.requestAs({ user: USER, password }, method, path, body);
  const reasonOf = (response: { json: unknown }) => (response.json as { reason?: string }).reason;

  it('stores a good label of the annotator and refuses forged ones with the reason', async () => {
    expect((await asAnnotator('PUT', 'db/label%3Aanswer%3At-1', goodLabel())).status).toBe(201);
    const forged = await asAnnotator('PUT', 'db/label%3Aanswer%3At-2', goodLabel({ _id: 'label:answer:t-2', unit: 't-2', annotator: 'ann-b' }));
    expect(forged.status).toBe(403);
    expect(reasonOf(forged)).toMatch(/annotator ann-a only/);
    const judged = await asAnnotator('PUT', 'db/label%3Aanswer%3At-3', goodLabel({ _id: 'label:answer:t-3', unit: 't-3', judgeGpt: 'yes' }));
    expect(judged.status).toBe(403);
    expect(reasonOf(judged)).toMatch(/judgeGpt/);
  });

  it('stores a label with a set of acceptable answers and refuses a bad set with the reason (issue 33)', async () => {
    expect((await asAnnotator('PUT', 'db/label%3Aanswer%3At-5', goodSetLabel({ _id: 'label:answer:t-5', unit: 't-5' }))).status).toBe(201);
    const stored = (await server.adminRequest('GET', 'db/label%3Aanswer%3At-5')).json as { acceptable?: unknown };
    expect(stored.acceptable).toEqual(['no', 'irrelevant']);
    const notFirst = await asAnnotator(
      'PUT',
      'db/label%3Aanswer%3At-6',
      goodSetLabel({ _id: 'label:answer:t-6', unit: 't-6', acceptable: ['irrelevant', 'no'] }),
    );
    expect(notFirst.status).toBe(403);
    expect(reasonOf(notFirst)).toBe('the first acceptable answer must be the value "no"');
    const one = await asAnnotator('PUT', 'db/label%3Aanswer%3At-6', goodSetLabel({ _id: 'label:answer:t-6', unit: 't-6', acceptable: ['no'] }));
    expect(one.status).toBe(403);
    expect(reasonOf(one)).toBe('acceptable must be a list of 2 or more different answer labels, the first the value');
  });

  it('carries a label with a set from the annotator through the server to the lead as it was (toLabelDoc, readLabelDoc)', async () => {
    const label: Label = {
      studyId: STUDY,
      annotatorId: ANNOTATOR,
      unitId: 't-8',
      task: 'answer',
      value: 'irrelevant',
      acceptable: ['irrelevant', 'yes', 'no'],
      at: '2026-11-24T10:00:00Z',
      rev: 3,
      unsure: true,
      note: 'both readings hold',
    };
    expect((await asAnnotator('PUT', 'db/label%3Aanswer%3At-8', toLabelDoc(label))).status).toBe(201);
    const pulled = (await server.adminRequest('GET', 'db/label%3Aanswer%3At-8')).json;
    const expectation = {
      studyId: STUDY,
      annotatorId: ANNOTATOR,
      scheme: TARGET.scheme,
      assigned: { answer: new Set(['t-8']), match: new Set<string>(), difficulty: new Set<string>() },
    };
    expect(readLabelDoc(pulled, expectation)).toEqual({
      ok: true,
      label: {
        unit: 't-8',
        task: 'answer',
        value: 'irrelevant',
        acceptable: ['irrelevant', 'yes', 'no'],
        at: label.at,
        rev: 3,
        unsure: true,
        note: 'both readings hold',
      },
    });
    // The same value with another set is a new revision the server takes, and the lead reads the new set.
    const stored = pulled as { _rev: string };
    const changed = { ...toLabelDoc({ ...label, acceptable: ['irrelevant', 'no'], rev: 4 }), _rev: stored._rev };
    expect((await asAnnotator('PUT', 'db/label%3Aanswer%3At-8', changed)).status).toBe(201);
    expect(readLabelDoc((await server.adminRequest('GET', 'db/label%3Aanswer%3At-8')).json, expectation)).toMatchObject({
      ok: true,
      label: { acceptable: ['irrelevant', 'no'], rev: 4 },
    });
  });

  it("refuses a pack from the annotator, the admin's deletion of a label, and a label from the admin", async () => {
    expect((await asAnnotator('PUT', 'db/pack%3Aabc', { type: 'pack' })).status).toBe(403);
    const stored = (await server.adminRequest('GET', 'db/label%3Aanswer%3At-1')).json as { _rev: string };
    expect((await server.adminRequest('DELETE', `db/label%3Aanswer%3At-1?rev=${stored._rev}`)).status).toBe(403);
    const byAdmin = await server.adminRequest('PUT', 'db/label%3Aanswer%3At-4', goodLabel({ _id: 'label:answer:t-4', unit: 't-4' }));
    expect(byAdmin.status).toBe(403);
    expect((await server.adminRequest('PUT', 'db/pack%3Aabc', { type: 'pack' })).status).toBe(201);
  });
});
