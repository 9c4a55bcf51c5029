// The shell every report table shares: a data table in a box that scrolls sideways when it is
// wider than the page, named for screen readers by its caption, the heading above it or a label;
// and the block of a table laid out by shared/report/table-layout.ts (title, caption, notes).

import { useId, type ReactNode } from 'react';
import type { LayoutTable } from '../../../shared/report/table-layout';
import { LayoutColumnHeads } from './LayoutColumnHeads';

type DataAttributes = { [key: `data-${string}`]: string | number | undefined };

/** What names the table: its own caption, the id of the heading above it, or a plain label. */
type TableName = { caption: ReactNode } | { labelledBy: string } | { label: string };

/** A column head: its text, or `{ num }` for a figure column, right-aligned like its cells. */
type ColumnHead = string | { num: string };

/** The table head: one row of plain column heads, or the table's own rows. */
type Head = { columns: readonly ColumnHead[]; head?: never } | { head: ReactNode; columns?: never };

type ReportTableProps = Head & {
  name: TableName;
  /** Full width with styled row heads, or as narrow as its content. */
  variant?: 'report' | 'compact';
  /** The rows of the table body. */
  children: ReactNode;
  /** data-* attributes of the table and of its scrolling box, which tests and styles find it by. */
  data?: DataAttributes;
  boxData?: DataAttributes;
};

export function ReportTable({ name, variant = 'report', columns, head, children, data, boxData }: ReportTableProps) {
  const captionId = useId();
  const naming =
    'caption' in name ? { 'aria-labelledby': captionId } : 'labelledBy' in name ? { 'aria-labelledby': name.labelledBy } : { 'aria-label': name.label };
  return (
    <div className="table-scroll" {...boxData}>
      <table className={`data-table ${variant}-table`} {...naming} {...data}>
        {'caption' in name && (
          <caption id={captionId} className="small muted">
            {name.caption}
          </caption>
        )}
        <thead>
          {columns === undefined ? (
            head
          ) : (
            <tr>
              {columns.map((column) => {
                const text = typeof column === 'string' ? column : column.num;
                return (
                  <th key={text} scope="col" className={text === column ? undefined : 'num'}>
                    {text}
                  </th>
                );
              })}
            </tr>
          )}
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

interface LayoutTableBlockProps {
  layout: LayoutTable;
  /** False leaves the table out (nothing to show) and keeps the title, caption and notes. */
  shown?: boolean;
  /** Heads after the layout's columns, for a column the layout does not hold. */
  extraHeads?: ReactNode;
  children: ReactNode;
  data?: DataAttributes;
  blockData?: DataAttributes;
}

/** A table of the shared layout with its title and caption above it, its warnings between, and its notes under it, as the exports print it. */
export function LayoutTableBlock({ layout, shown = true, extraHeads, children, data, blockData }: LayoutTableBlockProps) {
  const id = useId();
  return (
    <div className="report-table-block" {...blockData}>
      <h3 id={id}>{layout.title}</h3>
      <p className="muted small">{layout.caption}</p>
      {layout.warnings?.map((warning) => (
        <p key={warning} role="note" className="report-table-warning" data-table-warning={layout.id}>
          <span aria-hidden="true">⚠ </span>
          {warning}
        </p>
      ))}
      {shown && (
        <ReportTable
          name={{ labelledBy: id }}
          data={data}
          head={
            <tr>
              <LayoutColumnHeads layout={layout} />
              {extraHeads}
            </tr>
          }
        >
          {children}
        </ReportTable>
      )}
      {layout.notes.map((note) => (
        <p key={note} className="muted small">
          {note}
        </p>
      ))}
    </div>
  );
}
