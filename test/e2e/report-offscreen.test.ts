// The report's parts far below the screen are not laid out or painted until the lead scrolls or
// jumps to them, in real Chromium: the demo study's report, once ready, has its player outcomes
// skipped by the browser (content-visibility) while its figures are already in the page, and the
// section jump to them draws them. This is what keeps the report's first layout a short task.

import { describe, expect, it } from 'vitest';
import { demo } from './demo-files';
import { openApp, useAppInChromium } from './harness';

const STUDY_ID = demo.study.id;
const chromiumApp = useAppInChromium();

describe('the report off the screen', () => {
  it('leaves the parts below the screen unpainted until the lead goes to them', { timeout: 180_000 }, async () => {
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
    await page.goto(`${chromiumApp.app().url}#/study/${STUDY_ID}`);
    await page.getByTestId('report-entry').click();
    await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });

    // checkVisibility with contentVisibilityAuto is false only inside content the browser skips rendering.
    const rendered = (id: string) =>
      page.evaluate((part) => document.getElementById(part)?.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ?? null, id);
    await expect.poll(() => rendered('report-agreement'), { timeout: 30_000 }).toBe(true);
    expect(await rendered('report-players')).toBe(false);
    // Skipped is not missing: the figures are in the page for reading, finding and the tests.
    expect(await page.locator('#report-players').textContent()).toContain('Player');

    await page.getByRole('navigation', { name: 'Report sections' }).getByRole('button', { name: 'Players' }).click();
    await expect.poll(() => rendered('report-players'), { timeout: 30_000 }).toBe(true);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
