// The settings feature's public entry: what other features may use of it (the settings dialog,
// the modal form it is built on, and the key map the labelling workspace, adjudication and help
// read the keys from).

export {
  ACTIONS,
  actionInfo,
  actionsForTask,
  buildKeyMap,
  displayKey,
  findClashes,
  isAssignableKey,
  labelChoices,
  normaliseKey,
  overridesFrom,
  type ActionInfo,
  type KeyMap,
  type WorkspaceAction,
} from './key-map';
export { FormDialog } from './FormDialog';
export { SettingsDialog } from './SettingsDialog';
