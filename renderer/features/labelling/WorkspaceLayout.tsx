// The open workspace: toolbar with progress and filters, the unit list beside the current
// unit, the guidelines side panel, and the help, note and settings dialogs. Owns the key map
// (defaults plus the annotator's overrides) and the keyboard listener.

import { useMemo } from 'react';
import { usePreferences } from '../../services/services';
import { CurrentUnit } from './CurrentUnit';
import { GuidelinesPanel } from './GuidelinesPanel';
import { buildKeyMap, SettingsDialog } from '../settings';
import { NoteEditor } from './NoteEditor';
import { SaveLogRegion } from './SaveLogRegion';
import { ShortcutHelp } from './ShortcutHelp';
import { UnitList } from './UnitList';
import { useWorkspace, useWorkspaceState } from './useWorkspace';
import { useWorkspaceKeys } from './useWorkspaceKeys';
import { WorkspaceToolbar } from './WorkspaceToolbar';

export function WorkspaceLayout() {
  const controller = useWorkspace();
  const { study, task } = controller.data;
  const overrides = usePreferences((state) => state.keyOverrides);
  const keyMap = useMemo(() => buildKeyMap(overrides), [overrides]);
  useWorkspaceKeys(controller, task, study.scheme, keyMap);
  const modal = useWorkspaceState((state) => state.modal);
  const guidelinesOpen = useWorkspaceState((state) => state.guidelinesOpen);
  const notice = useWorkspaceState((state) => state.notice);
  const saveProblem = useWorkspaceState((state) => state.saveProblem);
  const closeModal = controller.store.getState().closeModal;

  return (
    <section className="workspace" data-testid="workspace" data-task={task} data-ready="true" aria-labelledby="workspace-title">
      <WorkspaceToolbar keyMap={keyMap} />
      {saveProblem !== undefined && (
        <div className="notice notice-error" role="alert" data-testid="save-problem">
          {saveProblem}
        </div>
      )}
      <p className="workspace-notice" aria-live="polite">
        {notice ?? ''}
      </p>
      <div className={`workspace-body${guidelinesOpen ? ' with-guidelines' : ''}`}>
        <UnitList />
        <CurrentUnit keyMap={keyMap} />
        {guidelinesOpen && <GuidelinesPanel />}
      </div>
      {modal === 'help' && <ShortcutHelp keyMap={keyMap} />}
      {modal === 'note' && <NoteEditor />}
      {modal === 'settings' && <SettingsDialog onClose={closeModal} />}
      <SaveLogRegion />
    </section>
  );
}
