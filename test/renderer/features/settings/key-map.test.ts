// The key map: the default keys per task, overrides that replace an action's keys,
// keys read the same with Shift or Caps Lock, clashes found within a task only.

import { describe, expect, it } from 'vitest';
import { ACTIONS, actionsForTask, buildKeyMap, displayKey, findClashes, normaliseKey, overridesFrom } from '../../../../renderer/features/settings/key-map';

const plain = { answerUnknown: false };
const withUnknown = { answerUnknown: true };

describe('default keys', () => {
  const keys = buildKeyMap({});

  it('label answers with Y/N/I (U when the scheme has unknown) or 1/2/3', () => {
    for (const [key, action] of [
      ['y', 'answer:yes'],
      ['n', 'answer:no'],
      ['i', 'answer:irrelevant'],
      ['1', 'answer:yes'],
      ['2', 'answer:no'],
      ['3', 'answer:irrelevant'],
    ] as const) {
      expect(keys.actionFor('answer', plain, key), key).toBe(action);
    }
    expect(keys.actionFor('answer', plain, 'u')).toBeUndefined();
    expect(keys.actionFor('answer', withUnknown, 'u')).toBe('answer:unknown');
  });

  it('label final answers with M/X or 1/2, and difficulty with 1-9', () => {
    expect(keys.actionFor('match', plain, 'm')).toBe('match:matched');
    expect(keys.actionFor('match', plain, 'x')).toBe('match:unmatched');
    expect(keys.actionFor('match', plain, '1')).toBe('match:matched');
    expect(keys.actionFor('match', plain, '2')).toBe('match:unmatched');
    for (let level = 1; level <= 9; level++) expect(keys.actionFor('difficulty', plain, String(level))).toBe(`difficulty:${level}`);
    // A label key of one task does nothing in another.
    expect(keys.actionFor('difficulty', plain, 'y')).toBeUndefined();
    expect(keys.actionFor('match', plain, 'y')).toBeUndefined();
  });

  it('move with arrows or J/K, and give S, E, Z, ? and G their jobs in every task', () => {
    for (const task of ['answer', 'match', 'difficulty'] as const) {
      expect(keys.actionFor(task, plain, 'ArrowDown')).toBe('next');
      expect(keys.actionFor(task, plain, 'ArrowRight')).toBe('next');
      expect(keys.actionFor(task, plain, 'j')).toBe('next');
      expect(keys.actionFor(task, plain, 'ArrowUp')).toBe('previous');
      expect(keys.actionFor(task, plain, 'k')).toBe('previous');
      expect(keys.actionFor(task, plain, 's')).toBe('unsure');
      expect(keys.actionFor(task, plain, 'e')).toBe('note');
      expect(keys.actionFor(task, plain, 'z')).toBe('undo');
      expect(keys.actionFor(task, plain, '?')).toBe('help');
      expect(keys.actionFor(task, plain, 'g')).toBe('guidelines');
    }
  });

  it('reads upper-case letters as their keys (Shift or Caps Lock)', () => {
    expect(keys.actionFor('answer', plain, 'Y')).toBe('answer:yes');
    expect(normaliseKey('J')).toBe('j');
    expect(normaliseKey('ArrowDown')).toBe('ArrowDown');
  });

  it('have no clash in any task', () => {
    expect(findClashes(keys.keysOf)).toEqual([]);
  });

  it('list only the actions of the task, with unknown only when the scheme has it', () => {
    const answer = actionsForTask('answer', plain).map((info) => info.action);
    expect(answer).toContain('answer:yes');
    expect(answer).not.toContain('answer:unknown');
    expect(answer).not.toContain('match:matched');
    expect(actionsForTask('answer', withUnknown).map((info) => info.action)).toContain('answer:unknown');
    expect(actionsForTask('difficulty', plain).filter((info) => info.value !== undefined)).toHaveLength(9);
  });
});

describe('overrides', () => {
  it('replace the keys of an action and free its old keys', () => {
    const keys = buildKeyMap({ 'answer:yes': ['h'], next: ['l', 'ArrowDown'] });
    expect(keys.actionFor('answer', plain, 'h')).toBe('answer:yes');
    expect(keys.actionFor('answer', plain, 'y')).toBeUndefined();
    expect(keys.actionFor('answer', plain, 'l')).toBe('next');
    expect(keys.actionFor('answer', plain, 'j')).toBeUndefined();
    expect(keys.keysOf('answer:no')).toEqual(['n', '2']);
  });

  it('ignore unknown actions, prototype names and keys the workspace keeps for itself', () => {
    const overrides = JSON.parse('{"__proto__": ["q"], "nonsense": ["w"], "undo": ["Escape", "Z"]}') as Record<string, string[]>;
    const keys = buildKeyMap(overrides);
    expect(keys.actionFor('answer', plain, 'q')).toBeUndefined();
    expect(keys.actionFor('answer', plain, 'w')).toBeUndefined();
    expect(keys.keysOf('undo')).toEqual(['z']);
  });

  it('are found as clashes when one key does two things in one task, not across tasks', () => {
    const keys = buildKeyMap({ 'answer:yes': ['n'] });
    expect(findClashes(keys.keysOf)).toEqual([{ key: 'n', task: 'answer', actions: ['answer:yes', 'answer:no'] }]);
    // 1 labels in answer, match and difficulty alike: no clash.
    expect(findClashes(buildKeyMap({}).keysOf)).toEqual([]);
  });

  it('are stored only for the actions that differ from the defaults', () => {
    const keys = buildKeyMap({ 'match:matched': ['v'] });
    expect(overridesFrom(keys.keysOf)).toEqual({ 'match:matched': ['v'] });
    expect(overridesFrom(buildKeyMap({}).keysOf)).toEqual({});
  });
});

describe('displayKey', () => {
  it('shows letters in capitals and arrows as arrows', () => {
    expect(displayKey('y')).toBe('Y');
    expect(displayKey('ArrowDown')).toBe('↓');
    expect(displayKey('?')).toBe('?');
  });

  it('has a description for every action', () => {
    for (const info of ACTIONS) expect(info.description.length, info.action).toBeGreaterThan(3);
  });
});
