// The report's Judges section end to end in Chromium: the demo study (two judges, one with an
// order-swapped twin and its samples and probabilities kept) with three annotators' label files
// shows each judge's confusion matrix, per-label figures equal to the exported report JSON's, the
// leniency bar in words, the Alt-Test's verdict, the judges side by side, the bias checks,
// human-likeness, each judge's ranking, calibration and stability, and the fitness cards, each
// saved as Markdown, LaTeX and JSON; the annotators' expertise changes the Alt-Test's epsilon.
// With one annotator the Alt-Test is refused and says why.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AgreementReport, JudgesSection } from '../../shared/report/model/report-model';
import { scratchDir } from '../scratch-dir';
import { demo, labelFilesFollowing } from './demo-files';
import { chooseFiles, downloads, openApp, useAppInChromium } from './harness';

const STUDY_ID = demo.study.id;
const FOLLOWED = 'arbiter-large';

const chromiumApp = useAppInChromium();

/** Opens the app on the demo study with the given label files imported, and its report ready. */
async function reportWithLabels(files: string[]) {
  const opened = await openApp(chromiumApp.browser(), chromiumApp.app());
  const { page } = opened;
  const url = chromiumApp.app().url;
  await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
  await page.goto(`${url}#/study/${STUDY_ID}/team`);
  await chooseFiles(page, page.getByTestId('import-labels'), files);
  await expect
    .poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 })
    .toBe(String(files.length * demo.turns.length));
  await page.goto(`${url}#/study/${STUDY_ID}/report`);
  // Fewer resamples than the default: the figures checked here do not depend on how many.
  await page.getByTestId('report-bootstrap').fill('200');
  await page.getByTestId('report-bootstrap').press('Enter');
  await ready(page);
  return opened;
}

async function ready(page: Page) {
  await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });
}

async function exportedJudges(page: Page, dir: string): Promise<JudgesSection> {
  const saved = await downloads(page, dir, 1, () => page.locator('[data-export="report-json"]').click());
  const [path] = [...saved.values()];
  const report = JSON.parse(readFileSync(path ?? '', 'utf8')) as AgreementReport;
  if (report.judges === undefined) throw new Error('the exported report has no Judges section');
  return report.judges;
}

const judgeCard = (page: Page, judge: string) => page.locator(`[data-testid="judges"] article[data-judge="${judge}"]`);

