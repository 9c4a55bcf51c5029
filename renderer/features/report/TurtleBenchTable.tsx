// Under the R table, for a study with judges and one human rater on its answer units: each judge
// scored the way TurtleBench scores it beside the plain three-way agreement. Title, caption, rows
// and cells come from the shared table layout, as in the exported Markdown and LaTeX.

import { useId } from 'react';
import type { TurtleBenchScoring } from '../../../shared/report/report-model';
import type { LayoutTable } from '../../../shared/report/table-layout';
import { LayoutColumnHeads } from './LayoutColumnHeads';

export function TurtleBenchTable({ scoring, layout }: { scoring: TurtleBenchScoring; layout: LayoutTable }) {
  const id = useId();
  return (
    <div className="report-table-block" data-testid="turtlebench-table">
      <h3 id={id}>{layout.title}</h3>
      <p className="muted small">{layout.caption}</p>
      <div className="table-scroll">
        <table className="data-table report-table" aria-labelledby={id}>
          <thead>
            <tr>
              <LayoutColumnHeads layout={layout} />
            </tr>
          </thead>
          <tbody>
            {layout.rows.map((row, r) => {
              const judge = scoring.judges[r];
              return (
                <tr key={row.labels.join('\u0000')} data-judge={judge?.judge} data-n={judge?.n} data-accuracy={judge?.accuracy ?? ''} data-agreement={judge?.agreement ?? ''}>
                  {row.labels.map((label) => (
                    <th key={label} scope="row">
                      {label}
                    </th>
                  ))}
                  {row.values.map((value, v) => (
                    <td key={layout.columns[row.labels.length + v]} className="num">
                      {value}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
