// Marking every acceptable answer end to end (issue 33), in real Chromium with real IndexedDB
// and real key presses, on the first-start demo study: one key still labels at once while the
// study setting is off; the lead turns it on on the team page; an annotator marks two answers by
// keyboard and Enter saves the first as the value and both as the set, shown again on coming
// back after a reload; Enter with nothing marked saves nothing; and the lead sets a gold set on
// the adjudication page by keyboard, seeing the annotator's set there.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GoldLabel, Label, Study } from '../../shared/domain/model';
import { scratchDir } from '../scratch-dir';
import { demo, writeLabelFile } from './demo-files';
import { dumpDatabase, openApp, useAppInChromium } from './harness';

const STUDY_ID = demo.study.id;
const ANNOTATOR = 'annotator-1';
const READY = '[data-testid="workspace"][data-ready="true"][data-task="answer"]';

const chromiumApp = useAppInChromium();

const currentUnit = (page: Page) => page.getAttribute('[data-testid="current-unit"]', 'data-unit-id').then((id) => id ?? '');

async function storedLabel(page: Page, unitId: string): Promise<Label | undefined> {
  const dump = await dumpDatabase(page);
  return (dump.labels as Label[]).find(
    (label) => label.studyId === STUDY_ID && label.annotatorId === ANNOTATOR && label.task === 'answer' && label.unitId === unitId,
  );
}

async function storedGold(page: Page, unitId: string): Promise<GoldLabel | undefined> {
  const dump = await dumpDatabase(page);
  return (dump.gold as GoldLabel[]).find((gold) => gold.studyId === STUDY_ID && gold.task === 'answer' && gold.unitId === unitId);
}

/** The label buttons pressed, each with whether it is marked first. */
function pressedButtons(page: Page): Promise<string[][]> {
  return page
    .locator('[data-testid="label-button"][aria-pressed="true"]')
    .evaluateAll((buttons) => buttons.map((button) => [button.getAttribute('data-value') ?? '', button.getAttribute('data-first') ?? '']));
}

