// The lead's report of a study whose annotators marked more than one acceptable answer (issue 33),
// end to end in Chromium with real IndexedDB: the demo study and three annotators' label files,
// two of which carry sets (a label's `acceptable`, value first, label file /2) brought in through
// the team page's import. The report shows the set-aware figures beside forced choice and lists
// exactly the units where forced choice misjudged the judge, and its section is reached from the
// keyboard.

import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnswerLabel } from '../../shared/domain/model';
import type { LabelFile, LabelRecord } from '../../shared/formats/label-file';
import { scratchDir } from '../scratch-dir';
import { demo, labelFilesFollowing, writeLabelFile } from './demo-files';
import { openApp, useAppInChromium } from './harness';

const STUDY_ID = demo.study.id;
const JUDGE = 'arbiter-large';
const chromiumApp = useAppInChromium();

/** The judge's answer on the first 40 question turns, as the report reads it: the units that get sets, few enough for the page to list them all. */
const judged = new Map(
  demo.turns
    .filter((turn) => turn.type === 'question')
    .slice(0, 40)
    .map((turn) => [turn.id, turn.judgements[JUDGE] as string]),
);

/**
 * Rewrites ann-1's and ann-2's label files so that their answer labels on those units that differ
 * from the judge's carry the set {their answer, the judge's}, as their studios export a set marked
 * by keyboard (label file /2); returns the units so changed.
 */
function addSets(files: readonly string[]): string[] {
  const changed = new Set<string>();
  for (const path of files) {
    const file = JSON.parse(readFileSync(path, 'utf8')) as LabelFile;
    if (file.annotator.id === 'ann-3') continue;
    const labels = file.labels.map((label): LabelRecord => {
      const judge = judged.get(label.unit) as AnswerLabel | undefined;
      if (label.task !== 'answer' || judge === undefined || label.value === judge) return label;
      changed.add(label.unit);
      return { ...label, acceptable: [label.value as AnswerLabel, judge] };
    });
    writeLabelFile(dirname(path), file.studyId, file.annotator.id, file.exportedAt, labels);
  }
  return [...changed];
}

describe('the report of a study with more than one right answer', () => {
  it('shows set-aware agreement beside forced choice and the units where forced choice misjudged the judge', { timeout: 180_000 }, async () => {
    const dir = scratchDir('agreement-studio-report-sets-');
    const files = labelFilesFollowing(dir, JUDGE, ['ann-1', 'ann-2', 'ann-3'], { share: 0.6, seed: 33 });
    const changed = addSets(files);
    expect(changed.length).toBeGreaterThan(5);
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    const url = chromiumApp.app().url;
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
    await page.goto(`${url}#/study/${STUDY_ID}/team`);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-labels').click()]);
    await chooser.setFiles(files);
    await expect.poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 }).toBe(String(3 * demo.turns.length));

    await page.goto(`${url}#/study/${STUDY_ID}/report`);
    await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });

    // Forced choice beside set-aware: the judge gains every label a set accepts.
    const section = page.getByTestId('set-aware-section');
    await section.waitFor();
    const row = section.locator(`[data-testid="set-aware-answer"] tr[data-set-a="judge:${JUDGE}"][data-set-b="human"][data-set-bucket="all"]`);
    const [forced, setAware] = (await row.locator('td').allTextContents()).map((text) => Number(text.split(' ')[0]));
    expect(setAware).toBeGreaterThan(forced as number);
    expect(await section.locator('[data-testid="set-alpha-answer"] tr[data-set-bucket="all"]').count()).toBe(1);

    // Exactly the units where a set accepts the judge's label that the forced choice did not.
    const listed = await section
      .locator(`[data-testid="set-differences-answer"] tr[data-set-judge="${JUDGE}"]`)
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-set-unit')));
    expect(new Set(listed)).toEqual(new Set(changed));
    const first = section.locator(`[data-testid="set-differences-answer"] tr[data-set-unit="${changed[0]}"][data-set-judge="${JUDGE}"]`);
    expect(await first.textContent()).toContain(`${judged.get(changed[0] as string) as AnswerLabel}`);
    expect(await first.textContent()).toMatch(/Annotator ann-[12]: \w+, \w+/);

    // The keyboard reaches it: the section's jump button moves the focus to its heading.
    const jump = page.getByRole('button', { name: 'More than one answer' });
    await jump.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('report-sets-title');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
