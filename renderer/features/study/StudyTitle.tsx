// The study's name as the page title, with an inline rename: audited, and the study id stays, so
// label files and packs still find the study.

import { useState, type FormEvent } from 'react';
import { useServices } from '../../services/services';
import { MAX_STUDY_NAME_CHARS, renameStudy } from '../../db/rename-study';

export function StudyTitle({ studyId, name }: { studyId: string; name: string }) {
  const { db } = useServices();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState('');
  if (draft === undefined) {
    return (
      <div className="study-title">
        <h1 id="study-title">{name}</h1>
        <button type="button" className="link-button" data-testid="rename-study" onClick={() => setDraft(name)}>
          Rename
        </button>
      </div>
    );
  }
  const save = (event: FormEvent) => {
    event.preventDefault();
    renameStudy(db, studyId, draft).then(
      () => {
        setDraft(undefined);
        setProblem('');
      },
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <form className="study-title" onSubmit={save}>
      <h1 id="study-title" className="visually-hidden">
        {name}
      </h1>
      <input
        aria-label="Study name"
        data-testid="study-name-input"
        value={draft}
        maxLength={MAX_STUDY_NAME_CHARS}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDraft(undefined);
        }}
      />
      <button type="submit" className="primary">
        Save name
      </button>
      <button type="button" className="chip" onClick={() => setDraft(undefined)}>
        Cancel
      </button>
      {problem !== '' && (
        <span className="error-text" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}
