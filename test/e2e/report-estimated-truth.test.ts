// The lead asks for the estimated truth, end to end in Chromium: on the demo study with three
// annotators' label files, the report shown, "Estimate the truth" pressed with the keyboard; the
// plan worker shows its progress, then the section's tables, whose figures are those the pure
// function gives for the same files and settings; the report exported as Markdown then carries it.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEstimatedTruth } from '../../shared/report/build-report';
import { loadStudyInputs } from '../../shared/report/load-study-inputs';
import type { TruthJudgeFigure } from '../../shared/report/model/estimated-truth';
import { formatPercent, formatStatistic } from '../../shared/report/table-layout';
import { scratchDir } from '../scratch-dir';
import { DEMO_PATH, demo, labelFilesFollowing } from './demo-files';
import { chooseFiles, openApp, useAppInChromium } from './harness';

const STUDY_ID = demo.study.id;
const JUDGE = 'arbiter-large';
const BOOTSTRAP = 60;

const chromiumApp = useAppInChromium();

/** The section as the pure function makes it from the files the app imported, with the page's settings. */
function expectedSection(labelPaths: readonly string[]) {
  const read = (path: string) => ({ name: basename(path), text: readFileSync(path, 'utf8') });
  const loaded = loadStudyInputs([read(DEMO_PATH)], labelPaths.map(read), { now: '2026-11-22T10:00:00Z' });
  if (!loaded.ok) throw new Error(`the demo files do not load: ${loaded.errors[0]?.message}`);
  const { study, labels } = loaded.value;
  return buildEstimatedTruth(
    { study, labels, settings: { bootstrap: BOOTSTRAP, seed: 1, average: 'micro', unsure: 'counted', unparseable: 'left-out' }, inputs: [], app: '', now: '' },
    'people',
  );
}

function cell(figure: TruthJudgeFigure): string {
  const interval = figure.ci95 === null ? '' : ` [${formatPercent(figure.ci95[0])}, ${formatPercent(figure.ci95[1])}]`;
  return `${formatPercent(figure.agreement)} (n=${figure.n})${interval}`;
}

describe('the estimated truth on the report page', () => {
  it("estimates the truth in the plan worker with progress and shows the pure function's figures", { timeout: 300_000 }, async () => {
    const dir = scratchDir('agreement-studio-truth-');
    const files = labelFilesFollowing(dir, JUDGE, ['ann-1', 'ann-2', 'ann-3']);
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    const url = chromiumApp.app().url;
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
    await page.goto(`${url}#/study/${STUDY_ID}/team`);
    await chooseFiles(page, page.getByTestId('import-labels'), files);
    await expect
      .poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 })
      .toBe(String(files.length * demo.turns.length));
    await page.goto(`${url}#/study/${STUDY_ID}/report`);
    await page.getByTestId('report-bootstrap').fill(String(BOOTSTRAP));
    await page.getByTestId('report-bootstrap').press('Enter');
    await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });

    const section = page.getByTestId('estimated-truth');
    expect(await section.getAttribute('data-state')).toBe('idle');
    expect(await section.getByTestId('truth-judges-match').count()).toBe(0);
    await section.getByTestId('estimate-truth').focus();
    await page.keyboard.press('Enter');
    // The progress bar while it runs (or, on a fast machine, at once the answer): never a wait on the clock.
    const progressBar = section.getByTestId('truth-progress');
    await expect.poll(async () => (await progressBar.count()) > 0 || (await section.getAttribute('data-state')) === 'ready', { timeout: 60_000 }).toBe(true);
    if ((await progressBar.count()) > 0) expect(await progressBar.getAttribute('aria-label')).toBe('Estimated truth progress');
    await expect.poll(() => section.getAttribute('data-state'), { timeout: 240_000 }).toMatch(/^(ready|failed)$/);
    expect(await section.getByTestId('truth-error').count(), 'the estimate failed').toBe(0);

    const expected = expectedSection(files);
    const match = expected.tasks.find((task) => task.task === 'match');
    const all = match?.judges.find((row) => row.judge === JUDGE && row.bucket === 'all');
    expect(all?.mostLikely.ci95).not.toBeNull();
    const row = section
      .getByTestId('truth-judges-match')
      .locator('tbody tr')
      .filter({ has: page.locator('th', { hasText: new RegExp(`^${JUDGE}$`) }) })
      .filter({ has: page.locator('th', { hasText: /^All$/ }) });
    expect(await row.locator('td').allTextContents()).toEqual([
      cell(all?.majority as TruthJudgeFigure),
      cell(all?.mostLikely as TruthJudgeFigure),
      cell(all?.expected as TruthJudgeFigure),
    ]);
    const rater = match?.raters.find((entry) => entry.rater === 'human:ann-1');
    const raterRow = section.getByTestId('truth-raters-match').locator('tr[data-rater="human:ann-1"]');
    const competence = `${formatStatistic(rater?.competence)}${rater?.competenceCi95 ? ` [${formatStatistic(rater.competenceCi95[0])}, ${formatStatistic(rater.competenceCi95[1])}]` : ''}`;
    expect((await raterRow.locator('td').allTextContents()).slice(-1)).toEqual([competence]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
