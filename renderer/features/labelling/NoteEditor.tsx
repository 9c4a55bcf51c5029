// The note on the current unit. Ctrl+Enter (Cmd+Enter on a Mac) or Save stores it durably
// (with the label, or together with the first label if there is none yet); Escape closes.

import { useState, type KeyboardEvent } from 'react';
import { MAX_LABEL_NOTE_CHARS } from '../../../shared/domain/model';
import { unitName } from './unit-queue';
import { useWorkspace } from './useWorkspace';

export function NoteEditor() {
  const controller = useWorkspace();
  const { closeModal } = controller.store.getState();
  // The unit is fixed while the editor is open: the workspace's keys are off and the backdrop covers the list.
  const [unit] = useState(() => controller.currentUnit());
  const [text, setText] = useState(() => {
    if (!unit) return '';
    return controller.index.get(unit.id).label?.note ?? controller.store.getState().drafts.get(unit.id)?.note ?? '';
  });
  if (!unit) return null;

  const save = () => {
    controller.saveNote(text.trim());
    closeModal();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeModal();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    }
  };
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="note-editor-title" onKeyDown={onKeyDown}>
        <h2 id="note-editor-title">Note on {unitName(unit, controller.data.puzzles.get(unit.puzzleId))}</h2>
        <textarea
          data-testid="note-editor"
          className="note-editor"
          value={text}
          maxLength={MAX_LABEL_NOTE_CHARS}
          rows={5}
          autoFocus
          aria-label="Note"
          placeholder="Why you hesitated, or anything the study lead should know"
          onChange={(event) => setText(event.target.value)}
        />
        <div className="modal-actions">
          <button type="button" className="primary" onClick={save}>
            Save note <kbd>Ctrl+Enter</kbd>
          </button>
          <button type="button" className="chip" onClick={closeModal}>
            Cancel <kbd>Esc</kbd>
          </button>
        </div>
      </div>
    </div>
  );
}