describe('marking every acceptable answer', () => {
  it('marks two answers by keyboard, saves them with Enter, shows them again, and lets the lead set a gold set', { timeout: 180_000 }, async () => {
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    const url = chromiumApp.app().url;
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });

    // Setting off: one key labels at once and moves on, as always.
    await page.goto(`${url}#/study/${STUDY_ID}/label/answer`);
    await page.locator(READY).waitFor({ timeout: 60_000 });
    const plain = await currentUnit(page);
    await page.keyboard.press('y');
    await expect.poll(() => currentUnit(page)).not.toBe(plain);
    await expect.poll(() => storedLabel(page, plain), { timeout: 60_000 }).toMatchObject({ value: 'yes', rev: 1 });
    expect(await storedLabel(page, plain)).not.toHaveProperty('acceptable');
    expect(await page.getByTestId('marks-hint').count()).toBe(0);

    // The lead turns the setting on, on the team page.
    await page.goto(`${url}#/study/${STUDY_ID}/team`);
    // A click, not check(): the box shows the stored setting, which the study's live query brings back a moment later.
    await page.getByTestId('multiple-answers').click();
    await expect
      .poll(async () => ((await dumpDatabase(page)).studies as Study[]).find((study) => study.id === STUDY_ID)?.scheme.multipleAnswers, { timeout: 60_000 })
      .toBe(true);
    await expect.poll(() => page.getByTestId('multiple-answers').isChecked()).toBe(true);

    // N then I mark no (first) and irrelevant; nothing is saved and the unit stays until Enter.
    await page.goto(`${url}#/study/${STUDY_ID}/label/answer`);
    await page.locator(READY).waitFor({ timeout: 60_000 });
    await page.getByTestId('marks-hint').waitFor();
    const unit = await currentUnit(page);
    expect(unit).not.toBe(plain);
    await page.keyboard.press('n');
    await page.keyboard.press('i');
    await expect
      .poll(() => pressedButtons(page))
      .toEqual([
        ['no', 'true'],
        ['irrelevant', 'false'],
      ]);
    expect(await currentUnit(page)).toBe(unit);
    expect(await storedLabel(page, unit)).toBeUndefined();
    await page.keyboard.press('Enter');
    await expect.poll(() => currentUnit(page)).not.toBe(unit);
    await expect.poll(() => storedLabel(page, unit), { timeout: 60_000 }).toMatchObject({ value: 'no', acceptable: ['no', 'irrelevant'], rev: 1 });
    const row = page.locator(`[data-unit-row][data-unit-id="${unit}"]`);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('saved');
    expect(await row.getAttribute('data-acceptable')).toBe('no irrelevant');
    expect(await row.textContent()).toContain('No + Irrelevant');

    // After a reload, back on the unit: both marked, "no" first.
    await page.reload();
    await page.goto(`${url}#/study/${STUDY_ID}/label/answer/${encodeURIComponent(unit)}`);
    await page.locator(`[data-testid="current-unit"][data-unit-id="${unit}"]`).waitFor({ timeout: 60_000 });
    await expect
      .poll(() => pressedButtons(page))
      .toEqual([
        ['no', 'true'],
        ['irrelevant', 'false'],
      ]);

    // Unmarking both and pressing Enter saves nothing and says so.
    await page.keyboard.press('n');
    await page.keyboard.press('i');
    await expect.poll(() => pressedButtons(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByText('Nothing is marked, so nothing was saved: mark every acceptable answer with its key, then press Enter.').waitFor();
    expect(await currentUnit(page)).toBe(unit);
    expect(await storedLabel(page, unit)).toMatchObject({ value: 'no', acceptable: ['no', 'irrelevant'], rev: 1 });

    // Another annotator said yes, so the unit is a disagreement for the lead.
    const at = '2026-11-22T10:00:00Z';
    const file = writeLabelFile(scratchDir('agreement-studio-answer-sets-'), STUDY_ID, 'ann-2', at, [
      { unit, task: 'answer', value: 'yes', at, rev: 1, unsure: false, note: '' },
    ]);
    await page.goto(`${url}#/study/${STUDY_ID}/team`);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-labels').click()]);
    await chooser.setFiles([file]);
    await page.getByTestId('label-import-summary').waitFor({ timeout: 60_000 });

    // The lead sees the annotator's set, marks irrelevant (first) and yes, and Enter saves the gold set.
    await page.goto(`${url}#/study/${STUDY_ID}/adjudicate/answer/${encodeURIComponent(unit)}`);
    const adjudicated = page.locator(`[data-testid="adjudication-unit"][data-unit-id="${unit}"]`);
    await adjudicated.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => adjudicated.locator(`tr[data-rater="human:${ANNOTATOR}"]`).getAttribute('data-acceptable'), { timeout: 60_000 })
      .toBe('no irrelevant');
    expect(await adjudicated.locator(`tr[data-rater="human:${ANNOTATOR}"]`).textContent()).toContain('no + irrelevant');
    await page.getByTestId('gold-marks-hint').waitFor();
    await page.keyboard.press('i');
    await page.keyboard.press('y');
    await expect
      .poll(() =>
        page
          .locator('button[data-gold-value][aria-pressed="true"]')
          .evaluateAll((buttons) => buttons.map((button) => [button.getAttribute('data-gold-value'), button.getAttribute('data-first')])),
      )
      .toEqual([
        ['yes', 'false'],
        ['irrelevant', 'true'],
      ]);
    expect(await storedGold(page, unit)).toBeUndefined();
    await page.keyboard.press('Enter');
    await expect.poll(() => storedGold(page, unit), { timeout: 60_000 }).toMatchObject({ value: 'irrelevant', acceptable: ['irrelevant', 'yes'] });

    // Back on it: the gold set is shown, and the history lists it.
    await page.goto(`${url}#/study/${STUDY_ID}/adjudicate/answer/${encodeURIComponent(unit)}`);
    await page.locator('[data-testid="gold-saved"][data-gold-acceptable="irrelevant yes"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="gold-history"] tr[data-history-kind="set"][data-history-value="irrelevant + yes"]').waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
