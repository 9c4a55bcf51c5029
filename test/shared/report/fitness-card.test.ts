// A judge's fitness card (issue 31 point 5): the band read off the lower end of its kappa interval,
// the kappa and interval those of the majority pairs, the reference, the riskiest buckets and the
// other sections' findings as the report has them, what produced the labels where a run did, and
// the card as a Markdown, LaTeX and JSON file of its own.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../shared/report/build-report';
import { bandOf, FITNESS_BANDS } from '../../../shared/report/fitness-card';
import { FITNESS_CARD_FORMAT, fitnessCardFile } from '../../../shared/report/fitness-card-file';
import { renderCsv } from '../../../shared/report/render-csv';
import type { JudgeRunOrigin } from '../../../shared/report/model/report-model';
import { BIASED_JUDGE, biasStudy, SWAPPED_JUDGE } from '../stats/study/bias-study';
import { NOW } from '../stats/study/study-fixtures';

const run: JudgeRunOrigin = {
  judge: BIASED_JUDGE,
  model: 'gpt-4.1',
  prompt: { name: 'judge', hash: 'ab'.repeat(32) },
  endpoint: 'http://127.0.0.1:8000/v1',
  temperature: 0.7,
  samples: 3,
  finishedAt: '2026-11-20T08:00:00.000Z',
};
const report = buildReport({
  ...biasStudy({ seed: 9, puzzles: 80, samples: 3, judgeErrorRate: 0.2, orderSwapFlips: 0.3, peopleErrorRates: [0.05, 0.1, 0.15, 0.2] }),
  settings: { bootstrap: 199, seed: 6, average: 'micro' },
  judgeRuns: [run],
  inputs: [{ file: 'bias.json', sha256: 'c'.repeat(64) }],
  app: 'test',
  now: NOW,
});
const card = report.judges?.fitness?.find((one) => one.judge === BIASED_JUDGE);

describe('the fitness card', () => {
  it('takes the band from the lower end of the kappa interval', () => {
    expect(bandOf(0.39)).toBe('exploration');
    expect(bandOf(FITNESS_BANDS.trend)).toBe('trend monitoring');
    expect(bandOf(FITNESS_BANDS.gating)).toBe('release gating');
    for (const task of card?.tasks ?? []) {
      expect(task.kappa.ci95).not.toBeNull();
      expect(task.band).toBe(bandOf(task.kappa.ci95?.[0] as number));
      expect(task.pointBand).toBe(bandOf(task.kappa.value as number));
      // The kappa is the pairwise figure of the judge against the human majority.
      const pairwise = report.pairwise[task.task].find((pair) => pair.a === `judge:${BIASED_JUDGE}` && pair.b === 'human-majority');
      expect(task.kappa.value).toBeCloseTo(pairwise?.cohenKappa as number, 12);
      expect(task.kappa.n).toBe(pairwise?.n);
    }
  });

  it("holds the reference, the agreement, the riskiest buckets and the other sections' findings as the report has them", () => {
    const match = card?.tasks.find((task) => task.task === 'match');
    expect(match?.reference).toMatchObject({ people: 4, adjudicated: false, alpha: report.statistics.match.all?.krippendorffAlpha });
    const agreement = report.tables.match.find((row) => row.bucket === 'all' && row.a === `judge:${BIASED_JUDGE}` && row.b === 'human');
    expect(match?.agreement).toEqual({ value: agreement?.agreement, ci95: agreement?.ci95, n: agreement?.n });
    const rates = match?.riskiest.map((cell) => cell.rate) ?? [];
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(match?.riskiest.length).toBeGreaterThan(0);
    const sections = new Set(match?.findings.map((finding) => finding.section));
    expect([...sections].sort()).toEqual(['bias', 'calibration', 'human-likeness', 'stability']);
    expect(match?.findings.some((finding) => finding.text.startsWith(`Against ${SWAPPED_JUDGE} (order swapped): labels differ on`))).toBe(true);
    expect(card?.run).toEqual(run);
    expect(report.judges?.fitness?.find((one) => one.judge === SWAPPED_JUDGE)?.run).toBeUndefined();
  });

  it('is saved on its own as Markdown, LaTeX and JSON, each with the provenance', () => {
    const md = fitnessCardFile(report, BIASED_JUDGE, 'md');
    expect(md.name).toBe(`${report.study.id}.fitness-card.gpt-4.1-judge.md`);
    expect(md.text.startsWith(`# Fitness card: ${BIASED_JUDGE}\n\n- test, agreement report generated ${NOW}`)).toBe(true);
    expect(md.text).toContain(`- input: bias.json sha256 ${'c'.repeat(64)}`);
    expect(md.text).toContain('| R | Kappa with the human majority | fit for');
    expect(md.text).toContain(`|  | Prompt version | judge (sha256 ${'ab'.repeat(8)}) | – |`);
    const latex = fitnessCardFile(report, BIASED_JUDGE, 'latex');
    expect(latex.text).toContain('\\caption[Fitness card: gpt-4.1@judge]');
    expect(latex.text.startsWith('% test, agreement report generated')).toBe(true);
    const json = JSON.parse(fitnessCardFile(report, BIASED_JUDGE, 'json').text) as { format: string; card: unknown; inputs: unknown };
    expect(json.format).toBe(FITNESS_CARD_FORMAT);
    expect(json.card).toEqual(card);
    expect(json.inputs).toEqual(report.inputs);
    expect(() => fitnessCardFile(report, 'nobody', 'md')).toThrow('the report has no fitness card of the judge nobody');
  });

  it('is in the CSV: the kappa with its interval and the band it makes the judge fit for', () => {
    const csv = renderCsv(report).split('\r\n');
    const match = card?.tasks.find((task) => task.task === 'match');
    expect(csv).toContain(
      `fitness,match,all,judge:${BIASED_JUDGE},,kappa,${match?.kappa.value},${match?.kappa.n},${match?.kappa.ci95?.[0]},${match?.kappa.ci95?.[1]},,,,`,
    );
    expect(csv).toContain(`fitness,match,all,judge:${BIASED_JUDGE},,band_${match?.band?.replaceAll(' ', '_')},1,${match?.kappa.n},,,,,,`);
  });
});
