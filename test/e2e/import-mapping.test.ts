// Mapping records of an unknown layout end to end, in Chromium (issue 14 point 2): a lead drops a CSV,
// is offered "Map fields…", picks the fields, sees the first records mapped and what is not
// imported, saves the preset and imports; a second file of the same layout imports with the saved
// preset chosen by name; an Excel workbook is read in the worker under the page's policy. The
// studies show the counts the records give. Labelled data (issue 26 point 4): three annotators'
// columns and two judges' columns of 1/2/0 are mapped value by value, previewed with counts,
// imported, and the report shows three annotators and two judges; the saved preset reloads it all.

import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
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

// Three annotators and two judges label each turn 1 (yes), 2 (no) or 0 (irrelevant); on a final answer 1 and 0 read as matched and unmatched.
const PANEL = [
  'pid,story,solution,kind,question,Ann 1,ann-2,ann-3,judge-a,judge-b',
  'p1,A man turns off a lamp and people die.,He is a lighthouse keeper.,question,Is he at sea?,1,1,1,1,1',
  'p1,A man turns off a lamp and people die.,He is a lighthouse keeper.,question,Did the people drown?,1,1,2,1,1',
  'p1,A man turns off a lamp and people die.,He is a lighthouse keeper.,question,Is it night?,0,2,0,0,2',
  'p1,A man turns off a lamp and people die.,He is a lighthouse keeper.,final,He keeps a lighthouse,1,1,1,1,0',
  'p2,A note on the door made her smile.,It was a proposal.,question,Was it a letter?,2,2,2,0,2',
  'p2,A note on the door made her smile.,It was a proposal.,question,Is it about love?,1,1,1,1,1',
  'p2,A note on the door made her smile.,It was a proposal.,final,A proposal,1,0,1,1,1',
].join('\n');
const PANEL_TARGETS = [
  ['story', 'story'],
  ['reference', 'solution'],
  ['turn kind', 'kind'],
  ['question text', 'question'],
] as const;
const PANEL_LABEL_COLUMNS = ['Ann 1', 'ann-2', 'ann-3', 'judge-a', 'judge-b'];
const QUESTION_MAP = { '1': 'yes', '2': 'no', '0': 'irrelevant' };

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

  it(
    "maps three annotators' and two judges' columns of 1/2/0, previews the counts, imports, reports them all, and the preset reloads the mapping",
    { timeout: 300_000 },
    async () => {
      const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
      await expect.poll(() => page.locator('tr[data-study-id]').count(), { timeout: 60_000 }).toBe(1);
      await dropFile(page, 'panel.csv', PANEL);
      await page.getByRole('button', { name: 'Map fields…' }).click({ timeout: 60_000 });
      const dialog = page.getByTestId('mapping-dialog');
      await dialog.getByLabel('puzzle id').selectOption('pid', { timeout: 60_000 });
      for (const [target, field] of PANEL_TARGETS) expect(await dialog.getByRole('combobox', { name: target, exact: true }).inputValue()).toBe(field);
      await dialog.getByLabel('Player name').fill('panel-player');
      const raters = dialog.getByRole('group', { name: /Human raters' label columns/ });
      const judges = dialog.getByRole('group', { name: /Judges' label columns/ });
      for (const field of ['Ann 1', 'ann-2', 'ann-3']) await raters.getByLabel(field, { exact: true }).check();
      for (const field of ['judge-a', 'judge-b']) await judges.getByLabel(field, { exact: true }).check();
      await dialog.getByLabel('Judge name for judge-b').fill('judge-b-v2');
      expect(await dialog.getByText(/The header is not usable as an annotator's id/).textContent()).toContain('so the rater is Ann-1');

      // Each value with its count, per kind of turn: 1/2/0 on questions start as no label (people) and unparseable (judges).
      const annValues = dialog.getByRole('table', { name: 'Values of Ann 1' });
      await expect
        .poll(() => valueRows(annValues), { timeout: 60_000 })
        .toEqual([
          ['question', '1', '3', 'no label'],
          ['question', '0', '1', 'no label'],
          ['final answer', '1', '2', 'matched'],
          ['question', '2', '1', 'no label'],
        ]);
      expect(await dialog.getByLabel('judge-a, question value 1').inputValue()).toBe('unparseable');
      await expect.poll(() => dialog.getByTestId('mapping-labels').textContent()).toContain('Rater Ann-1: 2 labels, 5 values left as no label');
      for (const field of PANEL_LABEL_COLUMNS)
        for (const [value, label] of Object.entries(QUESTION_MAP)) {
          const choice = dialog.getByLabel(`${field}, question value ${value}`);
          if ((await choice.count()) > 0) await choice.selectOption(label);
        }

      await expect.poll(() => dialog.getByTestId('mapping-counts').textContent(), { timeout: 60_000 }).toBe('Would import 2 puzzles, 2 sessions, 7 turns.');
      expect(await dialog.getByTestId('mapping-turn-kinds').textContent()).toBe('5 questions and 2 final answers.');
      await expect
        .poll(() => dialog.getByTestId('mapping-labels').locator('li').allTextContents())
        .toEqual(['Judge judge-a: 7 labels', 'Judge judge-b-v2: 7 labels', 'Rater Ann-1: 7 labels', 'Rater ann-2: 7 labels', 'Rater ann-3: 7 labels']);
      expect(await valueRows(dialog.getByRole('table', { name: 'Values of ann-3' }))).toEqual([
        ['question', '1', '2', 'yes'],
        ['question', '2', '2', 'no'],
        ['question', '0', '1', 'irrelevant'],
        ['final answer', '1', '2', 'matched'],
      ]);
      expect(await dialog.getByTestId('mapping-leftovers').textContent()).toContain('Every field is imported.');

      await dialog.getByLabel('Preset name').fill('Panel');
      await dialog.getByRole('button', { name: 'Save preset' }).click();
      await expect.poll(() => dialog.getByTestId('mapping-message').textContent()).toBe('Saved the preset "Panel".');
      await dialog.getByRole('button', { name: 'Import' }).click();
      const row = page.locator('tr[data-study-id]', { hasText: 'panel' });
      await expect.poll(() => row.count(), { timeout: 60_000 }).toBe(1);
      expect(await countsOf(page, 'panel')).toEqual({ puzzles: 2, sessions: 2, turns: 7 });
      await expect.poll(() => page.getByText('21 human labels by 3 raters').count(), { timeout: 60_000 }).toBe(1);

      // The report: three annotators and two judges, in its tables and its heatmap.
      const studyId = (await row.getAttribute('data-study-id')) ?? '';
      await page.goto(`${chromiumApp.app().url}#/study/${studyId}/report`);
      await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });
      for (const task of ['answer', 'match'] as const) {
        const table = page.locator(`table[data-report-table="${task}"]`);
        for (const judge of ['judge-a', 'judge-b-v2'])
          expect(await table.locator(`tr[data-group-a="judge:${judge}"][data-group-b="human"] td[data-bucket="all"]`).getAttribute('data-n')).toBe(
            String(3 * (task === 'answer' ? 5 : 2)),
          );
        expect(await table.locator('tr[data-group-a="human"][data-group-b="human"] td[data-bucket="all"]').getAttribute('data-n')).toBe(
          String(3 * (task === 'answer' ? 5 : 2)),
        );
      }
      await page.locator('[data-testid="heatmap"][data-drawn="true"][data-task="answer"]').waitFor({ timeout: 60_000 });
      const cells = await page
        .locator('[data-testid="heatmap"][data-task="answer"] [data-heatmap-cell]')
        .evaluateAll((rects) => rects.map((rect) => rect.getAttribute('data-heatmap-cell') ?? ''));
      expect([...new Set(cells.flatMap((key) => key.split('|')))].sort()).toEqual([
        'human-majority',
        'human:Ann-1',
        'human:ann-2',
        'human:ann-3',
        'judge:judge-a',
        'judge:judge-b-v2',
      ]);

      // The same file again: the saved preset brings back every target, column, name and value map.
      await page.goto(chromiumApp.app().url);
      await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });
      await dropFile(page, 'panel.csv', PANEL);
      await page.getByRole('button', { name: 'Map fields…' }).click({ timeout: 60_000 });
      const again = page.getByTestId('mapping-dialog');
      await again.getByLabel('Saved preset').selectOption('Panel', { timeout: 60_000 });
      for (const [target, field] of [['puzzle id', 'pid'], ...PANEL_TARGETS])
        expect(await again.getByRole('combobox', { name: target, exact: true }).inputValue()).toBe(field);
      expect(await again.getByLabel('Player name').inputValue()).toBe('panel-player');
      for (const field of ['Ann 1', 'ann-2', 'ann-3'])
        expect(
          await again
            .getByRole('group', { name: /Human raters' label columns/ })
            .getByLabel(field, { exact: true })
            .isChecked(),
        ).toBe(true);
      for (const field of ['judge-a', 'judge-b'])
        expect(
          await again
            .getByRole('group', { name: /Judges' label columns/ })
            .getByLabel(field, { exact: true })
            .isChecked(),
        ).toBe(true);
      expect(await again.getByLabel('Judge name for judge-b').inputValue()).toBe('judge-b-v2');
      await expect.poll(() => again.getByTestId('mapping-counts').textContent(), { timeout: 60_000 }).toBe('Would import 2 puzzles, 2 sessions, 7 turns.');
      for (const field of PANEL_LABEL_COLUMNS)
        for (const [value, label] of Object.entries(QUESTION_MAP)) {
          const choice = again.getByLabel(`${field}, question value ${value}`);
          if ((await choice.count()) > 0) expect(await choice.inputValue(), `${field} ${value}`).toBe(label);
        }
      expect(await again.getByTestId('mapping-labels').locator('li').allTextContents()).toEqual([
        'Judge judge-a: 7 labels',
        'Judge judge-b-v2: 7 labels',
        'Rater Ann-1: 7 labels',
        'Rater ann-2: 7 labels',
        'Rater ann-3: 7 labels',
      ]);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});

/** A value table's rows: turn, value, count and the label chosen. */
async function valueRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...[...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent ?? ''), row.querySelector('select')?.value ?? '']),
    );
}
