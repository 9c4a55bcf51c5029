// The backup feature's public entry: what other features may use of it (the library shows the
// backup controls, and how an import ends with the same notices as a restore).

export { BackupButton } from './BackupButton';
export { BackupReminder } from './BackupReminder';
export { BackupSection } from './BackupSection';
export { DoneNotice, RefusedNotice } from './ResultNotices';
