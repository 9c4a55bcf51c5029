// Nothing silent, end to end in Chromium with real IndexedDB (issue 26 point 7): a label file with
// a top-level member this version does not read is imported on the Team page, whose summary names
// the member in words; a puzzle list with a field no layout reads stops at a preview before
// anything is written: Map fields… opens the mapping dialog on the file's own fields, Cancel
// leaves the database as it was, and Import anyway stores the study once.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { canonicalJson } from '../../shared/formats/canonical-json';
import { buildLabelFile, serializeLabelFile } from '../../shared/formats/label-file';
import { sha256Hex } from '../../shared/formats/sha256';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { scratchDir } from '../scratch-dir';
import { chooseFiles, dumpDatabase, openApp, REPO_ROOT, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();
const STUDY_ID = 'demo-study';

// The demo study every fresh profile loads on first start; the label goes on its first question.
const demo = parseTranscriptBundle({ name: 'demo-study.json', text: readFileSync(`${REPO_ROOT}assets/demo-study.json`, 'utf8') });
if (!demo.ok) throw new Error('the demo study does not parse');
const question = demo.value.turns.find((turn) => turn.type === 'question')?.id ?? '';

/** A label file for the demo study as a script could write it: one more top-level member, signed. */
function labelFileWithExtra(): string {
  const file = buildLabelFile({
    studyId: STUDY_ID,
    annotator: { id: 'ann-09', name: 'Ida' },
    exportedAt: '2026-11-22T09:12:03Z',
    app: 'a script',
    labels: [{ unit: question, task: 'answer', value: 'yes', at: '2026-11-22T09:10:00Z', rev: 1, unsure: false, note: '' }],
  });
  const body = JSON.parse(serializeLabelFile(file)) as Record<string, unknown>;
  delete body.sha256;
  const content = { ...body, extra: 'from a script' };
  return JSON.stringify({ ...content, sha256: sha256Hex(canonicalJson(content)) });
}

const RIDDLES = [
  { title: 'The lamp', story: 'A man turns off a lamp and people die.', answer: 'He is a lighthouse keeper.', hint: 'the sea' },
  { title: 'The note', story: 'A note on the door made her smile.', answer: 'It was a proposal.', hint: 'a ring' },
];

async function dropFile(page: Page, name: string, text: string) {
  await page.evaluate(
    ({ name, text }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name));
      document.querySelector('.app')?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { name, text },
  );
}

describe('nothing read is left out without a word', () => {
  it('the Team page names the member of a label file it did not read', { timeout: 120_000 }, async () => {
    const path = join(scratchDir('agreement-studio-unread-'), 'ann-09.labels.json');
    writeFileSync(path, labelFileWithExtra());
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
    await page.goto(`${chromiumApp.app().url}#/study/${STUDY_ID}/team`);
    await chooseFiles(page, page.getByTestId('import-labels'), [path]);
    await expect.poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 }).toBe('1');
    expect(await page.getByTestId('label-import-not-read').innerText()).toBe(
      'ann-09.labels.json: not read: the member "extra" (this version of the studio does not know it)',
    );
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it(
    'a puzzle list with a field no layout reads waits at a preview: Map fields… on its fields, Cancel writes nothing, Import anyway stores it once',
    { timeout: 180_000 },
    async () => {
      const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
      await expect.poll(() => page.locator('tr[data-study-id]').count(), { timeout: 60_000 }).toBe(1);
      const before = await dumpDatabase(page);
      const text = JSON.stringify(RIDDLES);

      await dropFile(page, 'riddles.json', text);
      const preview = page.getByTestId('import-preview');
      await preview.waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('import-counts').innerText()).toContain('2 puzzles, 0 sessions');
      expect(await page.getByTestId('import-leftovers').innerText()).toBe('riddles.json: field "hint": 2 values (for example "the sea", "a ring")');
      await preview.getByRole('button', { name: 'Map fields…' }).click();
      const dialog = page.getByTestId('mapping-dialog');
      await expect
        .poll(() => dialog.getByLabel('story', { exact: true }).locator('option').allInnerTexts(), { timeout: 60_000 })
        .toEqual(expect.arrayContaining(['title', 'story', 'answer', 'hint']));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await dumpDatabase(page)).toEqual(before);

      await preview.getByRole('button', { name: 'Cancel' }).click();
      await preview.waitFor({ state: 'detached' });
      expect(await dumpDatabase(page)).toEqual(before);

      await dropFile(page, 'riddles.json', text);
      await preview.getByRole('button', { name: 'Import anyway' }).click({ timeout: 60_000 });
      await expect.poll(() => page.locator('tr[data-study-id]').count(), { timeout: 60_000 }).toBe(2);
      const after = await dumpDatabase(page);
      expect(after.studies?.length).toBe((before.studies?.length ?? 0) + 1);
      expect(after.puzzles?.length).toBe((before.puzzles?.length ?? 0) + 2);
      expect(await page.getByRole('status').filter({ hasText: 'Imported' }).innerText()).toContain('not read: riddles.json: [].hint');
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
