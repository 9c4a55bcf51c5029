// One confusion matrix per judge and task (ConfusionMatrixTable), over every bucket, with the
// judge's Cohen kappa; units without a strict human majority are counted beside it, not in it.

import { memo, useId } from 'react';
import type { ConfusionMatrix } from '../../../shared/report/model/report-model';
import { formatStatistic, TASK_ORDER } from '../../../shared/report/table-layout';
import { ConfusionMatrixTable } from './ConfusionMatrixTable';
import { TASK_NAMES } from './report-text';

function MatrixTable({ matrix }: { matrix: ConfusionMatrix }) {
  const id = useId();
  const total = matrix.counts.reduce((sum, row) => sum + row.reduce((rowSum, count) => rowSum + count, 0), 0);
  return (
    <div className="card confusion-card" data-confusion-task={matrix.task} data-confusion-judge={matrix.judge}>
      <div className="card-title" id={id}>
        judge:{matrix.judge} vs human majority
      </div>
      <ConfusionMatrixTable categories={matrix.categories} counts={matrix.counts} labelledBy={id} />
      <div className="muted small">
        {total.toLocaleString('en-US')} units · Cohen&apos;s κ {formatStatistic(matrix.cohenKappa)}
        {matrix.unitsWithoutMajority > 0 && ` · ${matrix.unitsWithoutMajority.toLocaleString('en-US')} without a strict human majority left out`}
      </div>
    </div>
  );
}

export const ConfusionSection = memo(function ConfusionSection({ confusion }: { confusion: readonly ConfusionMatrix[] }) {
  const id = useId();
  return (
    <section className="report-section" data-testid="confusion" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        Confusion against the human majority
      </h2>
      {confusion.length === 0 && <p className="empty">No judge labelled a unit that has human labels.</p>}
      {TASK_ORDER.map((task) => {
        const matrices = confusion.filter((matrix) => matrix.task === task);
        return (
          matrices.length > 0 && (
            <div key={task}>
              <h3>{TASK_NAMES[task]}</h3>
              <div className="confusion-grid">
                {matrices.map((matrix) => (
                  <MatrixTable key={matrix.judge} matrix={matrix} />
                ))}
              </div>
            </div>
          )
        );
      })}
    </section>
  );
});
