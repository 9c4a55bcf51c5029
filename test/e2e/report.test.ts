// The lead's report end to end, in real Chromium with real IndexedDB and real files: the demo
// study with three annotators' label files, the M and R tables (checked against the command
// line's report on the same files), a heatmap cell to a disagreement, its adjudication, the
// labelled dataset and LaTeX table exported, parsed and checked, display names where people read,
// and unsure labels left out as the command line's --leave-out-unsure leaves them out.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { createPrng } from '../../shared/random/prng';
import type { LabelValue, Task } from '../../shared/domain/model';
import type { AgreementReport } from '../../shared/report/model/report-model';
import { runCli } from '../cli/run-cli';
import { scratchDir } from '../scratch-dir';
import { demo, DEMO_PATH, writeLabelFile } from './demo-files';
import { openApp, useAppInChromium } from './harness';

const STUDY_ID = demo.study.id;
const JUDGE = 'arbiter-large';
const ANNOTATORS = ['ann-1', 'ann-2', 'ann-3'];

const chromiumApp = useAppInChromium();

/** Seeded labels that mostly follow the judge, so the tables hold real agreement and real disagreements. */
function labelFiles(dir: string): string[] {
  const prng = createPrng(42);
  const other = (values: readonly string[], value: string) => values.filter((v) => v !== value)[Math.floor(prng.next() * (values.length - 1))] as string;
  return ANNOTATORS.map((id, index) => {
    const labels: Array<{ unit: string; task: Task; value: LabelValue; at: string; rev: number; unsure: boolean; note: string }> = [];
    const at = '2026-11-22T10:00:00Z';
    for (const [position, turn] of demo.turns.entries()) {
      const judged = turn.judgements[JUDGE];
      const task: Task = turn.type === 'question' ? 'answer' : 'match';
      const values = task === 'answer' ? ['yes', 'no', 'irrelevant'] : ['matched', 'unmatched'];
      const agrees = prng.next() < 0.8;
      const value = (judged !== undefined && values.includes(judged) ? (agrees ? judged : other(values, judged)) : values[0]) as LabelValue;
      // One label in ten is marked unsure, for the report's setting that leaves them out.
      labels.push({ unit: turn.id, task, value, at, rev: 1, unsure: (position + index) % 10 === 0, note: '' });
    }
    for (const puzzle of demo.puzzles)
      labels.push({
        unit: puzzle.id,
        task: 'difficulty',
        value: Math.min(9, Math.max(1, (puzzle.difficulty ?? 5) + index - 1)),
        at,
        rev: 1,
        unsure: false,
        note: '',
      });
    return writeLabelFile(dir, STUDY_ID, id, at, labels);
  });
}

async function download(page: Page, dir: string, action: () => Promise<void>): Promise<string> {
  const [started] = (await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), action()])) as [Download, void];
  const path = join(dir, started.suggestedFilename());
  await started.saveAs(path);
  return path;
}

