// One judge scored as a classifier against the human majority: per label its support, precision,
// recall and F1, the macro average under them, and for a two-label task the true-positive and
// true-negative rates. An undefined figure shows `–` with its reason as the cell's title.

import type { Classification, Ratio } from '../../../shared/stats/judge/classification';
import { ratioText } from './judges-text';
import { ReportTable } from './ReportTable';

function RatioCell({ ratio, figure }: { ratio: Ratio; figure: string }) {
  const { text, title } = ratioText(ratio);
  return (
    <td className="num" data-figure={figure} data-value={ratio.value ?? ''} title={title}>
      {text}
    </td>
  );
}

/** One row: a label (or the macro average) with its support and its three scores. */
function ScoresRow({ label, name, support, scores }: { label: string; name: string; support: number; scores: { precision: Ratio; recall: Ratio; f1: Ratio } }) {
  return (
    <tr data-label={label}>
      <th scope="row">{name}</th>
      <td className="num" data-figure="support" data-value={support}>
        {support.toLocaleString('en-US')}
      </td>
      <RatioCell ratio={scores.precision} figure="precision" />
      <RatioCell ratio={scores.recall} figure="recall" />
      <RatioCell ratio={scores.f1} figure="f1" />
    </tr>
  );
}

export function JudgeLabelTable({ classification }: { classification: Classification }) {
  const { perLabel, macro, rates } = classification;
  return (
    <div className="judge-label-table">
      <ReportTable
        name={{ caption: `Per label against the human majority, ${classification.n.toLocaleString('en-US')} units` }}
        variant="compact"
        data={{ 'data-testid': 'judge-label-table' }}
        columns={['Label', { num: 'Support' }, { num: 'Precision' }, { num: 'Recall' }, { num: 'F1' }]}
      >
        {perLabel.map((score) => (
          <ScoresRow key={score.label} label={score.label} name={score.label} support={score.support} scores={score} />
        ))}
        <ScoresRow label="macro" name="Macro average" support={classification.n} scores={macro} />
      </ReportTable>
      {rates !== undefined && (
        <dl className="figure-list" data-testid="judge-rates">
          <div>
            <dt>True-positive rate ({rates.positive})</dt>
            <dd data-figure="tpr" data-value={rates.truePositiveRate.value ?? ''} title={ratioText(rates.truePositiveRate).title}>
              {ratioText(rates.truePositiveRate).text}
            </dd>
          </div>
          <div>
            <dt>True-negative rate ({rates.negative})</dt>
            <dd data-figure="tnr" data-value={rates.trueNegativeRate.value ?? ''} title={ratioText(rates.trueNegativeRate).title}>
              {ratioText(rates.trueNegativeRate).text}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}
