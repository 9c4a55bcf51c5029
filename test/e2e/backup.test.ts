// Backups end to end, in real Chromium with real IndexedDB, real downloads and real file
// choosers: a few units of the demo study labelled by keyboard, the study backed up from the
// library (a download), deleted, and restored from that file after a confirmation naming what it
// replaces; then labels changed and restored again. Each time the database dump, labels included,
// equals the one taken after the backup; only the append-only audit log grew. A damaged backup
// is refused with its located error and changes nothing. Many labels not backed up bring a reminder.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import type { AuditEntry, Label, Task } from '../../shared/domain/model';
import { parseBackup } from '../../shared/formats/backup';
import { REMINDER_LABELS } from '../../renderer/db/backup';
import { scratchDir } from '../scratch-dir';
import { dumpDatabase, openApp, useAppInChromium } from './harness';

const STUDY_ID = 'demo-study';
const READY = '[data-testid="workspace"][data-ready="true"]';

const chromiumApp = useAppInChromium();

/** Presses one key per unit in the task's workspace, from its first unit. */
async function labelByKeyboard(page: Page, task: Task, keys: string[]) {
  await page.goto(`${chromiumApp.app().url}#/study/${STUDY_ID}/label/${task}`);
  await page.locator(`${READY}[data-task="${task}"]`).waitFor({ timeout: 60_000 });
  for (const key of keys) await page.keyboard.press(key);
}

async function storedLabels(page: Page): Promise<Label[]> {
  return ((await dumpDatabase(page)).labels as Label[]).filter((label) => label.studyId === STUDY_ID);
}

/** Runs `action` and saves the one download it starts into `dir`; returns its path. */
async function downloadOf(page: Page, dir: string, action: () => Promise<void>): Promise<string> {
  const [download] = (await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), action()])) as [Download, void];
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** Clicks Restore from backup…, answers the file chooser with `path`, and returns the confirmation it asked. */
async function restoreFrom(page: Page, path: string): Promise<string> {
  const questions: string[] = [];
  const listener = (dialog: { message(): string }) => void questions.push(dialog.message());
  page.on('dialog', listener);
  // The last restore's result goes first, so the next state read is this restore's.
  const status = page.getByTestId('restore-status');
  if ((await status.count()) > 0) await status.getByRole('button', { name: 'Dismiss' }).click();
  await status.waitFor({ state: 'detached' });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('restore-backup').click()]);
  await chooser.setFiles(path);
  await expect.poll(() => page.getByTestId('restore-status').getAttribute('data-state'), { timeout: 60_000 }).toMatch(/^(done|failed)$/);
  page.off('dialog', listener);
  return questions.join('\n');
}

/** The dump with the audit log set aside: a restore extends the log rather than rewinding it. */
function splitAudit(dump: Record<string, unknown[]>): { audit: AuditEntry[]; rest: Record<string, unknown[]> } {
  const { audit = [], ...rest } = dump;
  return { audit: audit as AuditEntry[], rest };
}

