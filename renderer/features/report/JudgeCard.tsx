// One judge against people on one task and bucket: its confusion matrix against the human
// majority, its per-label scores, the direction of its errors, the Alt-Test's verdict and, on the
// final answers, the players' scores corrected for its errors.

import { countText } from '../../../shared/domain/count-text';
import { memo, useId } from 'react';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { AltTestVerdict } from './AltTestVerdict';
import { ConfusionMatrixTable } from './ConfusionMatrixTable';
import { CorrectedScoresTable } from './CorrectedScoresTable';
import { JudgeLabelTable } from './JudgeLabelTable';
import type { JudgeCard as Card } from './judges-view';
import { LeniencyBar } from './LeniencyBar';

function matrixFootnote({ againstPeople }: Card): string {
  const { classification, unitsWithoutMajority } = againstPeople;
  const otherLabels = classification.otherJudgeLabel.reduce((sum, count) => sum + count, 0);
  return [
    `${classification.n.toLocaleString('en-US')} units`,
    ...(unitsWithoutMajority > 0 ? [`${unitsWithoutMajority.toLocaleString('en-US')} without a strict human majority left out`] : []),
    ...(otherLabels > 0 ? [`${otherLabels.toLocaleString('en-US')} unparseable replies counted as misses, outside the matrix`] : []),
  ].join(' · ');
}

export const JudgeCard = memo(function JudgeCard({ report, card }: { report: AgreementReport; card: Card }) {
  const id = useId();
  const { againstPeople } = card;
  const nonPolar = againstPeople.errors.nonPolar.filter((side) => side.judgeOnly + side.peopleOnly > 0);
  return (
    <article className="card judge-card" data-judge={card.judge} data-task={againstPeople.task} data-bucket={againstPeople.bucket} aria-labelledby={id}>
      <h4 id={id} className="card-title">
        {card.judge}
      </h4>
      <div className="judge-card-figures">
        <div>
          <div className="small muted" id={`${id}-matrix`}>
            {card.judge} ↓ vs human majority →
          </div>
          <ConfusionMatrixTable categories={againstPeople.classification.labels} counts={againstPeople.classification.counts} labelledBy={`${id}-matrix`} />
          <div className="muted small">{matrixFootnote(card)}</div>
        </div>
        <JudgeLabelTable classification={againstPeople.classification} />
      </div>
      <LeniencyBar row={againstPeople} />
      {nonPolar.length > 0 && (
        <p className="muted small">
          Neither lenient nor severe:{' '}
          {nonPolar
            .map(
              (side) =>
                `“${side.label}” ${countText(side.judgeOnly, 'time')} from the judge where people said yes or no, ${countText(side.peopleOnly, 'time')} from people where the judge did`,
            )
            .join('; ')}
          .
        </p>
      )}
      {card.altTest !== undefined && <AltTestVerdict report={report} row={card.altTest} />}
      <CorrectedScoresTable judge={card.judge} rows={card.correctedScores} />
    </article>
  );
});
