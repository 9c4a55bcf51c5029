// A table of the shared layout drawn row by row as the exports print it: label cells as row heads,
// value cells as figures, and each row's ids as data attributes that tests and styles read.

import { memo } from 'react';
import type { LayoutTable } from '../../../shared/report/table-layout';
import { LayoutTableBlock } from './ReportTable';

interface LayoutRowsTableProps {
  layout: LayoutTable;
  testId: string;
  /** The data attributes of each row's ids, in order (`data-bias-judge` for the first id, say). */
  idAttributes: readonly string[];
  /** A class for one label cell of a row, where it marks something (an effect found). */
  labelClass?: (row: LayoutTable['rows'][number], column: number) => string | undefined;
}

export const LayoutRowsTable = memo(function LayoutRowsTable({ layout, testId, idAttributes, labelClass }: LayoutRowsTableProps) {
  return (
    <LayoutTableBlock layout={layout} shown={layout.rows.length > 0} data={{ 'data-testid': testId }}>
      {layout.rows.map((row) => (
        <tr key={row.ids?.join('\u0000') ?? row.labels.join('\u0000')} {...Object.fromEntries(idAttributes.map((name, i) => [name, row.ids?.[i]]))}>
          {row.labels.map((label, column) => (
            <th key={column} scope="row" className={labelClass?.(row, column)}>
              {label}
            </th>
          ))}
          {row.values.map((value, column) => (
            <td key={column} className="num">
              {value}
            </td>
          ))}
        </tr>
      ))}
    </LayoutTableBlock>
  );
});
