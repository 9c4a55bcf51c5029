// TurtleBench's real English table in the app, end to end in Chromium: imported with the command
// line, opened as a study with its human label file, the report scores each judge the TurtleBench
// way as TurtleBench's stats CSV prints it, and the study's setting for unparseable judge replies
// changes the R table and stays with the study after a reload. Its Judges section has a card per
// judge, each Alt-Test refused for want of annotators.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readCsv } from '../../shared/formats/csv';
import { runCli } from '../cli/run-cli';
import { scratchDir } from '../scratch-dir';
import { openApp, REPO_ROOT, useAppInChromium } from './harness';

const REAL = `${REPO_ROOT}test/fixtures/real/TurtleBench`;
const chromiumApp = useAppInChromium();

async function readyReport(page: Page, url: string, studyId: string) {
  await page.goto(`${url}#/study/${studyId}/report`);
  await page.getByTestId('report-bootstrap').waitFor({ timeout: 60_000 });
  // No intervals: the figures checked here are point figures, and 1,532 x 9 resamples take a while.
  await page.getByTestId('report-bootstrap').fill('0');
  await page.getByTestId('report-bootstrap').press('Enter');
  await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });
}

describe('TurtleBench in the report', () => {
  it('scores the judges as TurtleBench does, and the lead counts unparseable replies as disagreements', { timeout: 300_000 }, async () => {
    const dir = scratchDir('agreement-studio-turtlebench-');
    const bundlePath = join(dir, 'tb-en.json');
    const imported = await runCli('import', `${REAL}/archived/stats/all_cases_en_shot0.json`, `${REAL}/data/en/stories.json`, '--out', bundlePath);
    expect(imported.code).toBe(0);
    const studyId = (JSON.parse(readFileSync(bundlePath, 'utf8')) as { id: string }).id;
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    const url = chromiumApp.app().url;

    const [transcripts] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import transcripts…' }).click()]);
    await transcripts.setFiles(bundlePath);
    await page.locator(`tr[data-study-id="${studyId}"]`).waitFor({ timeout: 60_000 });
    await page.goto(`${url}#/study/${studyId}/team`);
    const [labels] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-labels').click()]);
    await labels.setFiles(join(dir, 'tb-en.turtlebench-human.labels.json'));
    await expect.poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 }).toBe('1532');

    await readyReport(page, url, studyId);
    const csv = readCsv(readFileSync(`${REAL}/archived/stats/stats_shot0_20240929_003645.csv`, 'utf8'));
    if (!csv.ok) throw new Error(csv.message);
    const rows = csv.rows.filter((row) => row[1] === 'en');
    expect(rows).toHaveLength(9);
    for (const [model = '', , , total = '', , accuracy = ''] of rows) {
      const row = page.locator(`[data-testid="turtlebench-table"] tr[data-judge="${model}"]`);
      expect(await row.getAttribute('data-n')).toBe(total);
      expect(Number(await row.getAttribute('data-accuracy')).toFixed(accuracy.split('.')[1]?.length ?? 0), model).toBe(accuracy);
    }
    expect(await page.locator('[data-testid="turtlebench-table"] tr[data-judge="GPT_4o"]').textContent()).toContain('(839/1532)');

    // The Judges section: a card per judge on the questions, each Alt-Test refused for want of annotators.
    const cards = page.locator('[data-testid="judges"] article[data-judge]');
    expect(await cards.count()).toBe(9);
    expect(await page.locator('[data-testid="judges"] [data-testid="alt-test"][data-verdict="refused"]').count()).toBe(9);
    expect(await cards.first().getByTestId('alt-test').textContent()).toContain('needs at least 3 annotators');

    // Deepseek_V2_5 wrote 6 replies nobody could read: left out, then counted as disagreements.
    const deepseek = page.locator('table[data-report-table="answer"] tr[data-group-a="judge:Deepseek_V2_5"][data-group-b="human"] td[data-bucket="all"]');
    expect(await deepseek.getAttribute('data-n')).toBe('1526');
    expect(await page.getByTestId('unparseable-setting').textContent()).toBe('unparseable judge replies left out (8)');
    await page.getByTestId('unparseable-replies').selectOption('disagreement');
    await expect.poll(() => deepseek.getAttribute('data-n'), { timeout: 120_000 }).toBe('1532');
    expect(await page.getByTestId('unparseable-setting').textContent()).toBe('unparseable judge replies counted as disagreements (8)');

    // The setting is the study's: it is there after a reload.
    await page.reload();
    await readyReport(page, url, studyId);
    expect(await page.getByTestId('unparseable-replies').inputValue()).toBe('disagreement');
    expect(await deepseek.getAttribute('data-n')).toBe('1532');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
