// The labelling feature's public entry: what other features may use of it (the key map and its
// actions, the task titles, the study page's entry points, and the wait for pending label writes).

export { ACTIONS, actionInfo, actionsForTask, buildKeyMap, displayKey, findClashes, isAssignableKey, normaliseKey, overridesFrom, type ActionInfo, type KeyMap, type WorkspaceAction } from './key-map';
export { LabelEntryPoints } from './LabelEntryPoints';
export { TASK_TITLES, TASK_UNITS, valueText } from './task-titles';
export { writesSettled } from './workspace-controller';
