// The study's guidelines beside the unit (G opens and closes it): the lead's own text, or the
// default guidelines. In lead mode the text can be edited here and is saved with the study.

import { useState } from 'react';
import { useServices } from '../../services/services';
import { useStudy } from '../../services/queries';
import { describeStorageError } from '../../db/storage';
import { DEFAULT_GUIDELINES } from '../../../shared/domain/default-guidelines';
import { GuidelinesText } from './GuidelinesText';
import { saveGuidelines } from './guidelines-writer';
import { useWorkspace } from './useWorkspace';
import { useStudioMode } from '../mode';

export function GuidelinesPanel() {
  const { db } = useServices();
  const controller = useWorkspace();
  const studyId = controller.data.study.id;
  // Live, so a lead's edit shows at once (and in every open window).
  const study = useStudy(studyId);
  const mode = useStudioMode();
  const [draft, setDraft] = useState<string>();
  const [error, setError] = useState<string>();
  const text = (study ?? controller.data.study).guidelines ?? DEFAULT_GUIDELINES;
  const custom = (study ?? controller.data.study).guidelines !== undefined;

  const save = async (guidelines: string | undefined) => {
    try {
      await saveGuidelines(db, studyId, guidelines);
      setDraft(undefined);
      setError(undefined);
    } catch (caught) {
      setError(describeStorageError(caught));
    }
  };

  return (
    <aside className="guidelines-panel" data-testid="guidelines" aria-labelledby="guidelines-title">
      <div className="guidelines-header">
        <h2 id="guidelines-title">Guidelines</h2>
        <button type="button" className="link-button" onClick={controller.store.getState().toggleGuidelines}>
          Close
        </button>
      </div>
      {draft === undefined ? (
        <>
          <GuidelinesText text={text} />
          {mode === 'lead' && (
            <div className="guidelines-actions">
              <button type="button" className="chip" onClick={() => setDraft(text)}>
                Edit guidelines
              </button>
              {!custom && <span className="muted small">These are the default guidelines.</span>}
            </div>
          )}
        </>
      ) : (
        <div className="guidelines-editor">
          <p className="muted small">Plain text: start a line with # for a heading and with - for a list item; leave a blank line between paragraphs.</p>
          <textarea value={draft} onChange={(event) => setDraft(event.target.value)} rows={18} aria-label="Guidelines text" />
          {error !== undefined && (
            <div className="notice notice-error" role="alert">
              {error}
            </div>
          )}
          <div className="guidelines-actions">
            <button type="button" className="primary" onClick={() => void save(draft)}>
              Save guidelines
            </button>
            <button type="button" className="chip" onClick={() => setDraft(undefined)}>
              Cancel
            </button>
            {custom && (
              <button type="button" className="link-button" onClick={() => void save(undefined)}>
                Restore the default guidelines
              </button>
            )}
          </div>
        </div>
      )}
    </aside>
  );
}
