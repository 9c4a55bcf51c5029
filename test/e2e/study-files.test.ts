// Several files as one study in real Chromium: "Import several files as one study" makes one study
// of three puzzle lists (genre from each file's name, clashing ids prefixed and said so), its
// puzzles listed with numeric titles in number order, and the study renamed inline, audited.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dumpDatabase, openApp, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();
const dir = mkdtempSync(join(tmpdir(), 'agreement-studio-study-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function list(name: string, rows: Array<Record<string, unknown>>): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(rows));
  return path;
}

describe('several files as one study', () => {
  it('imports three puzzle lists as one study, lists numeric titles in order, and renames it', { timeout: 120_000 }, async () => {
    const files = [
      list('Clever_Logic.json', [
        { id: '1', title: '10', surface: 'ten', bottom: 'T' },
        { id: '2', title: '9', surface: 'nine', bottom: 'N' },
      ]),
      list('Mind_Game.json', [{ id: '1', title: '100', surface: 'hundred', bottom: 'H' }]),
      list('Crime_Thriller.json', [{ id: '3', title: '2', surface: 'two', bottom: 'W' }]),
    ];
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await expect.poll(() => page.locator('tr[data-study-id]').count(), { timeout: 60_000 }).toBe(1);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-combined').click()]);
    await chooser.setFiles(files);
    await expect.poll(() => page.locator('tr[data-study-id]').count(), { timeout: 60_000 }).toBe(2);
    const status = (await page.getByRole('status').allTextContents()).join(' ');
    expect(status).toContain('Imported 3 files: Clever_Logic, Mind_Game, Crime_Thriller (4 puzzles');
    expect(status).toContain('Mind_Game.json: 1 id was also in an earlier file, so it starts with "Mind_Game-" here');

    const studies = (await dumpDatabase(page)).studies as Array<{ id: string; name: string }>;
    const combined = studies.find((study) => study.name.startsWith('3 files'));
    if (!combined) throw new Error('no combined study');
    const puzzles = ((await dumpDatabase(page)).puzzles as Array<{ studyId: string; id: string; genre?: string }>).filter(
      (puzzle) => puzzle.studyId === combined.id,
    );
    expect(puzzles.map((puzzle) => [puzzle.id, puzzle.genre]).sort()).toEqual([
      ['1', 'Clever Logic'],
      ['2', 'Clever Logic'],
      ['3', 'Crime Thriller'],
      ['Mind_Game-1', 'Mind Game'],
    ]);

    await page.locator(`tr[data-study-id="${combined.id}"]`).getByRole('button', { name: combined.name, exact: true }).click();
    const titles = page.getByRole('table', { name: 'Puzzles' }).locator('tbody tr td:first-child .strong');
    await expect.poll(() => titles.allTextContents(), { timeout: 60_000 }).toEqual(['2', '9', '10', '100']);

    await page.getByTestId('rename-study').click();
    await page.getByTestId('study-name-input').fill('TurtleSoup genres');
    await page.getByTestId('study-name-input').press('Enter');
    await expect.poll(() => page.locator('#study-title').textContent(), { timeout: 60_000 }).toBe('TurtleSoup genres');
    const audit = (await dumpDatabase(page)).audit as Array<{ studyId: string; kind: string }>;
    expect(audit.filter((entry) => entry.studyId === combined.id).map((entry) => entry.kind)).toEqual(['study:import', 'study:rename']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
