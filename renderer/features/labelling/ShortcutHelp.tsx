// Every shortcut of this task, as the annotator has them mapped.

import { useServices } from '../../services/services';
import { actionsForTask, displayKey, type KeyMap } from '../settings';
import { useWorkspace } from './useWorkspace';

export function ShortcutHelp({ keyMap }: { keyMap: KeyMap }) {
  const controller = useWorkspace();
  const { task, study } = controller.data;
  const { closeModal } = controller.store.getState();
  const { store: studio } = useServices();
  const rows = [
    ...actionsForTask(task, study.scheme).map((info) => ({ name: info.description, keys: keyMap.keysOf(info.action) })),
    { name: 'Close a panel or dialog', keys: ['Escape'] },
    { name: 'Save the note (in the note editor)', keys: ['Ctrl+Enter'] },
  ];
  return (
    <div className="modal-backdrop" onClick={closeModal}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcut-help-title"
        data-testid="shortcut-help"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="shortcut-help-title">Keyboard shortcuts</h2>
        <p className="muted small">
          A label key saves the label and moves on to the next unit. Keys typed into a text field never label. Change keys in Settings.
        </p>
        <table className="data-table shortcut-table">
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <td>{row.name}</td>
                <td>{row.keys.length === 0 ? <span className="muted">no key</span> : row.keys.map((key) => <kbd key={key}>{displayKey(key)}</kbd>)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="modal-actions">
          <button type="button" className="link-button" onClick={() => studio.getState().navigate({ view: 'help' })}>
            Help: what the studio is for and how to use it
          </button>
          <button type="button" className="chip" onClick={closeModal}>
            Close <kbd>Esc</kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
