// Hooks to the open workspace: its controller, single values of its UI state, and the
// durable state of one unit's label. Each reads one value, so a key press re-renders only
// the components whose value changed.

import { useCallback, useContext, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { WorkspaceContext } from './workspace-context';
import type { UnitLabelView } from './label-index';
import type { WorkspaceController } from './workspace-controller';
import type { WorkspaceState } from './workspace-store';

export function useWorkspace(): WorkspaceController {
  const controller = useContext(WorkspaceContext);
  if (!controller) throw new Error('useWorkspace must be used inside a labelling workspace');
  return controller;
}

export function useWorkspaceState<T>(selector: (state: WorkspaceState) => T): T {
  return useStore(useWorkspace().store, selector);
}

export function useUnitLabel(unitId: string): UnitLabelView {
  const { index } = useWorkspace();
  const subscribe = useCallback((listener: () => void) => index.subscribe(unitId, listener), [index, unitId]);
  const read = useCallback(() => index.get(unitId), [index, unitId]);
  return useSyncExternalStore(subscribe, read);
}

export function useLabelledCount(): number {
  const { index } = useWorkspace();
  return useSyncExternalStore(index.subscribeDone, index.getDone);
}
