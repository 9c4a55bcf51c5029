// A newcomer rehearses the annotator's side on the demo study in real Chromium: a fresh profile
// loads the demo study on first start, then a pack written from that same demo study by the
// command line opens in it (replacing the untouched demo, and saying so), labels by keyboard
// and exports a label file that reads.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { main as cli } from '../../cli/main';
import { parseLabelFile } from '../../shared/formats/label-file';
import { parsePack } from '../../shared/formats/pack';
import { dumpDatabase, openApp, REPO_ROOT, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();
const dir = mkdtempSync(join(tmpdir(), 'agreement-studio-demo-pack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DEMO_ID = 'demo-study';

async function download(page: Page, action: () => Promise<void>): Promise<string> {
  const [started] = (await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), action()])) as [Download, void];
  const path = join(dir, started.suggestedFilename());
  await started.saveAs(path);
  return path;
}

describe("the demo study's pack in a newcomer's fresh profile", () => {
  it('opens in place of the untouched demo study, labels by keyboard and exports', { timeout: 120_000 }, async () => {
    const packDir = join(dir, 'packs');
    const quiet = { write: () => undefined };
    const code = await cli(
      [
        'pack',
        '--transcripts',
        `${REPO_ROOT}assets/demo-study.json`,
        '--annotators',
        'ann-01=Annotator 1,ann-02=Annotator 2',
        '--overlap',
        '1',
        '--seed',
        '3',
        '--out',
        packDir,
      ],
      { stdout: quiet, stderr: quiet },
    );
    expect(code).toBe(0);
    const packPath = join(packDir, 'ann-01.pack.json');
    const pack = parsePack({ name: 'ann-01.pack.json', text: readFileSync(packPath, 'utf8') });
    if (!pack.ok) throw new Error('the command line wrote a pack it cannot read');
    expect(pack.value.study.id).toBe(DEMO_ID);

    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator(`tr[data-study-id="${DEMO_ID}"]`).waitFor({ timeout: 60_000 });
    // The first start flags its demo study as the sample once the import is stored.
    await expect
      .poll(async () => (await dumpDatabase(page)).studies?.map((study) => (study as { sample?: boolean }).sample), { timeout: 60_000 })
      .toEqual([true]);

    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('button:has-text("Import transcripts…")').click()]);
    await chooser.setFiles(packPath);
    await page.waitForURL(new RegExp(`#/study/${DEMO_ID}$`), { timeout: 60_000 });
    await expect.poll(() => page.getByTestId('sample-replaced').textContent(), { timeout: 60_000 }).toContain('replaced the untouched demo study');
    const [study] = (await dumpDatabase(page)).studies as Array<{ origin?: { annotator: { id: string } }; sample?: boolean }>;
    expect(study?.origin?.annotator.id).toBe('ann-01');
    expect(study?.sample).toBeUndefined();
    // The library's import summary says so too.
    await page.evaluate(() => {
      window.location.hash = '#/';
    });
    await expect
      .poll(() => page.getByRole('status').allTextContents(), { timeout: 60_000 })
      .toContainEqual(expect.stringContaining('it replaced the untouched demo study'));

    await page.goto(`${chromiumApp.app().url}#/study/${DEMO_ID}/label/answer`);
    await page.locator('[data-testid="workspace"][data-ready="true"][data-task="answer"]').waitFor({ timeout: 60_000 });
    const total = Number(await page.getByTestId('progress').getAttribute('data-total'));
    expect(total).toBe(pack.value.tasks.answer.length);
    for (let index = 0; index < total; index++) await page.keyboard.press(['y', 'n', 'i'][index % 3] as string);
    await expect.poll(() => page.getByTestId('progress').getAttribute('data-done'), { timeout: 60_000 }).toBe(String(total));

    await page.goto(`${chromiumApp.app().url}#/study/${DEMO_ID}`);
    const labelsPath = await download(page, () => page.getByTestId('export-labels').click());
    const labels = parseLabelFile({ name: 'ann-01.labels.json', text: readFileSync(labelsPath, 'utf8') });
    if (!labels.ok) throw new Error(`the exported label file does not read: ${labels.errors.map((error) => error.message).join('; ')}`);
    expect(labels.value.studyId).toBe(DEMO_ID);
    expect(labels.value.annotator.id).toBe('ann-01');
    expect(
      labels.value.labels
        .filter((label) => label.task === 'answer')
        .map((label) => label.unit)
        .sort(),
    ).toEqual([...pack.value.tasks.answer].sort());
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
