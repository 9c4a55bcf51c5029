// Which study the help's step links go to: the Help page is reached from anywhere, so the user
// picks among the library's studies (the first one until they do).

import type { Study } from '../../../shared/domain/model';

export function StudyChoice({ studies, studyId, onChoose }: { studies: readonly Study[]; studyId: string | undefined; onChoose: (studyId: string) => void }) {
  if (studies.length === 0) return <p className="muted small">Import a study and each step below links to its page.</p>;
  return (
    <label className="field help-study-choice">
      <span>Link the steps to the pages of</span>
      <select value={studyId} onChange={(event) => onChoose(event.target.value)} data-testid="help-study">
        {studies.map((study) => (
          <option key={study.id} value={study.id}>
            {study.name}
          </option>
        ))}
      </select>
    </label>
  );
}
