// Tells an invitation file among the files opened or dropped in the library and opens it at the
// invitation page instead of importing it. The check looks only at the name and the file's first
// bytes: it runs on the window's thread before any import, where detectFormat's scan of a whole
// (maybe huge) transcript file would hold up the window.

import type { FormatError } from '../../../shared/formats/errors';
import type { OpenedFile } from '../../../shared/platform/studio-platform';
import { parseInvitation } from '../../../shared/sync/invitation';
import type { StudioStore } from '../../services/studio-store';

/** The file's first member names the invitation format (any version: the parser judges the version). */
const FORMAT_FIELD = /^\uFEFF?\s*\{\s*"format"\s*:\s*"agreement-studio\.invitation\//;

export function isInvitationFile(file: OpenedFile): boolean {
  return file.name.toLowerCase().endsWith('.invitation.json') || FORMAT_FIELD.test(file.text.slice(0, 200));
}

/**
 * Opens the invitation among `files` at the invitation page; false when none is an invitation.
 * An invitation goes alone: with other files, or damaged, it is refused with its errors.
 */
export function openInvitationFile(files: readonly OpenedFile[], store: StudioStore): boolean {
  const invitations = files.filter(isInvitationFile);
  const [file] = invitations;
  if (file === undefined) return false;
  const fileNames = files.map((item) => item.name);
  const fail = (errors: FormatError[]) => store.getState().setImportState({ status: 'failed', fileNames, errors });
  if (files.length > 1) {
    fail([{ file: file.name, path: '', message: 'this is an invitation to a team server: open it on its own, not with other files' }]);
    return true;
  }
  const parsed = parseInvitation(file);
  if (!parsed.ok) {
    fail(parsed.errors);
    return true;
  }
  store.getState().setImportState({ status: 'idle' });
  store.getState().setInvitation(parsed.value);
  store.getState().navigate({ view: 'invitation' });
  return true;
}
