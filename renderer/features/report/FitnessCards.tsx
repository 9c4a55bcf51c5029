// Each judge's fitness card (issue 31 point 5), one judge at a time: what it may be used for and
// the evidence, as the exports lay it out, and the card saved on its own as Markdown, LaTeX or JSON.

import { memo, useId, useMemo, useState } from 'react';
import type { FitnessCardFormat } from '../../../shared/report/fitness-card-file';
import { fitnessTable } from '../../../shared/report/fitness-layout';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { ChoiceChips } from './ChoiceChips';
import { LayoutRowsTable } from './LayoutRowsTable';
import { useReportExports } from './useReportExports';

const FORMATS: ReadonlyArray<[FitnessCardFormat, string]> = [
  ['md', 'Markdown'],
  ['latex', 'LaTeX'],
  ['json', 'JSON'],
];

export const FitnessCards = memo(function FitnessCards({ report }: { report: AgreementReport }) {
  const id = useId();
  const cards = useMemo(() => report.judges?.fitness ?? [], [report]);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const { state, exportFitnessCard } = useReportExports(report.study.id);
  const index = Math.max(
    0,
    cards.findIndex((card) => card.judge === chosen),
  );
  const card = cards[index];
  const layout = useMemo(() => (card === undefined ? undefined : fitnessTable(card, index)), [card, index]);
  if (card === undefined || layout === undefined) return null;
  return (
    <section className="report-section fitness-cards" data-testid="fitness-cards" data-judge={card.judge} aria-labelledby={id}>
      <div className="section-header">
        <h2 id={id} tabIndex={-1}>
          Fitness cards
        </h2>
      </div>
      <p className="hint small">
        What each judge may be used for, and the evidence, on one page: save it beside a model card, in a paper&apos;s appendix or with a release review.
      </p>
      <ChoiceChips
        label="Judge"
        options={cards.map((one) => one.judge)}
        chosen={card.judge}
        onChoose={setChosen}
        attribute="fitness-judge"
        text={(judge) => judge}
      />
      <LayoutRowsTable layout={layout} testId="fitness-card" idAttributes={['data-card-task', 'data-card-item']} />
      <div className="report-controls">
        {FORMATS.map(([format, name]) => (
          <button
            key={format}
            type="button"
            data-save-card={format}
            disabled={state.status === 'running'}
            onClick={() => void exportFitnessCard(report, card.judge, format)}
          >
            Save this card as {name}
          </button>
        ))}
      </div>
      <p className="small muted" role="status" data-testid="fitness-card-status" data-status={state.status}>
        {state.status === 'done' || state.status === 'failed' ? state.message : ''}
      </p>
    </section>
  );
});
