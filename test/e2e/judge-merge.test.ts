// Merging two judges in the web app end to end in Chromium (issue 28 point 5), real IndexedDB and
// the loopback chat server: two runs of one model and prompt, k = 1 on the turns people labelled
// and k = 3 on a seeded sample, are fake@studio-1 and fake@studio-1~2 in the report. On the
// Judges page, Merge into… shows, before anything changes, the units each labelled, both labelled
// and where they differ (as counted here from the raw database), follows the target chosen by
// keyboard, and Escape leaves both judges; confirmed with the keyboard, the page lists one judge
// with both runs' settings, the database holds the audit entry, and the report lists one judge.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-chat-server';
import { scratchDir } from '../scratch-dir';
import { demo, labelFilesOverFirstTurns } from './demo-files';
import { chooseFiles, openApp, useAppInChromium } from './harness';

const STUDY_ID = demo.study.id;
const BASE = 'fake@studio-1';
const SECOND = 'fake@studio-1~2';
/** The turns people labelled: few, so the runs are quick. */
const LABELLED_TURNS = 24;

const chromiumApp = useAppInChromium();
let server: FakeChatServer;

beforeAll(async () => {
  server = await startFakeChatServer({ allowOrigin: '*' });
});
afterAll(async () => {
  await server.close();
});

/** Rows of one store of the page's studio database, read with IndexedDB itself (not the app's code). */
function storeRows<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const request = indexedDB.open('agreement-studio');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as T[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    store,
  );
}

/** The merge's counts over the raw turns: units each judge labelled, both, and where they differ. */
async function rawCounts(page: Page, merged: string, target: string) {
  const turns = await storeRows<{ studyId: string; judgements: Record<string, string> }>(page, 'turns');
  const counts = { merged: 0, target: 0, both: 0, differ: 0 };
  for (const { studyId, judgements } of turns) {
    if (studyId !== STUDY_ID) continue;
    const [from, into] = [judgements[merged], judgements[target]];
    if (from !== undefined) counts.merged++;
    if (into !== undefined) counts.target++;
    if (from !== undefined && into !== undefined) {
      counts.both++;
      if (from !== into) counts.differ++;
    }
  }
  return counts;
}

async function shownCounts(page: Page) {
  const shown = page.getByTestId('judge-merge-counts');
  await shown.waitFor();
  const read = async (name: string) => Number(await shown.getAttribute(`data-${name}`));
  return { merged: await read('merged'), target: await read('target'), both: await read('both'), differ: await read('differ') };
}

/** The judges the report's judge cards name, once the report is ready. */
async function reportJudges(page: Page, url: string): Promise<string[]> {
  await page.goto(`${url}#/study/${STUDY_ID}/report`);
  await page.getByTestId('report-bootstrap').fill('200');
  await page.getByTestId('report-bootstrap').press('Enter');
  await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 180_000 });
  const judges = await page.locator('.judge-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-judge') ?? ''));
  return [...new Set(judges)].sort();
}

