// The labelling feature's public entry: what other features may use of it (the key map and its
// actions and label choices, the label button, the task titles, the study page's entry points, and
// the wait for pending label writes).

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
export { LabelButton } from './LabelButton';
export { LabelEntryPoints } from './LabelEntryPoints';
export { TASK_TITLES, TASK_UNITS, valueText } from './task-titles';
export { writesSettled } from './workspace-controller';
