// The units where two raters disagree, opened from a heatmap cell: each unit's text, bucket and
// the two labels, with a link to adjudicate it. Text from the study is shown as text, never HTML.

import { useId, useMemo } from 'react';
import type { ReportTask } from '../../../shared/report/model/report-model';
import { routeToHash } from '../../services/routes';
import type { DisagreementQuery, UnitDisagreement } from '../../workers/report-protocol';
import { BucketBadge } from '../study';
import { useDisagreements } from './useDisagreements';

/** Enough to see what goes wrong; the adjudication queue has them all. */
const LIST_LIMIT = 200;

const TASK_NAMES: Record<ReportTask, string> = { answer: 'questions', match: 'final answers' };

function labelOf(unit: UnitDisagreement, rater: string): string {
  if (rater === 'human-majority') return unit.humanMajority ?? 'no majority';
  if (rater === 'gold' && unit.gold !== undefined) return String(unit.gold.value);
  return unit.labels.find((label) => label.rater === rater)?.value ?? '–';
}

export function CellDisagreements({
  studyId,
  task,
  a,
  b,
  names,
  onClose,
}: {
  studyId: string;
  task: ReportTask;
  a: string;
  b: string;
  /** Display names of the raters, by id. */
  names: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  const aName = names.get(a) ?? a;
  const bName = names.get(b) ?? b;
  const query = useMemo((): DisagreementQuery => ({ task, a, b, limit: LIST_LIMIT }), [task, a, b]);
  const { loading, units, error } = useDisagreements(studyId, query);
  const id = useId();
  const summary = loading
    ? 'Listing the units…'
    : units === undefined
      ? ''
      : units.length === 0
        ? 'They agree on every unit both labelled.'
        : `${units.length === LIST_LIMIT ? `The first ${LIST_LIMIT}` : units.length} ${units.length === 1 ? 'unit' : 'units'} where they disagree.`;
  return (
    <section className="card cell-disagreements" data-testid="cell-disagreements" data-a={a} data-b={b} data-task={task} aria-labelledby={id}>
      <div className="section-header">
        <h3 id={id}>
          {aName} vs {bName}: {TASK_NAMES[task]}
        </h3>
        <button type="button" className="chip" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="muted small" role="status">
        {summary}
      </p>
      {error !== undefined && (
        <p className="notice notice-error" role="alert">
          The units could not be listed: {error}
        </p>
      )}
      {units !== undefined && units.length > 0 && (
        <ol className="disagreement-list">
          {units.map((unit) => (
            <li key={unit.unitId} data-disagreement-unit={unit.unitId}>
              <div className="disagreement-text">{unit.text}</div>
              <div className="disagreement-meta small">
                <span className="muted">{unit.unitId}</span> <BucketBadge bucket={unit.bucket} />{' '}
                <span>
                  {aName}: <span className="strong">{labelOf(unit, a)}</span> · {bName}: <span className="strong">{labelOf(unit, b)}</span>
                </span>{' '}
                <a className="chip" href={routeToHash({ view: 'adjudicate', studyId, task, unitId: unit.unitId })} title={`Adjudicate ${unit.unitId}`}>
                  Adjudicate
                </a>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
