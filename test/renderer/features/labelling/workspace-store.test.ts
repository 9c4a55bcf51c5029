// The workspace's UI store without React: the cursor stays inside the list, a new list keeps
// the cursor on the same unit or the next one shown, drafts keep only what was given.

import { describe, expect, it } from 'vitest';
import { createWorkspaceStore, currentPosition, lowerBound } from '../../../../renderer/features/labelling/workspace-store';

describe('createWorkspaceStore', () => {
  it('gives each caller a store of its own', () => {
    const a = createWorkspaceStore({ visible: [0, 1, 2], position: 0 });
    const b = createWorkspaceStore({ visible: [0, 1, 2], position: 0 });
    a.getState().move(1);
    expect(currentPosition(a.getState())).toBe(1);
    expect(currentPosition(b.getState())).toBe(0);
  });

  it('moves within the list and stops at both ends', () => {
    const store = createWorkspaceStore({ visible: [0, 1, 2, 3], position: 2 });
    store.getState().move(5);
    expect(store.getState().cursor).toBe(3);
    store.getState().move(-9);
    expect(store.getState().cursor).toBe(0);
    store.getState().select(2);
    store.getState().select(99);
    expect(store.getState().cursor).toBe(2);
  });

  it('keeps the cursor on the same unit, or the next one shown, when the list changes', () => {
    const store = createWorkspaceStore({ visible: [0, 1, 2, 3, 4, 5], position: 3 });
    store.getState().showList('unlabelled', '', [1, 3, 5], 3);
    expect(currentPosition(store.getState())).toBe(3);
    store.getState().showList('unsure', '', [0, 4, 5], 3);
    expect(currentPosition(store.getState())).toBe(4);
    store.getState().showList('note', '', [0, 1], 4);
    expect(currentPosition(store.getState())).toBe(1);
    store.getState().showList('note', '', [], 4);
    expect(store.getState().cursor).toBe(-1);
    expect(currentPosition(store.getState())).toBe(-1);
    store.getState().move(1);
    expect(store.getState().cursor).toBe(-1);
  });

  it('goes to a position only if the list shows it', () => {
    const store = createWorkspaceStore({ visible: [2, 4, 8], position: 2 });
    expect(store.getState().goToPosition(8)).toBe(true);
    expect(store.getState().cursor).toBe(2);
    expect(store.getState().goToPosition(5)).toBe(false);
    expect(store.getState().cursor).toBe(2);
  });

  it('keeps a draft only while it holds an unsure flag or a note', () => {
    const store = createWorkspaceStore({ visible: [0], position: 0 });
    store.getState().setDraft('__proto__', { unsure: true, note: '' });
    expect(store.getState().drafts.get('__proto__')).toEqual({ unsure: true, note: '' });
    store.getState().setDraft('__proto__', { unsure: false, note: '' });
    expect(store.getState().drafts.size).toBe(0);
  });
});

describe('lowerBound', () => {
  it('finds the first index at or after a position', () => {
    expect(lowerBound([1, 3, 5], 0)).toBe(0);
    expect(lowerBound([1, 3, 5], 3)).toBe(1);
    expect(lowerBound([1, 3, 5], 4)).toBe(2);
    expect(lowerBound([1, 3, 5], 9)).toBe(3);
  });
});
