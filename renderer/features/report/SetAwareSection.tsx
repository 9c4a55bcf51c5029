// "More than one right answer" (issue 33 point 4): forced choice beside set-aware per comparison
// and bucket, people's alpha on their sets, and the units where forced choice counted a judge wrong
// that a set accepts, as the exports lay them out. Shown only in a report whose labels hold sets.

import { memo, useMemo } from 'react';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { setAwareTables } from '../../../shared/report/set-aware-layout';
import type { LayoutTable } from '../../../shared/report/table-layout';
import { LayoutRowsTable } from './LayoutRowsTable';

/** Rows of the units' list drawn on the page; the exports hold every one. */
const SHOWN_UNITS = 200;

const ID_ATTRIBUTES: Record<string, readonly string[]> = {
  'set-aware-answer': ['data-set-a', 'data-set-b', 'data-set-bucket'],
  'set-alpha-answer': ['data-set-bucket'],
  'set-differences-answer': ['data-set-unit', 'data-set-judge'],
};

function shownRows(layout: LayoutTable): LayoutTable {
  const more = layout.rows.length - SHOWN_UNITS;
  if (more <= 0) return layout;
  return { ...layout, rows: layout.rows.slice(0, SHOWN_UNITS), notes: [...layout.notes, `${more.toLocaleString('en')} more in the exports.`] };
}

export const SetAwareSection = memo(function SetAwareSection({ report }: { report: AgreementReport }) {
  const layouts = useMemo(() => setAwareTables(report).map(shownRows), [report]);
  if (layouts.length === 0) return null;
  return (
    <section id="report-sets" className="report-section" aria-labelledby="report-sets-title" data-testid="set-aware-section">
      <h2 id="report-sets-title" tabIndex={-1}>
        More than one right answer
      </h2>
      {layouts.map((layout) => (
        <LayoutRowsTable key={layout.id} layout={layout} testId={layout.id} idAttributes={ID_ATTRIBUTES[layout.id] ?? []} />
      ))}
    </section>
  );
});
