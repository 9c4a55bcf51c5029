// The split for improving the judge end to end in Chromium, against the loopback chat server with
// CORS on (issue 34 point 1): on the demo study with people's labels on every puzzle, the lead sets
// the split by keyboard on the Judges page and sees each part's puzzles and labelled units (those
// the pure module gives for the seed), runs a judge on the development split ("versions tried: 1"),
// is asked to confirm nothing yet, runs it on the held-out test split, and then finds the split
// locked and a second look at the test split waiting for an explicit confirmation. After a reload
// the split, its counts, the versions tried and the look are all still there, and the study's files
// carry it: the labelled dataset gives each unit its puzzle's part, the backup the split as stored.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../shared/domain/model';
import type { LabelRecord } from '../../shared/formats/label-file';
import { labelledUnitSplits, puzzleSplit, splitCounts } from '../../shared/study/judge-splits';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-chat-server';
import { scratchDir } from '../scratch-dir';
import { demo, writeLabelFile } from './demo-files';
import { downloads, openApp, useAppInChromium } from './harness';
import { addLoopbackEndpoint, importLabels, openJudgesPage, setSplitByKeyboard } from './judges-page';

const STUDY_ID = demo.study.id;
const MODEL = 'tiny-judge';
const JUDGE = `${MODEL}@studio-1`;
const RULE = { seed: 7, shares: { examples: 0.15, development: 0.55, test: 0.3 } };

const chromiumApp = useAppInChromium();
let server: FakeChatServer;

beforeAll(async () => {
  server = await startFakeChatServer({ allowOrigin: '*' });
});
afterAll(async () => {
  await server.close();
});

/** The first two turns of every session: labels on every puzzle, so each part of the split holds some. */
const LABELLED = demo.sessions.flatMap((session) => demo.turns.filter((turn) => turn.sessionId === session.id).slice(0, 2));

function labelFiles(dir: string): string[] {
  const at = '2026-11-22T10:00:00Z';
  return ['ann-1', 'ann-2'].map((id) =>
    writeLabelFile(
      dir,
      STUDY_ID,
      id,
      at,
      LABELLED.map((turn): LabelRecord => {
        const task: Task = turn.type === 'question' ? 'answer' : 'match';
        return { unit: turn.id, task, value: task === 'answer' ? 'yes' : 'matched', at, rev: 1, unsure: false, note: '' };
      }),
    ),
  );
}

/** Each part's puzzles and labelled units as the page should show them, from the pure module. */
function expectedCounts() {
  const labels = LABELLED.map((turn) => ({ task: turn.type === 'question' ? ('answer' as const) : ('match' as const), unitId: turn.id }));
  return splitCounts(labelledUnitSplits(RULE, demo, labels));
}

async function shownCounts(page: Page) {
  const split = page.getByTestId('judge-split');
  const counts: Record<string, { puzzles: number; units: number }> = {};
  for (const part of ['examples', 'development', 'test']) {
    await expect.poll(async () => split.getByTestId(`split-units-${part}`).textContent(), { timeout: 60_000 }).toMatch(/^\d/);
    counts[part] = {
      puzzles: Number(await split.getByTestId(`split-puzzles-${part}`).textContent()),
      units: Number(await split.getByTestId(`split-units-${part}`).textContent()),
    };
  }
  return counts;
}

async function startRun(page: Page, turns: string) {
  const form = page.locator('.judge-run-form');
  await form.getByLabel(turns).check();
  await form.getByRole('button', { name: 'Start the run' }).click();
}

function finishedRuns(page: Page) {
  return page.locator(`[data-testid="judge-runs"] li[data-judge="${JUDGE}"][data-run-state="finished"]`);
}

