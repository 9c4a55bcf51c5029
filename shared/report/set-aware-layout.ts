// The report's "More than one right answer" tables (issue 33 point 4), as every rendering and the
// app lay them out: each comparison forced choice beside set-aware per bucket, people's alpha on
// their sets beside nominal, and the units where forced choice counted a judge wrong that a set accepts.

import type { AgreementReport, Interval } from './model/report-model';
import type { SetAwareFigure, SetAwareSection } from './model/set-aware-model';
import { annotatorName, BUCKET_NAME, formatPercent, formatStatistic, intervalSuffix, raterName, UNDEFINED, type LayoutTable } from './table-layout';

/** The section's tables, in reading order; none when the report has no sets. */
export function setAwareTables(report: AgreementReport): LayoutTable[] {
  const section = report.setAware;
  if (section === undefined) return [];
  return [agreementTable(report, section), alphaTable(section), differencesTable(report, section)];
}

function agreementTable(report: AgreementReport, section: SetAwareSection): LayoutTable {
  const { average } = report.settings;
  return {
    id: 'set-aware-answer',
    title: 'R: more than one right answer, forced choice beside set-aware',
    caption: `${
      average === 'macro'
        ? 'Macro agreement (mean per-unit agreement in %, with units)'
        : 'Micro agreement in % of comparisons (pairs for humans vs humans), with n'
    } and the 95% interval, made as in the agreement table. Forced choice reads each label's one answer; set-aware counts a judge as agreeing with a person (or gold) when its label is in their set of acceptable answers, and two people when their sets share an answer.`,
    columns: ['Raters', 'Bucket', 'Forced choice', 'Set-aware', 'Change (points)'],
    labelColumns: 2,
    rows: section.rows.map((row) => ({
      labels: [`${raterName(report, row.a)} vs ${raterName(report, row.b)}`, BUCKET_NAME[row.bucket]],
      values: [cell(row.forcedChoice, average), cell(row.setAware, average), change(row.forcedChoice, row.setAware, average)],
      ids: [row.a, row.b, row.bucket],
    })),
    notes: [
      `${section.labelsWithSets.toLocaleString('en')} ${section.labelsWithSets === 1 ? 'label holds' : 'labels hold'} a set of answers${
        section.goldWithSets > 0 ? `, and ${section.goldWithSets.toLocaleString('en')} gold ${section.goldWithSets === 1 ? 'label' : 'labels'}` : ''
      }. Humans vs humans set-aware is the share of pairs whose sets intersect.`,
    ],
  };
}

function cell(figure: SetAwareFigure, average: 'micro' | 'macro'): string {
  if (average === 'macro')
    return figure.macro === null ? UNDEFINED : `${formatPercent(figure.macro)} (units=${figure.units})${intervalSuffix(figure.macroCi95, formatPercent)}`;
  return figure.agreement === null ? UNDEFINED : `${formatPercent(figure.agreement)} (n=${figure.n})${intervalSuffix(figure.ci95, formatPercent)}`;
}

function change(forced: SetAwareFigure, set: SetAwareFigure, average: 'micro' | 'macro'): string {
  const [before, after] = average === 'macro' ? [forced.macro, set.macro] : [forced.agreement, set.agreement];
  if (before === null || after === null) return UNDEFINED;
  const points = formatPercent(after - before);
  return after > before ? `+${points}` : points;
}

function alphaTable(section: SetAwareSection): LayoutTable {
  const reasons = section.alpha.flatMap((row) =>
    Object.entries(row.undefinedReasons).map(([alpha, reason]) => `${BUCKET_NAME[row.bucket]}, ${alpha === 'masi' ? 'MASI' : 'nominal'} alpha: ${reason}.`),
  );
  return {
    id: 'set-alpha-answer',
    title: "R: people's Krippendorff's alpha on sets",
    caption:
      "Nominal alpha on each person's forced choice beside alpha with the MASI distance on their sets (Passonneau 2006), with the percentile interval of the same replicates as the agreement, and the labels in units that two or more people labelled.",
    columns: ['Bucket', 'Forced choice (nominal)', 'Sets (MASI)', 'Labels'],
    labelColumns: 1,
    rows: section.alpha.map((row) => ({
      labels: [BUCKET_NAME[row.bucket]],
      values: [alphaCell(row.forcedChoice, row.forcedChoiceCi95), alphaCell(row.masi, row.masiCi95), String(row.pairableValues)],
      ids: [row.bucket],
    })),
    notes: reasons,
  };
}

function alphaCell(value: number | null, ci: Interval | null | undefined): string {
  return value === null ? UNDEFINED : `${formatStatistic(value)}${intervalSuffix(ci, (bound) => formatStatistic(bound))}`;
}

function differencesTable(report: AgreementReport, section: SetAwareSection): LayoutTable {
  const gold = section.differences.some((difference) => difference.gold !== undefined);
  return {
    id: 'set-differences-answer',
    title: 'R: units where forced choice counted a judge wrong that a set accepts',
    caption: `Each judge label that is not a person's forced choice${gold ? ' (or gold)' : ''} but is in their set of acceptable answers: how many of the people accept it only by their set${
      gold ? ', and whether only the gold set accepts it' : ''
    }. The reverse cannot happen: every set holds its forced choice.`,
    wide: true,
    columns: ['Unit', 'Puzzle', 'Judge', 'Label', "People's sets", ...(gold ? ['Gold set'] : []), 'By set only', ...(gold ? ['Gold by set only'] : [])],
    labelColumns: gold ? 6 : 5,
    rows: section.differences.map((difference) => ({
      labels: [
        difference.unitId,
        difference.puzzleId,
        difference.judge,
        difference.label,
        difference.sets.map(({ annotator, answers }) => `${annotatorName(report, annotator)}: ${answers.join(', ')}`).join('; '),
        ...(gold ? [difference.gold?.join(', ') ?? UNDEFINED] : []),
      ],
      values: [`${difference.peopleOnlyBySet}/${difference.people}`, ...(gold ? [difference.goldOnlyBySet ? 'yes' : 'no'] : [])],
      ids: [difference.unitId, difference.judge],
    })),
    notes: section.differences.length === 0 ? ['No judge label is accepted by a set alone.'] : [],
  };
}
