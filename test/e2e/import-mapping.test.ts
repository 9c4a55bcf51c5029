// Mapping records of an unknown layout end to end, in Chromium (issue 14 point 2): a lead drops a CSV,
// is offered "Map fields…", picks the fields, sees the first records mapped and what is not
// imported, saves the preset and imports; a second file of the same layout imports with the saved
// preset chosen by name; an Excel workbook is read in the worker under the page's policy. The
// studies show the counts the records give.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { writeWorkbook } from '../shared/formats/importers/workbook-writer';
import { openApp, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();

const HEADER = 'conversation_ref,riddle,riddle_text,solution_text,asked,verdict_text,cost_usd';
const FIRST = [
  HEADER,
  'c1,lamp,A man turns off a lamp and people die.,He is a lighthouse keeper.,Is he at sea?,"Yes, he is.",0.01',
  'c1,lamp,A man turns off a lamp and people die.,He is a lighthouse keeper.,Did the people drown?,Yes,0.02',
  'c2,note,A note on the door made her smile.,It was a proposal.,Was it a letter?,Irrelevant,0.01',
].join('\n');
const SECOND = [
  HEADER,
  'd1,ring,A ring fell in the coffee but stayed dry.,The coffee was beans.,Was the coffee hot?,No,0.01',
  'd1,ring,A ring fell in the coffee but stayed dry.,The coffee was beans.,Was it ground coffee?,No,0.01',
  'd1,ring,A ring fell in the coffee but stayed dry.,The coffee was beans.,Were they beans?,Yes!,0.02',
  'd2,hat,He wore his hat indoors.,He was bald and cold.,Is he bald?,Yes,0.03',
].join('\n');

async function dropFile(page: Page, name: string, content: string | Uint8Array) {
  await page.evaluate(
    ({ name, text, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text ?? new Uint8Array(bytes ?? [])], name));
      document.querySelector('.app')?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    typeof content === 'string' ? { name, text: content, bytes: undefined } : { name, text: undefined, bytes: [...content] },
  );
}

async function countsOf(page: Page, name: string) {
  const row = page.locator('tr[data-study-id]', { hasText: name });
  return {
    puzzles: Number(await row.getByTestId('count-puzzles').textContent()),
    sessions: Number(await row.getByTestId('count-sessions').textContent()),
    turns: Number(await row.getByTestId('count-turns').textContent()),
  };
}

describe('mapping the fields of an unknown layout', () => {
  it('maps, previews, saves the preset and imports; then imports a second file with the saved preset', async () => {
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await expect.poll(() => page.locator('tr[data-study-id]').count(), { timeout: 60_000 }).toBe(1);

    await dropFile(page, 'lab-run-1.csv', FIRST);
    await page.getByRole('button', { name: 'Map fields…' }).click({ timeout: 60_000 });
    const dialog = page.getByTestId('mapping-dialog');
    await dialog.getByLabel('puzzle id').selectOption('riddle', { timeout: 60_000 });
    await dialog.getByLabel('story', { exact: true }).selectOption('riddle_text');
    await dialog.getByLabel('reference').selectOption('solution_text');
    await dialog.getByLabel('session').selectOption('conversation_ref');
    await dialog.getByLabel('question text').selectOption('asked');
    await dialog.getByLabel('judge label').selectOption('verdict_text');
    await dialog.getByLabel('Player name').fill('lab-player');
    // Without a judge the preview says what is missing, and nothing can be imported yet.
    await expect.poll(() => dialog.textContent(), { timeout: 60_000 }).toContain('The records name no judge');
    expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Judge name').fill('lab-judge');

    const preview = dialog.getByRole('table', { name: 'First records mapped' });
    await expect.poll(() => preview.locator('tbody tr').count(), { timeout: 60_000 }).toBe(3);
    expect(await preview.locator('tbody tr').first().textContent()).toContain('yes (“Yes, he is.”)');
    await expect.poll(() => dialog.getByTestId('mapping-counts').textContent()).toBe('Would import 2 puzzles, 2 sessions, 3 turns.');
    expect(await dialog.getByTestId('mapping-leftovers').textContent()).toContain('field cost_usd: 3 (for example "0.01", "0.02", "0.01")');

    await dialog.getByLabel('Preset name').fill('Lab CSV');
    await dialog.getByRole('button', { name: 'Save preset' }).click();
    await expect.poll(() => dialog.getByTestId('mapping-message').textContent()).toBe('Saved the preset "Lab CSV".');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.locator('tr[data-study-id]', { hasText: 'lab-run-1' }).count(), { timeout: 60_000 }).toBe(1);
    expect(await countsOf(page, 'lab-run-1')).toEqual({ puzzles: 2, sessions: 2, turns: 3 });
    expect(await page.getByTestId('mapping-dialog').count()).toBe(0);

    await dropFile(page, 'lab-run-2.csv', SECOND);
    await page.getByRole('button', { name: 'Map fields…' }).click({ timeout: 60_000 });
    await page.getByTestId('mapping-dialog').getByLabel('Saved preset').selectOption('Lab CSV', { timeout: 60_000 });
    await expect.poll(() => page.getByTestId('mapping-counts').textContent(), { timeout: 60_000 }).toBe('Would import 2 puzzles, 2 sessions, 4 turns.');
    await page.getByTestId('mapping-dialog').getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.locator('tr[data-study-id]', { hasText: 'lab-run-2' }).count(), { timeout: 60_000 }).toBe(1);
    expect(await countsOf(page, 'lab-run-2')).toEqual({ puzzles: 2, sessions: 2, turns: 4 });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("maps an Excel workbook in the worker, under the page's content security policy", async () => {
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await expect.poll(() => page.locator('tr[data-study-id]').count(), { timeout: 60_000 }).toBe(1);
    const rows = FIRST.split('\n').map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((cell) => cell.replace(/^"|"$/g, '')));
    await dropFile(page, 'lab-run.xlsx', writeWorkbook([{ name: 'Runs', rows }]));
    await page.getByRole('button', { name: 'Map fields…' }).click({ timeout: 60_000 });
    const dialog = page.getByTestId('mapping-dialog');
    await expect
      .poll(() => dialog.getByTestId('mapping-layouts').textContent(), { timeout: 60_000 })
      .toBe('lab-run.xlsx: Excel workbook (the first sheet), 3 records');
    await dialog.getByLabel('puzzle id').selectOption('riddle');
    await dialog.getByLabel('story', { exact: true }).selectOption('riddle_text');
    await dialog.getByLabel('reference').selectOption('solution_text');
    await dialog.getByLabel('question text').selectOption('asked');
    await dialog.getByLabel('judge label').selectOption('verdict_text');
    await dialog.getByLabel('Player name').fill('lab-player');
    await dialog.getByLabel('Judge name').fill('lab-judge');
    await expect.poll(() => dialog.getByTestId('mapping-counts').textContent(), { timeout: 60_000 }).toBe('Would import 2 puzzles, 2 sessions, 3 turns.');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.locator('tr[data-study-id]', { hasText: 'lab-run' }).count(), { timeout: 60_000 }).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
