// The study's split for improving the judge honestly (issue 34 point 1): the lead sets the seed and
// the examples and test shares (development gets the rest), and sees what each part holds now, the
// versions tried on development and each look at the test split. Locked once the test split has
// been run on: moving puzzles then would leak what was seen there into development.

import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type FormEvent } from 'react';
import { JUDGE_SPLIT_PARTS, type Study } from '../../../shared/domain/model';
import { MAX_EXAMPLES_SHARE, MIN_EXAMPLES_SHARE, type SplitRule } from '../../../shared/study/judge-splits';
import { judgeSplitCounts } from '../../db/judge-split-counts';
import { setJudgeSplit } from '../../db/study-settings';
import { useServices } from '../../services/services';

/** The split the form offers before one is set: the command line's `judge --examples` defaults. */
const UNSET = { seed: '1', examples: '20', test: '30' };

const PART_WORDS = { examples: 'Examples', development: 'Development', test: 'Held-out test' } as const;

/** A share as the lead typed it, in percent, without float noise (15 rather than 15.000000000000002). */
function percentField(share: number): string {
  return String(Number((share * 100).toPrecision(12)));
}

function ruleOf(values: typeof UNSET): SplitRule | string {
  const seed = Number(values.seed);
  const examples = Number(values.examples) / 100;
  const test = Number(values.test) / 100;
  if (values.seed.trim() === '' || !Number.isSafeInteger(seed)) return 'The seed must be a whole number.';
  if (values.examples.trim() === '' || !Number.isFinite(examples)) return 'The examples share must be a number of percent.';
  if (values.test.trim() === '' || !Number.isFinite(test)) return 'The test share must be a number of percent.';
  // Rounded as the command line rounds it, so 100 - 15 - 30 is stored as 0.55, not 0.5499999999999999.
  return { seed, shares: { examples, development: Number((1 - examples - test).toFixed(12)), test } };
}

export function JudgeSplitSection({ study }: { study: Study }) {
  const { db } = useServices();
  const id = useId();
  const split = study.judgeSplit;
  const [values, setValues] = useState(() =>
    split === undefined ? UNSET : { seed: String(split.seed), examples: percentField(split.shares.examples), test: percentField(split.shares.test) },
  );
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState(false);
  // As text, so a new study record with the same rule counts nothing again.
  const ruleText = split === undefined ? '' : JSON.stringify({ seed: split.seed, shares: split.shares });
  const counts = useLiveQuery(
    () => (ruleText === '' ? undefined : judgeSplitCounts(db, study.id, JSON.parse(ruleText) as SplitRule)),
    [db, study.id, ruleText],
  );
  const looks = split?.testRuns.length ?? 0;
  const locked = looks > 0;
  const development = ruleOf(values);

  const set = (key: keyof typeof UNSET) => (event: { target: { value: string } }) => {
    setSaved(false);
    setValues((current) => ({ ...current, [key]: event.target.value }));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    setSaved(false);
    const rule = ruleOf(values);
    if (typeof rule === 'string') return setProblem(rule);
    setJudgeSplit(db, study.id, rule).then(
      () => setSaved(true),
      (error: unknown) => setProblem(`The split was not saved: ${error instanceof Error ? error.message : String(error)}.`),
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="judges-split" data-testid="judge-split">
      <h2 id={`${id}-heading`}>Split for improving the judge</h2>
      <p className="muted small">
        Each puzzle goes, by the seed, to one part: examples (few-shot examples are drawn from it), development (prompt versions are compared on it) and a
        held-out test, run once on the version you choose. Every version run on development is counted, and so is every look at the test split.
      </p>
      {locked && (
        <p className="notice notice-warning" data-testid="judge-split-locked">
          The split is locked: {looks === 1 ? '1 run has' : `${looks} runs have`} looked at the held-out test split, and moving puzzles now would leak what was
          seen there into development.
        </p>
      )}
      {/* noValidate: the rule's own words, in the alert below, replace the browser's bubbles. */}
      <form onSubmit={save} noValidate>
        <fieldset disabled={locked} className="team-numbers">
          <legend className="strong">The split</legend>
          <label className="field">
            <span>Split seed</span>
            <input data-testid="split-seed" type="number" step={1} inputMode="numeric" value={values.seed} onChange={set('seed')} />
          </label>
          <label className="field">
            <span>Examples share (%)</span>
            <input
              data-testid="split-examples"
              type="number"
              min={MIN_EXAMPLES_SHARE * 100}
              max={MAX_EXAMPLES_SHARE * 100}
              step="any"
              inputMode="decimal"
              value={values.examples}
              onChange={set('examples')}
              aria-describedby={`${id}-hint`}
            />
          </label>
          <label className="field">
            <span>Test share (%)</span>
            <input data-testid="split-test" type="number" min={0} max={100} step="any" inputMode="decimal" value={values.test} onChange={set('test')} />
          </label>
          <span className="muted small" id={`${id}-hint`}>
            Examples {MIN_EXAMPLES_SHARE * 100}% to {MAX_EXAMPLES_SHARE * 100}% of the puzzles; development gets the rest
            {typeof development === 'string' ? '' : ` (${percentField(development.shares.development)}%)`}.
          </span>
          <button type="submit" className="primary">
            Save the split
          </button>
        </fieldset>
        {problem !== undefined && (
          <div className="notice notice-error" role="alert">
            {problem}
          </div>
        )}
        {saved && (
          <p className="muted small" role="status">
            Saved.
          </p>
        )}
      </form>
      {split === undefined ? (
        <p className="empty">No split yet: runs on the development or test split wait for one.</p>
      ) : (
        <>
          <table className="report-table" data-testid="judge-split-counts">
            <caption>What each part holds now (seed {split.seed}); labels added later join their puzzle&apos;s part</caption>
            <thead>
              <tr>
                <th scope="col">Part</th>
                <th scope="col">Share</th>
                <th scope="col">Puzzles with labels</th>
                <th scope="col">Labelled units</th>
              </tr>
            </thead>
            <tbody>
              {JUDGE_SPLIT_PARTS.map((part) => (
                <tr key={part} data-part={part}>
                  <th scope="row">{PART_WORDS[part]}</th>
                  <td>{percentField(split.shares[part])}%</td>
                  <td data-testid={`split-puzzles-${part}`}>{counts === undefined ? '…' : counts[part].puzzles.toLocaleString('en')}</td>
                  <td data-testid={`split-units-${part}`}>{counts === undefined ? '…' : counts[part].units.toLocaleString('en')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="judges-split-runs">
            <dt>Versions tried on development</dt>
            <dd data-testid="split-versions-tried">
              versions tried: {split.developmentJudges.length}
              {split.developmentJudges.length > 0 && ` (${split.developmentJudges.join(', ')})`}
            </dd>
            <dt>Looks at the held-out test split</dt>
            <dd data-testid="split-test-looks">
              test looks: {looks}
              {looks > 0 && ` (${split.testRuns.map((run) => `${run.judge} at ${run.at}`).join(', ')})`}
            </dd>
          </dl>
        </>
      )}
    </section>
  );
}
