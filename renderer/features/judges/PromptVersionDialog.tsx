// The modal form that saves an edit of a prompt version as a new version: the question and
// final-answer templates with the placeholders they may use, and the new name. A saved version
// never changes, so a judge's name always means one text; a refusal is shown in words.

import { useState, type FormEvent } from 'react';
import { PROMPT_PLACEHOLDERS } from '../../../shared/judge-run/prompts';
import { savePromptVersion, type PromptVersionEntry } from '../../db/prompt-versions';
import { useServices } from '../../services/services';
import { FormDialog } from '../settings';

export function PromptVersionDialog({ base, onClose }: { base: PromptVersionEntry; onClose: () => void }) {
  const { db } = useServices();
  const [name, setName] = useState('');
  const [question, setQuestion] = useState(base.question);
  const [final, setFinal] = useState(base.final);
  const [problem, setProblem] = useState<string>();

  const save = (event: FormEvent) => {
    event.preventDefault();
    savePromptVersion(db, { name: name.trim(), question, final, basedOn: base.name }).then(onClose, (error: unknown) =>
      setProblem(`Not saved: ${error instanceof Error ? error.message : String(error)}.`),
    );
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
    </FormDialog>
  );
}