describe('the split for improving the judge', () => {
  it(
    'is set by keyboard, counted per part, run on for development and test, locked after the test run, and kept across a reload',
    { timeout: 600_000 },
    async () => {
      const dir = scratchDir('agreement-studio-judge-split-');
      const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
      const url = chromiumApp.app().url;
      await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
      await importLabels(page, url, labelFiles(dir), 2 * LABELLED.length);
      await openJudgesPage(page, url);
      await addLoopbackEndpoint(page, { baseUrl: server.url, model: MODEL });

      // Before a split, the split choices of a run are there but cannot be chosen.
      const form = page.locator('.judge-run-form');
      expect(await form.getByLabel('The development split (labelled turns)').isDisabled()).toBe(true);
      expect(await form.getByLabel('The held-out test split (labelled turns)').isDisabled()).toBe(true);

      // The split, by keyboard: seed, examples share, test share, then Save.
      await setSplitByKeyboard(page, RULE);
      const split = page.getByTestId('judge-split');

      const expected = expectedCounts();
      expect(expected.development.units).toBeGreaterThan(0);
      expect(expected.test.units).toBeGreaterThan(0);
      expect(await shownCounts(page)).toEqual(expected);
      expect(await split.getByTestId('split-versions-tried').textContent()).toBe('versions tried: 0');

      // A run on the development split is a version tried.
      await startRun(page, 'The development split (labelled turns)');
      await finishedRuns(page).first().waitFor({ timeout: 180_000 });
      await expect.poll(() => split.getByTestId('split-versions-tried').textContent()).toBe(`versions tried: 1 (${JUDGE})`);
      expect(server.log.length).toBe(expected.development.units);

      // The first run on the test split needs no confirmation; then the split is locked.
      await startRun(page, 'The held-out test split (labelled turns)');
      await expect.poll(() => finishedRuns(page).count(), { timeout: 180_000 }).toBe(2);
      expect(server.log.length).toBe(expected.development.units + expected.test.units);
      await split.getByTestId('judge-split-locked').waitFor();
      expect(await split.getByRole('button', { name: 'Save the split' }).isDisabled()).toBe(true);
      expect(await split.getByTestId('split-test-looks').textContent()).toMatch(new RegExp(`^test looks: 1 \\(${JUDGE} at `));

      // A second look waits for the box that says the report counts it.
      await form.getByRole('button', { name: 'Start the run' }).click();
      expect(await form.getByRole('alert').textContent()).toContain('has been looked at once');
      expect(await form.getByTestId('confirm-test-look').isChecked()).toBe(false);
      expect(await form.getByText('the report counts this run as look 2').count()).toBe(1);
      expect(await finishedRuns(page).count()).toBe(2);

      await page.reload();
      await page.getByTestId('judges-view').waitFor({ timeout: 60_000 });
      const after = page.getByTestId('judge-split');
      expect(await after.getByLabel('Split seed').inputValue()).toBe(String(RULE.seed));
      expect(await after.getByLabel('Examples share (%)').inputValue()).toBe('15');
      expect(await after.getByLabel('Test share (%)').inputValue()).toBe('30');
      expect(await shownCounts(page)).toEqual(expected);
      expect(await after.getByTestId('split-versions-tried').textContent()).toBe(`versions tried: 1 (${JUDGE})`);
      expect(await after.getByTestId('split-test-looks').textContent()).toMatch(/^test looks: 1 /);
      await after.getByTestId('judge-split-locked').waitFor();

      await page.goto(`${url}#/study/${STUDY_ID}/report`);
      await page.getByTestId('report-bootstrap').fill('200');
      await page.getByTestId('report-bootstrap').press('Enter');
      await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 180_000 });
      const [datasetPath] = [...(await downloads(page, dir, 1, () => page.locator('[data-export="dataset-jsonl"]').click())).values()];
      const [, ...rows] = readFileSync(datasetPath ?? '', 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { puzzleId: string; split?: string });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((row) => row.split)).toEqual(rows.map((row) => puzzleSplit(RULE, row.puzzleId)));

      await page.goto(`${url}#/`);
      const row = page.locator(`tr[data-study-id="${STUDY_ID}"]`);
      const [backupPath] = [...(await downloads(page, dir, 1, () => row.getByTestId('backup-study').click())).values()];
      const backup = JSON.parse(readFileSync(backupPath ?? '', 'utf8')) as { study: { judgeSplit?: unknown } };
      expect(backup.study.judgeSplit).toMatchObject({ ...RULE, developmentJudges: [JUDGE], testRuns: [{ judge: JUDGE }] });
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
