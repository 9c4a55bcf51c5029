// The third hostile round's workbook, SQLite, text and YAML cases (issue 27, findings 1, 2, 3 and
// 6) through the library's Import button in real Chromium, the import worker reading them (a YAML
// case chosen with its run's log.json): each hostile file is refused with its words shown under
// the file's name, IndexedDB unchanged, no engine message on the page and the library answering again; the 48 MB blob in a table that is
// not imported and the workbook whose part names lie past its first 4 kB import.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { READER_CASES } from '../hostile/readers';
import { scratchDir } from '../scratch-dir';
import { chooseFiles, dumpDatabase, openApp, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();
const dir = scratchDir('agreement-studio-hostile-readers-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ENGINE_WORDS =
  /Maximum call stack|Invalid array length|Failed to fetch|Unexpected token|RangeError|TypeError|ReferenceError|Excessive alias|resource exhaustion/;

function studyIds(page: Awaited<ReturnType<typeof openApp>>['page']): Promise<string[]> {
  return page.locator('tr[data-study-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-study-id') ?? ''));
}

describe('the hostile readers cases in the library', () => {
  it.each(READER_CASES.map((hostile) => [hostile.name, hostile] as const))('%s', async (name, hostile) => {
    const path = join(dir, name);
    writeFileSync(path, await hostile.bytes());
    const companions = (hostile.companions?.() ?? []).map((file) => {
      const companion = join(dir, file.name);
      writeFileSync(companion, file.bytes);
      return companion;
    });
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    try {
      await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });
      const demoNotice = page.locator('[role="status"]', { hasText: 'Imported' });
      await demoNotice.waitFor({ timeout: 60_000 });
      await demoNotice.getByRole('button', { name: 'Dismiss' }).click();
      await demoNotice.waitFor({ state: 'detached', timeout: 60_000 });
      const idsBefore = await studyIds(page);
      const before = await dumpDatabase(page);

      await chooseFiles(page, page.getByRole('button', { name: 'Import transcripts…' }), [...companions, path]);
      if ('refused' in hostile.expect) {
        const shown = page.locator('[data-testid="import-errors"]', { hasText: `in ${name}` });
        await shown.waitFor({ timeout: 60_000 });
        const text = (await shown.textContent()) ?? '';
        expect(text).toMatch(hostile.expect.refused);
        expect(text).not.toMatch(ENGINE_WORDS);
        expect(isDeepStrictEqual(await dumpDatabase(page), before)).toBe(true);
      } else {
        // When something is not imported (the database's other tables, counted), it is shown first and the lead imports anyway.
        const preview = page.getByTestId('import-preview');
        const imported = page.locator('[role="status"]', { hasText: 'Imported' });
        await preview.or(imported).first().waitFor({ timeout: 60_000 });
        if (await preview.isVisible()) {
          expect(await preview.textContent()).not.toMatch(ENGINE_WORDS);
          await preview.getByRole('button', { name: 'Import anyway' }).click();
        }
        await expect.poll(() => page.getByRole('status').allTextContents(), { timeout: 60_000 }).toContainEqual(expect.stringContaining('Imported'));
        expect(await page.getByTestId('import-errors').count()).toBe(0);
        await expect.poll(async () => (await studyIds(page)).length).toBe(idsBefore.length + 1);
        const studyId = (await studyIds(page)).find((id) => !idsBefore.includes(id)) ?? '';
        expect(Number(await page.locator(`tr[data-study-id="${studyId}"]`).getByTestId('count-puzzles').textContent())).toBe(hostile.expect.imported.puzzles);
      }
      // The library answers again: the page leaves the import and shows the studies.
      await page.evaluate(() => {
        window.location.hash = '#/';
      });
      await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
      for (const file of [path, ...companions]) rmSync(file);
    }
  });
});
