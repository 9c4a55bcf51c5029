// The coverage dashboard: per annotator what they were assigned, labelled and marked unsure,
// and when they last labelled; per task how many units have 0, 1, ..., k human labels; whether
// everything is in; and, per annotator who owes units, a pack of only those units.

import { useId } from 'react';
import { TASKS } from '../../../shared/domain/model';
import type { AnnotatorCoverage, StudyCoverage, TaskCoverage } from '../../workers/team-protocol';
import { TASK_TITLES, TASK_UNITS } from '../../../shared/domain/task-words';
import { useCoverage } from './useCoverage';
import { usePackWriter } from './usePackWriter';
import { WorkProgressNotice } from './WorkProgressNotice';
import { PackUpdateNotice } from './PackUpdateNotice';

const number = (value: number) => value.toLocaleString('en-US');

function missingCount(annotator: AnnotatorCoverage): number {
  return TASKS.reduce((sum, task) => sum + annotator.missing[task].length, 0);
}

function lastActivityText(at: string | null): string {
  if (at === null) return 'never';
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString();
}

function TaskHistogram({ task }: { task: TaskCoverage }) {
  const widest = Math.max(1, ...task.byLabelCount);
  const last = task.byLabelCount.length - 1;
  return (
    <div className="card task-coverage" data-task-coverage={task.task} data-units={task.units} data-histogram={task.byLabelCount.join(',')}>
      <div className="card-title">{TASK_TITLES[task.task]}</div>
      <div className="muted small">
        {number(task.units)} {TASK_UNITS[task.task]} assigned, up to {task.overlap} annotators each
      </div>
      <ul className="histogram" aria-label={`${TASK_TITLES[task.task]}: ${TASK_UNITS[task.task]} by number of labels`}>
        {task.byLabelCount.map((units, labels) => (
          <li key={labels} data-labels={labels}>
            <span className="histogram-key">
              {labels === last && labels > 0 ? `${labels}+` : labels} {labels === 1 ? 'label' : 'labels'}
            </span>
            <span className="histogram-track" aria-hidden="true">
              <span className={`histogram-bar${labels < task.overlap ? ' histogram-short' : ''}`} style={{ width: `${(units / widest) * 100}%` }} />
            </span>
            <span className="histogram-value">{number(units)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CoverageFigures({ coverage, studyId }: { coverage: StudyCoverage; studyId: string }) {
  const missingPack = usePackWriter(studyId);
  const writing = missingPack.state.status === 'running';
  const owed = coverage.annotators.reduce((sum, annotator) => sum + missingCount(annotator), 0);
  const assigned = coverage.annotators.reduce((sum, annotator) => sum + annotator.assigned, 0);
  const outside = coverage.annotators.reduce((sum, annotator) => sum + annotator.outsideAssignment, 0);
  return (
    <>
      {assigned === 0 ? (
        <p className="notice" data-testid="coverage-complete" data-complete={coverage.complete}>
          Nothing is assigned yet, so there is nothing to cover. Name the annotators and share out the units under Setup, then write their packs; this section
          then shows who has labelled what as their label files come back.
        </p>
      ) : (
        <p className={`notice ${coverage.complete ? 'notice-success' : 'notice-warning'}`} data-testid="coverage-complete" data-complete={coverage.complete}>
          {coverage.complete
            ? 'Complete: every assigned unit has the labels of all its annotators.'
            : `Not complete: ${number(owed)} assigned ${owed === 1 ? 'label is' : 'labels are'} still missing.`}
        </p>
      )}
      {coverage.annotators.length > 0 && (
        <table className="data-table" aria-label="Coverage by annotator">
          <thead>
            <tr>
              <th scope="col">Annotator</th>
              <th scope="col" className="num">
                Assigned
              </th>
              <th scope="col" className="num">
                Labelled
              </th>
              <th scope="col" className="num">
                Unsure
              </th>
              <th scope="col" className="num">
                Not assigned
              </th>
              <th scope="col">Last activity</th>
              <th scope="col" className="num">
                Missing
              </th>
              <th scope="col">
                <span className="visually-hidden">Pack of missing units</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {coverage.annotators.map((annotator) => {
              const missing = missingCount(annotator);
              return (
                <tr
                  key={annotator.id}
                  data-annotator-row={annotator.id}
                  data-assigned={annotator.assigned}
                  data-labelled={annotator.labelled}
                  data-unsure={annotator.unsure}
                  data-outside-assignment={annotator.outsideAssignment}
                  data-missing={missing}
                  data-last-activity={annotator.lastActivity ?? ''}
                >
                  <th scope="row" className="row-name">
                    <div className="strong">{annotator.name}</div>
                    {annotator.name !== annotator.id && <div className="muted small">{annotator.id}</div>}
                  </th>
                  <td className="num">{number(annotator.assigned)}</td>
                  <td className="num">{number(annotator.labelled)}</td>
                  <td className="num">{number(annotator.unsure)}</td>
                  <td className="num">{number(annotator.outsideAssignment)}</td>
                  <td>{lastActivityText(annotator.lastActivity)}</td>
                  <td className="num">{number(missing)}</td>
                  <td>
                    {missing > 0 && (
                      <button
                        type="button"
                        className="chip"
                        data-export-missing={annotator.id}
                        disabled={writing}
                        aria-label={`Save a pack of the ${number(missing)} units ${annotator.name} has not labelled`}
                        onClick={() => void missingPack.writeMissing(annotator.id)}
                      >
                        Pack of missing units…
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {outside > 0 && (
        <p className="muted small" data-testid="coverage-outside-note">
          Labelled and Missing count each annotator&rsquo;s assigned units. Not assigned counts the labels they gave to other units ({number(outside)} in all,
          such as the lead&rsquo;s own): these count as human labels too, in the labels per unit below and in the report.
        </p>
      )}
      {missingPack.state.status === 'running' && <WorkProgressNotice progress={missingPack.state.progress} fallback="Writing the pack" name="Pack progress" />}
      {(missingPack.state.status === 'done' || missingPack.state.status === 'failed') && (
        <p
          className={`notice ${missingPack.state.status === 'done' ? 'notice-success' : 'notice-error'}`}
          role={missingPack.state.status === 'done' ? 'status' : 'alert'}
          data-testid="missing-status"
        >
          {missingPack.state.message}
        </p>
      )}
      <PackUpdateNotice connected={missingPack.packUpdates.connected} state={missingPack.packUpdates.state} />
      {assigned > 0 && (
        <>
          <h3>Labels per unit</h3>
          <p className="muted small">Every human label of each assigned unit, whoever gave it.</p>
          <div className="task-coverage-grid">
            {coverage.tasks.map((task) => (
              <TaskHistogram key={task.task} task={task} />
            ))}
          </div>
        </>
      )}
    </>
  );
}

export function CoverageSection({ studyId, version }: { studyId: string; version: number }) {
  const { coverage, error, loading, refresh } = useCoverage(studyId, version);
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid="coverage" data-loading={loading}>
      <div className="section-header">
        <h2 id={id}>Coverage</h2>
        <button type="button" className="chip" onClick={refresh} disabled={loading}>
          {loading ? 'Updating…' : 'Refresh'}
        </button>
      </div>
      {error !== undefined && (
        <div className="notice notice-error" role="alert">
          The coverage could not be computed: {error}
        </div>
      )}
      {coverage ? <CoverageFigures coverage={coverage} studyId={studyId} /> : error === undefined && <p className="muted">Counting labels…</p>}
    </section>
  );
}
