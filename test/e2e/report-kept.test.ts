// The kept report end to end, in real Chromium with real IndexedDB: the demo study's report opened
// again, after a reload (a new window and a new report worker), is the kept one (the same
// "generated" stamp, and no phase of the computation shown on the way), and labelling one more unit
// in the workspace makes the next open compute the report afresh, counting that label.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { scratchDir } from '../scratch-dir';
import { demo, labelFilesOverFirstTurns } from './demo-files';
import { openApp, useAppInChromium } from './harness';
import { openWorkspace } from './team-labelling';

const STUDY_ID = demo.study.id;
const chromiumApp = useAppInChromium();

type PhaseWindow = typeof globalThis & { reportPhases: string[] };

/** Records every text the report's progress shows, from the page's start: a kept report shows none but the first. */
function recordPhases(): void {
  const phases: string[] = [];
  (globalThis as PhaseWindow).reportPhases = phases;
  new MutationObserver(() => {
    for (const status of document.querySelectorAll('.notice-progress [role="status"]')) {
      const text = status.textContent ?? '';
      if (!phases.includes(text)) phases.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** Opens the study's report in a freshly loaded page and waits for it ready; returns its stamp, its labels input and the phases shown. */
async function openReport(page: Page, url: string): Promise<{ generatedAt: string | null; labelsInput: string; phases: string[] }> {
  await page.goto(`${url}#/study/${STUDY_ID}`);
  await page.reload();
  await page.getByTestId('report-entry').click();
  await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });
  const provenance = page.getByTestId('report-provenance');
  const labelsInput = (await provenance.locator('[data-input^="labels:"]').getAttribute('data-input')) ?? '';
  return {
    generatedAt: await provenance.getAttribute('data-generated-at'),
    labelsInput,
    phases: await page.evaluate(() => (globalThis as PhaseWindow).reportPhases),
  };
}

describe('the kept report', () => {
  it('opens the report again from where it was kept, and computes it afresh once one more unit is labelled', { timeout: 300_000 }, async () => {
    const dir = scratchDir('agreement-studio-report-kept-');
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    const url = chromiumApp.app().url;
    await page.addInitScript(recordPhases);
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });

    await page.goto(`${url}#/study/${STUDY_ID}/team`);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-labels').click()]);
    await chooser.setFiles(labelFilesOverFirstTurns(dir, 20));
    await expect.poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 }).toBe('40');

    const first = await openReport(page, url);
    expect(first.generatedAt).toMatch(/^\d{4}-/);
    expect(first.labelsInput).toBe('labels: 40 labels by 2 annotators');

    // A new window and a new worker: the report comes back kept, stamp and all, with no computing shown.
    const again = await openReport(page, url);
    expect(again.generatedAt).toBe(first.generatedAt);
    expect(again.phases.filter((phase) => phase !== 'Computing the report…')).toEqual([]);

    // One more unit labelled by this computer's annotator: the next report is computed from it.
    await openWorkspace(page, url, STUDY_ID, 'difficulty');
    await page.keyboard.press('4');
    // The progress counts a label while it is being saved: leave only once its write is on disk.
    await page.locator('[data-unit-row][data-state="saved"]').waitFor({ timeout: 60_000 });
    const after = await openReport(page, url);
    expect(after.generatedAt).not.toBe(first.generatedAt);
    expect(after.labelsInput).toBe('labels: 41 labels by 3 annotators');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
