// End-to-end harness: serves the built web app (build/web) on loopback with Vite's preview
// server and drives Debian's Chromium through playwright-core. Never downloads a browser.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { browserPath, CHROMIUM_ARGS } from '../../scripts/test-tools.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface WebApp {
  url: string;
  close(): Promise<void>;
}

export async function serveBuiltApp(): Promise<WebApp> {
  if (!existsSync(`${REPO_ROOT}build/web/index.html`)) throw new Error('build/web is missing: run `npm run build` before the e2e tests (npm test does)');
  const server: PreviewServer = await preview({
    configFile: `${REPO_ROOT}vite.config.ts`,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server did not report its address');
  return { url, close: () => server.close() };
}

export async function launchChromium(): Promise<Browser> {
  // Where this platform installs Chromium or Chrome (CHROMIUM_PATH wins); `npm test` installs one first where it can.
  return chromium.launch({ executablePath: browserPath(), headless: true, args: CHROMIUM_ARGS });
}

/** A fresh profile (its own IndexedDB) with page errors collected, so a test can assert none. */
export async function openApp(browser: Browser, app: WebApp): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(app.url);
  return { context, page, pageErrors };
}

/** Every record of every object store of the studio's database, for before/after comparisons. */
export function dumpDatabase(page: Page): Promise<Record<string, unknown[]>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const request = indexedDB.open('agreement-studio');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const names = [...db.objectStoreNames];
          const tx = db.transaction(names, 'readonly');
          const dump: Record<string, unknown[]> = {};
          for (const name of names) {
            const all = tx.objectStore(name).getAll();
            all.onsuccess = () => {
              dump[name] = all.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(dump);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/**
 * Registers the usual file-level setup: one built-app server and one Chromium for every test
 * in the file, closed after them. Returns getters, since both start in beforeAll.
 */
export function useAppInChromium(): { app(): WebApp; browser(): Browser } {
  let app: WebApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await serveBuiltApp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: call useAppInChromium() at the top level of the test file`);
    return value;
  };
  return { app: () => started(app, 'the app server'), browser: () => started(browser, 'Chromium') };
}

/** Clicks `button` and answers the file chooser it opens with `paths`. */
export async function chooseFiles(page: Page, button: ReturnType<Page['getByTestId']>, paths: string[]): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(paths);
}

/** Runs `action` and saves the `count` downloads it starts into `dir`; returns their paths by file name. */
export async function downloads(page: Page, dir: string, count: number, action: () => Promise<void>): Promise<Map<string, string>> {
  const started: Download[] = [];
  const listener = (download: Download) => void started.push(download);
  page.on('download', listener);
  await action();
  await expect.poll(() => started.length, { timeout: 60_000 }).toBe(count);
  page.off('download', listener);
  const saved = new Map<string, string>();
  for (const download of started) {
    const path = join(dir, download.suggestedFilename());
    await download.saveAs(path);
    saved.set(download.suggestedFilename(), path);
  }
  return saved;
}
