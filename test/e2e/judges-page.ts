// Steps the end-to-end tests of the Judges page share, on the demo study: people's label files
// imported on the team page, the Judges page opened from the study overview, an endpoint on the
// loopback chat server added (reloading when the page asks), the split for improving the judge
// set by keyboard, and a prompt version as the page saved it.

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SavedPromptVersion } from '../../shared/judge-run/stored-records';
import type { SplitRule } from '../../shared/study/judge-splits';
import { demo } from './demo-files';
import { chooseFiles } from './harness';

/** Imports `files` on the demo study's team page of the app at `url`, and waits for the summary to say `added` labels were added. */
export async function importLabels(page: Page, url: string, files: string[], added: number): Promise<void> {
  await page.goto(`${url}#/study/${demo.study.id}/team`);
  await chooseFiles(page, page.getByTestId('import-labels'), files);
  await expect.poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 }).toBe(String(added));
}

/** Opens the Judges page from the demo study's overview in the app at `url`. */
export async function openJudgesPage(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#/study/${demo.study.id}`);
  await page.getByTestId('judges-entry').click();
  await page.getByTestId('judges-view').waitFor();
}

/** The endpoint form's fields a test fills; the others keep their defaults. */
export interface LoopbackEndpoint {
  baseUrl: string;
  model: string;
  concurrency?: string;
  apiKey?: string;
}

/**
 * Adds the endpoint "Loopback" from the Judges page, then reloads when the page asks (its policy,
 * fixed when it loaded, does not admit the new address) and waits for the Judges page again.
 */
export async function addLoopbackEndpoint(page: Page, endpoint: LoopbackEndpoint): Promise<void> {
  await page.getByRole('button', { name: 'Add an endpoint' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Loopback');
  await dialog.getByLabel('Base URL').fill(endpoint.baseUrl);
  await dialog.getByLabel('Model').fill(endpoint.model);
  if (endpoint.concurrency !== undefined) await dialog.getByLabel('Concurrency (requests at once)').fill(endpoint.concurrency);
  if (endpoint.apiKey !== undefined) await dialog.getByLabel('API key').fill(endpoint.apiKey);
  await dialog.getByRole('button', { name: 'Save endpoint' }).click();
  await dialog.waitFor({ state: 'detached' });
  const reload = page.getByTestId('judges-reload-notice');
  await reload.waitFor();
  await reload.getByRole('button', { name: 'Reload' }).click();
  await page.getByTestId('judges-view').waitFor({ timeout: 60_000 });
}

/**
 * Sets the split for improving the judge by keyboard: the seed, the examples share and the test
 * share (in whole percents), each reached with Tab, then Enter on Save; waits for "Saved.".
 */
export async function setSplitByKeyboard(page: Page, rule: SplitRule): Promise<void> {
  const split = page.getByTestId('judge-split');
  await split.getByLabel('Split seed').focus();
  for (const value of [rule.seed, Math.round(rule.shares.examples * 100), Math.round(rule.shares.test * 100)]) {
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(String(value));
    await page.keyboard.press('Tab');
  }
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save the split');
  await page.keyboard.press('Enter');
  await split.getByRole('status').getByText('Saved.').waitFor();
}

/** The prompt version `name` as the page saved it in its database, or undefined. */
export function savedVersion(page: Page, name: string): Promise<SavedPromptVersion | undefined> {
  return page.evaluate(
    (versionName) =>
      new Promise<SavedPromptVersion | undefined>((resolve, reject) => {
        const request = indexedDB.open('agreement-studio');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const read = db.transaction('promptVersions').objectStore('promptVersions').get(versionName);
          read.onsuccess = () => {
            db.close();
            resolve(read.result as SavedPromptVersion | undefined);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    name,
  );
}
