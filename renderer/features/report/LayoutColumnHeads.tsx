// The column heads of a report table laid out by shared/report/table-layout.ts: the label
// columns plain, the figure columns right-aligned, as every exported format orders them.

import type { LayoutTable } from '../../../shared/report/table-layout';

export function LayoutColumnHeads({ layout }: { layout: Pick<LayoutTable, 'columns' | 'labelColumns'> }) {
  return layout.columns.map((column, index) => (
    <th key={index} scope="col" className={index < layout.labelColumns ? undefined : 'num'}>
      {column}
    </th>
  ));
}
