// Judge runs in the web app end to end in Chromium, against the loopback chat server with CORS
// on: the lead adds an endpoint with an API key (reloading when the page asks), runs a judge on
// the demo study's labelled turns, and the report shows `<model>@<prompt version>` beside the
// study's own judges; an edited prompt version run the same way appears beside the first in the
// Prompt versions view with its figures. The key is then found nowhere the page keeps or writes:
// no IndexedDB database (every store, every row), not the labelled dataset export, not a backup,
// not the console. The server's log shows the key did reach it, in the Authorization header only.
// Issue 26: the endpoint form's Test connection lists the models (and says "no such model" for a
// model the server lacks, and CORS for a server that does not allow the page), and a run whose
// question replies the server cuts off at max tokens shows how many were cut off and what to do.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-chat-server';
import { scratchDir } from '../scratch-dir';
import { demo, labelFilesOverFirstTurns } from './demo-files';
import { downloads, openApp, useAppInChromium } from './harness';
import { addLoopbackEndpoint, importLabels, openJudgesPage } from './judges-page';

const STUDY_ID = demo.study.id;
const API_KEY = 'sk-e2e-judge-key-7f3a9c21d4';
const MODEL = 'tiny-judge';
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

/** How many answers the page's studio database journaled, over every run. */
function journaledAnswers(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('agreement-studio');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const count = db.transaction('judgeAnswers').objectStore('judgeAnswers').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/** Every row of every store of every IndexedDB database of the page, as text (bytes decoded). */
function everyDatabaseAsText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const read = (name: string) =>
      new Promise<unknown>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const names = [...db.objectStoreNames];
          if (names.length === 0) {
            db.close();
            resolve({});
            return;
          }
          const tx = db.transaction(names, 'readonly');
          const dump: Record<string, unknown> = {};
          for (const store of names) {
            const all = tx.objectStore(store).getAll();
            all.onsuccess = () => (dump[store] = all.result);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(dump);
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    const bytes = (value: unknown) =>
      value instanceof ArrayBuffer
        ? new Uint8Array(value)
        : ArrayBuffer.isView(value)
          ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
          : undefined;
    const names = (await indexedDB.databases()).map((info) => info.name ?? '').filter((name) => name !== '');
    const dumps: Record<string, unknown> = {};
    for (const name of names) dumps[name] = await read(name);
    return `${names.join(',')}\n${JSON.stringify(dumps, (_key, value: unknown) => {
      const view = bytes(value);
      return view === undefined ? value : new TextDecoder('latin1').decode(view);
    })}`;
  });
}

/**
 * A fresh profile with two annotators' label files imported and an endpoint (with the API key) on
 * `chat`, added from the Judges page reached through the study overview; the page asks for a
 * reload to reach the new address and comes back to the Judges page.
 */
async function leadWithEndpoint(chat: FakeChatServer, concurrency = '2') {
  const dir = scratchDir('agreement-studio-judge-run-');
  const opened = await openApp(chromiumApp.browser(), chromiumApp.app());
  const { page } = opened;
  // Everything the page says on its console, from before the key is typed.
  const consoleText: string[] = [];
  page.on('console', (message) => consoleText.push(message.text()));
  const url = chromiumApp.app().url;
  await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });

  // People's labels first: a run asks only the turns they labelled, by default.
  await importLabels(page, url, labelFilesOverFirstTurns(dir, LABELLED_TURNS), 2 * LABELLED_TURNS);
  await openJudgesPage(page, url);
  await addLoopbackEndpoint(page, { baseUrl: chat.url, model: MODEL, concurrency, apiKey: API_KEY });
  await page.locator('[data-testid="judge-endpoints"]').getByText('Loopback').waitFor();
  return { ...opened, consoleText, dir, url };
}

async function runJudge(page: Page, prompt: string) {
  const form = page.locator('.judge-run-form');
  await form.getByLabel('Prompt version').selectOption(prompt);
  await form.getByRole('button', { name: 'Start the run' }).click();
  await page.locator(`[data-testid="judge-runs"] li[data-judge="${MODEL}@${prompt}"][data-run-state="finished"]`).waitFor({ timeout: 180_000 });
}

