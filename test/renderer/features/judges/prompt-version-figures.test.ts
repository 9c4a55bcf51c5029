// The Prompt versions view's figures from a report: per model, each `<model>@<version>` judge's
// overall human-judge agreement on M and R with its interval and n, whichever side of the row the
// judge is on; the study's own judges (no '@'), judge-vs-judge rows and single buckets are left out.

import { describe, expect, it } from 'vitest';
import type { AgreementReport, AgreementRow } from '../../../../shared/report/model/report-model';
import { promptVersionFigures } from '../../../../renderer/features/judges/prompt-version-figures';

const ci = (agreement: number): [number, number] => [agreement - 0.1, agreement + 0.05];

function row(a: string, b: string, agreement: number, bucket: AgreementRow['bucket'] = 'all'): AgreementRow {
  return { bucket, a, b, agreement, n: 10, ci95: ci(agreement), macro: agreement, units: 10 };
}

function report(tables: AgreementReport['tables']): AgreementReport {
  return { tables } as AgreementReport;
}

describe('promptVersionFigures', () => {
  it('lists each model@version judge by model with its M and R agreement with people', () => {
    const figures = promptVersionFigures(
      report({
        match: [
          row('judge:tiny@studio-1', 'human', 0.8),
          row('human', 'judge:tiny@terse', 0.9),
          row('judge:tiny@studio-1', 'human', 0.1, 'easy'),
          row('judge:gpt-4o', 'human', 0.7),
          row('judge:tiny@studio-1', 'judge:tiny@terse', 0.6),
          row('human', 'human', 0.95),
        ],
        answer: [row('judge:tiny@studio-1', 'human', 0.75), row('judge:big:70b@studio-1', 'human', 0.85)],
      }),
    );
    expect(figures).toEqual([
      {
        model: 'tiny',
        versions: [
          {
            judge: 'tiny@studio-1',
            version: 'studio-1',
            figures: { match: { agreement: 0.8, ci95: ci(0.8), n: 10 }, answer: { agreement: 0.75, ci95: ci(0.75), n: 10 } },
          },
          { judge: 'tiny@terse', version: 'terse', figures: { match: { agreement: 0.9, ci95: ci(0.9), n: 10 } } },
        ],
      },
      { model: 'big:70b', versions: [{ judge: 'big:70b@studio-1', version: 'studio-1', figures: { answer: { agreement: 0.85, ci95: ci(0.85), n: 10 } } }] },
    ]);
  });

  it('lists nothing for a study whose judges are all its own', () => {
    expect(promptVersionFigures(report({ match: [row('judge:gpt-4o', 'human', 0.7)], answer: [] }))).toEqual([]);
  });
});
