// Every shortcut of this task, as the annotator has them mapped; where the answer keys mark
// answers (a study that allows several), what they and Enter do there.

import { useServices } from '../../services/services';
import { actionsForTask, displayKey, type KeyMap } from '../settings';
import { useWorkspace } from './useWorkspace';

export function ShortcutHelp({ keyMap }: { keyMap: KeyMap }) {
  const controller = useWorkspace();
  const { task, study } = controller.data;
  const { closeModal } = controller.store.getState();
  const { store: studio } = useServices();
  const { marksAnswers } = controller;
  const actions = actionsForTask(task, study.scheme);
  const row = (info: (typeof actions)[number]) => ({
    name: marksAnswers && info.value !== undefined ? `Mark or unmark: ${info.description}` : info.description,
    keys: keyMap.keysOf(info.action),
  });
  const rows = [
    ...actions.filter((info) => info.value !== undefined).map(row),
    // Enter goes with the keys that mark, since it saves what they marked.
    ...(marksAnswers ? [{ name: 'Save the marked answers and move on', keys: ['Enter'] }] : []),
    ...actions.filter((info) => info.value === undefined).map(row),
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
        <p className="muted small" data-testid="shortcut-summary">
          {marksAnswers
            ? 'This study lets you mark every acceptable answer: an answer key marks that answer, or unmarks it, and Enter saves the marked answers and moves on to the next unit. The first answer marked is the one you would give if you had to pick one.'
            : 'A label key saves the label and moves on to the next unit.'}{' '}
          Keys typed into a text field never label. Change keys in Settings.
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
