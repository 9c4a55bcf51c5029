// The report's "Held-out verdict" (issue 34 point 4) as every rendering and the app lay it out: per
// judge run on the test split, task and figure, the development part beside the test part, under
// the count of versions tried and of looks at the test part; and its rows of the long-form CSV.

import type { CsvCell } from '../formats/csv-escape';
import type { HeldOutFigures, HeldOutVerdict } from './model/held-out-model';
import type { AgreementReport, Interval, ReportTask } from './model/report-model';
import { formatPercent, formatStatistic, intervalSuffix, judgeSplitText, TASK_ORDER, UNDEFINED, type LayoutTable } from './table-layout';

const TASK_NAME: Record<ReportTask, string> = { match: 'M (final answers)', answer: 'R (questions)' };

/** The figures of a part, in the order the rows show them. */
const FIGURES = ['agreement', 'kappa', 'netLeniency', 'altTest'] as const;
type Figure = (typeof FIGURES)[number];

const FIGURE_NAME: Record<Figure, string> = {
  agreement: 'Agreement with people, %',
  kappa: "Cohen's kappa with the majority",
  netLeniency: 'Net leniency, points',
  altTest: 'Alt-Test passed (winning rate, %)',
};

/** The section's one table; none when the report has no held-out verdict. */
export function heldOutTables(report: AgreementReport): LayoutTable[] {
  const section = report.heldOut;
  if (section === undefined) return [];
  return [
    {
      id: 'held-out',
      title: `Held-out verdict: ${section.verdictJudge} on the test split`,
      caption: `${denominator(section)} Each figure as the agreement table, the fitness card, the errors table and the Alt-Test compute it, on the development part's puzzles (${section.puzzles.development}) and the test part's (${section.puzzles.test}) alone, with its 95% interval and n.`,
      columns: ['Judge', 'Task', 'Figure', 'Development', 'Test'],
      labelColumns: 3,
      wide: true,
      rows: section.judges.flatMap(({ judge, tasks }) =>
        TASK_ORDER.flatMap((task) => {
          const figures = tasks.find((one) => one.task === task);
          if (figures === undefined) return [];
          return FIGURES.map((figure) => ({
            labels: [judge, TASK_NAME[task], FIGURE_NAME[figure]],
            values: [cell(figures.development, figure), cell(figures.test, figure)],
            ids: [judge, task, figure],
          }));
        }),
      ),
      notes: [
        ...section.notes,
        `Runs on the test split: ${section.judges.map(({ judge, testRuns }) => `${judge} ${testRuns}`).join(', ')}; ${judgeSplitText(section.split)}.`,
      ],
    },
  ];
}

/** The denominator in words: the versions tried on development and the looks at the test part. */
export function denominator({ versionsTried, testLooks }: HeldOutVerdict): string {
  const tried = `${versionsTried} ${versionsTried === 1 ? 'version' : 'versions'} tried on the development split`;
  return `${tried}; ${testLooks} ${testLooks === 1 ? 'run' : 'runs'} on the test split, the first the verdict.`;
}

function cell(figures: HeldOutFigures, figure: Figure): string {
  switch (figure) {
    case 'agreement':
      return withInterval(figures.agreement, formatPercent);
    case 'kappa':
      return withInterval(figures.kappa, (value) => formatStatistic(value));
    case 'netLeniency':
      return withInterval(figures.netLeniency, formatPercent);
    case 'altTest': {
      const alt = figures.altTest;
      if (alt === null || alt.passed === null) return UNDEFINED;
      return `${alt.passed ? 'yes' : 'no'} (${formatPercent(alt.winningRate)})`;
    }
  }
}

function withInterval(figure: { value: number | null; ci95: Interval | null; n: number }, format: (value: number) => string): string {
  return figure.value === null ? UNDEFINED : `${format(figure.value)} (n=${figure.n})${intervalSuffix(figure.ci95, format)}`;
}

/**
 * The section's CSV rows (`held_out`): the split's seed and shares, the versions tried, the looks and
 * the verdict judge (value 1); per judge its runs on the test split; per judge, task and part (b)
 * each figure with its n and interval, and the Alt-Test's winning rate, advantage probability and
 * whether it passed (1 or 0).
 */
export function heldOutCsvRows(report: AgreementReport): CsvCell[][] {
  const section = report.heldOut;
  if (section === undefined) return [];
  const row = (
    task: string,
    a: string | null,
    b: string | null,
    measure: string,
    value: number | null,
    n: number | null,
    ci: Interval | null = null,
  ): CsvCell[] => ['held_out', task, 'all', a, b, measure, value, n, ci?.[0] ?? null, ci?.[1] ?? null, null, null, null, null];
  const { split } = section;
  return [
    row('all', null, null, 'split_seed', split.seed, null),
    ...(['examples', 'development', 'test'] as const).map((part) => row('all', null, part, 'share', split.shares[part], null)),
    ...(['development', 'test'] as const).map((part) => row('all', null, part, 'puzzles', section.puzzles[part], null)),
    row('all', null, null, 'versions_tried', section.versionsTried, null),
    row('all', null, null, 'test_looks', section.testLooks, null),
    row('all', `judge:${section.verdictJudge}`, null, 'verdict', 1, null),
    ...section.judges.flatMap(({ judge, testRuns, tasks }) => [
      row('all', `judge:${judge}`, null, 'test_runs', testRuns, null),
      ...TASK_ORDER.flatMap((task) => {
        const figures = tasks.find((one) => one.task === task);
        if (figures === undefined) return [];
        return (['development', 'test'] as const).flatMap((part) => {
          const { agreement, kappa, netLeniency, altTest } = figures[part];
          const figure = (measure: string, value: number | null, n: number | null, ci: Interval | null = null) =>
            row(task, `judge:${judge}`, part, measure, value, n, ci);
          return [
            figure('agreement', agreement.value, agreement.n, agreement.ci95),
            figure('kappa', kappa.value, kappa.n, kappa.ci95),
            figure('net_leniency', netLeniency.value, netLeniency.n, netLeniency.ci95),
            ...(altTest === null
              ? []
              : [
                  figure('alt_test_winning_rate', altTest.winningRate, altTest.units),
                  figure('alt_test_advantage_probability', altTest.advantageProbability, altTest.units),
                  figure('alt_test_passed', altTest.passed === null ? null : Number(altTest.passed), altTest.units),
                ]),
          ];
        });
      }),
    ]),
  ];
}
