// The study's setting for questions with more than one right answer (issue 33): whether
// annotators may mark every acceptable answer, kept in the study's scheme, so the packs built
// after it carry it. On the team page, where the lead looks before assigning work.

import { useId, useState } from 'react';
import type { Study } from '../../../shared/domain/model';
import { describeStorageError } from '../../db/storage';
import { setMultipleAnswers } from '../../db/study-settings';
import { useServices } from '../../services/services';

export function AnswerSetsSetting({ study }: { study: Study }) {
  const { db } = useServices();
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const on = study.scheme.multipleAnswers === true;
  const change = (value: boolean) => {
    setProblem(undefined);
    // The study record changes and its live query brings the new value back.
    setMultipleAnswers(db, study.id, value).catch((error: unknown) => setProblem(`The setting was not saved: ${describeStorageError(error)}.`));
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Answers</h2>
      <div className="card">
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="multiple-answers"
            checked={on}
            onChange={(event) => change(event.target.checked)}
            aria-describedby={`${id}-hint`}
          />{' '}
          Annotators may mark every acceptable answer on a question
        </label>
        <p className="hint small" id={`${id}-hint`}>
          For questions with more than one right answer, such as a story that leaves it open. The answer keys then mark and unmark answers and Enter saves them;
          the first marked is the one answer the annotator would give if made to pick one. Off, one key saves one answer and moves on. Packs built after a
          change carry it: send them again to annotators who already have one.
        </p>
        {problem !== undefined && (
          <p className="notice notice-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </section>
  );
}
