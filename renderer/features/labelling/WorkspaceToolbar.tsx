// The workspace's top bar: which task and study, who is labelling (and their team server sync
// state), the other tasks, progress, the filters, jump to a unit, and the guidelines, shortcuts,
// settings and export buttons.

import { TASKS } from '../../../shared/domain/model';
import { useServices } from '../../services/services';
import { useLabellingAnnotator } from '../mode';
import { ExportLabelsButton } from '../team';
import { SyncStatusNote } from '../sync';
import { displayKey, type KeyMap } from '../settings';
import { JumpToUnit } from './JumpToUnit';
import { ProgressBar } from './ProgressBar';
import { TASK_TITLES } from '../../../shared/domain/task-words';
import { useWorkspace, useWorkspaceState } from './useWorkspace';
import { UNIT_FILTERS, type UnitFilter } from './workspace-store';

const FILTER_NAMES: Record<UnitFilter, string> = { all: 'All', unlabelled: 'Unlabelled', unsure: 'Unsure', note: 'Has note' };

export function WorkspaceToolbar({ keyMap }: { keyMap: KeyMap }) {
  const controller = useWorkspace();
  const { store: studio } = useServices();
  const { study, task } = controller.data;
  const filter = useWorkspaceState((state) => state.filter);
  const annotatorName = useLabellingAnnotator(study.id)?.name;
  const { openModal, toggleGuidelines } = controller.store.getState();
  const firstKey = (action: 'guidelines' | 'help') => {
    const key = keyMap.keysOf(action)[0];
    return key === undefined ? null : <kbd>{displayKey(key)}</kbd>;
  };

  return (
    <div className="workspace-toolbar">
      <div className="workspace-heading">
        <h1 id="workspace-title">{TASK_TITLES[task]}</h1>
        <span className="muted small">
          {study.name}
          {annotatorName !== undefined && (
            <>
              {' '}
              · labelling as <span className="strong">{annotatorName}</span>
            </>
          )}{' '}
          <SyncStatusNote studyId={study.id} />
        </span>
      </div>
      <nav className="task-tabs" aria-label="Tasks">
        {TASKS.map((other) => (
          <button
            key={other}
            type="button"
            className="link-button"
            aria-current={other === task ? 'page' : undefined}
            onClick={() => studio.getState().navigate({ view: 'label', studyId: study.id, task: other })}
          >
            {TASK_TITLES[other]}
          </button>
        ))}
      </nav>
      <ProgressBar />
      <div className="workspace-controls">
        <div className="filters" role="group" aria-label="Show">
          {UNIT_FILTERS.map((name) => (
            <button key={name} type="button" className="chip" aria-pressed={filter === name} onClick={() => controller.setFilter(name)}>
              {FILTER_NAMES[name]}
            </button>
          ))}
        </div>
        <JumpToUnit />
        <div className="workspace-buttons">
          <button type="button" className="chip" onClick={toggleGuidelines}>
            Guidelines {firstKey('guidelines')}
          </button>
          <button type="button" className="chip" onClick={() => openModal('help')}>
            Shortcuts {firstKey('help')}
          </button>
          <button type="button" className="chip" onClick={() => openModal('settings')}>
            Settings
          </button>
          <ExportLabelsButton studyId={study.id} className="chip" />
        </div>
      </div>
    </div>
  );
}