describe('backing up and restoring a study', () => {
  it(
    'labels by keyboard, backs up, deletes, restores the same database; changes labels, restores again; refuses a damaged file',
    { timeout: 120_000 },
    async () => {
      const dir = scratchDir('agreement-studio-backup-');
      const { page, pageErrors, context } = await openApp(chromiumApp.browser(), chromiumApp.app());
      await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });

      await labelByKeyboard(page, 'answer', ['y', 'n', 's', 'i', 'y']);
      await labelByKeyboard(page, 'difficulty', ['3', '7']);
      await labelByKeyboard(page, 'match', ['m', 'x']);
      await expect.poll(async () => (await storedLabels(page)).length, { timeout: 60_000 }).toBe(8);

      // Back up from the library row: one download, a status line, and no reminder for so little work.
      await page.goto(`${chromiumApp.app().url}#/`);
      const row = page.locator(`tr[data-study-id="${STUDY_ID}"]`);
      await row.waitFor();
      expect(await page.getByTestId('backup-reminder').count()).toBe(0);
      const backupPath = await downloadOf(page, dir, () => row.getByTestId('backup-study').click());
      expect(backupPath).toMatch(/demo-study\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.backup\.json$/);
      await expect.poll(() => row.getByTestId('backup-status').textContent(), { timeout: 60_000 }).toContain('Saved demo-study.');
      const backup = parseBackup({ name: 'backup.json', text: readFileSync(backupPath, 'utf8') });
      if (!backup.ok) throw new Error(`the downloaded backup does not parse: ${JSON.stringify(backup.errors)}`);
      expect(backup.value.labels).toHaveLength(8);
      expect(backup.value.labels.filter((label) => label.unsure)).toHaveLength(1);

      const before = splitAudit(await dumpDatabase(page));
      expect((before.rest.labels ?? []).length).toBe(8);

      // Delete the study, then restore it from the downloaded file.
      await row.getByRole('button', { name: /^Delete / }).click();
      await row.waitFor({ state: 'detached', timeout: 60_000 });
      expect(await storedLabels(page)).toEqual([]);

      const question = await restoreFrom(page, backupPath);
      expect(await page.getByTestId('restore-status').getAttribute('data-state')).toBe('done');
      expect(question).toContain(`(${STUDY_ID}) from the backup of`);
      expect(question).toContain('8 labels');
      expect(question).toContain('The study is not in the library now; restoring adds it.');
      await row.waitFor({ timeout: 60_000 });

      const restored = splitAudit(await dumpDatabase(page));
      expect(restored.rest).toEqual(before.rest);
      expect(restored.audit.slice(0, before.audit.length)).toEqual(before.audit);
      expect(restored.audit.slice(before.audit.length).map((entry) => entry.kind)).toEqual(['study:delete', 'study:restore']);

      // Change labels (six more answers, from wherever the workspace resumes), then restore over them.
      await labelByKeyboard(page, 'answer', ['n', 'n', 'n', 'n', 'n', 'n']);
      await expect.poll(async () => JSON.stringify(await storedLabels(page)), { timeout: 60_000 }).not.toBe(JSON.stringify(before.rest.labels));
      await expect.poll(() => page.locator('[data-unit-row][data-state="saving"]').count(), { timeout: 60_000 }).toBe(0);
      const changed = await storedLabels(page);
      await page.goto(`${chromiumApp.app().url}#/`);
      const again = await restoreFrom(page, backupPath);
      expect(await page.getByTestId('restore-status').getAttribute('data-state')).toBe('done');
      expect(again).toContain('This replaces the study "Demo study: original situation puzzles" on this computer');
      expect(again).toContain(`now ${changed.length} labels`);
      const restoredAgain = splitAudit(await dumpDatabase(page));
      // Where the annotator was in the workspace is this computer's, not the study's: it stays.
      const withoutPositions = (dump: Record<string, unknown[]>) => ({
        ...dump,
        meta: (dump.meta ?? []).filter((entry) => !(entry as { key: string }).key.startsWith('labelling.position/')),
      });
      expect(withoutPositions(restoredAgain.rest)).toEqual(withoutPositions(before.rest));
      expect(restoredAgain.rest.labels).toEqual(before.rest.labels);
      expect(restoredAgain.audit.slice(0, before.audit.length)).toEqual(before.audit);
      expect(restoredAgain.audit.at(-1)?.kind).toBe('study:restore');

      // A damaged copy is refused where it is damaged, and nothing changes.
      const damagedPath = join(dir, 'damaged.backup.json');
      writeFileSync(damagedPath, readFileSync(backupPath, 'utf8').replace('"value":"yes"', '"value":"no"'));
      const unchanged = await dumpDatabase(page);
      expect(await restoreFrom(page, damagedPath)).toBe('');
      const status = page.getByTestId('restore-status');
      expect(await status.getAttribute('data-state')).toBe('failed');
      expect(await status.textContent()).toContain('damaged.backup.json: sha256: the backup is damaged or was edited: checksum mismatch');
      expect(await dumpDatabase(page)).toEqual(unchanged);

      // The study overview backs up too.
      await page.goto(`${chromiumApp.app().url}#/study/${STUDY_ID}`);
      const overviewPath = await downloadOf(page, dir, () => page.getByTestId('backup-study').click());
      expect(parseBackup({ name: 'overview.backup.json', text: readFileSync(overviewPath, 'utf8') }).ok).toBe(true);

      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );

  it('reminds in the library once a study has many labels not backed up, until it is backed up', { timeout: 120_000 }, async () => {
    const dir = scratchDir('agreement-studio-reminder-');
    const { page, pageErrors, context } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
    await labelByKeyboard(
      page,
      'answer',
      Array.from({ length: REMINDER_LABELS }, (_, index) => ['y', 'n', 'i'][index % 3] as string),
    );
    await expect.poll(async () => (await storedLabels(page)).length, { timeout: 60_000 }).toBe(REMINDER_LABELS);

    await page.goto(`${chromiumApp.app().url}#/`);
    const reminder = page.getByTestId('backup-reminder');
    await reminder.waitFor({ timeout: 60_000 });
    const item = reminder.locator(`[data-reminder-study="${STUDY_ID}"]`);
    expect(await item.textContent()).toContain('Demo study: original situation puzzles');
    const path = await downloadOf(page, dir, () => item.getByTestId('backup-study').click());
    await reminder.waitFor({ state: 'detached', timeout: 60_000 });
    const backup = parseBackup({ name: 'backup.json', text: readFileSync(path, 'utf8') });
    expect(backup.ok && backup.value.labels.length).toBe(REMINDER_LABELS);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it(
    'in the desktop app (a stand-in preload bridge): snapshots changed studies when the window closes, lists them, restores one',
    { timeout: 120_000 },
    async () => {
      const context = await chromiumApp.browser().newContext();
      // The page's side of the preload bridge (shared/ipc/bridge.ts), keeping snapshots in memory;
      // `closeWindow` plays the main process sending app:before-quit and waiting for app:quit-ready.
      await context.addInitScript(() => {
        type Stored = { studyId: string; name: string; size: number; createdAt: string; text: string };
        const stored: Stored[] = [];
        let beforeQuit: (() => Promise<void>) | undefined;
        const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
        const page = window as unknown as Record<string, unknown>;
        page.snapshotsWritten = () => stored.map(({ studyId, name }) => ({ studyId, name }));
        page.closeWindow = async () => {
          await beforeQuit?.();
          return 'quit-ready';
        };
        page.studio = {
          openFiles: () => ok([]),
          saveFile: (request: { suggestedName: string }) => ok({ saved: true, name: request.suggestedName }),
          saveFiles: () => ok({ saved: false }),
          appInfo: () => ok({ name: 'Agreement Studio', version: 'test', host: 'electron' }),
          openExternal: () => ok(null),
          onImportRequested: () => () => {},
          writeBackup: (request: { studyId: string; name: string; text: string }) => {
            const entry = { ...request, size: request.text.length, createdAt: new Date().toISOString() };
            stored.push(entry);
            return ok({ studyId: entry.studyId, name: entry.name, size: entry.size, createdAt: entry.createdAt });
          },
          listBackups: () => ok(stored.map(({ studyId, name, size, createdAt }) => ({ studyId, name, size, createdAt })).reverse()),
          readBackup: (request: { studyId: string; name: string }) =>
            ok(stored.find((entry) => entry.studyId === request.studyId && entry.name === request.name)?.text ?? ''),
          onBeforeQuit: (listener: () => Promise<void>) => {
            beforeQuit = listener;
            return () => {
              if (beforeQuit === listener) beforeQuit = undefined;
            };
          },
          registerJudgeEndpoint: () => ok({ hasKey: false, keyStorage: 'system' }),
          forgetJudgeEndpoint: () => ok(null),
          sendJudgeRequest: () => ok({ ok: false, failure: { kind: 'refused', reason: 'no judge in this test' } }),
          testJudgeEndpoint: () => ok({ ok: false, problem: 'not-set-up', message: 'Not tested: no judge in this test.', models: [] }),
          registerTeamServer: () => ok({ credentialStorage: 'system', reloadToConnect: false }),
          forgetTeamServer: () => ok(null),
          fetchTeamServer: () => ok({ ok: false, reason: 'no team server in this test' }),
        };
      });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(chromiumApp.app().url);
      await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
      const storedList = page.getByTestId('stored-backups');
      await storedList.waitFor();
      expect(await storedList.textContent()).toContain('No snapshots yet.');

      const closeWindow = () => page.evaluate(() => (window as unknown as { closeWindow(): Promise<string> }).closeWindow());
      const written = () => page.evaluate(() => (window as unknown as { snapshotsWritten(): Array<{ studyId: string; name: string }> }).snapshotsWritten());

      await labelByKeyboard(page, 'answer', ['y', 'n', 'i']);
      await expect.poll(async () => (await storedLabels(page)).length, { timeout: 60_000 }).toBe(3);
      expect(await closeWindow()).toBe('quit-ready');
      expect((await written()).map((entry) => entry.studyId)).toEqual([STUDY_ID]);
      // Nothing changed since: the next close writes nothing.
      await closeWindow();
      expect(await written()).toHaveLength(1);

      await page.goto(`${chromiumApp.app().url}#/`);
      const entry = storedList.locator(`[data-backup-name="${(await written())[0]?.name}"]`);
      await entry.waitFor({ timeout: 60_000 });
      // The reminder is for web pages; the desktop app backs up on its own.
      expect(await page.getByTestId('backup-reminder').count()).toBe(0);
      const before = splitAudit(await dumpDatabase(page));

      await page
        .locator(`tr[data-study-id="${STUDY_ID}"]`)
        .getByRole('button', { name: /^Delete / })
        .click();
      await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ state: 'detached', timeout: 60_000 });
      await entry.getByTestId('restore-snapshot').click();
      await expect.poll(() => page.getByTestId('restore-status').getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
      const restored = splitAudit(await dumpDatabase(page));
      expect(restored.rest).toEqual(before.rest);
      expect(restored.audit.slice(0, before.audit.length)).toEqual(before.audit);

      // The restore is a change too: the next close snapshots the study again.
      await closeWindow();
      expect(await written()).toHaveLength(2);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
