// The report's "More than one right answer" figures as rows of the long-form CSV (render-csv.ts):
// each comparison's forced-choice and set-aware agreement (`set_aware`), people's alphas
// (`set_alpha`), and each judge label only a set accepts (`set_difference`, b the unit).

import type { CsvCell } from '../formats/csv-escape';
import type { AgreementReport, Interval } from './model/report-model';

/** Rows in REPORT_CSV_HEADER's columns; none when the report has no sets. */
export function setAwareCsvRows(report: AgreementReport): CsvCell[][] {
  const section = report.setAware;
  if (section === undefined) return [];
  const ci = (interval: Interval | null | undefined): [number | null, number | null] => interval ?? [null, null];
  return [
    ...section.rows.flatMap((row) =>
      (['forcedChoice', 'setAware'] as const).map((kind): CsvCell[] => {
        const figure = row[kind];
        return [
          'set_aware',
          section.task,
          row.bucket,
          row.a,
          row.b,
          kind === 'forcedChoice' ? 'forced_choice_agreement' : 'set_aware_agreement',
          figure.agreement,
          figure.n,
          ...ci(figure.ci95),
          figure.macro,
          ...ci(figure.macroCi95),
          figure.units,
        ];
      }),
    ),
    ...section.alpha.flatMap((row) =>
      (['forcedChoice', 'masi'] as const).map((kind): CsvCell[] => [
        'set_alpha',
        section.task,
        row.bucket,
        'human',
        'human',
        kind === 'forcedChoice' ? 'nominal_alpha' : 'masi_alpha',
        row[kind],
        row.pairableValues,
        ...ci(kind === 'forcedChoice' ? row.forcedChoiceCi95 : row.masiCi95),
        null,
        null,
        null,
        null,
      ]),
    ),
    // The measure names the judge's label, as the Judges rows name a label; n is the unit's people (1 for gold).
    ...section.differences.flatMap((difference) => {
      const row = (measure: string, value: number, n: number): CsvCell[] => [
        'set_difference',
        section.task,
        'all',
        `judge:${difference.judge}`,
        `unit:${difference.unitId}`,
        `${measure}:${difference.label}`,
        value,
        n,
        ...new Array<null>(6).fill(null),
      ];
      return [
        row('people_by_set_only', difference.peopleOnlyBySet, difference.people),
        ...(difference.gold === undefined ? [] : [row('gold_by_set_only', difference.goldOnlyBySet ? 1 : 0, 1)]),
      ];
    }),
  ];
}
