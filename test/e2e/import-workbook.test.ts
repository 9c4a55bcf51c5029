// SPLAT's puzzles.xlsx through the library in real Chromium (issue 26, point 9): a workbook of its
// size and layout, saved as Excel saves it (its shared strings a deflated part over 512 KB, which
// read-excel-file inflated in a blob: worker the app's policy refuses, so the import waited for
// ever at "Checking"), imports with the progress shown and every puzzle and its difficulty stored;
// the real file too when ../shared/real-data is present; a cut-short workbook is refused in words
// naming the file, with the database unchanged. A large workbook of another layout opens in
// Map fields… the same way, through the mapping worker.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FILE_READERS } from '../../cli/support/file-readers';
import { EXCEL_WORKBOOK } from '../../shared/formats/binary-kind';
import { importSplatPuzzleSheet } from '../../shared/formats/importers/splat-puzzle-sheet';
import { scratchDir } from '../scratch-dir';
import { splatScaleSheet } from '../shared/formats/importers/splat-run';
import { writeWorkbook } from '../shared/formats/importers/workbook-writer';
import { chooseFiles, dumpDatabase, openApp, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();
const REAL = fileURLToPath(new URL('../../../shared/real-data/LateralThinking/puzzles.xlsx', import.meta.url));

interface Seen {
  text: string;
  value: number | null;
  max: number | null;
}

/** Records every state of the library's import notice from now on, as the person sees it. */
async function watchImportNotice(page: Page): Promise<() => Promise<Seen[]>> {
  await page.evaluate(() => {
    const seen: Seen[] = [];
    const record = () => {
      const notice = document.querySelector('.notice-progress');
      const bar = notice?.querySelector('progress');
      const state = { text: notice?.textContent ?? '', value: bar ? bar.value : null, max: bar ? bar.max : null };
      const last = seen[seen.length - 1];
      if (state.text !== '' && (last === undefined || JSON.stringify(last) !== JSON.stringify(state))) seen.push(state);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    Object.assign(globalThis, { importNoticeStates: seen });
  });
  return () => page.evaluate(() => (globalThis as unknown as { importNoticeStates: Seen[] }).importNoticeStates);
}

function studyIds(page: Page): Promise<string[]> {
  return page.locator('tr[data-study-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-study-id') ?? ''));
}

/** What the command line's readers make of the file: the puzzles and their difficulty, to compare with what the app stored. */
async function expectedPuzzles(path: string) {
  const bytes = new Uint8Array(readFileSync(path));
  const result = await importSplatPuzzleSheet([{ name: 'puzzles.xlsx', text: '', size: bytes.length, binaryKind: EXCEL_WORKBOOK, bytes }], {}, FILE_READERS);
  if (!result.ok) throw new Error(`${path} does not import on the command line: ${result.errors.map((error) => error.message).join('; ')}`);
  return result.value.bundle.puzzles.map((puzzle) => ({ id: puzzle.id, title: puzzle.title, difficulty: puzzle.difficulty }));
}

/** Imports the workbook through the library's file chooser and checks the study, its puzzles and the progress shown. */
async function importsWithProgress(path: string) {
  const expected = await expectedPuzzles(path);
  expect(expected).toHaveLength(975);
  const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
  await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });
  const idsBefore = await studyIds(page);
  const states = await watchImportNotice(page);

  await chooseFiles(page, page.getByRole('button', { name: 'Import transcripts…' }), [path]);
  await expect.poll(() => page.getByRole('status').allTextContents(), { timeout: 60_000 }).toContainEqual(expect.stringContaining('Imported puzzles'));
  expect(await page.getByTestId('import-errors').count()).toBe(0);
  await expect.poll(async () => (await studyIds(page)).length).toBe(idsBefore.length + 1);
  const studyId = (await studyIds(page)).find((id) => !idsBefore.includes(id)) ?? '';
  const row = page.locator(`tr[data-study-id="${studyId}"]`);
  expect({
    puzzles: Number(await row.getByTestId('count-puzzles').textContent()),
    sessions: Number(await row.getByTestId('count-sessions').textContent()),
    turns: Number(await row.getByTestId('count-turns').textContent()),
  }).toEqual({ puzzles: 975, sessions: 0, turns: 0 });

  // The notice said what it was doing at each step, and the saving bar counted the 975 puzzles.
  const seen = await states();
  expect(seen.some((state) => state.text === 'Checking puzzles.xlsx…')).toBe(true);
  expect(seen.some((state) => state.text === 'Saving puzzles.xlsx…' && state.max === 975)).toBe(true);

  const stored = (await dumpDatabase(page)).puzzles as Array<{ studyId: string; id: string; title?: string; difficulty?: number }>;
  expect(stored.filter((puzzle) => puzzle.studyId === studyId).map(({ id, title, difficulty }) => ({ id, title, difficulty }))).toEqual(
    expect.arrayContaining(expected),
  );
  expect(stored.filter((puzzle) => puzzle.studyId === studyId)).toHaveLength(975);
  expect(pageErrors).toEqual([]);
  await context.close();
}

describe('a workbook in the library', () => {
  it('imports a 975-row workbook of SPLAT’s layout, saved as Excel saves it, with progress shown', async () => {
    const path = join(scratchDir('agreement-studio-workbook-'), 'puzzles.xlsx');
    writeFileSync(path, splatScaleSheet().bytes);
    await importsWithProgress(path);
  });

  const present = existsSync(REAL);
  if (!present) console.log(`skipped: ${REAL} is absent (SPLAT's files carry no licence and are not in the repository)`);
  it.skipIf(!present)('imports SPLAT’s real puzzles.xlsx the same way', async () => {
    await importsWithProgress(REAL);
  });

  it('reads a large Excel-saved workbook of another layout for Map fields…, in the mapping worker', async () => {
    const { rows } = splatScaleSheet();
    const path = join(scratchDir('agreement-studio-workbook-'), 'riddles.xlsx');
    const sheet = [['riddle', 'riddle_text', 'solution_text'], ...rows.map((row, i) => [`r${i + 1}`, row.story, row.answer])];
    writeFileSync(path, writeWorkbook([{ name: 'Riddles', rows: sheet }], { asExcel: true }));
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });

    await chooseFiles(page, page.getByRole('button', { name: 'Import transcripts…' }), [path]);
    await page.getByRole('button', { name: 'Map fields…' }).click({ timeout: 60_000 });
    await expect
      .poll(() => page.getByTestId('mapping-dialog').getByTestId('mapping-layouts').textContent(), { timeout: 60_000 })
      .toBe('riddles.xlsx: Excel workbook (the first sheet), 975 records');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('refuses a cut-short workbook in words that name the file, and stores nothing', async () => {
    const path = join(scratchDir('agreement-studio-workbook-'), 'puzzles.xlsx');
    writeFileSync(path, splatScaleSheet().bytes.subarray(0, 100_000));
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });
    const before = await dumpDatabase(page);

    await chooseFiles(page, page.getByRole('button', { name: 'Import transcripts…' }), [path]);
    const errors = page.getByTestId('import-errors');
    await errors.waitFor({ timeout: 60_000 });
    const text = (await errors.textContent()) ?? '';
    expect(text).toContain('Nothing was imported');
    expect(text).toContain('puzzles.xlsx: cannot read the workbook: the file is cut short or damaged');
    expect(await dumpDatabase(page)).toEqual(before);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
