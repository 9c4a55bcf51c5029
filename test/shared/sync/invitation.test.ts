// Invitation files and links (issue 18): a written invitation reads back as itself, from its file
// and from its link; each broken member is refused with the file, the member's path and a reason
// in words; hostile files (huge, deeply nested, not UTF-8, members twice, extra members, another
// kind or version) are refused whole; plain http only for localhost, 127.0.0.1 and [::1]; and no
// message ever quotes the password.

import { describe, expect, it } from 'vitest';
import { formatErrorText, type FormatError, type ParseResult } from '../../../shared/formats/errors';
import { INPUT_LIMITS } from '../../../shared/formats/limits';
import { sourceFileFromBytes } from '../../../shared/formats/utf8';
import { INVITATION_FORMAT, invitationFromLink, invitationLink, parseInvitation, serializeInvitation, type Invitation } from '../../../shared/sync/invitation';

const PASSWORD = 'pw-Secret-7f3a9c';
const INVITATION: Invitation = {
  format: INVITATION_FORMAT,
  server: 'https://couch.example.org/',
  database: 'as-pilot-ann-01-0123456789',
  user: 'as-pilot-ann-01-0123456789',
  password: PASSWORD,
  study: { id: 'pilot', name: 'Pilot study ✓' },
  annotator: { id: 'ann-01', name: 'Annotator Één' },
  createdAt: '2026-11-24T10:00:00.000Z',
};
const FILE = 'ann-01.invitation.json';

function errorsOf(result: ParseResult<Invitation>): FormatError[] {
  if (result.ok) throw new Error('expected the invitation to be refused');
  // No message, wherever it comes from, repeats the password.
  expect(JSON.stringify(result.errors)).not.toContain(PASSWORD);
  return result.errors;
}

/** The invitation's JSON with one member changed (undefined removes it). */
function withMember(path: string, value: unknown): string {
  const raw = JSON.parse(serializeInvitation(INVITATION)) as Record<string, unknown>;
  const [head, tail] = path.split('.') as [string, string | undefined];
  if (tail === undefined) raw[head] = value;
  else (raw[head] as Record<string, unknown>)[tail] = value;
  return JSON.stringify(raw);
}

