// Asks for the model names a benchmark's files do not hold (the player, the judge, or both), each
// checked as a model name, before the worker reads the files again with them.

import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { idProblem } from '../../../shared/domain/ids';
import type { BenchmarkImportOptions, MissingName } from '../../../shared/formats/importers/imported-study';

const LABELS: Record<MissingName, string> = { player: 'Player model', judge: 'Judge model' };

function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function ModelNamesDialog({
  needs,
  message,
  onSubmit,
  onCancel,
}: {
  needs: readonly MissingName[];
  message: string;
  onSubmit(names: BenchmarkImportOptions): void;
  onCancel(): void;
}) {
  const [names, setNames] = useState<Partial<Record<MissingName, string>>>({});
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given: BenchmarkImportOptions = {};
    for (const need of needs) {
      const name = (names[need] ?? '').trim();
      const found = idProblem('model', name);
      if (found !== undefined) return setProblem(`${LABELS[need]}: ${found}.`);
      given[need] = name;
    }
    onSubmit(given);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <div className="modal-backdrop">
      <form className="modal" role="dialog" aria-modal="true" aria-labelledby="model-names-title" onSubmit={submit} onKeyDown={onKeyDown}>
        <h2 id="model-names-title">Name the models</h2>
        <p>{sentence(message)} Give the name to use in the study.</p>
        {needs.map((need) => (
          <label key={need} className="field">
            <span>{LABELS[need]}</span>
            <input value={names[need] ?? ''} onChange={(event) => setNames({ ...names, [need]: event.target.value })} autoComplete="off" spellCheck={false} />
          </label>
        ))}
        {problem !== undefined && (
          <div className="notice notice-error" role="alert">
            {problem}
          </div>
        )}
        <div className="modal-actions">
          <button type="submit" className="primary">
            Import
          </button>
          <button type="button" className="chip" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
