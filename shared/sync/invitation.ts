// An invitation to label a study on a team server (issue 18): what the lead gives one annotator,
// as a file (`<annotator>.invitation.json`) or a link to the web build. It holds that annotator's
// password, so it goes to them alone; opening it sets up the study as a pack does.

import { utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import type { ParseResult } from '../formats/errors';
import { annotatorId, studyId, text } from '../formats/field-schemas';
import { parseJsonDocument, parseJsonText } from '../formats/json-document';
import type { SourceFile } from '../formats/limits';
import { issuesToErrors } from '../formats/zod-issues';
import { teamServerOrigin } from './admitted-request';

// shared/ is typed without DOM or Node: the decoder as both provide it.
declare const TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string };

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

// The file and link forms below are ANNOTATOR's part of issue 18 (signatures from the common
// brief); the UI needed them first, so they are written here as signed.

const invitationSchema = z.strictObject({
  format: z.literal(INVITATION_FORMAT, { error: `expected "${INVITATION_FORMAT}"` }),
  server: text,
  database: text,
  user: text,
  password: text,
  study: z.strictObject({ id: studyId, name: text }),
  annotator: z.strictObject({ id: annotatorId, name: text }),
  createdAt: text,
});

function checkInvitation(fileName: string, value: unknown): ParseResult<Invitation> {
  const parsed = invitationSchema.safeParse(value);
  if (!parsed.success) return { ok: false, errors: issuesToErrors(fileName, parsed.error.issues) };
  const server = teamServerOrigin(parsed.data.server);
  if (!server.ok) return { ok: false, errors: [{ file: fileName, path: 'server', message: server.reason }] };
  return { ok: true, value: parsed.data };
}

/** The file's text: `<annotator>.invitation.json`. */
export function serializeInvitation(invitation: Invitation): string {
  return `${JSON.stringify(invitation, null, 2)}\n`;
}

/** Errors name the file and JSON path in words. */
export function parseInvitation(file: SourceFile): ParseResult<Invitation> {
  const json = parseJsonDocument(file);
  return json.ok ? checkInvitation(file.name, json.value) : json;
}

/** `${appAddress}#/invitation/<base64url of the JSON>`: the web build opens it at the invitation page. */
export function invitationLink(appAddress: string, invitation: Invitation): string {
  const base = appAddress.split('#')[0] ?? appAddress;
  return `${base}#/invitation/${base64UrlEncode(utf8ToBytes(JSON.stringify(invitation)))}`;
}

/** The invitation in a link's hash payload (what follows `#/invitation/`). */
export function invitationFromLink(hashPayload: string): ParseResult<Invitation> {
  const where = 'the invitation link';
  const bytes = base64UrlDecode(hashPayload.trim());
  if (bytes === undefined) return { ok: false, errors: [{ file: where, path: '', message: 'the link is cut short or changed: ask the lead for it again' }] };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, errors: [{ file: where, path: '', message: 'the link is cut short or changed: ask the lead for it again' }] };
  }
  const json = parseJsonText(where, text);
  return json.ok ? checkInvitation(where, json.value) : json;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function base64UrlEncode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += BASE64URL[(chunk >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** Undefined when the text is not base64url (padding allowed). */
function base64UrlDecode(textIn: string): Uint8Array | undefined {
  const chars = textIn.replace(/=+$/, '');
  if (chars.length % 4 === 1) return undefined;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of chars) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) return undefined;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}
