// Remapping the workspace's keys: every action with its keys, a key removed with its ×, a key
// added by pressing it after "Add key". Clashes within a task are listed so they can be fixed.

import { useState, type KeyboardEvent } from 'react';
import type { Task } from '../../../shared/domain/model';
import { ACTIONS, displayKey, findClashes, isAssignableKey, normaliseKey, type ActionInfo, type WorkspaceAction } from './key-map';

const GROUPS: { title: string; task: Task | undefined }[] = [
  { title: 'Answering questions', task: 'answer' },
  { title: 'Final answers', task: 'match' },
  { title: 'Difficulty', task: 'difficulty' },
  { title: 'Every task', task: undefined },
];

export type KeyBindings = ReadonlyMap<WorkspaceAction, readonly string[]>;

export function KeyBindingsEditor({ bindings, onChange }: { bindings: KeyBindings; onChange(bindings: KeyBindings): void }) {
  const [capturing, setCapturing] = useState<WorkspaceAction>();
  const keysOf = (action: WorkspaceAction) => bindings.get(action) ?? [];
  const clashes = findClashes(keysOf);

  const setKeys = (action: WorkspaceAction, keys: readonly string[]) => onChange(new Map(bindings).set(action, keys));
  const capture = (info: ActionInfo, event: KeyboardEvent) => {
    // The key is taken here, and must not reach the workspace or the dialog.
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape') return setCapturing(undefined);
    if (event.ctrlKey || event.metaKey || event.altKey || !isAssignableKey(event.key)) return;
    const key = normaliseKey(event.key);
    if (!keysOf(info.action).includes(key)) setKeys(info.action, [...keysOf(info.action), key]);
    setCapturing(undefined);
  };

  return (
    <div className="key-bindings">
      {GROUPS.map((group) => (
        <fieldset key={group.title}>
          <legend>{group.title}</legend>
          <table className="key-table">
            <tbody>
              {ACTIONS.filter((info) => info.task === group.task).map((info) => (
                <tr key={info.action} data-action={info.action}>
                  <td>{info.description}</td>
                  <td className="key-chips">
                    {keysOf(info.action).map((key) => (
                      <span key={key} className="key-chip">
                        <kbd>{displayKey(key)}</kbd>
                        <button
                          type="button"
                          className="link-button"
                          aria-label={`Remove ${displayKey(key)} from ${info.description}`}
                          onClick={() =>
                            setKeys(
                              info.action,
                              keysOf(info.action).filter((other) => other !== key),
                            )
                          }
                        >
                          ×
                        </button>
                      </span>
                    ))}
                    {capturing === info.action ? (
                      <button
                        type="button"
                        className="chip capturing"
                        autoFocus
                        onKeyDown={(event) => capture(info, event)}
                        onBlur={() => setCapturing(undefined)}
                      >
                        Press a key…
                      </button>
                    ) : (
                      <button type="button" className="chip" onClick={() => setCapturing(info.action)}>
                        Add key
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </fieldset>
      ))}
      {clashes.length > 0 && (
        <div className="notice notice-error" role="alert">
          These keys do two things in one task; give each its own key before saving:
          <ul>
            {clashes.map((clash) => (
              <li key={`${clash.task}/${clash.key}`}>
                <kbd>{displayKey(clash.key)}</kbd> in {clash.task}:{' '}
                {clash.actions.map((action) => ACTIONS.find((info) => info.action === action)?.description ?? action).join(' and ')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
