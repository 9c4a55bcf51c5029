// The backup feature's public entry: what other features may use of it (the library shows the
// backup controls, and a refused import with the same notice as a refused backup).

export { BackupButton } from './BackupButton';
export { BackupReminder } from './BackupReminder';
export { BackupSection } from './BackupSection';
export { RefusedNotice } from './RefusedNotice';
