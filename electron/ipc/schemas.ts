// Schemas for every payload the renderer sends over IPC. Main process only: the renderer
// shows untrusted transcripts, so its requests are checked here before anything acts on them.

import { z } from 'zod';
import type { OpenExternalRequest } from '../../shared/ipc/bridge';
import type { OpenFilesRequest, SaveFileRequest } from '../../shared/platform/studio-platform';

/** Exports are text the app wrote; 500 MB is far above any real study and below V8's string limit. */
const MAX_SAVE_TEXT_BYTES = 500 * 1024 * 1024;

/** UTF-8 takes at most 3 bytes per UTF-16 unit, so only long texts need counting. */
function fitsSaveLimit(text: string): boolean {
  return text.length * 3 <= MAX_SAVE_TEXT_BYTES || Buffer.byteLength(text, 'utf8') <= MAX_SAVE_TEXT_BYTES;
}

export const openFilesPayload = z.object({
  title: z.string().min(1).max(200),
  extensions: z
    .array(z.string().regex(/^[A-Za-z0-9]{1,16}$/, 'must be 1 to 16 letters or digits, without the dot'))
    .min(1)
    .max(20),
  multiple: z.boolean(),
}) satisfies z.ZodType<OpenFilesRequest>;

export const saveFilePayload = z.object({
  suggestedName: z
    .string()
    .min(1)
    .max(200)
    // A bare file name only: the user picks the folder in the dialog, the renderer never does.
    .refine((name) => !/[/\\:]|\p{Cc}/u.test(name), 'must be a plain file name without separators or control characters')
    .refine((name) => name !== '.' && name !== '..', 'must be a plain file name'),
  text: z.string().refine(fitsSaveLimit, 'is larger than 500 MB'),
  mimeType: z.string().max(100).regex(/^[a-z]+\/[a-z0-9.+-]+(;\s*charset=[a-z0-9-]+)?$/i, 'must be a MIME type such as text/csv'),
}) satisfies z.ZodType<SaveFileRequest>;

export const openExternalPayload = z.object({
  url: z.string().max(2048),
}) satisfies z.ZodType<OpenExternalRequest>;

/** `app:info` takes nothing. */
export const noPayload = z.undefined();
