// The lead's team setup form: the annotators (one per line), the overlap per unit, the
// difficulty overlap, the seed, and which puzzles people label (every one, or a sample with its
// budget), then Assign. Starts from the stored setup, so the lead can change one thing and assign again.

import { useId, useState, type FormEvent } from 'react';
import type { Study } from '../../../shared/domain/model';
import { useJudgeSignal } from '../../services/queries';
import type { TeamMember } from './annotator-list';
import { signalText } from './calibration-text';
import { PackUpdateNotice } from './PackUpdateNotice';
import { drawSeed, initialSetupValues, type PuzzleChoice, type SetupFormValues } from './setup-form';
import { useTeamSetup } from './useTeamSetup';

const PUZZLE_CHOICES: ReadonlyArray<{ value: PuzzleChoice; text: string }> = [
  { value: 'every', text: 'Every puzzle' },
  { value: 'uncertainty', text: 'A calibration sample where the judge is least sure' },
  { value: 'random', text: 'A plain random sample' },
];

export function SetupSection({ study, team, onAssigned }: { study: Study; team: readonly TeamMember[]; onAssigned: () => void }) {
  const [values, setValues] = useState<SetupFormValues>(() => initialSetupValues(study, team));
  const { state, assign, packUpdates } = useTeamSetup(study, onAssigned);
  const id = useId();
  const set = (field: keyof SetupFormValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const sampled = values.puzzles !== 'every';
  const signal = useJudgeSignal(study.id, sampled);
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
        <fieldset className="team-puzzles" aria-describedby={`${id}-puzzles-hint`}>
          <legend className="strong">Which puzzles people label</legend>
          {PUZZLE_CHOICES.map((choice) => (
            <label key={choice.value}>
              <input
                type="radio"
                name={`${id}-puzzles`}
                value={choice.value}
                data-testid={`puzzles-${choice.value}`}
                checked={values.puzzles === choice.value}
                onChange={() => setValues((current) => ({ ...current, puzzles: choice.value }))}
              />{' '}
              {choice.text}
            </label>
          ))}
          <span className="muted small" id={`${id}-puzzles-hint`}>
            A sample assigns only the puzzles it draws, each with the overlap above. Each puzzle is drawn on its own, so the number drawn varies around the
            budget; the seed draws it, and the probability every puzzle had is kept with the study, so estimates over all puzzles stay unbiased. With one seed
            both samples use the same random numbers, so they differ only where the judge&apos;s uncertainty moves a puzzle&apos;s chances.
          </span>
          {sampled && (
            <>
              <label className="field">
                <span>Budget (puzzles)</span>
                <input
                  data-testid="budget"
                  type="number"
                  min={1}
                  max={study.counts.puzzles}
                  step={1}
                  inputMode="numeric"
                  value={values.budget}
                  onChange={set('budget')}
                  aria-describedby={`${id}-budget-hint`}
                />
              </label>
              <span className="muted small" id={`${id}-budget-hint`}>
                How many of the study&apos;s {study.counts.puzzles.toLocaleString('en-US')} puzzles the sample draws, on average.
              </span>
              {values.puzzles === 'uncertainty' && (
                <p
                  className="small"
                  data-testid="judge-signal"
                  data-source={signal?.source ?? ''}
                  data-puzzles={signal?.byPuzzle.size ?? ''}
                  aria-live="polite"
                >
                  {signal === undefined ? 'Reading the judge’s labels…' : signalText(signal, study.counts.puzzles)}
                </p>
              )}
            </>
          )}
        </fieldset>
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