describe('a judge run in the app', () => {
  it(
    'runs a judge through an endpoint with a key, shows it in the report and the Prompt versions view, and keeps the key out of everything',
    { timeout: 600_000 },
    async () => {
      const { dir, context, page, pageErrors, consoleText, url } = await leadWithEndpoint(server);
      expect(page.url()).toBe(`${url}#/study/${STUDY_ID}/judges`);

      await runJudge(page, 'studio-1');
      expect(server.log.length).toBeGreaterThan(0);
      expect(server.log.every((request) => request.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
      expect(server.log.every((request) => !request.body.includes(API_KEY))).toBe(true);

      // The report shows the new judge beside the study's own.
      await page.goto(`${url}#/study/${STUDY_ID}/report`);
      await page.getByTestId('report-bootstrap').fill('200');
      await page.getByTestId('report-bootstrap').press('Enter');
      await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 180_000 });
      const agreement = (await page.locator('#report-agreement').textContent()) ?? '';
      expect(agreement).toContain(`${MODEL}@studio-1`);
      for (const own of new Set(demo.turns.flatMap((turn) => Object.keys(turn.judgements)))) expect(agreement).toContain(own);

      // An edited prompt version, run the same way, sits beside the first in the Prompt versions view.
      await page.goto(`${url}#/study/${STUDY_ID}/judges`);
      await page.getByRole('button', { name: 'Edit studio-1 as new version' }).click();
      const edit = page.getByRole('dialog');
      await edit.getByLabel("New version's name").fill('studio-1-terse');
      const question = edit.getByLabel(/Question template/);
      await question.fill(`${await question.inputValue()}\nAnswer with one word.`);
      await edit.getByRole('button', { name: 'Save as new version' }).click();
      await edit.waitFor({ state: 'detached' });
      await runJudge(page, 'studio-1-terse');
      const figures = page.locator(`[data-testid="prompt-version-figures"][data-model="${MODEL}"]`);
      await figures.locator(`tr[data-judge="${MODEL}@studio-1-terse"]`).waitFor({ timeout: 180_000 });
      for (const version of ['studio-1', 'studio-1-terse']) expect(await figures.locator(`tr[data-judge="${MODEL}@${version}"]`).textContent()).toMatch(/\d%/);

      // The key is nowhere the page keeps or writes.
      const databases = await everyDatabaseAsText(page);
      expect(databases).toContain('agreement-studio');
      expect(databases).toContain(`${MODEL}@studio-1`);
      expect(databases).not.toContain(API_KEY);

      await page.goto(`${url}#/study/${STUDY_ID}/report`);
      await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 180_000 });
      const [datasetPath] = [...(await downloads(page, dir, 1, () => page.locator('[data-export="dataset-jsonl"]').click())).values()];
      const dataset = readFileSync(datasetPath ?? '', 'utf8');
      expect(dataset).toContain(`${MODEL}@studio-1`);
      expect(dataset).not.toContain(API_KEY);

      await page.goto(`${url}#/`);
      const row = page.locator(`tr[data-study-id="${STUDY_ID}"]`);
      const [backupPath] = [...(await downloads(page, dir, 1, () => row.getByTestId('backup-study').click())).values()];
      const backup = readFileSync(backupPath ?? '', 'utf8');
      expect(backup).toContain(`${MODEL}@studio-1`);
      expect(backup).not.toContain(API_KEY);

      expect(consoleText.join('\n')).not.toContain(API_KEY);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
  it('pauses and resumes a run, and resumes one a reload interrupted without asking an answered turn again', { timeout: 600_000 }, async () => {
    const slow = await startFakeChatServer({ allowOrigin: '*', delayMs: 150 });
    try {
      const { context, page, pageErrors } = await leadWithEndpoint(slow, '1');
      const judge = `${MODEL}@studio-1`;
      const form = page.locator('.judge-run-form');
      await form.getByRole('button', { name: 'Start the run' }).click();
      const live = page.getByTestId('judge-run-live');
      await expect.poll(() => slow.answered(), { timeout: 60_000 }).toBeGreaterThan(2);
      await live.getByRole('button', { name: 'Pause' }).click();
      await page.locator('[data-testid="judge-run-live"][data-run-state="paused"]').waitFor({ timeout: 60_000 });
      const whilePaused = slow.log.length;
      await live.getByRole('button', { name: 'Resume' }).click();
      await expect.poll(() => slow.log.length, { timeout: 60_000 }).toBeGreaterThan(whilePaused + 2);

      // A reload mid-run leaves the run's row running with no worker: the page offers Resume.
      await page.reload();
      const entry = page.locator(`[data-testid="judge-runs"] li[data-judge="${judge}"]`);
      await entry.getByText(/interrupted/).waitFor({ timeout: 60_000 });
      // The log lists requests as they arrive; the page is gone, so every later one is the resumed run's.
      const resumeAt = slow.log.length;
      const journaled = await journaledAnswers(page);
      await entry.getByRole('button', { name: `Resume ${judge}` }).click();
      await page.locator(`[data-testid="judge-runs"] li[data-judge="${judge}"][data-run-state="finished"]`).waitFor({ timeout: 180_000 });

      // A request's body is its item (the demo's turns carry no [item:] mark). Before the reload each
      // item was asked once (a pause aborts nothing); after it, no item the journal held was asked
      // again: only those asked before the reload whose answers it had not yet written.
      const before = slow.log.slice(0, resumeAt).map((request) => request.body);
      const after = slow.log.slice(resumeAt).map((request) => request.body);
      expect(new Set(before).size).toBe(before.length);
      expect(new Set(after).size).toBe(after.length);
      expect(journaled).toBeGreaterThan(0);
      expect(after.filter((item) => before.includes(item)).length).toBeLessThanOrEqual(before.length - journaled);
      const items = new Set([...before, ...after]);
      expect((await entry.textContent()) ?? '').toMatch(new RegExp(`${items.size} answered · 0 failed`));
      expect(pageErrors).toEqual([]);
      await context.close();
    } finally {
      await slow.close();
    }
  });
  it(
    'tests the connection from the endpoint form, names a missing model and CORS, and shows how many replies a run cut off',
    { timeout: 600_000 },
    async () => {
      const noCors = await startFakeChatServer();
      try {
        const { context, page, pageErrors } = await leadWithEndpoint(server);
        await page.getByRole('button', { name: 'Edit Loopback' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Test connection' }).click();
        const result = dialog.getByTestId('endpoint-test-result');
        await expect.poll(() => result.getAttribute('data-ok'), { timeout: 60_000 }).toBe('true');
        expect(await result.textContent()).toBe(`Connected: the endpoint serves "${MODEL}". It lists fake-model, fake-judge, tiny-judge.`);
        const modelRequests = server.log.filter((request) => request.route === 'GET /v1/models');
        expect(modelRequests.map((request) => request.headers.authorization)).toEqual([`Bearer ${API_KEY}`]);
        await dialog.getByLabel('Model').fill('no-such-judge');
        await dialog.getByRole('button', { name: 'Test connection' }).click();
        await expect.poll(() => result.getAttribute('data-problem'), { timeout: 60_000 }).toBe('no-such-model');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });

        // A server that does not allow the page: it answers, but the page may not read it.
        await page.getByRole('button', { name: 'Add an endpoint' }).click();
        await dialog.getByLabel('Name').fill('No CORS');
        await dialog.getByLabel('Base URL').fill(noCors.url);
        await dialog.getByLabel('Model').fill(MODEL);
        await dialog.getByRole('button', { name: 'Save endpoint' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByTestId('judges-reload-notice').getByRole('button', { name: 'Reload' }).click();
        await page.getByTestId('judges-view').waitFor({ timeout: 60_000 });
        await page.getByRole('button', { name: 'Edit No CORS' }).click();
        await dialog.getByRole('button', { name: 'Test connection' }).click();
        await expect.poll(() => result.getAttribute('data-problem'), { timeout: 60_000 }).toBe('cors');
        expect(await result.textContent()).toContain(
          `The server at ${new URL(noCors.url).origin} answered, but does not let this page read its answers (CORS).`,
        );
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });

        // A prompt version whose question turns the server cuts off while thinking, at the endpoint's max tokens.
        await page.getByRole('button', { name: 'Edit studio-1 as new version' }).click();
        const edit = page.getByRole('dialog');
        await edit.getByLabel("New version's name").fill('studio-1-cut');
        const question = edit.getByLabel(/Question template/);
        await question.fill(`${await question.inputValue()}\n[fake:cut]`);
        await edit.getByRole('button', { name: 'Save as new version' }).click();
        await edit.waitFor({ state: 'detached' });
        await page
          .locator('.judge-run-form')
          .getByLabel('Endpoint')
          .selectOption({ label: `Loopback (${MODEL})` });
        await runJudge(page, 'studio-1-cut');
        const questions = demo.turns.slice(0, LABELLED_TURNS).filter((turn) => turn.type === 'question').length;
        const entry = page.locator(`[data-testid="judge-runs"] li[data-judge="${MODEL}@studio-1-cut"]`);
        expect(await entry.textContent()).toContain(`${questions} cut off at 4,096 tokens`);
        expect(await entry.getByTestId('judge-run-cut-off').textContent()).toBe(
          `${questions} replies were cut off at 4,096 tokens before a verdict and gave no label. A reasoning model thinks first: raise Max tokens on the endpoint (4096 or more) and run again.`,
        );
        expect(noCors.log.filter((request) => request.route === 'POST /v1/chat/completions')).toEqual([]);
        expect(pageErrors).toEqual([]);
        await context.close();
      } finally {
        await noCors.close();
      }
    },
  );
});