describe("the report's Judges section", () => {
  it(
    'shows each judge against people with the figures of the exported JSON, the judges side by side, and the epsilon the expertise sets',
    { timeout: 300_000 },
    async () => {
      const dir = scratchDir('agreement-studio-judges-');
      const { context, page, pageErrors } = await reportWithLabels(labelFilesFollowing(dir, FOLLOWED, ['ann-1', 'ann-2', 'ann-3']));
      const judges = await exportedJudges(page, dir);
      const section = page.getByTestId('judges');
      expect(await section.getAttribute('data-task')).toBe('answer');
      expect(await section.getAttribute('data-bucket')).toBe('all');

      const rows = judges.againstPeople.filter((row) => row.task === 'answer' && row.bucket === 'all');
      expect(rows.map((row) => row.judge).sort()).toEqual(['arbiter-large', 'arbiter-mini']);
      for (const row of rows) {
        const card = judgeCard(page, row.judge);
        // The confusion matrix: judge's label down, the human majority's across.
        const { labels, counts } = row.classification;
        for (const [r, judgeLabel] of labels.entries()) {
          for (const [c, majorityLabel] of labels.entries()) {
            const cell = card.locator(`td[data-judge-label="${judgeLabel}"][data-majority-label="${majorityLabel}"]`);
            expect(Number(await cell.getAttribute('data-count')), `${row.judge} ${judgeLabel}/${majorityLabel}`).toBe(counts[r]?.[c]);
          }
        }
        // Per-label figures, as the JSON has them, and as the page writes them.
        for (const score of row.classification.perLabel) {
          const cells = card.locator(`[data-testid="judge-label-table"] tr[data-label="${score.label}"]`);
          expect(Number(await cells.locator('[data-figure="support"]').getAttribute('data-value'))).toBe(score.support);
          for (const figure of ['precision', 'recall', 'f1'] as const) {
            const cell = cells.locator(`[data-figure="${figure}"]`);
            const value = score[figure].value;
            if (value === null) {
              expect(await cell.textContent()).toBe('–');
              expect(await cell.getAttribute('title')).toBe(score[figure].reason);
            } else {
              expect(Number(await cell.getAttribute('data-value')), `${row.judge} ${score.label} ${figure}`).toBe(value);
              expect(await cell.textContent()).toBe(`${(value * 100).toFixed(1)}%`);
            }
          }
        }
        // The leniency bar in words, with its counts and tests.
        const leniency = card.getByTestId('leniency');
        expect(Number(await leniency.getAttribute('data-lenient'))).toBe(row.errors.lenient);
        expect(Number(await leniency.getAttribute('data-severe'))).toBe(row.errors.severe);
        expect(await leniency.getByRole('img').getAttribute('aria-label')).toMatch(
          new RegExp(
            `^${row.errors.lenient} lenient .*${row.errors.severe} severe .*(bootstrap-t p|no test).*(more lenient than people|more severe than people|no clear skew)$`,
          ),
        );
        expect(await leniency.getByTestId('leniency-verdict').textContent()).toMatch(
          /^net .* per unit, (bootstrap-t p|no test).*: (more lenient than people|more severe than people|no clear skew)/,
        );
        // The Alt-Test's verdict.
        const alt = judges.altTest.find((test) => test.task === 'answer' && test.judge === row.judge);
        const verdict = card.getByTestId('alt-test');
        expect(alt?.passed).not.toBeNull();
        expect(await verdict.getAttribute('data-verdict')).toBe(alt?.passed === true ? 'passed' : 'failed');
        expect(await verdict.textContent()).toContain(`${alt?.passed === true ? 'Passed' : 'Failed'} (ε = 0.2): the judge wins against`);
        expect(Number(await verdict.getAttribute('data-winning-rate'))).toBe(alt?.winningRate);
      }

      // The judges side by side, with the Holm families.
      const comparison = judges.comparisons.find((row) => row.task === 'answer' && row.bucket === 'all');
      expect(comparison).toBeDefined();
      const shown = page.locator(`[data-testid="judge-comparisons"] tr[data-a="${comparison?.a}"][data-b="${comparison?.b}"]`);
      expect(Number(await shown.getAttribute('data-n'))).toBe(comparison?.n);
      expect(Number(await shown.getAttribute('data-difference'))).toBe(comparison?.difference);
      // The page's default paired test: the p of the symmetric bootstrap-t beside its interval.
      expect(comparison?.test.method).toBe('bootstrap-t');
      expect(await shown.getAttribute('data-p')).toBe(String(comparison?.test.pValue ?? ''));
      expect(await shown.textContent()).toMatch(/pp {2}\[/);
      expect(await page.getByTestId('holm-families').textContent()).toBe(`p-values Holm-adjusted within ${judges.holmFamilies.join('; ')}.`);

      // The judge that kept its samples and probabilities: its calibration from each, with a
      // reliability diagram apiece, and how far its samples agree.
      for (const source of ['samples', 'log-probabilities'] as const) {
        const row = judges.calibration?.find((one) => one.task === 'answer' && one.judge === FOLLOWED && one.source === source);
        expect(row?.n, source).toBeGreaterThan(0);
        expect(
          await page.locator(`[data-testid="judge-calibration"] tr[data-calibration-judge="${FOLLOWED}"][data-calibration-source="${source}"]`).count(),
        ).toBe(1);
        const diagram = page.locator(`figure[data-reliability-judge="${FOLLOWED}"][data-reliability-source="${source}"]`);
        expect(Number(await diagram.getAttribute('data-bins'))).toBe(row?.bins.filter((bin) => bin.n > 0).length);
      }
      expect(await page.locator(`[data-testid="judge-self-consistency"] tr[data-self-judge="${FOLLOWED}"]`).count()).toBe(1);

      // The final answers: true-positive and true-negative rates, and the corrected player scores.
      await section.locator('button[data-judges-task="match"]').click();
      const large = judgeCard(page, FOLLOWED);
      const matchRow = judges.againstPeople.find((row) => row.task === 'match' && row.bucket === 'all' && row.judge === FOLLOWED);
      expect(Number(await large.locator('[data-figure="tpr"]').getAttribute('data-value'))).toBe(matchRow?.classification.rates?.truePositiveRate.value);
      const corrected = judges.correctedScores.filter((row) => row.judge === FOLLOWED);
      expect(corrected.length).toBeGreaterThan(0);
      expect(await large.locator('[data-testid="corrected-scores"] tbody tr').count()).toBe(corrected.length);

      // The bias checks of the final answers: every judge's checks, each with the JSON's verdict.
      const checks = (judges.biasChecks ?? []).filter((row) => row.task === 'match' && (row.check !== 'yes-rate' || row.bucket === 'all'));
      const biasRows = page.locator('[data-testid="bias-checks"] tbody tr');
      expect(checks.length).toBeGreaterThan(0);
      expect(await biasRows.count()).toBe(checks.length);
      for (const check of checks) {
        const shown = page.locator(`[data-testid="bias-checks"] tr[data-bias-judge="${check.judge}"][data-bias-check="${check.check}:${check.figure}"]`);
        expect(await shown.getAttribute('data-bias-effect'), `${check.judge} ${check.check}`).toBe(check.effect ? 'effect' : 'none');
        expect(await shown.locator('th').nth(3).textContent()).toMatch(check.effect ? /points (more|less)|^changes \d/ : /^(no clear effect|not tested)$/);
      }

      // The judge's order-swapped twin: the pair, and the order check among the bias checks.
      const twin = `${FOLLOWED} (order swapped)`;
      expect(await page.locator(`[data-testid="judge-model-pairs"] tr[data-pair-a="${FOLLOWED}"][data-pair-b="${twin}"]`).getAttribute('data-pair-kind')).toBe(
        'order swapped',
      );
      const order = judges.biasChecks?.find((row) => row.check === 'order');
      expect(order?.judge).toBe(FOLLOWED);
      expect(
        await page.locator(`[data-testid="bias-checks"] tr[data-bias-judge="${FOLLOWED}"][data-bias-check="order:flips"]`).getAttribute('data-bias-effect'),
      ).toBe(order?.effect ? 'effect' : 'none');

      // Human-likeness of the final answers' judges, and each one's player ranking.
      const likeness = (judges.humanLikeness ?? []).filter((row) => row.task === 'match');
      expect(likeness.length).toBe(3);
      for (const row of likeness) {
        const shown = page.locator(`[data-testid="human-likeness"] tr[data-likeness-judge="${row.judge}"]`);
        expect(await shown.getAttribute('data-likeness-verdict')).toBe(row.verdict ?? 'none');
      }
      expect(await page.locator('[data-testid="judge-rankings"] tbody tr').count()).toBe(judges.rankings?.length);

      // The fitness cards: one judge at a time, each as the JSON has it, and saved on its own.
      const cards = page.getByTestId('fitness-cards');
      await cards.locator(`button[data-fitness-judge="${FOLLOWED}"]`).click();
      await expect.poll(() => cards.getAttribute('data-judge')).toBe(FOLLOWED);
      const fitness = judges.fitness?.find((card) => card.judge === FOLLOWED);
      const kappaRow = page.locator('[data-testid="fitness-card"] tr[data-card-task="match"][data-card-item="kappa"]');
      expect(await kappaRow.locator('th').nth(2).textContent()).toContain(`fit for ${fitness?.tasks.find((task) => task.task === 'match')?.band}`);
      for (const [format, extension] of [
        ['md', 'md'],
        ['latex', 'tex'],
        ['json', 'json'],
      ] as const) {
        const saved = await downloads(page, dir, 1, () => cards.locator(`button[data-save-card="${format}"]`).click());
        const [name, path] = [...saved.entries()][0] ?? [];
        expect(name).toBe(`${STUDY_ID}.fitness-card.arbiter-large.${extension}`);
        const text = readFileSync(path ?? '', 'utf8');
        if (format === 'json') expect((JSON.parse(text) as { card: unknown }).card).toEqual(fitness);
        else expect(text).toContain(`Fitness card: ${FOLLOWED}`);
      }

      // Model families: the demo's models show none in their names, so the own-family check waits
      // for the lead's; given, the report is computed again and the check counts the units.
      const ownFamily = page.locator(`[data-testid="bias-checks"] tr[data-bias-judge="${FOLLOWED}"][data-bias-check="own-family:leniency"]`);
      expect(await ownFamily.locator('td').first().textContent()).toBe('– (n=0)');
      const families = page.getByTestId('model-families');
      await families.getByLabel('Family of arbiter-large', { exact: true }).fill('Lumen');
      await families.getByLabel('Family of lumen-70b-instruct', { exact: true }).fill('Lumen');
      await families.getByTestId('save-model-families').click();
      await expect.poll(() => families.getByTestId('model-families-status').textContent(), { timeout: 60_000 }).toContain('Saved');
      await expect.poll(() => ownFamily.locator('td').first().textContent(), { timeout: 120_000 }).toMatch(/\(n=[1-9]\d*\)$/);
      await ready(page);

      // The annotators' expertise sets the epsilon: crowd workers, 0.1.
      expect(await page.getByTestId('alt-test-epsilon').textContent()).toBe('0.2');
      await page.getByTestId('annotator-expertise').selectOption('crowd');
      await expect.poll(() => page.getByTestId('alt-test-epsilon').textContent(), { timeout: 120_000 }).toBe('0.1');
      await ready(page);
      expect(await large.getByTestId('alt-test').getAttribute('data-epsilon')).toBe('0.1');
      expect(await large.getByTestId('alt-test').textContent()).toContain('(ε = 0.1)');

      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );

  it('refuses the Alt-Test with its reason when the study has one annotator', { timeout: 300_000 }, async () => {
    const dir = scratchDir('agreement-studio-judges-one-');
    const { context, page, pageErrors } = await reportWithLabels(labelFilesFollowing(dir, FOLLOWED, ['ann-1']));
    const judges = await exportedJudges(page, dir);
    const alt = judges.altTest.find((test) => test.task === 'answer' && test.judge === FOLLOWED);
    expect(alt?.passed).toBeNull();
    expect(alt?.reason).toBeTruthy();
    const verdict = judgeCard(page, FOLLOWED).getByTestId('alt-test');
    expect(await verdict.getAttribute('data-verdict')).toBe('refused');
    expect(await verdict.textContent()).toBe(`Alt-Test: Not run (ε = 0.2): ${alt?.reason ?? ''}.`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
