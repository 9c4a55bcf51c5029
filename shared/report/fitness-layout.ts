// The layout of a judge's fitness card (issue 31 point 5): one table per judge, what produced its
// labels, then per task the reference, its agreement and kappa with the band they make it fit for,
// where it errs towards yes most, and the other sections' findings; the bands' source and what
// would make the card stale under it.

import { FITNESS_BANDS_SOURCE } from './fitness-card';
import type { AgreementReport, FitnessCard, ReportTask } from './model/report-model';
import { BUCKET_NAME, formatPercent, formatStatistic, intervalSuffix, TASK_ORDER, UNDEFINED, type LayoutTable } from './table-layout';

const TASK_NAME: Record<ReportTask, string> = { match: 'M', answer: 'R' };

const SECTION_NAME = { calibration: 'Calibration', stability: 'Stability', bias: 'Bias', 'human-likeness': 'Human-likeness' } as const;

const LENIENT_ITEM: Record<ReportTask, string> = { answer: 'Says yes where people say no', match: 'Says matched where people say unmatched' };

type Row = LayoutTable['rows'][number];

function originRows(card: FitnessCard): Row[] {
  const row = (item: string, finding: string): Row => ({ labels: ['', item, finding], ids: ['', item], values: [UNDEFINED] });
  const { run } = card;
  if (run === undefined) return [row('Labels', 'came with the study (no run of this app): model, prompt and settings as its source says')];
  return [
    row('Model', `${run.model} at ${run.endpoint}`),
    row('Prompt version', `${run.prompt.name} (sha256 ${run.prompt.hash.slice(0, 16)})`),
    row('Run', `finished ${run.finishedAt}, temperature ${run.temperature}, ${run.samples} sample${run.samples === 1 ? '' : 's'} per item`),
  ];
}

function taskRows(card: FitnessCard, task: ReportTask): Row[] {
  const found = card.tasks.find((one) => one.task === task);
  if (found === undefined) return [];
  const { reference, agreement, kappa, band, pointBand, riskiest, findings } = found;
  const name = TASK_NAME[task];
  const row = (item: string, finding: string, value: string, id = item): Row => ({ labels: [name, item, finding], ids: [task, id], values: [value] });
  return [
    row(
      "Reference (people's alpha)",
      `${reference.people} ${reference.people === 1 ? 'person' : 'people'}, ${reference.adjudicated ? 'adjudicated by the lead' : 'not adjudicated'}`,
      reference.alpha === null ? UNDEFINED : `${formatStatistic(reference.alpha)}${intervalSuffix(reference.alphaCi95, (bound) => formatStatistic(bound))}`,
      'reference',
    ),
    row(
      'Agreement with people (%)',
      '',
      agreement.value === null ? UNDEFINED : `${formatPercent(agreement.value)} (n=${agreement.n})${intervalSuffix(agreement.ci95, formatPercent)}`,
      'agreement',
    ),
    row(
      'Kappa with the human majority',
      band === null ? 'no kappa: no unit with both' : `fit for ${band}${pointBand !== band ? ` (its point alone: ${pointBand ?? 'none'})` : ''}`,
      kappa.value === null ? UNDEFINED : `${formatStatistic(kappa.value)} (n=${kappa.n})${intervalSuffix(kappa.ci95, (bound) => formatStatistic(bound))}`,
      'kappa',
    ),
    ...riskiest.map((cell) =>
      row(LENIENT_ITEM[task], BUCKET_NAME[cell.bucket], `${formatPercent(cell.rate)} (${cell.lenient}/${cell.peopleNegative})`, `riskiest:${cell.bucket}`),
    ),
    ...findings.map((finding, f) => row(SECTION_NAME[finding.section], finding.text, UNDEFINED, `${finding.section}:${f}`)),
  ];
}

/** The card of one judge as a table. */
export function fitnessTable(card: FitnessCard, index: number): LayoutTable {
  return {
    id: `fitness-${index + 1}`,
    wide: true,
    title: `Fitness card: ${card.judge}`,
    caption:
      'What the judge may be used for, and the evidence: what produced its labels; per task the people it is measured against, its agreement and Cohen kappa with them (the band is that of the lower end of the kappa interval), the buckets where it errs towards yes most, and the findings of calibration, stability, bias and human-likeness.',
    columns: ['Task', 'Item', 'Finding', 'Figure'],
    labelColumns: 3,
    rows: [...originRows(card), ...TASK_ORDER.flatMap((task) => taskRows(card, task))],
    notes: [FITNESS_BANDS_SOURCE, 'Validate again after another model snapshot, prompt version, sampling setting, benchmark or pool of annotators.'],
  };
}

/** Every judge's card, in the report's order. */
export function fitnessTables(report: AgreementReport): LayoutTable[] {
  return (report.judges?.fitness ?? []).map(fitnessTable);
}
