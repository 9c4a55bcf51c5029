// The tamper suite (issue 12) in real Chromium: every tampered file as a real file through the real
// UI (bundles and packs through the library's file chooser, label files on the demo study's Team
// page, backups through Restore from backup), each refused showing its file and place with
// IndexedDB exactly as it was. (That a pack written by the command line still opens, labels and
// exports is demo-pack.test.ts; one written by the app, team.test.ts.)

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { showsPlace } from '../hostile/check';
import { DEMO_STUDY_ID } from '../hostile/generate';
import { tamperCases, type TamperCase } from '../hostile/tamper';
import { dumpDatabase, openApp, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();
const dir = mkdtempSync(join(tmpdir(), 'agreement-studio-tamper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cases = tamperCases();
const DEMO_ROW = `tr[data-study-id="${DEMO_STUDY_ID}"]`;
const TEAM_HASH = `#/study/${DEMO_STUDY_ID}/team`;
const IMPORT_LABELS = '[data-testid="import-labels"]';
const IMPORT_TRANSCRIPTS = 'button:has-text("Import transcripts…")';
const RESTORE = '[data-testid="restore-backup"]';

async function goTo(page: Page, hash: string, ready: string): Promise<void> {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
}

async function choose(page: Page, button: string, path: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator(button).click()]);
  await chooser.setFiles(path);
}

/** Imports the file where the app takes its kind and returns the error lines shown for it. */
async function importShown(page: Page, tampered: TamperCase, path: string): Promise<string[]> {
  if (tampered.kind === 'labels-json' || tampered.kind === 'labels-csv') {
    await goTo(page, TEAM_HASH, IMPORT_LABELS);
    await choose(page, IMPORT_LABELS, path);
    const list = page.locator(`[data-rejected-file="${tampered.name}"] .error-list li`);
    await list.first().waitFor({ timeout: 60_000 });
    return list.allTextContents();
  }
  await goTo(page, '#/', IMPORT_TRANSCRIPTS);
  if (tampered.kind === 'backup') {
    // The last restore's result goes first, so the status read next is this file's.
    const status = page.getByTestId('restore-status');
    if ((await status.count()) > 0) await status.getByRole('button', { name: 'Dismiss' }).click();
    await status.waitFor({ state: 'detached' });
    await choose(page, RESTORE, path);
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 60_000 }).toMatch(/^(done|failed)$/);
    return status.locator('.error-list li').allTextContents();
  }
  await choose(page, IMPORT_TRANSCRIPTS, path);
  const list = page.locator('[data-testid="import-errors"]', { hasText: `in ${tampered.name}` }).locator('.error-list li');
  await list.first().waitFor({ timeout: 60_000 });
  return list.allTextContents();
}

/** What went wrong with the refusal of one file in the app, or undefined when it was right. */
async function refusalProblem(page: Page, tampered: TamperCase): Promise<string | undefined> {
  const path = join(dir, tampered.name);
  writeFileSync(path, tampered.bytes());
  const before = await dumpDatabase(page);
  let shown: string[];
  try {
    shown = await importShown(page, tampered, path);
  } catch {
    return 'no error was shown for the file';
  }
  if (!shown.some((text) => showsPlace(text, tampered.name, tampered.error)))
    return `no shown error at ${JSON.stringify(tampered.error)}; shown: ${shown.join(' | ').slice(0, 600)}`;
  if (!isDeepStrictEqual(await dumpDatabase(page), before)) return 'IndexedDB changed';
  return undefined;
}

describe('tamper suite in real Chromium', () => {
  it('refuses every tampered pack, label file, backup and bundle at its place, with IndexedDB unchanged', { timeout: 300_000 }, async () => {
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator(DEMO_ROW).waitFor({ timeout: 60_000 });
    const failures: string[] = [];
    for (const tampered of cases) {
      const problem = await refusalProblem(page, tampered);
      if (problem !== undefined) failures.push(`${tampered.name} (${tampered.what}): ${problem}`);
    }
    await context.close();
    console.log(
      `tamper suite (real Chromium): ${cases.length} files tried, ${cases.length - failures.length} refused showing their file and place, IndexedDB unchanged after each`,
    );
    expect(failures).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
