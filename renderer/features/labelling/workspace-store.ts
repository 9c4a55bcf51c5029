// UI state of one open workspace: which units the filter shows, where the cursor is, which
// panel is open, flags given to a unit before its first label, the answers marked on the current
// unit before Enter saves them, a notice line and the alert of labels not saved. Labels are not here (they live in Dexie, seen through the LabelIndex); a
// factory, so tests get a fresh store.

import { createStore } from 'zustand/vanilla';
import type { AnswerLabel } from '../../../shared/domain/model';

export const UNIT_FILTERS = ['all', 'unlabelled', 'unsure', 'note'] as const;
export type UnitFilter = (typeof UNIT_FILTERS)[number];

export type WorkspaceModal = 'none' | 'help' | 'note' | 'settings';

/** Answers marked on one unit and not saved yet, in marking order (issue 33). */
export interface Marks {
  unitId: string;
  values: readonly AnswerLabel[];
}

/** Unsure flag and note given to a unit that has no label yet; saved with its first label. */
export interface Draft {
  unsure: boolean;
  note: string;
}

export interface WorkspaceState {
  filter: UnitFilter;
  /** The text search the list is narrowed by, as typed; '' for none. */
  query: string;
  /** Queue positions the filter and the search show, ascending. Fixed until the filter is chosen again, so rows do not jump while labelling. */
  visible: readonly number[];
  /** Index into `visible` of the current unit; -1 when the filter shows nothing. */
  cursor: number;
  modal: WorkspaceModal;
  guidelinesOpen: boolean;
  /** A Map, since unit ids come from imported files and must never reach an object's prototype. */
  drafts: ReadonlyMap<string, Draft>;
  /** Answers marked on the current unit since it came up; undefined: the unit shows its label's. */
  marks: Marks | undefined;
  notice: string | undefined;
  /** Which labels are not on disk and why; unlike the notice it stays until they are saved. */
  saveProblem: string | undefined;
  /** Shows a new list, keeping the cursor on `position` or the first shown unit after it. */
  showList(filter: UnitFilter, query: string, visible: readonly number[], position: number): void;
  move(delta: number): void;
  select(index: number): void;
  /** Moves to a queue position if the list shows it. */
  goToPosition(position: number): boolean;
  openModal(modal: WorkspaceModal): void;
  closeModal(): void;
  toggleGuidelines(): void;
  setDraft(unitId: string, draft: Draft | undefined): void;
  setMarks(marks: Marks | undefined): void;
  setNotice(notice: string | undefined): void;
  setSaveProblem(problem: string | undefined): void;
}

/** The first index whose position is >= `position` (visible is ascending). */
export function lowerBound(visible: readonly number[], position: number): number {
  let low = 0;
  let high = visible.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((visible[middle] as number) < position) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function currentPosition(state: Pick<WorkspaceState, 'visible' | 'cursor'>): number {
  return state.visible[state.cursor] ?? -1;
}

function cursorNear(visible: readonly number[], position: number): number {
  if (visible.length === 0) return -1;
  return Math.min(lowerBound(visible, position), visible.length - 1);
}

export function createWorkspaceStore(initial: { filter?: UnitFilter; visible: readonly number[]; position: number }) {
  return createStore<WorkspaceState>()((set, get) => ({
    filter: initial.filter ?? 'all',
    query: '',
    visible: initial.visible,
    cursor: cursorNear(initial.visible, initial.position),
    modal: 'none',
    guidelinesOpen: false,
    drafts: new Map(),
    marks: undefined,
    notice: undefined,
    saveProblem: undefined,
    showList: (filter, query, visible, position) => set({ filter, query, visible, cursor: cursorNear(visible, position) }),
    move: (delta) => {
      const { cursor, visible } = get();
      if (visible.length === 0) return;
      const next = Math.min(visible.length - 1, Math.max(0, cursor + delta));
      if (next !== cursor) set({ cursor: next, notice: undefined });
    },
    select: (index) => {
      const { visible } = get();
      if (index >= 0 && index < visible.length) set({ cursor: index, notice: undefined });
    },
    goToPosition: (position) => {
      const { visible } = get();
      const index = lowerBound(visible, position);
      if (visible[index] !== position) return false;
      set({ cursor: index, notice: undefined });
      return true;
    },
    openModal: (modal) => set({ modal }),
    closeModal: () => set({ modal: 'none' }),
    toggleGuidelines: () => set((state) => ({ guidelinesOpen: !state.guidelinesOpen })),
    setDraft: (unitId, draft) =>
      set((state) => {
        const drafts = new Map(state.drafts);
        if (draft && (draft.unsure || draft.note !== '')) drafts.set(unitId, draft);
        else drafts.delete(unitId);
        return { drafts };
      }),
    setMarks: (marks) => set({ marks }),
    setNotice: (notice) => set({ notice }),
    setSaveProblem: (saveProblem) => set({ saveProblem }),
  }));
}

export type WorkspaceStore = ReturnType<typeof createWorkspaceStore>;
