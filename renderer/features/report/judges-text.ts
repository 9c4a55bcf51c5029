// How the Judges section says its figures in words: a proportion or its reason for being
// undefined, p-values, which way a judge errs, the Alt-Test's verdict and what became of a
// corrected score. Numbers in the style of the other report tables (report-text.ts).

import type { CorrectedScoreRow, Interval, JudgeAgainstPeopleRow, JudgeAltTestRow } from '../../../shared/report/model/report-model';
import { formatPValue, formatStatistic } from '../../../shared/report/table-layout';
import { wasClamped } from '../../../shared/stats/judge/corrected-score';
import type { Ratio } from '../../../shared/stats/judge/classification';
import type { McNemar } from '../../../shared/stats/judge/mcnemar';
import { percentText, UNDEFINED_FIGURE } from './report-text';

/** The level the section calls a skew or a gap "clear" at, after Holm's adjustment. */
export const SIGNIFICANCE = 0.05;

/** A proportion as a percentage, as the exported Judges tables print it, or `–`; `title` says why it is undefined. */
export function ratioText(ratio: Ratio): { text: string; title?: string } {
  return ratio.value === null ? { text: UNDEFINED_FIGURE, ...(ratio.reason === undefined ? {} : { title: ratio.reason }) } : { text: percentText(ratio.value) };
}

/** A p-value as the exported tables print it (formatPValue). */
export function pText(p: number | null): string {
  return formatPValue(p);
}

/** A McNemar test's p, or `–` when there was nothing to test (no discordant pair), as the exports print it. */
export function mcnemarText(test: McNemar): string {
  return test.reason === undefined ? pText(test.pValue) : UNDEFINED_FIGURE;
}

/** A difference in agreement (a share) as signed percentage points: `+4.2 pp`. */
export function pointsText(difference: number | null): string {
  if (difference === null) return UNDEFINED_FIGURE;
  return `${difference > 0 ? '+' : ''}${formatStatistic(difference * 100, 1)} pp`;
}

/** An interval of shares as percentages: `[71.0, 100.0]`, or nothing without one. */
export function percentInterval(ci: Interval | null): string {
  return ci === null ? '' : `[${formatStatistic(ci[0] * 100, 1)}, ${formatStatistic(ci[1] * 100, 1)}]`;
}

export type Skew = 'lenient' | 'severe' | 'none';

export const SKEW_WORDS: Record<Skew, string> = { lenient: 'more lenient than people', severe: 'more severe than people', none: 'no clear skew' };

/** Lenient or severe when the McNemar test of the skew, Holm-adjusted where the report adjusted it, is below SIGNIFICANCE. */
export function skewOf(row: Pick<JudgeAgainstPeopleRow, 'errors' | 'holmP'>): Skew {
  const { lenient, severe, mcnemar } = row.errors;
  const p = row.holmP ?? mcnemar.pValue;
  if (lenient === severe || p >= SIGNIFICANCE) return 'none';
  return lenient > severe ? 'lenient' : 'severe';
}

/** The leniency bar's text equivalent, also its accessible name. */
export function leniencyText(row: Pick<JudgeAgainstPeopleRow, 'errors' | 'holmP'>): string {
  const { errors } = row;
  const lenient = `${errors.lenient} lenient (${errors.positive} where people said ${errors.negative}; ${percentText(errors.leniencyRate.value)} of people's ${errors.negative})`;
  const severe = `${errors.severe} severe (${errors.negative} where people said ${errors.positive}; ${percentText(errors.severityRate.value)} of people's ${errors.positive})`;
  const holm = row.holmP === null ? '' : `, Holm-adjusted p ${pText(row.holmP)}`;
  const test = errors.mcnemar.reason === undefined ? `McNemar p ${pText(errors.mcnemar.pValue)}${holm}` : 'no McNemar test, no lenient or severe error';
  return `${lenient}, ${severe}: ${test}, ${SKEW_WORDS[skewOf(row)]}`;
}

/** The Alt-Test's verdict in one sentence, with the epsilon it was run with. */
export function altTestVerdict(row: JudgeAltTestRow): string {
  const epsilon = `ε = ${row.epsilon}`;
  if (row.passed === null) return `Not run (${epsilon}): ${row.reason ?? 'the test gave no verdict'}.`;
  const tested = row.annotators.filter((annotator) => annotator.tested);
  const wins = tested.filter((annotator) => annotator.judgeWins).length;
  return (
    `${row.passed ? 'Passed' : 'Failed'} (${epsilon}): the judge wins against ${wins} of ${tested.length} annotators (winning rate ${percentText(row.winningRate)}, ` +
    `advantage probability ${formatStatistic(row.advantageProbability)}) on ${row.units} units.`
  );
}

/** What a corrected score's figure means when it is not a plain estimate: clamped into 0-100%, or undefined and why. */
export function correctedNote(row: CorrectedScoreRow): string {
  if (row.theta === null) return `undefined: ${row.undefinedReasons.theta ?? 'no estimate'}`;
  const clamped = wasClamped(row);
  const notes = [
    ...(clamped ? [`clamped to ${percentText(row.theta)} (the estimate was ${percentText(row.unclampedTheta)})`] : []),
    ...(row.ci95 === null ? [`no interval: ${row.undefinedReasons.ci95 ?? 'undefined'}`] : []),
  ];
  return notes.join('; ');
}
