// The team server sync feature's public entry (issue 18): the invitation page and opening an
// invitation file, and the annotator's sync state.

export { InvitationView } from './InvitationView';
export { openInvitationFile } from './invitation-file';
export { SyncStatusNote } from './SyncStatusNote';
