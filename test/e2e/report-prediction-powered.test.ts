// The prediction-powered scores end to end in Chromium (issue 32 point 1): the demo study with
// three annotators' labels on a third of its puzzles shows, for each judge and player, the score
// from the judge alone, from people alone and from both by PPI++, and the labels the judge's
// verdicts were worth and saved, as the exported report JSON has them; on the finals the
// Rogan-Gladen corrected rate stands beside them.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AgreementReport, PredictionPoweredScoreRow } from '../../shared/report/model/report-model';
import { formatPercent } from '../../shared/report/table-layout';
import { scratchDir } from '../scratch-dir';
import { demo, labelFilesFollowing } from './demo-files';
import { chooseFiles, downloads, openApp, useAppInChromium } from './harness';

const STUDY_ID = demo.study.id;
const FOLLOWED = 'arbiter-large';

const chromiumApp = useAppInChromium();

/** The puzzles people labelled: every third, so most of each judge's verdicts have no human label to compare with. */
const labelledPuzzles = new Set(demo.puzzles.filter((_, index) => index % 3 === 0).map((puzzle) => puzzle.id));
const sessionPuzzle = new Map(demo.sessions.map((session) => [session.id, session.puzzleId]));
const labelledTurns = demo.turns.filter((turn) => labelledPuzzles.has(sessionPuzzle.get(turn.sessionId) ?? ''));

async function ready(page: Page) {
  await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });
}

function rowOf(page: Page, testId: string, row: PredictionPoweredScoreRow) {
  return page.locator(`[data-testid="${testId}"] tr[data-pp-judge="${row.judge}"][data-pp-player="${row.player}"][data-pp-bucket="${row.bucket}"]`);
}

describe('the prediction-powered scores in the report', () => {
  it(
    "show each judge's and player's score from the judge, from people and from both, and the labels saved, as the exported JSON has them",
    { timeout: 300_000 },
    async () => {
      const dir = scratchDir('agreement-studio-ppi-');
      const files = labelFilesFollowing(dir, FOLLOWED, ['ann-1', 'ann-2', 'ann-3'], { seed: 11, turns: labelledTurns });
      const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
      const url = chromiumApp.app().url;
      await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
      await page.goto(`${url}#/study/${STUDY_ID}/team`);
      await chooseFiles(page, page.getByTestId('import-labels'), files);
      await expect
        .poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 })
        .toBe(String(files.length * labelledTurns.length));
      await page.goto(`${url}#/study/${STUDY_ID}/report`);
      await page.getByTestId('report-bootstrap').fill('200');
      await page.getByTestId('report-bootstrap').press('Enter');
      await ready(page);

      const saved = await downloads(page, dir, 1, () => page.locator('[data-export="report-json"]').click());
      const report = JSON.parse(readFileSync([...saved.values()][0] ?? '', 'utf8')) as AgreementReport;
      const rows = (report.judges?.predictionPowered ?? []).filter((row) => row.bucket === 'all' && row.estimate !== null);
      // Both measures have scores, and the judge's verdicts saved human labels somewhere.
      expect(new Set(rows.map((row) => row.measure))).toEqual(new Set(['solve-rate', 'question-accuracy']));
      expect(rows.some((row) => (row.labelsSaved ?? 0) >= 1)).toBe(true);

      for (const [task, measure] of [
        ['answer', 'question-accuracy'],
        ['match', 'solve-rate'],
      ] as const) {
        if (task === 'match') await page.getByTestId('judges').locator('button[data-judges-task="match"]').click();
        await expect.poll(() => page.getByTestId('judges').getAttribute('data-task')).toBe(task);
        for (const row of rows.filter((one) => one.measure === measure)) {
          const cells = rowOf(page, 'prediction-powered', row).locator('td');
          const threeLabels = row.labelShares?.yes.share ?? null;
          if (task === 'answer' && threeLabels !== null) {
            expect(await cells.nth(2).textContent()).toMatch(new RegExp(`^${formatPercent(threeLabels).replace('.', '\\.')}`));
          }
          expect(await cells.nth(1).textContent(), `${row.judge} ${row.player}: prediction-powered`).toMatch(
            new RegExp(`^${formatPercent(row.estimate).replace('.', '\\.')} \\[${formatPercent(row.ci95?.[0]).replace('.', '\\.')}, `),
          );
          if (task === 'match') {
            const corrected = report.judges?.correctedScores.find((one) => one.judge === row.judge && one.player === row.player && one.bucket === 'all');
            expect(await cells.nth(2).textContent()).toMatch(new RegExp(`^${formatPercent(corrected?.theta).replace('.', '\\.')}`));
          }
          const basis = rowOf(page, 'prediction-powered-labels', row).locator('td');
          expect(await basis.nth(0).textContent(), `${row.judge} ${row.player}: judge alone`).toBe(formatPercent(row.judgeScore));
          expect(await basis.nth(3).textContent()).toBe(`${row.labelled} of ${row.judged}`);
          expect(await basis.nth(4).textContent()).toBe(`${Math.round(row.effectiveLabels ?? 0)} (${Math.round(row.labelsSaved ?? 0)})`);
        }
      }
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
