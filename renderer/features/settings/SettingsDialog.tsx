// Settings of this computer's annotator: who is labelling (labels are stored under this id)
// and the workspace's keys. Saved into the preferences store; nothing here is domain data.

import { useState, type FormEvent } from 'react';
import { FILE_SAFE_ID_RULE, isAnnotatorId } from '../../../shared/domain/ids';
import { useServices } from '../../services/services';
import { FormDialog } from './FormDialog';
import { ACTIONS, buildKeyMap, findClashes, overridesFrom, type WorkspaceAction } from './key-map';
import { KeyBindingsEditor, type KeyBindings } from './KeyBindingsEditor';

function annotatorIdProblem(id: string): string | undefined {
  return isAnnotatorId(id) ? undefined : `Use ${FILE_SAFE_ID_RULE}.`;
}

export function SettingsDialog({ onClose }: { onClose(): void }) {
  const { preferences } = useServices();
  const [initial] = useState(() => preferences.getState());
  const [name, setName] = useState(initial.annotator.name);
  const [id, setId] = useState(initial.annotator.id);
  const [bindings, setBindings] = useState<KeyBindings>(() => {
    const keyMap = buildKeyMap(initial.keyOverrides);
    return new Map(ACTIONS.map((info) => [info.action, keyMap.keysOf(info.action)]));
  });
  const [problem, setProblem] = useState<string>();
  const keysOf = (action: WorkspaceAction) => bindings.get(action) ?? [];

  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmedId = id.trim();
    const trimmedName = name.trim();
    const idProblem = annotatorIdProblem(trimmedId);
    if (trimmedName === '') return setProblem('Give the annotator a name.');
    if (idProblem) return setProblem(`Annotator id: ${idProblem}`);
    if (findClashes(keysOf).length > 0) return setProblem('Some keys do two things in one task (listed above).');
    const state = preferences.getState();
    state.setAnnotator({ id: trimmedId, name: trimmedName });
    state.setKeyOverrides(overridesFrom(keysOf));
    onClose();
  };
  return (
    <FormDialog
      titleId="settings-title"
      title="Settings"
      className="settings-dialog"
      submitText="Save settings"
      problem={problem}
      onSubmit={save}
      onCancel={onClose}
    >
      <fieldset>
        <legend>Who is labelling on this computer</legend>
        <label className="field">
          <span>Name</span>
          <input value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
        </label>
        <label className="field">
          <span>Annotator id</span>
          <input value={id} onChange={(event) => setId(event.target.value)} autoComplete="off" spellCheck={false} />
        </label>
        {id.trim() !== initial.annotator.id && (
          <p className="muted small">
            Labels are stored under this id. With a new id you start a fresh set of labels; the labels made under "{initial.annotator.id}" stay where they are.
          </p>
        )}
      </fieldset>
      <h3>Keys</h3>
      <KeyBindingsEditor bindings={bindings} onChange={setBindings} />
      <button type="button" className="link-button" onClick={() => setBindings(new Map(ACTIONS.map((info) => [info.action, info.defaultKeys])))}>
        Restore the default keys
      </button>
    </FormDialog>
  );
}