describe('the report, adjudication and exports of the demo study', () => {
  it(
    'reads the M and R tables (the same figures as the CLI), opens a heatmap cell to a disagreement, adjudicates it, and exports the dataset and the LaTeX table',
    { timeout: 180_000 },
    async () => {
      const dir = scratchDir('agreement-studio-report-');
      const files = labelFiles(dir);
      const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
      const url = chromiumApp.app().url;
      await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });

      // The lead brings the annotators' labels in on the team page.
      await page.goto(`${url}#/study/${STUDY_ID}/team`);
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-labels').click()]);
      await chooser.setFiles(files);
      const labelCount = 3 * (demo.turns.length + demo.puzzles.length);
      await expect.poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 }).toBe(String(labelCount));

      // The report: the app's figures are the command line's, cell by cell.
      await page.goto(`${url}#/study/${STUDY_ID}/report`);
      await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 60_000 });
      const cli = await runCli('report', '--transcripts', DEMO_PATH, '--labels', ...files, '--format', 'json', '--bootstrap', '1000', '--seed', '1');
      expect(cli.code).toBe(0);
      const report = JSON.parse(cli.stdout) as AgreementReport;
      let cellsChecked = 0;
      for (const task of ['match', 'answer'] as const) {
        const table = page.locator(`table[data-report-table="${task}"]`);
        await table.waitFor();
        for (const row of report.tables[task]) {
          const cell = table.locator(`tr[data-group-a="${row.a}"][data-group-b="${row.b}"] td[data-bucket="${row.bucket}"]`);
          if ((await cell.count()) === 0) continue;
          expect(Number(await cell.getAttribute('data-n')), `${task} ${row.a} vs ${row.b} ${row.bucket}: n`).toBe(row.n);
          const shown = await cell.getAttribute('data-agreement');
          if (row.agreement === null) expect(shown).toBe('');
          else expect(Number(shown), `${task} ${row.a} vs ${row.b} ${row.bucket}: agreement`).toBe(row.agreement);
          cellsChecked += 1;
        }
      }
      // Judge vs human and human vs human, for both tasks, in every bucket the study has.
      expect(cellsChecked).toBeGreaterThanOrEqual(8);
      const judgeAll = page.locator(`table[data-report-table="answer"] tr[data-group-a="judge:${JUDGE}"][data-group-b="human"] td[data-bucket="all"]`);
      expect(await judgeAll.textContent()).toMatch(/%.*n=/s);

      // A heatmap cell (an annotator against the judge) lists the units where the two disagree.
      await page.locator('[data-testid="heatmap"][data-drawn="true"][data-task="answer"]').waitFor({ timeout: 60_000 });
      await page.locator(`[data-heatmap-cell="human:ann-1|judge:${JUDGE}"]`).first().click();
      const disagreement = page.locator('[data-testid="cell-disagreements"] [data-disagreement-unit]').first();
      await disagreement.waitFor({ timeout: 60_000 });
      const unitId = (await disagreement.getAttribute('data-disagreement-unit')) ?? '';
      expect(demo.turns.find((turn) => turn.id === unitId)?.type).toBe('question');
      await disagreement
        .getByRole('link', { name: /adjudicate/i })
        .or(disagreement.getByRole('button', { name: /adjudicate/i }))
        .first()
        .click();

      // Adjudicate it: a gold label with a note.
      await page.locator(`[data-testid="adjudication-unit"][data-unit-id="${unitId}"]`).waitFor({ timeout: 60_000 });
      await page.getByTestId('gold-note').fill('The reference settles it: no.');
      await page.locator('button[data-gold-value="no"]').click();
      // Setting gold moves on to the next unit; the queue marks this one decided.
      await page.locator(`[data-queue-unit="${unitId}"][data-decided="true"]`).waitFor({ timeout: 60_000 });

      // Exports: the dataset holds one row per unit, with the gold label; the LaTeX table the figures.
      await page.goto(`${url}#/study/${STUDY_ID}/report`);
      await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 60_000 });
      const datasetPath = await download(page, dir, () => page.locator('[data-export="dataset-jsonl"]').click());
      const [header, ...rows] = readFileSync(datasetPath, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(header?.format).toBe('agreement-studio.dataset/1');
      expect(JSON.stringify(header?.inputs)).toMatch(/[0-9a-f]{64}/);
      expect(rows).toHaveLength(demo.turns.length + demo.puzzles.length);
      const adjudicated = rows.find((row) => row.unit === unitId && row.task === 'answer');
      expect(adjudicated?.gold).toMatchObject({ value: 'no', note: 'The reference settles it: no.' });
      expect(Object.keys(adjudicated?.annotators as object).length).toBe(3);
      expect((adjudicated?.judges as Record<string, string>)[JUDGE]).toBeDefined();

      const latexPath = await download(page, dir, () => page.locator('[data-export="report-latex"]').click());
      const latex = readFileSync(latexPath, 'utf8');
      expect(latex).toContain('\\toprule');
      expect(latex).toContain('\\bottomrule');
      expect(latex).toContain(JUDGE);
      // The R table's judge-vs-human figure, as the CLI prints it, is in the LaTeX table.
      const judgeRow = report.tables.answer.find((row) => row.bucket === 'all' && row.a === `judge:${JUDGE}` && row.b === 'human');
      expect(judgeRow?.agreement).not.toBeNull();
      expect(latex).toContain(((judgeRow?.agreement ?? 0) * 100).toFixed(1));
      // People's names, not ids: the judge's model, Humans, the annotators' names.
      expect(latex).toContain(`${JUDGE}\\\\{}vs Humans`);
      expect(latex).not.toContain('judge:');
      expect(latex).toContain('Annotator ann-1');
      expect(await page.locator(`table[data-report-table="answer"] tr[data-group-a="judge:${JUDGE}"][data-group-b="human"] th`).textContent()).toBe(
        `${JUDGE} vs Humans`,
      );
      expect(await page.locator(`[data-heatmap-cell="human:ann-1|judge:${JUDGE}"]`).first().getAttribute('aria-label')).toMatch(
        new RegExp(`^Annotator ann-1 vs ${JUDGE}: `),
      );

      // Unsure labels count by default; left out, the figures are the command line's --leave-out-unsure.
      expect(await page.getByTestId('unsure-setting').textContent()).toBe('unsure labels counted');
      const leftOut = await runCli(
        'report',
        '--transcripts',
        DEMO_PATH,
        '--labels',
        ...files,
        '--format',
        'json',
        '--bootstrap',
        '1000',
        '--seed',
        '1',
        '--leave-out-unsure',
      );
      expect(leftOut.code).toBe(0);
      const leftOutReport = JSON.parse(leftOut.stdout) as AgreementReport;
      await page.getByTestId('leave-out-unsure').check();
      await expect
        .poll(() => page.getByTestId('unsure-setting').textContent(), { timeout: 60_000 })
        .toBe(`unsure labels left out (${leftOutReport.settings.unsureLabelsLeftOut})`);
      await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 60_000 });
      const humansLeftOut = leftOutReport.tables.answer.find((row) => row.bucket === 'all' && row.a === 'human' && row.b === 'human');
      const humansCell = page.locator('table[data-report-table="answer"] tr[data-group-a="human"][data-group-b="human"] td[data-bucket="all"]');
      expect(Number(await humansCell.getAttribute('data-n'))).toBe(humansLeftOut?.n);
      expect(humansLeftOut?.n).not.toBe(report.tables.answer.find((row) => row.bucket === 'all' && row.a === 'human' && row.b === 'human')?.n);

      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
