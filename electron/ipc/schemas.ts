// Schemas for every payload the renderer sends over IPC. Main process only: the renderer
// shows untrusted transcripts, so its requests are checked here before anything acts on them.

import { z } from 'zod';
import { parseBackupFileName } from '../../shared/formats/backup';
import { idProblem } from '../../shared/domain/ids';
import type { ForgetJudgeEndpointRequest, ForgetTeamServerRequest, OpenExternalRequest } from '../../shared/ipc/bridge';
import { endpointOrigin } from '../../shared/judge-run/admitted-send';
import type {
  BackupReadRequest,
  BackupWriteRequest,
  JudgeConnectionRequest,
  JudgeEndpointRegistration,
  JudgeSendRequest,
  OpenFilesRequest,
  SaveFileRequest,
  SaveFilesRequest,
  TeamServerRegistration,
  TeamServerRequest,
} from '../../shared/platform/studio-platform';
import { studyFolderProblem } from '../backup/backup-store';

/** Exports are text the app wrote; 500 MB is far above any real study and below V8's string limit. */
const MAX_SAVE_TEXT_BYTES = 500 * 1024 * 1024;

/** UTF-8 takes at most 3 bytes per UTF-16 unit, so only long texts need counting. */
function fitsSaveLimit(...texts: string[]): boolean {
  const units = texts.reduce((sum, text) => sum + text.length, 0);
  return units * 3 <= MAX_SAVE_TEXT_BYTES || texts.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0) <= MAX_SAVE_TEXT_BYTES;
}

export const openFilesPayload = z.object({
  title: z.string().min(1).max(200),
  extensions: z
    .array(z.string().regex(/^[A-Za-z0-9]{1,16}$/, 'must be 1 to 16 letters or digits, without the dot'))
    .min(1)
    .max(20),
  multiple: z.boolean(),
  purpose: z.literal('backup').optional(),
}) satisfies z.ZodType<OpenFilesRequest>;

/** Windows opens these as devices whatever the extension (`NUL.json` is the null device). */
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

/**
 * A bare file name: the user picks the folder in a dialog, the renderer never does. One path
 * segment other than "." and "..": no separators or drive colons, no NUL or other control
 * characters, no device name. Dots inside a name ("a..b.json") cannot leave the folder.
 */
function plainFileName(maxChars: number) {
  return z
    .string()
    .min(1)
    .max(maxChars)
    .refine(
      (name) => !/[/\\:]|\p{Cc}/u.test(name) && name !== '.' && name !== '..' && !WINDOWS_DEVICE_NAME.test(name),
      'must be a plain file name without separators, control characters or device names',
    );
}

const mimeType = z
  .string()
  .max(100)
  .regex(/^[a-z]+\/[a-z0-9.+-]+(;\s*charset=[a-z0-9-]+)?$/i, 'must be a MIME type such as text/csv');

const savedText = z.string().refine((text) => fitsSaveLimit(text), 'is larger than 500 MB');

export const saveFilePayload = z.object({
  suggestedName: plainFileName(255),
  text: savedText,
  mimeType,
}) satisfies z.ZodType<SaveFileRequest>;

/** Most files one `files:saveMany` writes: a pack per annotator, and the app allows 1,000 annotators. */
export const MAX_SAVE_MANY_FILES = 1000;

export const saveFilesPayload = z.object({
  title: z.string().min(1).max(200),
  files: z
    .array(z.object({ suggestedName: plainFileName(255), text: savedText, mimeType }))
    .min(1)
    .max(MAX_SAVE_MANY_FILES)
    .refine((files) => fitsSaveLimit(...files.map((file) => file.text)), 'are larger than 500 MB together')
    // Two files of one name would overwrite each other; some file systems ignore case.
    .refine((files) => new Set(files.map((file) => file.suggestedName.toLowerCase())).size === files.length, 'must have different names'),
}) satisfies z.ZodType<SaveFilesRequest>;

export const openExternalPayload = z.object({
  url: z.string().max(2048),
}) satisfies z.ZodType<OpenExternalRequest>;

/** A study id that names a folder of snapshots (checked again in backup-store.ts). */
const backupStudyId = plainFileName(128).refine((id) => studyFolderProblem(id) === undefined, 'must be a study id that can name a folder');

/** `<studyId>.<time>.backup.json` of the same study: a plain name, so it stays in the study's folder. */
const backupFile = {
  studyId: backupStudyId,
  name: plainFileName(255).refine((name) => name.endsWith('.backup.json'), 'must end in .backup.json'),
};
const sameStudy = { path: ['name'], message: "must be the study's <study id>.<time>.backup.json" };
const namesTheStudy = (request: { studyId: string; name: string }) => parseBackupFileName(request.name)?.studyId === request.studyId;

export const backupWritePayload = z.object({ ...backupFile, text: savedText }).refine(namesTheStudy, sameStudy) satisfies z.ZodType<BackupWriteRequest>;

