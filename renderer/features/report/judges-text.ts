// How the Judges section says its figures in words: a proportion or its reason for being
// undefined, p-values, which way a judge errs, the Alt-Test's verdict and what became of a
// corrected score. Numbers in the style of the other report tables (report-text.ts).

import type { CorrectedScoreRow, Interval, JudgeAgainstPeopleRow, JudgeAltTestRow, PairedTestResult } from '../../../shared/report/model/report-model';
import { pairedPValueText } from '../../../shared/report/paired-test-words';
import { formatPValue, formatStatistic } from '../../../shared/report/table-layout';
import { wasClamped } from '../../../shared/stats/judge/corrected-score';
import type { Ratio } from '../../../shared/stats/judge/classification';
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

/** A paired test's p as the exports print it: `–` without a test, `≤ 0.002` where the replicates only bound it. */
export function pairedPText(test: PairedTestResult): string {
  return pairedPValueText(test, pText) ?? UNDEFINED_FIGURE;
}

/** The name of a paired test's p: `bootstrap-t p` or `McNemar p`. */
export function pairedTestName(test: PairedTestResult): string {
  return test.method === 'bootstrap-t' ? 'bootstrap-t p' : 'McNemar p';
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

/** Lenient or severe when the report's test of the skew, Holm-adjusted where the report adjusted it, is below SIGNIFICANCE. */
export function skewOf(row: Pick<JudgeAgainstPeopleRow, 'errors' | 'leniencyTest' | 'holmP'>): Skew {
  const { lenient, severe } = row.errors;
  const p = row.holmP ?? row.leniencyTest.pValue;
  if (lenient === severe || p === null || p >= SIGNIFICANCE) return 'none';
  return lenient > severe ? 'lenient' : 'severe';
}

/** The leniency bar's text equivalent, also its accessible name. */
export function leniencyText(row: Pick<JudgeAgainstPeopleRow, 'errors' | 'netLeniency' | 'leniencyTest' | 'holmP'>): string {
  const { errors, leniencyTest } = row;
  const lenient = `${errors.lenient} lenient (${errors.positive} where people said ${errors.negative}; ${percentText(errors.leniencyRate.value)} of people's ${errors.negative})`;
  const severe = `${errors.severe} severe (${errors.negative} where people said ${errors.positive}; ${percentText(errors.severityRate.value)} of people's ${errors.positive})`;
  const holm = row.holmP === null ? '' : `, Holm-adjusted p ${pText(row.holmP)}`;
  const test =
    leniencyTest.pValue === null
      ? `no test, ${leniencyTest.reason ?? 'nothing to test'}`
      : `${pairedTestName(leniencyTest)} ${pairedPText(leniencyTest)}${holm}`;
  return `${lenient}, ${severe}; ${netLeniencyText(row)}: ${test}, ${SKEW_WORDS[skewOf(row)]}`;
}

/** Lenient minus severe errors per unit with its interval: `net +3.1 pp [0.4, 5.9] per unit`. */
export function netLeniencyText(row: Pick<JudgeAgainstPeopleRow, 'netLeniency'>): string {
  const { value, ci95 } = row.netLeniency;
  return `net ${[pointsText(value), percentInterval(ci95)].filter((part) => part !== '').join(' ')} per unit`;
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
