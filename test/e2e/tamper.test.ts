// The tamper suite (issue 12) in real Chromium: every tampered file as a real file through the real
// UI (bundles and packs through the library's file chooser, label files on the demo study's Team
// page, backups through Restore from backup), each refused showing its file and place with
// IndexedDB exactly as it was. Then a pack written by the command line opens, labels and exports.

import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { main as cli } from '../../cli/main';
import { parseLabelFile } from '../../shared/formats/label-file';
import { parsePack } from '../../shared/formats/pack';
import { showsPlace } from '../hostile/check';
import { DEMO_STUDY_ID } from '../hostile/generate';
import { tamperCases, type TamperCase } from '../hostile/tamper';
import { dumpDatabase, openApp, REPO_ROOT, useAppInChromium } from './harness';

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
  if (!shown.some((text) => showsPlace(text, tampered.name, tampered.error))) return `no shown error at ${JSON.stringify(tampered.error)}; shown: ${shown.join(' | ').slice(0, 600)}`;
  if (!isDeepStrictEqual(await dumpDatabase(page), before)) return 'IndexedDB changed';
  return undefined;
}

async function download(page: Page, action: () => Promise<void>): Promise<string> {
  const [started] = (await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), action()])) as [Download, void];
  const path = join(dir, started.suggestedFilename());
  await started.saveAs(path);
  return path;
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
    console.log(`tamper suite (real Chromium): ${cases.length} files tried, ${cases.length - failures.length} refused showing their file and place, IndexedDB unchanged after each`);
    expect(failures).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('opens a pack written by the command line, labels it by keyboard and exports the labels', { timeout: 120_000 }, async () => {
    // The demo study under an id of its own: a new profile already holds the demo study as the lead's copy.
    const bundlePath = join(dir, 'cli-pack-study.json');
    writeFileSync(bundlePath, JSON.stringify({ ...(JSON.parse(readFileSync(`${REPO_ROOT}assets/demo-study.json`, 'utf8')) as object), id: 'cli-pack-study', name: 'CLI pack study' }));
    const packDir = join(dir, 'packs');
    const quiet = { write: () => undefined };
    const code = await cli(['pack', '--transcripts', bundlePath, '--annotators', 'ann-a=Ann A,ann-b=Ann B', '--overlap', '1', '--seed', '3', '--out', packDir], { stdout: quiet, stderr: quiet });
    expect(code).toBe(0);
    expect(readdirSync(packDir).sort()).toEqual(['ann-a.pack.json', 'ann-b.pack.json']);
    const packPath = join(packDir, 'ann-a.pack.json');
    const pack = parsePack({ name: 'ann-a.pack.json', text: readFileSync(packPath, 'utf8') });
    if (!pack.ok) throw new Error('the command line wrote a pack it cannot read');

    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator(DEMO_ROW).waitFor({ timeout: 60_000 });
    await choose(page, IMPORT_TRANSCRIPTS, packPath);
    const studyId = pack.value.study.id;
    await page.waitForURL(new RegExp(`#/study/${studyId}$`), { timeout: 60_000 });
    await page.goto(`${chromiumApp.app().url}#/study/${studyId}/label/answer`);
    await page.locator('[data-testid="workspace"][data-ready="true"][data-task="answer"]').waitFor({ timeout: 60_000 });
    const total = Number(await page.getByTestId('progress').getAttribute('data-total'));
    expect(total).toBe(pack.value.tasks.answer.length);
    for (let index = 0; index < total; index++) await page.keyboard.press(['y', 'n', 'i'][index % 3] as string);
    await expect.poll(() => page.getByTestId('progress').getAttribute('data-done'), { timeout: 60_000 }).toBe(String(total));

    await page.goto(`${chromiumApp.app().url}#/study/${studyId}`);
    const labelsPath = await download(page, () => page.getByTestId('export-labels').click());
    const labels = parseLabelFile({ name: 'ann-a.labels.json', text: readFileSync(labelsPath, 'utf8') });
    if (!labels.ok) throw new Error(`the exported label file does not read: ${labels.errors.map((error) => error.message).join('; ')}`);
    expect(labels.value.annotator.id).toBe('ann-a');
    expect(labels.value.labels.filter((label) => label.task === 'answer').map((label) => label.unit).sort()).toEqual([...pack.value.tasks.answer].sort());
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