describe('merging judges in the app', () => {
  it('merges fake@studio-1~2 into fake@studio-1 after a confirmation with the counts, and the report lists one judge', { timeout: 900_000 }, async () => {
    const dir = scratchDir('agreement-studio-judge-merge-');
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    const url = chromiumApp.app().url;
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
    await page.goto(`${url}#/study/${STUDY_ID}/team`);
    await chooseFiles(page, page.getByTestId('import-labels'), labelFilesOverFirstTurns(dir, LABELLED_TURNS));
    await expect.poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 }).toBe(String(2 * LABELLED_TURNS));

    // An endpoint for the model `fake` on the loopback server; the page asks for a reload to reach it.
    await page.goto(`${url}#/study/${STUDY_ID}/judges`);
    await page.getByTestId('judges-view').waitFor();
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    const endpoint = page.getByRole('dialog');
    await endpoint.getByLabel('Name').fill('Loopback');
    await endpoint.getByLabel('Base URL').fill(server.url);
    await endpoint.getByLabel('Model').fill('fake');
    await endpoint.getByRole('button', { name: 'Save endpoint' }).click();
    await endpoint.waitFor({ state: 'detached' });
    await page.getByTestId('judges-reload-notice').getByRole('button', { name: 'Reload' }).click();
    await page.getByTestId('judges-view').waitFor({ timeout: 60_000 });

    // k = 1 on the labelled turns, then k = 3 on a seeded sample: another k, so another judge.
    const form = page.locator('.judge-run-form');
    await form.getByRole('button', { name: 'Start the run' }).click();
    await page.locator(`[data-testid="judge-runs"] li[data-judge="${BASE}"][data-run-state="finished"]`).waitFor({ timeout: 180_000 });
    await form.getByLabel('A seeded sample of turns').check();
    await form.getByLabel('Turns in the sample').fill('60');
    await form.getByLabel('Seed', { exact: true }).fill('3');
    await form.getByLabel('Samples per item').fill('3');
    await form.getByRole('button', { name: 'Start the run' }).click();
    await page.locator(`[data-testid="judge-runs"] li[data-judge="${SECOND}"][data-run-state="finished"]`).waitFor({ timeout: 180_000 });
    const expected = await rawCounts(page, SECOND, BASE);
    expect(expected).toMatchObject({ merged: 60, target: LABELLED_TURNS });
    // The sample meets the labelled turns, so the report has both judges against people.
    expect(expected.both).toBeGreaterThan(0);
    expect(await reportJudges(page, url)).toEqual(['arbiter-large', 'arbiter-mini', BASE, SECOND]);

    await page.goto(`${url}#/study/${STUDY_ID}/judges`);
    const judges = page.getByTestId('study-judges');
    const second = judges.locator(`li[data-judge="${SECOND}"]`);
    await second.waitFor({ timeout: 60_000 });
    expect(await second.getByTestId('study-judge-run').textContent()).toBe(
      `${server.url} · prompt studio-1 (${await promptHash(page)}) · temperature 0 · max tokens 4,096 · k = 3`,
    );

    // The confirmation counts before anything changes; Escape leaves the study as it was.
    const merge = second.getByRole('button', { name: `Merge ${SECOND} into…` });
    await merge.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const target = dialog.getByLabel('Merge into');
    expect(await target.inputValue()).toBe(BASE);
    expect(await shownCounts(page)).toEqual(expected);
    expect(await dialog.getByTestId('judge-merge-counts').textContent()).toBe(
      `${SECOND} labelled 60 units.${BASE} labelled ${LABELLED_TURNS} units.Both labelled ${expected.both === 1 ? '1 unit' : `${expected.both} units`}; their labels differ on ${expected.differ}.`,
    );
    expect(await dialog.getByLabel(`Keep ${BASE}'s own label`).isChecked()).toBe(true);
    // Another target, chosen with the keyboard on the focused list: the counts follow it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => target.inputValue()).toBe('arbiter-mini');
    await expect.poll(() => shownCounts(page)).toEqual(await rawCounts(page, SECOND, 'arbiter-mini'));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => shownCounts(page)).toEqual(expected);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await rawCounts(page, SECOND, BASE)).toEqual(expected);
    expect(await judges.locator('li[data-judge]').evaluateAll((items) => items.map((item) => item.getAttribute('data-judge')))).toEqual([
      'arbiter-large',
      'arbiter-large (order swapped)',
      'arbiter-mini',
      BASE,
      SECOND,
    ]);

    // Confirmed with the keyboard: the target's own label where both labelled (the default).
    await merge.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => target.inputValue()).toBe(BASE);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Merge');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    await second.waitFor({ state: 'detached', timeout: 60_000 });
    const base = judges.locator(`li[data-judge="${BASE}"]`);
    const runs = await base.getByTestId('study-judge-run').allTextContents();
    expect(runs).toHaveLength(2);
    expect(runs[0]).toBe(`ran as ${SECOND}: ${server.url} · prompt studio-1 (${await promptHash(page)}) · temperature 0 · max tokens 4,096 · k = 3`);
    expect(runs[1]).toBe(`${server.url} · prompt studio-1 (${await promptHash(page)}) · temperature 0 · max tokens 4,096 · k = 1`);
    expect(await base.textContent()).toContain(`${expected.merged + expected.target - expected.both} units labelled`);

    const after = await rawCounts(page, SECOND, BASE);
    expect(after).toEqual({ merged: 0, target: expected.merged + expected.target - expected.both, both: 0, differ: 0 });
    const audit = await storeRows<{ studyId: string; kind: string; detail: string }>(page, 'audit');
    const entry = audit.filter((row) => row.studyId === STUDY_ID && row.kind === 'judge:merge');
    expect(entry).toHaveLength(1);
    expect(JSON.parse(entry[0]?.detail ?? '{}')).toMatchObject({
      merged: SECOND,
      into: BASE,
      by: 'Annotator 1',
      overlap: 'target-keeps',
      counts: expected,
      runs: 1,
    });

    expect(await reportJudges(page, url)).toEqual(['arbiter-large', 'arbiter-mini', BASE]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

/** The first 8 characters of the built-in studio-1 prompt's hash, as the page shows them. */
async function promptHash(page: Page): Promise<string> {
  const runs = await storeRows<{ prompt: { hash: string } }>(page, 'judgeRuns');
  return runs[0]?.prompt.hash.slice(0, 8) ?? '';
}
