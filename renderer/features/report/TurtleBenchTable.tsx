// Under the R table, for a study with judges and one human rater on its answer units: each judge
// scored the way TurtleBench scores it beside the plain three-way agreement. Title, caption, rows
// and cells come from the shared table layout, as in the exported Markdown and LaTeX.

import type { TurtleBenchScoring } from '../../../shared/report/model/report-model';
import type { LayoutTable } from '../../../shared/report/table-layout';
import { LayoutTableBlock } from './ReportTable';

export function TurtleBenchTable({ scoring, layout }: { scoring: TurtleBenchScoring; layout: LayoutTable }) {
  return (
    <LayoutTableBlock layout={layout} blockData={{ 'data-testid': 'turtlebench-table' }}>
      {layout.rows.map((row, r) => {
        const judge = scoring.judges[r];
        return (
          <tr
            key={row.labels.join('\u0000')}
            data-judge={judge?.judge}
            data-n={judge?.n}
            data-accuracy={judge?.accuracy ?? ''}
            data-agreement={judge?.agreement ?? ''}
          >
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
    </LayoutTableBlock>
  );
}
