// An invitation to label a study on a team server (issue 18): what the lead gives one annotator,
// as a file (`<annotator>.invitation.json`) or a link to the web build. It holds that annotator's
// password, so it goes to them alone; opening it sets up the study as a pack does. Written, read
// (field by field, as every format is) and carried in a link's hash here; no message quotes the password.

import { utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import type { FormatError, ParseResult } from '../formats/errors';
import { annotatorId, expected, isRecord, studyId } from '../formats/field-schemas';
import { formatError } from '../formats/format-header';
import { parseJsonDocument } from '../formats/json-document';
import type { SourceFile } from '../formats/limits';
import { issuesToErrors } from '../formats/zod-issues';
import { teamServerOrigin } from './admitted-request';

// shared/ is typed without DOM or Node: base64 and UTF-8 decoding, as both provide them.
declare function btoa(data: string): string;
declare function atob(data: string): string;
declare const TextDecoder: new (label: 'utf-8', options?: { fatal?: boolean }) => { decode(bytes: Uint8Array): string };

export const INVITATION_FORMAT = 'agreement-studio.invitation/1';

export interface Invitation {
  format: typeof INVITATION_FORMAT;
  /** The server's base URL, e.g. `https://couch.example.org/`: https, or http on this computer only. */
  server: string;
  /** The annotator's database (team-server-names.ts). */
  database: string;
  user: string;
  password: string;
  study: { id: string; name: string };
  annotator: { id: string; name: string };
  createdAt: string;
}

/** The file's text: pretty JSON in a fixed member order, so two invitations read alike. */
export function serializeInvitation(invitation: Invitation): string {
  const ordered: Invitation = {
    format: INVITATION_FORMAT,
    server: invitation.server,
    database: invitation.database,
    user: invitation.user,
    password: invitation.password,
    study: { id: invitation.study.id, name: invitation.study.name },
    annotator: { id: invitation.annotator.id, name: invitation.annotator.name },
    createdAt: invitation.createdAt,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** CouchDB's database name rule, without `/`: the name is one segment of the database's URL. */
const DATABASE_NAME = /^[a-z][a-z0-9_$()+-]{0,237}$/;
const MAX_NAME_CHARS = 200;
const MAX_PASSWORD_CHARS = 1000;

const nameText = (what: string) =>
  z
    .string({ error: expected(what) })
    .refine((value) => value.trim() !== '', { error: `${what} must not be empty` })
    .refine((value) => value.length <= MAX_NAME_CHARS, { error: `${what} is longer than ${MAX_NAME_CHARS} characters` });

/**
 * Exactly the members Agreement Studio writes: an invitation is opened on the annotator's say-so,
 * so anything else in it is refused rather than ignored.
 */
function invitationObject<Shape extends z.core.$ZodLooseShape>(shape: Shape, what: string) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'an invitation holds only the members Agreement Studio writes, and this is not one of them (ask the lead for a new invitation)'
        : expected(what)(issue),
  });
}

export const invitationSchema = invitationObject(
  {
    // Checked before this schema (formatError); listed so it is allowed.
    format: z.unknown(),
    server: z.string({ error: expected('the server address, such as https://couch.example.org/') }).superRefine((value, ctx) => {
      const origin = teamServerOrigin(value);
      if (!origin.ok) ctx.addIssue({ code: 'custom', message: origin.reason });
    }),
    database: z
      .string({ error: expected("the annotator's database name") })
      .regex(DATABASE_NAME, { error: 'the database name is not one CouchDB allows (lowercase letters, digits and _$()+-, starting with a letter)' }),
    user: nameText('the user name').refine((value) => !value.includes(':'), { error: 'the user name must not hold ":"' }),
    // Never `expected(...)`: its "got ..." would repeat the password in the message.
    password: z
      .string({ error: (issue) => (issue.input === undefined ? 'required; expected the password as text' : 'expected the password as text') })
      .refine((value) => value !== '', { error: 'the password must not be empty' })
      .refine((value) => value.length <= MAX_PASSWORD_CHARS, { error: `the password is longer than ${MAX_PASSWORD_CHARS} characters` }),
    study: invitationObject({ id: studyId, name: nameText("the study's name") }, 'an object { "id": ..., "name": ... }'),
    annotator: invitationObject({ id: annotatorId, name: nameText("the annotator's name") }, 'an object { "id": ..., "name": ... }'),
    createdAt: z.iso.datetime({ offset: true, error: expected('an ISO 8601 timestamp such as 2026-11-22T09:12:03Z') }),
  },
  `an invitation: a JSON object with "format": "${INVITATION_FORMAT}"`,
);

/** Reads an invitation file; every error names the file and the member, and none quotes the password. */
export function parseInvitation(file: SourceFile): ParseResult<Invitation> {
  const document = parseJsonDocument(file);
  if (!document.ok) return document;
  const raw = document.value;
  if (!isRecord(raw)) {
    return { ok: false, errors: [{ file: file.name, path: '', message: `expected an invitation: a JSON object with "format": "${INVITATION_FORMAT}"` }] };
  }
  const versionError = formatError(file.name, 'invitation', raw.format);
  // Another kind's or version's members mean something else: nothing more is said of them.
  if (versionError) return { ok: false, errors: [versionError] };
  const parsed = invitationSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: issuesToErrors(file.name, parsed.error.issues) };
  const { server, database, user, password, study, annotator, createdAt } = parsed.data;
  return {
    ok: true,
    value: {
      format: INVITATION_FORMAT,
      server,
      database,
      user,
      password,
      study: { id: study.id, name: study.name },
      annotator: { id: annotator.id, name: annotator.name },
      createdAt,
    },
  };
}

const LINK_ROUTE = '#/invitation/';
/** What a link's payload is called in messages, where a file would be named. */
const LINK_NAME = 'the invitation link';
/** Far above any invitation's size: a longer payload is not one of ours. */
const MAX_PAYLOAD_CHARS = 16 * 1024;

/** `<appAddress>#/invitation/<base64url of the invitation's JSON>`: the hash never reaches a web server. */
export function invitationLink(appAddress: string, invitation: Invitation): string {
  const hashAt = appAddress.indexOf('#');
  const page = hashAt < 0 ? appAddress : appAddress.slice(0, hashAt);
  return `${page}${LINK_ROUTE}${toBase64Url(serializeInvitation(invitation))}`;
}

/** The invitation a link carries: its payload (what follows `#/invitation/`; a whole link or hash is also taken). */
export function invitationFromLink(hashPayload: string): ParseResult<Invitation> {
  const routeAt = hashPayload.indexOf(LINK_ROUTE);
  const payload = (routeAt < 0 ? hashPayload : hashPayload.slice(routeAt + LINK_ROUTE.length)).trim();
  const broken = (message: string): ParseResult<Invitation> => ({ ok: false, errors: [linkError(message)] });
  if (payload === '') return broken('the link holds no invitation; ask the lead for the whole link');
  if (payload.length > MAX_PAYLOAD_CHARS) return broken('the link is far longer than an invitation; ask the lead for a new link');
  const text = fromBase64Url(payload);
  if (text === undefined)
    return broken('the link is cut short or damaged, so its invitation cannot be read; copy the whole link again, or ask the lead for it again');
  return parseInvitation({ name: LINK_NAME, text });
}

function linkError(message: string): FormatError {
  return { file: LINK_NAME, path: '', message };
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of utf8ToBytes(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The UTF-8 text of a base64url payload, or undefined when it is not base64url of UTF-8. */
function fromBase64Url(payload: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || payload.length % 4 === 1) return undefined;
  const padded = payload.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (payload.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
