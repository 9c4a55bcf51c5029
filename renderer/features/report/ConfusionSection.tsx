// One confusion matrix per judge and task: the judge's label down, the human majority across,
// each cell a count shaded by its share of the judge's row, the diagonal (agreement) outlined;
// units without a strict human majority are counted beside it, not in it.

import { memo, useId } from 'react';
import type { ConfusionMatrix, ReportTask } from '../../../shared/report/report-model';
import { formatStatistic, TASK_ORDER } from '../../../shared/report/table-layout';

const TASK_NAMES: Record<ReportTask, string> = { match: 'M: final answers', answer: 'R: questions' };

function MatrixTable({ matrix }: { matrix: ConfusionMatrix }) {
  const id = useId();
  const total = matrix.counts.reduce((sum, row) => sum + row.reduce((rowSum, count) => rowSum + count, 0), 0);
  return (
    <div className="card confusion-card" data-confusion-task={matrix.task} data-confusion-judge={matrix.judge}>
      <div className="card-title" id={id}>
        judge:{matrix.judge} vs human majority
      </div>
      <table className="data-table confusion-table" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">Judge ↓ / majority →</th>
            {matrix.categories.map((category) => (
              <th key={category} scope="col" className="num">
                {category}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.categories.map((judgeCategory, row) => {
            const counts = matrix.counts[row] ?? [];
            const rowTotal = counts.reduce((sum, count) => sum + count, 0);
            return (
              <tr key={judgeCategory}>
                <th scope="row">{judgeCategory}</th>
                {matrix.categories.map((humanCategory, column) => {
                  const count = counts[column] ?? 0;
                  const share = rowTotal === 0 ? 0 : count / rowTotal;
                  return (
                    <td
                      key={humanCategory}
                      className={`num confusion-cell${row === column ? ' diagonal' : ''}`}
                      data-judge-label={judgeCategory}
                      data-majority-label={humanCategory}
                      data-count={count}
                      style={{ backgroundColor: `rgba(59, 79, 216, ${(share * 0.45).toFixed(3)})` }}
                    >
                      {count.toLocaleString('en-US')}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
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