describe('invitation files', () => {
  it('reads a written invitation back as itself', () => {
    const text = serializeInvitation(INVITATION);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toBe(`  "format": "${INVITATION_FORMAT}",`);
    expect(parseInvitation({ name: FILE, text })).toEqual({ ok: true, value: INVITATION });
    // http is fine for a server on this computer.
    const local = { ...INVITATION, server: 'http://127.0.0.1:5984/' };
    expect(parseInvitation({ name: FILE, text: serializeInvitation(local) })).toEqual({ ok: true, value: local });
  });

  it('takes plain http only for what docs/team-server.md calls this computer: localhost, 127.0.0.1 and [::1] (issue 29)', () => {
    for (const server of ['http://localhost:5984/', 'http://127.0.0.1:5984/', 'http://[::1]:5984/']) {
      const local = { ...INVITATION, server };
      expect(parseInvitation({ name: FILE, text: serializeInvitation(local) }), server).toEqual({ ok: true, value: local });
    }
    for (const server of ['http://127.0.0.2:5984/', 'http://127.1.2.3/', 'http://0.0.0.0:5984/', 'http://localhost.example.org/', 'http://[::2]/']) {
      const parsed = parseInvitation({ name: FILE, text: serializeInvitation({ ...INVITATION, server }) });
      expect(parsed.ok, server).toBe(false);
      if (!parsed.ok)
        expect(parsed.errors[0]?.message, server).toMatch(
          /^the server address must start with https:\/\/ \(plain http is allowed only for a server on this computer\)/,
        );
    }
  });

  it.each([
    ['server', 'http://couch.example.org/', /^the server address must start with https:\/\/ \(plain http is allowed only for a server on this computer\)/],
    ['server', 'ftp://couch.example.org/', /^the server address must start with https:\/\/$/],
    ['server', 'couch.example.org', /^the server address is not a web address/],
    ['server', 'https://ann:pw@couch.example.org/', /^the server address must not hold a user name or password/],
    ['server', undefined, /^required; expected the server address/],
    ['database', 'Has Capitals', /^the database name is not one CouchDB allows/],
    ['database', 'a/b', /^the database name is not one CouchDB allows/],
    ['database', 42, /^expected the annotator's database name, got the number 42$/],
    ['user', '', /^the user name must not be empty$/],
    ['user', 'ann:01', /^the user name must not hold ":"$/],
    ['password', '', /^the password must not be empty$/],
    ['password', undefined, /^required; expected the password as text$/],
    ['password', 12345, /^expected the password as text$/],
    ['study.id', '../etc', /is not usable as a study id/],
    ['study.name', ' ', /^the study's name must not be empty$/],
    ['study', 'pilot', /^expected an object \{ "id": \.\.\., "name": \.\.\. \}, got the text "pilot"$/],
    ['annotator.id', '__proto__', /is not allowed as an annotator's id/],
    ['annotator.name', 7, /^expected the annotator's name, got the number 7$/],
    ['createdAt', 'yesterday', /^expected an ISO 8601 timestamp/],
    ['judge', 'model-j', /^an invitation holds only the members Agreement Studio writes/],
    ['study.judgements', {}, /^an invitation holds only the members Agreement Studio writes/],
  ])('refuses %s = %j, naming the file and the member', (path, value, message) => {
    const errors = errorsOf(parseInvitation({ name: FILE, text: withMember(path, value) }));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: FILE, path });
    expect(errors[0]?.message).toMatch(message);
    expect(formatErrorText(errors[0] as FormatError).startsWith(`${FILE}: ${path}: `)).toBe(true);
  });

  it('names a password too long without quoting it', () => {
    const long = PASSWORD.repeat(100);
    const errors = errorsOf(parseInvitation({ name: FILE, text: withMember('password', long) }));
    expect(errors).toEqual([{ file: FILE, path: 'password', message: 'the password is longer than 1000 characters' }]);
    expect(JSON.stringify(errors)).not.toContain(long);
  });

  it('refuses another kind of file, another version and a file that is not an object, by the format', () => {
    const cases: Array<[string, string]> = [
      [withMember('format', 'agreement-studio.pack/1'), 'this file is a pack (agreement-studio.pack/1), not an invitation to a team server'],
      [withMember('format', 'agreement-studio.invitation/2'), 'newer than the version this app reads (agreement-studio.invitation/1)'],
      [withMember('format', undefined), 'required; expected "agreement-studio.invitation/1"'],
    ];
    for (const [text, message] of cases) {
      const [error] = errorsOf(parseInvitation({ name: FILE, text }));
      expect(error).toMatchObject({ file: FILE, path: 'format' });
      expect(error?.message).toContain(message);
    }
    expect(errorsOf(parseInvitation({ name: FILE, text: '["an", "array"]' }))[0]?.message).toBe(
      `expected an invitation: a JSON object with "format": "${INVITATION_FORMAT}"`,
    );
  });

  it('refuses hostile files whole, with a located reason', () => {
    const serialized = serializeInvitation(INVITATION);
    const twice = serialized.replace('"user":', `"password": "${PASSWORD}-other",\n  "user":`);
    expect(errorsOf(parseInvitation({ name: FILE, text: twice }))[0]?.message).toMatch(/the member "password" is given twice/);
    const deep = `${'['.repeat(INPUT_LIMITS.maxNestingDepth + 1)}${']'.repeat(INPUT_LIMITS.maxNestingDepth + 1)}`;
    expect(errorsOf(parseInvitation({ name: FILE, text: deep }))[0]?.message).toMatch(/nesting is deeper than the limit/);
    const huge = { name: FILE, text: serialized, size: INPUT_LIMITS.maxFileBytes + 1 };
    expect(errorsOf(parseInvitation(huge))[0]?.message).toMatch(/the limit is 200 MB/);
    const bytes = new TextEncoder().encode(serialized);
    bytes[20] = 0xff;
    expect(errorsOf(parseInvitation(sourceFileFromBytes(FILE, bytes)))[0]?.message).toMatch(/not UTF-8 text/);
    const png = sourceFileFromBytes(FILE, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]));
    expect(errorsOf(parseInvitation(png))[0]?.message).toMatch(/PNG/);
    expect(errorsOf(parseInvitation({ name: FILE, text: '{"format": "agreement-studio.invitation/1",' }))[0]?.message).toMatch(/^invalid JSON/);
    expect(errorsOf(parseInvitation({ name: FILE, text: '' }))[0]?.message).toBe('the file is empty; expected a JSON document');
    const proto = serialized.replace('"user":', '"__proto__": { "polluted": true },\n  "user":');
    expect(errorsOf(parseInvitation({ name: FILE, text: proto }))[0]).toMatchObject({ path: '__proto__' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('invitation links', () => {
  it('carries the invitation in the hash, after any page address, and reads it back', () => {
    const link = invitationLink('https://studio.example.org/app/index.html#/library', INVITATION);
    expect(link.startsWith('https://studio.example.org/app/index.html#/invitation/')).toBe(true);
    const payload = link.slice(link.indexOf('#/invitation/') + '#/invitation/'.length);
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(invitationFromLink(payload)).toEqual({ ok: true, value: INVITATION });
    // The whole link or hash, as pasted, reads the same.
    expect(invitationFromLink(link)).toEqual({ ok: true, value: INVITATION });
    expect(invitationFromLink(`#/invitation/${payload}`)).toEqual({ ok: true, value: INVITATION });
  });

  it('says in words what is wrong with a broken link', () => {
    const link = invitationLink('https://studio.example.org/', INVITATION);
    const payload = link.slice(link.indexOf('#/invitation/') + '#/invitation/'.length);
    const messageOf = (hash: string) => errorsOf(invitationFromLink(hash))[0]?.message ?? '';
    expect(messageOf('')).toBe('the link holds no invitation; ask the lead for the whole link');
    expect(messageOf('not*base64')).toMatch(/^the link is cut short or damaged/);
    expect(messageOf(`${payload.slice(0, 1)}`)).toMatch(/^the link is cut short or damaged/);
    expect(messageOf('x'.repeat(20_000))).toMatch(/^the link is far longer than an invitation/);
    // Cut short inside the JSON: the parser's own words, naming the link where a file would be named.
    const cut = errorsOf(invitationFromLink(payload.slice(0, 40)))[0];
    expect(cut?.file).toBe('the invitation link');
    expect(cut?.message).toMatch(/cut short or damaged|invalid JSON/);
    // A link whose invitation has a broken member names the member.
    const broken = invitationLink('https://studio.example.org/', { ...INVITATION, server: 'http://couch.example.org/' });
    expect(errorsOf(invitationFromLink(broken))[0]).toMatchObject({ file: 'the invitation link', path: 'server' });
  });
});
