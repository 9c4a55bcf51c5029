// The settings feature's public entry: what other features may use of it.

export { SettingsDialog } from './SettingsDialog';
