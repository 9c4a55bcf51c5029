// The Team page's coverage as a lead first meets it, in real Chromium: before any assignment it
// says that nothing is assigned and what to do (not "0 labels missing"); the lead's own labels
// show in the lead's row, with a word on how they count; names read as names, not as headings.

import { describe, expect, it } from 'vitest';
import { openApp, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();
const STUDY = 'demo-study';

describe('coverage before any assignment', () => {
  it("says nothing is assigned yet, shows the lead's labels in their row, and styles names as names", async () => {
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator(`tr[data-study-id="${STUDY}"]`).waitFor({ timeout: 60_000 });
    await page.goto(`${chromiumApp.app().url}#/study/${STUDY}/label/answer`);
    await page.locator('[data-testid="workspace"][data-ready="true"]').waitFor({ timeout: 60_000 });
    for (const key of ['y', 'n']) await page.keyboard.press(key);
    await expect.poll(() => page.locator('[data-unit-row][data-state="saved"]').count(), { timeout: 60_000 }).toBe(2);

    await page.goto(`${chromiumApp.app().url}#/study/${STUDY}/team`);
    const coverage = page.getByTestId('coverage');
    const notice = coverage.getByTestId('coverage-complete');
    await expect.poll(() => notice.textContent(), { timeout: 60_000 }).toMatch(/^Nothing is assigned yet/);
    expect(await notice.textContent()).not.toMatch(/missing/);
    const row = coverage.locator('[data-annotator-row]');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getAttribute('data-outside-assignment')).toBe('2');
    expect(await coverage.getByTestId('coverage-outside-note').textContent()).toContain('2 in all');

    const name = row.locator('th[scope="row"]');
    const look = await name.evaluate((cell) => {
      const style = getComputedStyle(cell);
      const heading = getComputedStyle(document.querySelector('[aria-label="Coverage by annotator"] thead th') as Element);
      return { transform: style.textTransform, colour: style.color, text: getComputedStyle(document.body).color, headingTransform: heading.textTransform };
    });
    expect(look.headingTransform).toBe('uppercase');
    expect(look.transform).toBe('none');
    expect(look.colour).toBe(look.text);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
