// The labelling workspace keeps what an annotator acts on in view, in real Chromium: with a
// story several thousand characters long (SPLAT's "299-part Harmony!" is one), the item, the
// label buttons and the current choice are inside the viewport and on top (nothing covers their
// centre) at 1280x720, and at 800 px wide the item is not behind the unit list.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openApp, useAppInChromium } from './harness';

const STUDY_ID = 'long-story-study';
const READY = '[data-testid="workspace"][data-ready="true"]';

/** A story of about 6,000 characters, many short parts as in SPLAT's longest puzzles. */
const LONG_STORY = Array.from({ length: 120 }, (_, part) => `Part ${part + 1}: the choir sings one more bar of the harmony.`).join(' ');

function longStoryBundle(): string {
  const turns = [
    ...['soprano', 'tenor', 'bass'].map((voice, index) => ({
      id: `s-long/${index + 1}`,
      type: 'question',
      text: `Is part ${index + 1} sung by the ${voice} who sang the last part?`,
      judgements: { 'judge-a': 'no' },
    })),
    { id: 's-long/4', type: 'final', text: 'Every part is sung by a different singer.', judgements: { 'judge-a': 'matched' } },
  ];
  return JSON.stringify({
    format: 'agreement-studio.transcripts/1',
    id: STUDY_ID,
    name: 'Long story study',
    puzzles: [{ id: 'p-long', title: 'A Harmony in Many Parts', story: LONG_STORY, reference: `${LONG_STORY} Each part has its own singer.` }],
    sessions: [{ id: 's-long', puzzleId: 'p-long', player: 'player-a', judge: 'judge-a', maxRounds: 10, turns }],
  });
}

const chromiumApp = useAppInChromium();

async function importLongStory(page: Page) {
  const path = join(mkdtempSync(join(tmpdir(), 'long-story-')), 'long-story.json');
  writeFileSync(path, longStoryBundle());
  await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import transcripts…' }).click()]);
  await chooser.setFiles(path);
  await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
}

/** Inside the viewport, and the element itself (or a child) is what a click at its centre hits. */
async function expectVisibleOnTop(locator: Locator, what: string) {
  const result = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    return {
      inside: box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth && box.width > 0 && box.height > 0,
      onTop: hit !== null && (hit === element || element.contains(hit)),
      box: `${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}x${Math.round(box.height)} in ${window.innerWidth}x${window.innerHeight}`,
    };
  });
  expect(result.inside, `${what} is inside the viewport (${result.box})`).toBe(true);
  expect(result.onTop, `${what} is not covered (${result.box})`).toBe(true);
}

async function openLongStoryWorkspace(width: number, height: number) {
  const opened = await openApp(chromiumApp.browser(), chromiumApp.app());
  await opened.page.setViewportSize({ width, height });
  await importLongStory(opened.page);
  await opened.page.goto(`${chromiumApp.app().url}#/study/${STUDY_ID}/label/answer`);
  await opened.page.locator(`${READY}[data-task="answer"]`).waitFor({ timeout: 60_000 });
  return opened;
}

describe('the workspace with a long story', () => {
  it('keeps the question, the label buttons and the current choice in view at 1280x720', async () => {
    const { context, page, pageErrors } = await openLongStoryWorkspace(1280, 720);
    await page.screenshot({ path: join(tmpdir(), 'workspace-long-story-1280x720.png') });
    expect(await page.evaluate(() => document.querySelector('[data-testid="current-unit"]')?.textContent?.length ?? 0)).toBeGreaterThan(2 * LONG_STORY.length);

    await page.keyboard.press('2');
    await page.keyboard.press('k');
    const chosen = page.locator('.label-button[aria-pressed="true"]');
    await chosen.waitFor();
    await expectVisibleOnTop(page.locator('.unit-text'), 'the question');
    for (const button of await page.locator('.label-button').all()) await expectVisibleOnTop(button, `label button "${await button.textContent()}"`);
    await expectVisibleOnTop(chosen, 'the current choice');
    await expectVisibleOnTop(page.getByTestId('unit-actions').getByRole('button', { name: /^Unsure/ }), 'the unsure flag');
    // Nothing was scrolled to get there: the page itself did not move, the story scrolls on its own.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const context_ = page.getByTestId('unit-context');
    expect(await context_.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the question above the unit list, uncovered, at 800 px wide', async () => {
    const { context, page, pageErrors } = await openLongStoryWorkspace(800, 720);
    await page.screenshot({ path: join(tmpdir(), 'workspace-long-story-800x720.png') });
    await expectVisibleOnTop(page.locator('.unit-text'), 'the question');
    for (const button of await page.locator('.label-button').all()) await expectVisibleOnTop(button, `label button "${await button.textContent()}"`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('finds units by words of the question, the story or the title, by keyboard alone', async () => {
    const { context, page, pageErrors } = await openLongStoryWorkspace(1280, 720);
    const rows = page.locator('[data-unit-row]');
    await expect.poll(() => rows.count()).toBe(3);
    await page.keyboard.press('/');
    await page.keyboard.type('TENOR sung');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByTestId('current-unit').getAttribute('data-unit-id')).toBe('s-long/2');
    await page.keyboard.press('Escape');
    await expect.poll(() => rows.count()).toBe(3);
    await page.keyboard.press('/');
    await page.keyboard.type('harmonie');
    await expect.poll(() => rows.count()).toBe(0);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('y many');
    await expect.poll(() => rows.count()).toBe(3);
    // Enter hands the keys back to the workspace: the next key labels.
    await page.keyboard.press('Enter');
    await page.keyboard.press('y');
    await page.locator('[data-unit-row][data-state="saved"]').first().waitFor({ timeout: 60_000 });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
