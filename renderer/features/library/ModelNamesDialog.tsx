// Asks for the model names a benchmark's files do not hold (the player, the judge, or both), each
// checked as a model name, before the worker reads the files again with them.

import { useState, type FormEvent } from 'react';
import { idProblem } from '../../../shared/domain/ids';
import type { BenchmarkImportOptions, MissingName } from '../../../shared/formats/importers/imported-study';
import { FormDialog } from '../settings';

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
  return (
    <FormDialog titleId="model-names-title" title="Name the models" submitText="Import" problem={problem} onSubmit={submit} onCancel={onCancel}>
      <p>{sentence(message)} Give the name to use in the study.</p>
      {needs.map((need) => (
        <label key={need} className="field">
          <span>{LABELS[need]}</span>
          <input value={names[need] ?? ''} onChange={(event) => setNames({ ...names, [need]: event.target.value })} autoComplete="off" spellCheck={false} />
        </label>
      ))}
    </FormDialog>
  );
}
