// The team server sync feature's public entry (issue 18): the invitation page and opening an
// invitation file, the annotator's sync state, and a unit's conflict between their devices.

export { InvitationView } from './InvitationView';
export { openInvitationFile } from './invitation-file';
export { SyncStatusNote } from './SyncStatusNote';
export { UnitConflictNote } from './UnitConflictNote';
