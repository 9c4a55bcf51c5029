// Selective evaluation on the report page end to end in Chromium (issue 32 point 5): the demo
// study assigned to three annotators, two of whom labelled every unit (agreeing with the judge too
// seldom for any threshold to pass), shows per judge and source of confidence the table the
// exported JSON has, with the reason; "Send N units to people" saves the pack of the third
// annotator, who is assigned some of those units and has labelled none.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgreementReport } from '../../shared/report/model/report-model';
import { scratchDir } from '../scratch-dir';
import { demo, labelFilesFollowing } from './demo-files';
import { chooseFiles, downloads, openApp, useAppInChromium } from './harness';
import { assignTeam } from './team-server-steps';

const STUDY_ID = demo.study.id;
const FOLLOWED = 'arbiter-large';
const TEAM = [
  { id: 'ann-1', name: 'Ann One' },
  { id: 'ann-2', name: 'Ann Two' },
  { id: 'ann-3', name: 'Ann Three' },
];

const chromiumApp = useAppInChromium();

describe('selective evaluation on the report page', () => {
  it('shows the rows of the exported JSON and sends the units below the threshold to people as a pack', { timeout: 300_000 }, async () => {
    const dir = scratchDir('agreement-studio-selective-');
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    const url = chromiumApp.app().url;
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
    await assignTeam(page, url, STUDY_ID, TEAM, 2);
    // Answers that follow the judge three times in five: too seldom for 90% agreement.
    const files = labelFilesFollowing(dir, FOLLOWED, ['ann-1', 'ann-2'], { share: 0.6 });
    await chooseFiles(page, page.getByTestId('import-labels'), files);
    await expect
      .poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 })
      .toBe(String(files.length * demo.turns.length));

    await page.goto(`${url}#/study/${STUDY_ID}/report`);
    await page.getByTestId('report-bootstrap').fill('200');
    await page.getByTestId('report-bootstrap').press('Enter');
    await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });
    const [jsonPath] = [...(await downloads(page, dir, 1, () => page.locator('[data-export="report-json"]').click())).values()];
    const report = JSON.parse(readFileSync(jsonPath ?? '', 'utf8')) as AgreementReport;
    const rows = (report.judges?.selectiveEvaluation ?? []).filter((row) => row.task === 'answer');
    expect(rows.map((row) => `${row.judge} ${row.source}`)).toEqual([`${FOLLOWED} samples`, `${FOLLOWED} log-probabilities`]);

    // The table on the Judges section (questions first), one row per judge and source as the JSON has them.
    const table = page.getByTestId('judge-selective');
    for (const row of rows) {
      const shown = table.locator(`tr[data-selective-judge="${row.judge}"][data-selective-source="${row.source}"]`);
      expect(await shown.count()).toBe(1);
      expect(await shown.locator('td').first().textContent()).toBe(row.threshold === null ? '–' : row.threshold.toFixed(3));
      expect(await shown.locator('td').last().textContent()).toBe(`${row.escalatedUnits.length}/${row.units}`);
    }

    // ann-1 and ann-2 labelled every unit; ann-3 none: the pack is ann-3's assigned units among those sent.
    const row = rows[0];
    expect(row?.passes).toBe(false);
    const judgesText = (await page.getByTestId('judges').textContent()) ?? '';
    expect(judgesText).toContain(`Nothing kept for ${FOLLOWED} (vote share)`);
    expect(judgesText).toContain(`: ${row?.reason ?? ''}.`);
    const escalated = new Set(row?.escalatedUnits);
    expect(escalated.size).toBe(row?.units);
    const button = page.locator(`[data-testid="escalate"] button[data-escalate-judge="${FOLLOWED}"][data-escalate-source="samples"]`);
    expect(await button.textContent()).toBe(`Send ${escalated.size} ${escalated.size === 1 ? 'unit' : 'units'} to people`);
    const saved = await downloads(page, dir, 1, () => button.click());
    const [name, path] = [...saved.entries()][0] ?? [];
    expect(name).toBe('ann-3.escalated.pack.json');
    const pack = JSON.parse(readFileSync(path ?? '', 'utf8')) as { tasks: { answer: string[]; match: string[]; difficulty: string[] } };
    expect(pack.tasks.answer.length).toBeGreaterThan(0);
    expect(pack.tasks.answer.every((unit) => escalated.has(unit))).toBe(true);
    expect([pack.tasks.match, pack.tasks.difficulty]).toEqual([[], []]);
    await expect
      .poll(() => page.getByTestId('escalate-status').textContent(), { timeout: 60_000 })
      .toMatch(new RegExp(`^1 pack with ${pack.tasks.answer.length} units? for people saved to `));

    // The lead's own target, from the settings bar: the table is computed again for it and says so.
    expect(judgesText).toContain('for 90.0% agreement (alpha 0.1) with 90.0% certainty (delta 0.1)');
    await page.getByTestId('report-selective-agreement').selectOption('0.8');
    await page.getByTestId('report-selective-risk').selectOption('0.2');
    await expect
      .poll(() => page.getByTestId('judges').textContent(), { timeout: 120_000 })
      .toContain('for 80.0% agreement (alpha 0.2) with 80.0% certainty (delta 0.2)');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
