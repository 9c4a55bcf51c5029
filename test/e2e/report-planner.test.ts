// The lead asks the planner, end to end in Chromium: on the demo study with three annotators'
// label files, the report's "Plan the study" panel opened, a target width typed, Plan pressed with
// the keyboard; the plan worker answers in words with the recommended number of puzzles the pure
// planner gives for the same files and target, and its assumptions. A width out of range is refused
// with a sentence before anything is planned.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStudyInputs } from '../../shared/report/load-study-inputs';
import { countedLabels } from '../../shared/report/unsure-labels';
import { planStudy, type PlanTarget } from '../../shared/stats/planner/plan';
import { estimateStudy } from '../../shared/stats/planner/study-estimates';
import { inLabelOrder, inStudyOrder } from '../../shared/stats/study/study-order';
import { indexStudy } from '../../shared/stats/study/study-units';
import { scratchDir } from '../scratch-dir';
import { DEMO_PATH, demo, labelFilesFollowing } from './demo-files';
import { chooseFiles, openApp, useAppInChromium } from './harness';

const STUDY_ID = demo.study.id;
const JUDGE = 'arbiter-large';

const chromiumApp = useAppInChromium();

/** The plan of the final answers over all buckets, as the pure planner makes it from the files the app imported, with the report's default settings. */
function expectedPlan(labelPaths: readonly string[], target: PlanTarget) {
  const read = (path: string) => ({ name: basename(path), text: readFileSync(path, 'utf8') });
  const loaded = loadStudyInputs([read(DEMO_PATH)], labelPaths.map(read), { now: '2026-11-22T10:00:00Z' });
  if (!loaded.ok) throw new Error(`the demo files do not load: ${loaded.errors[0]?.message}`);
  const labels = countedLabels(inLabelOrder(loaded.value.labels), 'counted');
  const units = indexStudy(inStudyOrder(loaded.value.study), labels, [], 'left-out');
  return planStudy(estimateStudy(units, 'match', 'all'), target);
}

describe('the study planner on the report page', () => {
  it('plans a target width in the plan worker and names the recommended puzzles the planner gives', { timeout: 300_000 }, async () => {
    const dir = scratchDir('agreement-studio-planner-');
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
    // Fewer resamples than the default: the plan does not read the report's bootstrap.
    await page.getByTestId('report-bootstrap').fill('200');
    await page.getByTestId('report-bootstrap').press('Enter');
    await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });

    const planner = page.getByTestId('planner');
    const opener = planner.getByTestId('open-planner');
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    await opener.focus();
    await page.keyboard.press('Enter');
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    const form = planner.getByRole('form', { name: 'Plan the study' });
    expect(await form.getAttribute('data-state')).toBe('idle');
    expect(await form.locator('button[data-planner-task="match"]').getAttribute('aria-pressed')).toBe('true');
    await form.getByTestId('planner-judge').selectOption(JUDGE);

    // A width the planner cannot take is refused in words, and nothing is planned.
    await form.getByTestId('planner-value').fill('150');
    await form.getByTestId('plan-study').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => form.getByTestId('planner-problem').textContent())
      .toBe("Give the interval's width in points, a number above 0 and below 100, such as 10.");
    expect(await form.getAttribute('data-state')).toBe('idle');

    // 20 points: the keyboard's Plan, progress or at once the answer, never a wait on the clock.
    await form.getByTestId('planner-value').fill('20');
    await form.getByTestId('plan-study').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => form.getAttribute('data-state'), { timeout: 120_000 }).toMatch(/^(ready|failed)$/);
    expect(await form.getByTestId('planner-error').count(), 'the plan failed').toBe(0);

    const expected = expectedPlan(files, { kind: 'width', width: 0.2, judge: JUDGE });
    expect(expected.recommended).not.toBeNull();
    const puzzles = expected.recommended?.puzzles ?? 0;
    const answer = form.getByTestId('planner-answer');
    expect(Number(await answer.getAttribute('data-recommended-puzzles'))).toBe(puzzles);
    expect(await answer.getByTestId('planner-now').textContent()).toMatch(new RegExp(`^Now: ${expected.current.puzzles} puzzles with 3 people per puzzle: `));
    const more = puzzles - expected.current.puzzles;
    expect(await answer.getByTestId('planner-recommendation').textContent()).toBe(
      `Recommended: ${puzzles} puzzles with 3 people per puzzle (${more === 0 ? 'the study is already large enough' : `${more} more puzzles`}).`,
    );
    expect(await answer.getByTestId('planner-prediction').textContent()).toMatch(
      /^At that size, \d+\.\d% of \d+ simulated studies reach the width; in 80\.0% /,
    );
    expect(await answer.locator('[data-testid="planner-assumptions"] li').allTextContents()).toEqual(expected.assumptions);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
