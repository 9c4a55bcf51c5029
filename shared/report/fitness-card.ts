// A judge's fitness card (issue 31 point 5): on one page, what the judge may be used for and the
// evidence. The bands are the Braintrust eval-library's (skills/braintrust-validate-eval-scorer,
// references/validation-recipe.md, "Fitness bands", Apache-2.0): "< 0.4 exploration only; do not
// report trends; 0.4 - 0.7 may still be fine for trend monitoring; >= ~0.7 candidate for release
// gating", stated there as "defaults to justify, not laws". The card reads the band off the lower
// end of the kappa's interval, so a judge is not called fit for gating on a lucky sample.

import type { Interval } from '../stats/interval';
import type { AgreementReport, FitnessBand, FitnessCard, FitnessTaskCard, JudgeRunOrigin, JudgesSection, ReportTask } from './model/report-model';

/** Where the bands start: trend monitoring from 0.4, release gating from 0.7. */
export const FITNESS_BANDS = { trend: 0.4, gating: 0.7 } as const;

export const FITNESS_BANDS_SOURCE =
  'Bands after the Braintrust eval-library (validate-eval-scorer, 2026; defaults to justify, not laws, for adjudicated expert labels): kappa below 0.4 exploration only, 0.4 to 0.7 trend monitoring, from about 0.7 release gating. Landis & Koch (1977) call 0.61-0.80 substantial.';

/** What makes a card stale; the Braintrust recipe and the judge-validation literature name these. */
export const REVALIDATE_WHEN = [
  'another model snapshot or version behind the same name, or another endpoint serving it',
  'another prompt version (its hash changes), rubric or output format',
  'other sampling settings (temperature, samples per item)',
  'another benchmark, puzzle set or language, or players the judge has not seen',
  'another pool of annotators or labelling guidelines for the reference',
];

export function bandOf(kappa: number): FitnessBand {
  return kappa >= FITNESS_BANDS.gating ? 'release gating' : kappa >= FITNESS_BANDS.trend ? 'trend monitoring' : 'exploration';
}

/** A judge's kappa with the strict human majority on one task, with its interval. */
export interface JudgeKappa {
  task: ReportTask;
  judge: string;
  n: number;
  kappa: number | null;
  ci95: Interval | null;
}

/** The part of the report the cards read besides the Judges section. */
export type CardEvidence = Pick<AgreementReport, 'tables' | 'statistics' | 'annotators'>;

/** One card per judge of either task, in the order the judges first appear (answer task first). */
export function fitnessCards(section: JudgesSection, evidence: CardEvidence, kappas: readonly JudgeKappa[], runs: readonly JudgeRunOrigin[]): FitnessCard[] {
  const judges = [...new Set(kappas.map((one) => one.judge))];
  return judges.map((judge) => {
    const run = runs.find((one) => one.judge === judge);
    const tasks = kappas.filter((one) => one.judge === judge).map((kappa) => taskCard(section, evidence, kappa));
    return { judge, ...(run === undefined ? {} : { run }), tasks, revalidateWhen: REVALIDATE_WHEN };
  });
}

function taskCard(section: JudgesSection, evidence: CardEvidence, { task, judge, n, kappa, ci95 }: JudgeKappa): FitnessTaskCard {
  const all = evidence.statistics[task].all;
  const agreement = evidence.tables[task].find((row) => row.bucket === 'all' && row.a === `judge:${judge}` && row.b === 'human');
  const people = evidence.annotators.filter((row) => row.task === task).length;
  const riskiest = section.againstPeople
    .filter((row) => row.task === task && row.judge === judge && row.bucket !== 'all' && row.errors.lenient > 0 && row.errors.leniencyRate.value !== null)
    .map((row) => ({
      bucket: row.bucket,
      lenient: row.errors.lenient,
      peopleNegative: row.errors.peopleNegative,
      rate: row.errors.leniencyRate.value as number,
    }))
    .sort((a, b) => b.rate - a.rate || b.lenient - a.lenient)
    .slice(0, 3);
  return {
    task,
    reference: {
      people,
      alpha: all?.krippendorffAlpha ?? null,
      alphaCi95: all?.krippendorffAlphaCi95 ?? null,
      // The lead's gold labels of the task are a rater group of its agreement table.
      adjudicated: evidence.tables[task].some((row) => row.a === 'gold' || row.b === 'gold'),
    },
    agreement: { value: agreement?.agreement ?? null, ci95: agreement?.ci95 ?? null, n: agreement?.n ?? 0 },
    kappa: { value: kappa, ci95, n },
    band: kappa === null ? null : bandOf(ci95 === null ? kappa : ci95[0]),
    pointBand: kappa === null ? null : bandOf(kappa),
    riskiest,
    findings: findingsOf(section, task, judge),
  };
}

const percent = (share: number) => `${(100 * share).toFixed(1)}%`;

/** The other sections' verdicts on the judge and task, in words. */
function findingsOf(section: JudgesSection, task: ReportTask, judge: string): FitnessTaskCard['findings'] {
  const findings: FitnessTaskCard['findings'] = [];
  for (const row of (section.calibration ?? []).filter((one) => one.task === task && one.judge === judge)) {
    if (row.ece === null) continue;
    const source = row.source === 'samples' ? 'its vote shares' : 'its log-probabilities';
    findings.push({
      section: 'calibration',
      text: `From ${source}: ECE ${(100 * row.ece).toFixed(1)} points${intervalText(row.eceCi95, (v) => (100 * v).toFixed(1))}, Brier ${row.brier?.toFixed(3) ?? '–'} on ${row.n} verdicts`,
    });
  }
  for (const row of (section.selfConsistency ?? []).filter((one) => one.task === task && one.judge === judge))
    if (row.flips.value !== null)
      findings.push({
        section: 'stability',
        text: `Asked ${row.samples} times, one sample differs from the majority on ${percent(row.flips.value)} of ${row.units} units`,
      });
  for (const row of (section.judgePairs ?? []).filter((one) => one.task === task && (one.a === judge || one.b === judge)))
    if (row.flips.value !== null)
      findings.push({
        section: 'stability',
        text: `Against ${row.a === judge ? row.b : row.a} (${row.kind}): labels differ on ${percent(row.flips.value)} of ${row.n} units`,
      });
  const checks = (section.biasChecks ?? []).filter((one) => one.task === task && one.judge === judge);
  const effects = checks.filter((one) => one.effect);
  if (effects.length === 0 && checks.length > 0) findings.push({ section: 'bias', text: `No clear effect in ${checks.length} checks` });
  for (const row of effects) findings.push({ section: 'bias', text: `${row.check}${row.bucket === 'all' ? '' : ` (${row.bucket})`}: ${row.verdict}` });
  const likeness = (section.humanLikeness ?? []).find((one) => one.task === task && one.judge === judge);
  if (likeness !== undefined)
    findings.push({
      section: 'human-likeness',
      text: likeness.verdict === null ? `No verdict: ${likeness.reason ?? 'no z'}` : `${likeness.verdict} (z = ${likeness.z?.toFixed(2)})`,
    });
  return findings;
}

function intervalText(ci: Interval | null, format: (value: number) => string): string {
  return ci === null ? '' : ` [${format(ci[0])}, ${format(ci[1])}]`;
}
