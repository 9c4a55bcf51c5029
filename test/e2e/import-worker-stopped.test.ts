// The library never stays at "Checking…" (issue 27): in real Chromium, the import worker is made
// to fail as a worker that throws uncaught does (its reply to the page throws inside the worker,
// so the page's Worker gets an `error` event and no answer), while the lead imports a SPLAT run
// whose config.yaml holds an alias cycle. The page says the import stopped and nothing was saved,
// IndexedDB is unchanged, no page error is left, and the next import starts a fresh worker, which
// refuses the cycle in words at its line.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSTILE_YAML } from '../hostile/readers';
import { sampleRun } from '../shared/formats/importers/splat-run';
import { scratchDir } from '../scratch-dir';
import { chooseFiles, dumpDatabase, openApp, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();
const dir = scratchDir('agreement-studio-worker-stopped-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an import whose worker fails', () => {
  it('says so, saves nothing, and the next import answers from a fresh worker', async () => {
    const log = join(dir, 'log.json');
    const config = join(dir, 'config.yaml');
    writeFileSync(log, sampleRun().logJson);
    writeFileSync(config, HOSTILE_YAML.aliasCycle);
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    try {
      const demoNotice = page.locator('[role="status"]', { hasText: 'Imported' });
      await demoNotice.waitFor({ timeout: 60_000 });
      await demoNotice.getByRole('button', { name: 'Dismiss' }).click();
      await demoNotice.waitFor({ state: 'detached', timeout: 60_000 });
      const before = await dumpDatabase(page);

      // The demo's import started the worker; from now on its every reply throws inside it.
      await expect.poll(() => page.workers().filter((worker) => worker.url().includes('import')).length, { timeout: 60_000 }).toBe(1);
      const importWorker = page.workers().find((worker) => worker.url().includes('import'));
      await importWorker?.evaluate(() => {
        self.postMessage = () => {
          setTimeout(() => {
            throw new Error('the worker broke');
          });
        };
      });

      const importButton = page.getByRole('button', { name: 'Import transcripts…' });
      await chooseFiles(page, importButton, [log, config]);
      const stopped = page.getByTestId('import-errors');
      await stopped.waitFor({ timeout: 60_000 });
      await expect
        .poll(async () => (await stopped.textContent()) ?? '', { timeout: 60_000 })
        .toContain('the import stopped unexpectedly while reading these files; nothing was saved');
      expect(await stopped.textContent()).not.toMatch(/the worker broke|Error/);
      expect(isDeepStrictEqual(await dumpDatabase(page), before)).toBe(true);
      await expect.poll(() => importWorker?.url() !== undefined && !page.workers().includes(importWorker), { timeout: 60_000 }).toBe(true);

      // The library answers again: a fresh worker reads the run and refuses the cycle at its line.
      await chooseFiles(page, importButton, [log, config]);
      const refused = page.locator('[data-testid="import-errors"]', { hasText: 'an alias cycle' });
      await refused.waitFor({ timeout: 60_000 });
      expect(await refused.textContent()).toContain('line 1: the alias *l refers to itself (an alias cycle');
      expect(isDeepStrictEqual(await dumpDatabase(page), before)).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