export const backupReadPayload = z.object(backupFile).refine(namesTheStudy, sameStudy) satisfies z.ZodType<BackupReadRequest>;

/** An endpoint id the app made (a UUID or similar): plain, so it is safe as a key in the registrations file. */
const endpointId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be 1 to 128 letters, digits, - or _');

/** Where a judge request may go: the key is sent there, so never another scheme or a URL with credentials in it. */
const endpointUrl = z
  .string()
  .max(2048)
  .refine((url) => endpointOrigin(url) !== undefined, 'must be an http or https address without a user name or password');

/** Longer than any real API key; the message never quotes the key (zod's own messages do not echo strings). */
export const MAX_API_KEY_CHARS = 4096;

export const judgeRegisterPayload = z.object({
  endpointId,
  url: endpointUrl,
  apiKey: z.string().min(1, 'must not be empty').max(MAX_API_KEY_CHARS, `must be at most ${MAX_API_KEY_CHARS} characters`).nullable().optional(),
}) satisfies z.ZodType<JudgeEndpointRegistration>;

export const judgeForgetPayload = z.object({ endpointId }) satisfies z.ZodType<ForgetJudgeEndpointRequest>;

/** A judge prompt is a transcript and a question: a few hundred KB is far above one. */
export const MAX_JUDGE_MESSAGES_CHARS = 512 * 1024;

export const judgeSendPayload = z.object({
  endpointId,
  url: endpointUrl,
  model: z.string().min(1).max(200),
  temperature: z.number().min(0).max(2),
  maxTokens: z.number().int().min(1).max(1_000_000),
  timeoutMs: z.number().int().min(1).max(3_600_000),
  topLogprobs: z.number().int().min(0).max(20).optional(),
  messages: z
    .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }))
    .min(1)
    .max(100)
    .refine((messages) => messages.reduce((sum, message) => sum + message.content.length, 0) <= MAX_JUDGE_MESSAGES_CHARS, 'are longer than 512 KB together'),
}) satisfies z.ZodType<JudgeSendRequest>;

/** Test connection: the endpoint and the model looked for, never a key (the main process holds it). */
export const judgeTestPayload = z.object({
  endpointId,
  url: endpointUrl,
  model: z.string().min(1).max(200),
  timeoutMs: z.number().int().min(1).max(3_600_000),
}) satisfies z.ZodType<JudgeConnectionRequest>;

/** `<role>:<study id>` (shared/sync/stored-records.ts connectionId): plain, so it is safe as a key in the connections file. */
const connectionId = z
  .string()
  .max(128)
  .refine((id) => {
    const [role, studyId, ...rest] = id.split(':');
    return (role === 'lead' || role === 'annotator') && studyId !== undefined && rest.length === 0 && idProblem('study', studyId) === undefined;
  }, 'must be lead:<study id> or annotator:<study id>');

/** Longer than any real password; the message never quotes it (zod's own messages do not echo strings). */
export const MAX_PASSWORD_CHARS = 4096;

/**
 * The address is only shape-checked here: the store refuses, in words, one that teamServerOrigin
 * refuses (plain http to another computer), as the web build's does.
 */
export const teamRegisterPayload = z.object({
  connectionId,
  url: z.string().max(2048),
  // CouchDB user names: annotators' are made by the app, the lead's admin is typed by the lead.
  user: z
    .string()
    .min(1, 'must not be empty')
    .max(256)
    .refine((user) => !/[\p{Cc}:]/u.test(user), 'must not hold a colon or control characters (HTTP Basic cannot carry them)'),
  password: z.string().min(1, 'must not be empty').max(MAX_PASSWORD_CHARS, `must be at most ${MAX_PASSWORD_CHARS} characters`).optional(),
}) satisfies z.ZodType<TeamServerRegistration>;

export const teamForgetPayload = z.object({ connectionId }) satisfies z.ZodType<ForgetTeamServerRequest>;

/**
 * PouchDB sends a batch of documents in one body; packs are cut in ~1 MB parts (shared/sync/sync-docs.ts),
 * so even a whole pack written at once stays far below this.
 */
export const MAX_TEAM_BODY_CHARS = 256 * 1024 * 1024;

/** An HTTP header as fetch takes it: a token for the name, no line break in the value (which would start another header). */
const header = z.tuple([
  z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/, 'must be a header name'),
  z
    .string()
    .max(8192)
    .refine((value) => !/[\r\n\0]/.test(value), 'must not hold a line break'),
]);

export const teamFetchPayload = z.object({
  connectionId,
  // Long enough for a changes feed's query; sendAdmitted admits only the registered origin.
  url: z.string().max(65_536),
  // The methods CouchDB's API and PouchDB's HTTP adapter use.
  method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'DELETE']),
  headers: z.array(header).max(64),
  body: z.string().max(MAX_TEAM_BODY_CHARS, 'is larger than 256 MB').optional(),
}) satisfies z.ZodType<TeamServerRequest>;

/** `app:info`, `backups:list` and `app:quit-ready` take nothing. */
export const noPayload = z.undefined();
