// The backup feature's public entry: what other features may use of it.

export { BackupButton } from './BackupButton';
export { BackupReminder } from './BackupReminder';
export { BackupSection } from './BackupSection';
