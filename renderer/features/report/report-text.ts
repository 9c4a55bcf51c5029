// How the report page writes its figures: the shared table layout's number style (one decimal
// for percentages, three for statistics, a true minus sign, `–` when undefined), so the page
// reads the same as the Markdown and LaTeX tables of the same report.

import { formatStatistic } from '../../../shared/report/table-layout';
import type { AgreementRow, Interval, ReportTask } from '../../../shared/report/model/report-model';

export const UNDEFINED_FIGURE = '–';

export const TASK_NAMES: Record<ReportTask, string> = { match: 'M: final answers', answer: 'R: questions' };

/** A share (0..1) as a percentage: 0.825 -> `82.5%`. */
export function percentText(share: number | null | undefined, digits = 1): string {
  return share === null || share === undefined || !Number.isFinite(share) ? UNDEFINED_FIGURE : `${formatStatistic(share * 100, digits)}%`;
}

function intervalText(ci: Interval | null | undefined, format: (value: number) => string): string {
  return ci === null || ci === undefined ? '' : `[${format(ci[0])}, ${format(ci[1])}]`;
}

/** A statistic with its interval when the report has one: `0.712 [0.650, 0.771]`. */
export function statisticText(value: number | null | undefined, ci?: Interval | null): string {
  if (value === null || value === undefined) return UNDEFINED_FIGURE;
  const interval = intervalText(ci, (bound) => formatStatistic(bound));
  return interval === '' ? formatStatistic(value) : `${formatStatistic(value)} ${interval}`;
}

/** The figure an agreement cell shows under the chosen average, null when it is undefined. */
export function shownAgreement(row: AgreementRow, average: 'micro' | 'macro'): number | null {
  return average === 'macro' ? row.macro : row.agreement;
}

/**
 * The parts of an agreement cell: `82.5%`, `n=2856` (or `units=12` for macro), `[80.5, 84.3]`.
 * The page puts two spaces between them, as the paper tables do.
 */
export function agreementCellParts(row: AgreementRow, average: 'micro' | 'macro'): string[] {
  const value = shownAgreement(row, average);
  if (value === null) return [UNDEFINED_FIGURE];
  const ci = average === 'macro' ? row.macroCi95 : row.ci95;
  const interval = intervalText(ci, (bound) => formatStatistic(bound * 100, 1));
  return [percentText(value), average === 'macro' ? `units=${row.units}` : `n=${row.n}`, ...(interval === '' ? [] : [interval])];
}
