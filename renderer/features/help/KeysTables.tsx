// Every key of the labelling workspace, read from the key map (with the user's own remapping) so
// the list never drifts from what the keys do.

import { ACTIONS, displayKey, type ActionInfo, type KeyMap } from '../settings';
import { TASK_TITLES } from '../../../shared/domain/task-words';

const GROUPS: { title: string; keep: (info: ActionInfo) => boolean }[] = [
  { title: TASK_TITLES.answer, keep: (info) => info.task === 'answer' },
  { title: TASK_TITLES.match, keep: (info) => info.task === 'match' },
  { title: TASK_TITLES.difficulty, keep: (info) => info.task === 'difficulty' },
  { title: 'In every task', keep: (info) => info.task === undefined },
];

export function KeysTables({ keyMap }: { keyMap: KeyMap }) {
  return (
    <section aria-labelledby="help-keys-title">
      <h2 id="help-keys-title">Keys in the labelling workspace</h2>
      <p className="muted small">Keys typed into a text field never label. Change them in the workspace&rsquo;s Settings; this list follows your changes.</p>
      {GROUPS.map((group) => (
        <section key={group.title}>
          <h3>{group.title}</h3>
          <table className="data-table shortcut-table compact-table" data-testid="help-keys">
            <tbody>
              {ACTIONS.filter(group.keep).map((info) => {
                const keys = keyMap.keysOf(info.action);
                return (
                  <tr key={info.action} data-action={info.action}>
                    <td>{info.description}</td>
                    <td>{keys.length === 0 ? <span className="muted">no key</span> : keys.map((key) => <kbd key={key}>{displayKey(key)}</kbd>)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}
