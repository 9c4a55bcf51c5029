// Adjudication end to end, in real Chromium with real IndexedDB and real key presses: on the
// demo study with three annotators' match labels, M sets gold and the next unit comes; back on
// it, X asks before replacing (Esc keeps, Enter replaces and moves on); Z puts the first gold
// label back exactly; the unit's gold history lists every change. No window dialog is raised.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPrng } from '../../shared/random/prng';
import type { GoldLabel, LabelValue, Task } from '../../shared/domain/model';
import { scratchDir } from '../scratch-dir';
import { demo, writeLabelFile } from './demo-files';
import { dumpDatabase, openApp, useAppInChromium } from './harness';

const STUDY_ID = demo.study.id;

const chromiumApp = useAppInChromium();

/** Three annotators' verdicts on every final answer, seeded so that some units are disputed. */
function matchLabelFiles(dir: string): string[] {
  const prng = createPrng(7);
  const at = '2026-11-22T10:00:00Z';
  return ['ann-1', 'ann-2', 'ann-3'].map((id) => {
    const labels = demo.turns
      .filter((turn) => turn.type === 'final')
      .map((turn) => ({
        unit: turn.id,
        task: 'match' as Task,
        value: (prng.next() < 0.5 ? 'matched' : 'unmatched') as LabelValue,
        at,
        rev: 1,
        unsure: false,
        note: '',
      }));
    return writeLabelFile(dir, STUDY_ID, id, at, labels);
  });
}

const shownUnit = (page: Page) => page.getByTestId('adjudication-unit').getAttribute('data-unit-id');

async function storedGold(page: Page, unitId: string): Promise<GoldLabel | undefined> {
  const dump = await dumpDatabase(page);
  return (dump.gold as GoldLabel[]).find((gold) => gold.studyId === STUDY_ID && gold.task === 'match' && gold.unitId === unitId);
}

describe('adjudication by keyboard', () => {
  it('sets and moves on, asks before replacing, undoes with Z, and lists the unit’s gold history', { timeout: 120_000 }, async () => {
    const files = matchLabelFiles(scratchDir('agreement-studio-adjudication-'));
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => dialogs.push(dialog.message()));
    const url = chromiumApp.app().url;
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });

    await page.goto(`${url}#/study/${STUDY_ID}/team`);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-labels').click()]);
    await chooser.setFiles(files);
    await page.getByTestId('label-import-summary').waitFor({ timeout: 60_000 });

    // As the report and the study page open it: no task in the address until the first move.
    await page.goto(`${url}#/study/${STUDY_ID}/adjudicate`);
    await page.getByTestId('adjudication-unit').waitFor({ timeout: 60_000 });
    const first = (await shownUnit(page)) ?? '';
    expect(first).not.toBe('');

    // A note, then M: the gold label is set and the next unit comes.
    await page.keyboard.press('e');
    await page.keyboard.type('It names the cause.');
    await page.keyboard.press('Escape');
    await page.keyboard.press('m');
    await expect.poll(() => shownUnit(page), { timeout: 60_000 }).not.toBe(first);
    const second = await shownUnit(page);
    expect(page.url()).toContain(encodeURIComponent(second ?? ''));
    await expect.poll(async () => (await storedGold(page, first))?.value, { timeout: 60_000 }).toBe('matched');
    const original = await storedGold(page, first);
    expect(original).toMatchObject({ note: 'It names the cause.' });

    // Back on it, X asks; nothing is written while it asks, and Esc keeps matched.
    await page.keyboard.press('k');
    await page.locator(`[data-testid="adjudication-unit"][data-unit-id="${first}"]`).waitFor();
    await page.locator('[data-testid="gold-saved"][data-gold-value="matched"]').waitFor();
    await page.keyboard.press('x');
    const question = page.getByTestId('gold-replace');
    await question.waitFor();
    expect(await question.textContent()).toContain('Replace gold matched with unmatched? Enter to replace, Esc to keep.');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await shownUnit(page)).toBe(first);
    expect(await storedGold(page, first)).toEqual(original);

    // X again and Enter: replaced, and the next unit comes.
    await page.keyboard.press('x');
    await question.waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => shownUnit(page), { timeout: 60_000 }).toBe(second);
    expect((await storedGold(page, first))?.value).toBe('unmatched');

    // Z: the replacement undone, the first gold label back exactly, on its unit.
    await page.keyboard.press('z');
    await page.locator(`[data-testid="adjudication-unit"][data-unit-id="${first}"]`).waitFor({ timeout: 60_000 });
    await expect.poll(() => storedGold(page, first), { timeout: 60_000 }).toEqual(original);
    await page.locator('[data-testid="gold-saved"][data-gold-value="matched"]').waitFor();

    // The history: the set, the replacement and the undo, each with who and the value it left.
    const rows = page.locator('[data-testid="gold-history"] tr[data-history-kind]');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(3);
    const history = await rows.evaluateAll((list) =>
      list.map((row) => [row.getAttribute('data-history-kind'), row.getAttribute('data-history-value'), row.textContent ?? '']),
    );
    expect(history.map(([kind, value]) => [kind, value])).toEqual([
      ['set', 'matched'],
      ['set', 'unmatched'],
      ['undo', 'matched'],
    ]);
    expect(history[0]?.[2]).toContain('It names the cause.');
    expect(history[1]?.[2]).toContain('replaced matched');

    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
