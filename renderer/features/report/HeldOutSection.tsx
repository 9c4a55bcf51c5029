// "Held-out verdict" (issue 34 point 4): each judge run on the test split, its figures on the
// development part beside those on the test part, under the count of versions tried and of looks
// at the test part, with the notes on what is optimistic, as the exports lay them out. Shown only
// in a report of a study with a judge split that some judge was run on.

import { memo, useMemo } from 'react';
import { denominator, heldOutTables } from '../../../shared/report/held-out-layout';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { LayoutRowsTable } from './LayoutRowsTable';

const ID_ATTRIBUTES = ['data-held-out-judge', 'data-held-out-task', 'data-held-out-figure'] as const;

export const HeldOutSection = memo(function HeldOutSection({ report }: { report: AgreementReport }) {
  const layouts = useMemo(() => heldOutTables(report), [report]);
  const section = report.heldOut;
  if (section === undefined) return null;
  return (
    <section id="report-held-out" className="report-section" aria-labelledby="report-held-out-title" data-testid="held-out-section">
      <h2 id="report-held-out-title" tabIndex={-1}>
        Held-out verdict
      </h2>
      <p data-testid="held-out-denominator">
        The verdict is <strong>{section.verdictJudge}</strong> on the test split: {denominator(section)}
      </p>
      {layouts.map((layout) => (
        <LayoutRowsTable key={layout.id} layout={layout} testId={layout.id} idAttributes={ID_ATTRIBUTES} />
      ))}
    </section>
  );
});
