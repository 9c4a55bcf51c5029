// The modal form that saves an edit of a prompt version as a new version: the question and
// final-answer templates with the placeholders they may use, the new name, and few-shot examples
// from people's corrections of one of the study's judges (issue 34 point 2), chosen once on save
// by the plan worker from the examples part of the study's judge split. A saved version never
// changes, so a judge's name always means one text and one set of examples; a refusal is shown in words.

import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type FormEvent } from 'react';
import type { Study } from '../../../shared/domain/model';
import { MAX_FEW_SHOT_EXAMPLES } from '../../../shared/judge-run/few-shot-examples';
import { PROMPT_PLACEHOLDERS } from '../../../shared/judge-run/prompts';
import type { PromptExamples, SavedPromptVersion } from '../../../shared/judge-run/stored-records';
import { studyJudges } from '../../db/judge-merge';
import { savePromptVersion, type PromptVersionEntry } from '../../db/prompt-versions';
import { useServices } from '../../services/services';
import { FormDialog } from '../settings';

interface Props {
  base: PromptVersionEntry;
  study: Pick<Study, 'id' | 'judgeSplit'>;
  onSaved: (saved: SavedPromptVersion) => void;
  onClose: () => void;
}

export function PromptVersionDialog({ base, study, onSaved, onClose }: Props) {
  const { db, workers } = useServices();
  const judges = useLiveQuery(async () => (await studyJudges(db, study.id)).map((judge) => judge.judge), [db, study.id]);
  // An edit of a version with this study's examples keeps asking for as many, from the same judge.
  const baseExamples = base.examples?.studyId === study.id ? base.examples : undefined;
  const [name, setName] = useState('');
  const [question, setQuestion] = useState(base.question);
  const [final, setFinal] = useState(base.final);
  const [count, setCount] = useState(String(baseExamples?.count ?? 0));
  const [from, setFrom] = useState(baseExamples?.from ?? '');
  const [choosing, setChoosing] = useState(false);
  const [problem, setProblem] = useState<string>();
  const hasSplit = study.judgeSplit !== undefined;
  const judge = from === '' ? judges?.[0] : from;

  const refuse = (reason: string) => setProblem(`Not saved: ${reason}.`);

  const examplesToSave = async (): Promise<PromptExamples | undefined | string> => {
    const wanted = Number(count.trim());
    if (!Number.isInteger(wanted) || wanted < 0 || wanted > MAX_FEW_SHOT_EXAMPLES)
      return `the number of examples a task must be a whole number from 0 to ${MAX_FEW_SHOT_EXAMPLES}`;
    if (wanted === 0 || !hasSplit) return undefined;
    if (judge === undefined) return 'the examples come from people’s corrections of a judge, and no judge has labelled this study';
    const choice = await workers.plan.chooseExamples(db.name, study.id, { from: judge, count: wanted });
    return choice.ok ? choice.examples : choice.reason;
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (choosing) return;
    setProblem(undefined);
    setChoosing(true);
    examplesToSave()
      .then((examples) => {
        if (typeof examples === 'string') return refuse(examples);
        return savePromptVersion(db, { name: name.trim(), question, final, basedOn: base.name, ...(examples !== undefined ? { examples } : {}) }).then(onSaved);
      })
      .catch((error: unknown) => refuse(error instanceof Error ? error.message : String(error)))
      .finally(() => setChoosing(false));
  };

  return (
    <FormDialog
      titleId="prompt-version-title"
      title={`A new version of ${base.name}`}
      className="prompt-version-dialog"
      submitText="Save as new version"
      problem={problem}
      onSubmit={save}
      onCancel={onClose}
    >
      <label className="field">
        <span>New version's name</span>
        <input value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" spellCheck={false} />
      </label>
      <p className="muted small">Placeholders the templates may use: {PROMPT_PLACEHOLDERS.map((placeholder) => `{{${placeholder}}}`).join(', ')}.</p>
      <label className="field">
        <span>Question template (the reply is read as yes, no or irrelevant)</span>
        <textarea rows={10} value={question} onChange={(event) => setQuestion(event.target.value)} spellCheck={false} />
      </label>
      <label className="field">
        <span>Final-answer template (the reply is read as matched or unmatched)</span>
        <textarea rows={8} value={final} onChange={(event) => setFinal(event.target.value)} spellCheck={false} />
      </label>
      <fieldset className="prompt-examples" disabled={!hasSplit} data-testid="prompt-examples-fields">
        <legend>Few-shot examples from people's corrections</legend>
        {hasSplit ? (
          <p className="muted small">
            Turns of the split's examples part where the judge and people disagree, people's label as the answer; they go where {'{{examples}}'} is, or first.
            No turn is judged with an example of its own puzzle. Chosen once, when you save; the version then runs on this study only.
          </p>
        ) : (
          <p className="muted small">Set the split for improving the judge first.</p>
        )}
        <label className="field">
          <span>Examples a task (0 for none, at most {MAX_FEW_SHOT_EXAMPLES})</span>
          <input inputMode="numeric" value={count} onChange={(event) => setCount(event.target.value)} />
        </label>
        <label className="field">
          <span>The judge people corrected</span>
          <select value={judge ?? ''} onChange={(event) => setFrom(event.target.value)}>
            {judges?.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {choosing && (
        <p className="muted small" role="status">
          Saving…
        </p>
      )}
    </FormDialog>
  );
}
