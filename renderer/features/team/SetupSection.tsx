// The lead's team setup form: the annotators (one per line), the overlap per unit, the
// difficulty overlap, and the seed, then Assign. Starts from the stored setup, so the lead
// can change one thing and assign again.

import { useId, useState, type FormEvent } from 'react';
import type { Study } from '../../../shared/domain/model';
import type { TeamMember } from './annotator-list';
import { PackUpdateNotice } from './PackUpdateNotice';
import { drawSeed, initialSetupValues, type SetupFormValues } from './setup-form';
import { useTeamSetup } from './useTeamSetup';

export function SetupSection({ study, team, onAssigned }: { study: Study; team: readonly TeamMember[]; onAssigned: () => void }) {
  const [values, setValues] = useState<SetupFormValues>(() => initialSetupValues(study, team));
  const { state, assign, packUpdates } = useTeamSetup(study, onAssigned);
  const id = useId();
  const set = (field: keyof SetupFormValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void assign(values);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Setup</h2>
      {/* noValidate: the form's own messages, with line numbers, replace the browser's bubbles. */}
      <form className="team-setup card" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        <p className="hint small">
          Each puzzle, with all its questions and final answers, goes to as many different annotators as the overlap says, and every annotator gets the same
          number of puzzles, give or take one. The same team, overlap and seed always give the same assignment, here and with the command line.
        </p>
        <label className="strong" htmlFor={`${id}-annotators`}>
          Annotators
        </label>
        <span className="muted small" id={`${id}-annotators-hint`}>
          One per line: an id, or an id, a comma and a display name. Ids name the pack files.
        </span>
        <textarea
          id={`${id}-annotators`}
          aria-describedby={`${id}-annotators-hint`}
          data-testid="annotator-list"
          rows={6}
          value={values.annotators}
          onChange={set('annotators')}
          placeholder={'ann-01, Annotator 1\nann-02, Annotator 2\nann-03'}
          spellCheck={false}
        />
        <div className="team-numbers">
          <label className="field">
            <span>Overlap</span>
            <input
              data-testid="overlap"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={values.overlap}
              onChange={set('overlap')}
              aria-describedby={`${id}-overlap-hint`}
            />
          </label>
          <span className="muted small" id={`${id}-overlap-hint`}>
            Annotators per puzzle for answers and final answers.
          </span>
          <label className="field">
            <span>Difficulty overlap</span>
            <input
              data-testid="difficulty-overlap"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={values.difficultyOverlap}
              onChange={set('difficultyOverlap')}
              aria-describedby={`${id}-difficulty-hint`}
            />
          </label>
          <span className="muted small" id={`${id}-difficulty-hint`}>
            Annotators who rate each puzzle&apos;s difficulty, up to all of them. Blank: the puzzle&apos;s own annotators.
          </span>
          <label className="field">
            <span>Seed</span>
            <input data-testid="seed" type="number" step={1} inputMode="numeric" value={values.seed} onChange={set('seed')} />
          </label>
          <button type="button" className="chip" onClick={() => setValues((current) => ({ ...current, seed: String(drawSeed()) }))}>
            Draw a new seed
          </button>
        </div>
        {state.status === 'failed' && (
          <div className="notice notice-error" role="alert" data-testid="setup-problems">
            <ul className="problem-list">
              {state.problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
        {state.status === 'done' && (
          <p className="notice notice-success" role="status" data-testid="setup-status">
            {state.message}
          </p>
        )}
        <PackUpdateNotice connected={packUpdates.connected} state={packUpdates.state} />
        <div>
          <button type="submit" className="primary" data-testid="assign" disabled={state.status === 'running'}>
            {state.status === 'running' ? 'Assigning…' : study.setup === undefined ? 'Assign' : 'Assign again'}
          </button>
        </div>
      </form>
    </section>
  );
}
