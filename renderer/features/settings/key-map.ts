// The workspace's keyboard shortcuts: every action with its default keys, the annotator's
// overrides (kept in the preferences store), the map from a key to an action for one task, and
// the clashes a remapping would cause. Pure, so it is tested without a browser.

import type { KeyOverrides } from '../../services/preferences-store';
import type { LabelScheme, LabelValue, Task } from '../../../shared/domain/model';

export type WorkspaceAction =
  | 'answer:yes'
  | 'answer:no'
  | 'answer:irrelevant'
  | 'answer:unknown'
  | 'match:matched'
  | 'match:unmatched'
  | `difficulty:${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
  | 'next'
  | 'previous'
  | 'unsure'
  | 'note'
  | 'undo'
  | 'help'
  | 'guidelines'
  | 'find';

export interface ActionInfo {
  action: WorkspaceAction;
  /** The task whose units the action labels; undefined for actions every task has. */
  task?: Task;
  /** The label value it sets, for labelling actions. */
  value?: LabelValue;
  /** What the action does, in plain words for the buttons, the help and the settings. */
  description: string;
  defaultKeys: readonly string[];
}

const DIFFICULTY_ACTIONS: ActionInfo[] = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((level) => ({
  action: `difficulty:${level}` as WorkspaceAction,
  task: 'difficulty',
  value: level,
  description: level === 1 ? 'Rate 1 (easiest)' : level === 9 ? 'Rate 9 (hardest)' : `Rate ${level}`,
  defaultKeys: [String(level)],
}));

/** Every action in the order the help and the settings list them. */
export const ACTIONS: readonly ActionInfo[] = [
  { action: 'answer:yes', task: 'answer', value: 'yes', description: 'Answer yes', defaultKeys: ['y', '1'] },
  { action: 'answer:no', task: 'answer', value: 'no', description: 'Answer no', defaultKeys: ['n', '2'] },
  { action: 'answer:irrelevant', task: 'answer', value: 'irrelevant', description: 'Answer irrelevant', defaultKeys: ['i', '3'] },
  { action: 'answer:unknown', task: 'answer', value: 'unknown', description: 'Answer unknown (when the study allows it)', defaultKeys: ['u', '4'] },
  { action: 'match:matched', task: 'match', value: 'matched', description: 'Final answer matched', defaultKeys: ['m', '1'] },
  { action: 'match:unmatched', task: 'match', value: 'unmatched', description: 'Final answer unmatched', defaultKeys: ['x', '2'] },
  ...DIFFICULTY_ACTIONS,
  { action: 'next', description: 'Next unit', defaultKeys: ['ArrowDown', 'ArrowRight', 'j'] },
  { action: 'previous', description: 'Previous unit', defaultKeys: ['ArrowUp', 'ArrowLeft', 'k'] },
  { action: 'unsure', description: 'Mark or unmark unsure', defaultKeys: ['s'] },
  { action: 'note', description: 'Write a note', defaultKeys: ['e'] },
  { action: 'undo', description: 'Undo the last label change', defaultKeys: ['z'] },
  { action: 'help', description: 'Show every shortcut', defaultKeys: ['?'] },
  { action: 'guidelines', description: 'Show the guidelines', defaultKeys: ['g'] },
  { action: 'find', description: 'Find units by text or id (Enter to go, Esc to clear)', defaultKeys: ['/'] },
];

const ACTION_INFO = new Map(ACTIONS.map((info) => [info.action, info]));

export function actionInfo(action: WorkspaceAction): ActionInfo {
  const info = ACTION_INFO.get(action);
  if (!info) throw new Error(`unknown workspace action ${action}`);
  return info;
}

/** The actions that apply to one task of a study: its label values and the shared ones. */
export function actionsForTask(task: Task, scheme: LabelScheme): ActionInfo[] {
  return ACTIONS.filter((info) => (info.task === undefined || info.task === task) && (info.action !== 'answer:unknown' || scheme.answerUnknown));
}

/** The labelling actions of a task, each with the value it sets: one label button each. */
export function labelChoices(task: Task, scheme: LabelScheme): Array<ActionInfo & { value: LabelValue }> {
  return actionsForTask(task, scheme).flatMap((info) => (info.value === undefined ? [] : [{ ...info, value: info.value }]));
}

/**
 * The key an event stands for: letters in lower case, so Shift or Caps Lock do not matter, and
 * named keys (ArrowDown, Escape) as the browser names them.
 */
export function normaliseKey(key: string): string {
  return key.length === 1 ? key.toLowerCase() : key;
}

/** A key as the buttons and the help show it. */
export function displayKey(key: string): string {
  const names: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑', ArrowLeft: '←', ArrowRight: '→', ' ': 'Space', Escape: 'Esc', Enter: 'Enter' };
  return names[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}

/** Keys that the workspace and the browser need for themselves, so they cannot be assigned. */
const RESERVED_KEYS = new Set(['Escape', 'Tab', 'Enter', ' ', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

export function isAssignableKey(key: string): boolean {
  return !RESERVED_KEYS.has(key) && key !== 'Dead' && key !== 'Unidentified';
}

export interface KeyMap {
  /** Action -> the keys that trigger it, after overrides. */
  keysOf(action: WorkspaceAction): readonly string[];
  /** The action a key triggers in a task, if any. */
  actionFor(task: Task, scheme: LabelScheme, key: string): WorkspaceAction | undefined;
}

/** Overrides replace an action's default keys; unknown action names in stored overrides are ignored. */
export function buildKeyMap(overrides: KeyOverrides): KeyMap {
  const keys = new Map<WorkspaceAction, readonly string[]>();
  for (const info of ACTIONS) {
    const override = Object.hasOwn(overrides, info.action) ? overrides[info.action] : undefined;
    keys.set(info.action, (override ?? info.defaultKeys).map(normaliseKey).filter(isAssignableKey));
  }
  // One lookup table per task and scheme, built on first use: a key press is then one Map read.
  const tables = new Map<string, Map<string, WorkspaceAction>>();
  const tableFor = (task: Task, scheme: LabelScheme) => {
    const name = `${task}/${scheme.answerUnknown}`;
    let table = tables.get(name);
    if (!table) {
      table = new Map();
      for (const info of actionsForTask(task, scheme)) {
        // First action listed wins a clash; the settings refuse to save clashes anyway.
        for (const key of keys.get(info.action) ?? []) if (!table.has(key)) table.set(key, info.action);
      }
      tables.set(name, table);
    }
    return table;
  };
  return {
    keysOf: (action) => keys.get(action) ?? [],
    actionFor: (task, scheme, key) => tableFor(task, scheme).get(normaliseKey(key)),
  };
}

export interface KeyClash {
  key: string;
  task: Task;
  actions: WorkspaceAction[];
}

/** Keys bound to two actions of the same task (the same key may label in two different tasks). */
export function findClashes(keysOf: (action: WorkspaceAction) => readonly string[]): KeyClash[] {
  const clashes: KeyClash[] = [];
  for (const task of ['answer', 'match', 'difficulty'] as const) {
    const byKey = new Map<string, WorkspaceAction[]>();
    for (const info of actionsForTask(task, { answerUnknown: true })) {
      for (const key of new Set(keysOf(info.action).map(normaliseKey))) byKey.set(key, [...(byKey.get(key) ?? []), info.action]);
    }
    for (const [key, actions] of byKey) if (actions.length > 1) clashes.push({ key, task, actions });
  }
  return clashes;
}

/** Only the actions whose keys differ from the defaults, so later changes to defaults still reach everyone else. */
export function overridesFrom(keysOf: (action: WorkspaceAction) => readonly string[]): KeyOverrides {
  const overrides: KeyOverrides = {};
  for (const info of ACTIONS) {
    const keys = keysOf(info.action);
    const same = keys.length === info.defaultKeys.length && keys.every((key, index) => key === info.defaultKeys[index]);
    if (!same) overrides[info.action] = [...keys];
  }
  return overrides;
}
