// The report's intervals in the app, end to end in Chromium (issue 15 points 1-3): the method
// beside the tables says what a replicate drew, the lead switches between puzzles and units, and
// an interval that left out more than 5% of its replicates carries a warning with the count, and
// a bucket of fewer than 12 puzzles a warning above its tables (issue 28 point 3).

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AgreementReport } from '../../shared/report/model/report-model';
import { runCli } from '../cli/run-cli';
import { scratchDir } from '../scratch-dir';
import { writeLabelFile } from './demo-files';
import { openApp, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();
const STUDY_ID = 'interval-study';

/**
 * Seven puzzles of two questions, labelled by two annotators: five where both say yes to both,
 * one where they split on a question, one where both say no to one. A replicate that draws none
 * of the last two has one category only, so alpha is undefined in about (5/7)^7, 9.5%, of them.
 */
const HUMAN_LABELS: Record<string, [string, string]> = {
  'p6/1': ['yes', 'no'],
  'p7/1': ['no', 'no'],
};

function studyFiles(dir: string): { transcripts: string; labels: string[] } {
  const puzzles = Array.from({ length: 7 }, (_, i) => `p${i + 1}`);
  const turnIds = puzzles.flatMap((puzzle) => [`${puzzle}/1`, `${puzzle}/2`]);
  const bundle = {
    format: 'agreement-studio.transcripts/1',
    id: STUDY_ID,
    name: 'Interval study',
    puzzles: puzzles.map((id) => ({ id, title: `Puzzle ${id}`, story: `Story of ${id}.`, reference: `Reference of ${id}.` })),
    sessions: puzzles.map((puzzle) => ({
      id: `s-${puzzle}`,
      puzzleId: puzzle,
      player: 'player-a',
      judge: 'judge-x',
      turns: [1, 2].map((n) => ({ id: `${puzzle}/${n}`, type: 'question', text: `Question ${n} on ${puzzle}?`, judgements: { 'judge-x': 'yes' } })),
    })),
  };
  const transcripts = join(dir, 'interval-study.json');
  writeFileSync(transcripts, JSON.stringify(bundle));
  const labels = ['ann-1', 'ann-2'].map((id, index) => {
    const at = '2026-11-22T10:00:00Z';
    return writeLabelFile(
      dir,
      STUDY_ID,
      id,
      at,
      turnIds.map((unit) => ({
        unit,
        task: 'answer' as const,
        value: (HUMAN_LABELS[unit]?.[index] ?? 'yes') as 'yes' | 'no',
        at,
        rev: 1,
        unsure: false,
        note: '',
      })),
    );
  });
  return { transcripts, labels };
}

async function ready(page: Page) {
  await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 60_000 });
}

describe('intervals in the report view', () => {
  it(
    'states the method beside the tables, resamples puzzles or units, and marks an interval with many undefined replicates',
    { timeout: 180_000 },
    async () => {
      const dir = scratchDir('agreement-studio-intervals-');
      const { transcripts, labels } = studyFiles(dir);
      const cli = await runCli('report', '--transcripts', transcripts, '--labels', ...labels, '--format', 'json');
      expect(cli.code).toBe(0);
      const report = JSON.parse(cli.stdout) as AgreementReport;
      const undefinedAlpha = report.statistics.answer.all?.undefinedReplicates?.krippendorffAlpha ?? 0;
      expect(undefinedAlpha).toBeGreaterThan(50);

      const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
      const url = chromiumApp.app().url;
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import transcripts…' }).click()]);
      await chooser.setFiles(transcripts);
      await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
      await page.goto(`${url}#/study/${STUDY_ID}/team`);
      const [labelChooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-labels').click()]);
      await labelChooser.setFiles(labels);
      await expect.poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 }).toBe('28');

      await page.goto(`${url}#/study/${STUDY_ID}/report`);
      await ready(page);
      const view = page.getByTestId('report-view');
      expect(await page.getByTestId('report-resample').inputValue()).toBe('puzzles');
      expect(await view.textContent()).toContain(
        '95% studentized bootstrap over puzzles (B = 1000, seed 1); where it reaches 0 or 1, widened to the Wilson interval at the number of puzzles',
      );
      // Seven puzzles are fewer than the intervals were checked at: a warning above the R tables, plain to see.
      const few = page.locator('[data-table-warning="agreement-answer"]');
      expect(await few.isVisible()).toBe(true);
      expect(await few.textContent()).toContain('R: Unrated (7) and All (7) have fewer than 12 puzzles.');
      expect(await few.getAttribute('role')).toBe('note');

      // The alpha of all buckets left out more than 5% of its replicates: a mark with the count, for eyes and for screen readers.
      const warning = page.locator('tr[data-stat-task="answer"][data-stat-bucket="all"] [data-interval-warning]');
      await warning.waitFor();
      const text = `${undefinedAlpha} of 1000 replicates undefined; the interval is over the other ${1000 - undefinedAlpha}`;
      expect(await warning.getAttribute('title')).toBe(text);
      expect(await warning.locator('.visually-hidden').textContent()).toBe(` (warning: ${text})`);
      expect(await warning.isVisible()).toBe(true);
      expect(await view.textContent()).toContain(`R, Krippendorff's α, All: ${text}.`);

      // Units instead of puzzles: the report says so, and its figures are the command line's --resample units.
      const byUnit = await runCli('report', '--transcripts', transcripts, '--labels', ...labels, '--format', 'json', '--resample', 'units');
      const unitsAlpha = (JSON.parse(byUnit.stdout) as AgreementReport).statistics.answer.all?.undefinedReplicates?.krippendorffAlpha ?? 0;
      await page.getByTestId('report-resample').selectOption('units');
      await expect
        .poll(async () => (await view.textContent())?.includes('95% studentized bootstrap over units (B = 1000, seed 1)'), { timeout: 60_000 })
        .toBe(true);
      await ready(page);
      // Drawn one by one, a replicate misses both units with a "no" in about (12/14)^14, 11.5%, of them.
      expect(unitsAlpha).toBeGreaterThan(50);
      const unitsText = `${unitsAlpha} of 1000 replicates undefined; the interval is over the other ${1000 - unitsAlpha}`;
      await expect
        .poll(() => page.locator('tr[data-stat-task="answer"][data-stat-bucket="all"] [data-interval-warning]').getAttribute('title'), { timeout: 60_000 })
        .toBe(unitsText);

      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
