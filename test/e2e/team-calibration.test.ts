// What to label next (issue 32 point 4), end to end in real Chromium with real IndexedDB, files and key
// presses: on the demo study the lead picks "a calibration sample where the judge is least sure" by
// keyboard, sees what the judge's uncertainty is read from, assigns with a budget, sees the sample
// described and only its puzzles assigned, and writes packs holding only those puzzles' units; the
// plain random sample gives another set, the same one each time for the seed.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CalibrationRule, CalibrationSample, Study } from '../../shared/domain/model';
import { parsePack, type Pack } from '../../shared/formats/pack';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { drawCalibrationSample, judgeSignal } from '../../shared/study/calibration-sample';
import { scratchDir } from '../scratch-dir';
import { downloads, dumpDatabase, openApp, REPO_ROOT, useAppInChromium } from './harness';
import { TEAM } from './team-server-steps';

const STUDY_ID = 'demo-study';
const OVERLAP = 2;
// Both rules take the same random number for a puzzle from one seed, so their samples differ only where
// the judge's uncertainty moves a puzzle's probability; on the demo study it is about even but for one
// puzzle, and some seeds (7 among them) give the same set under both. This one gives two different sets.
const SEED = 4;
const BUDGET = 5;

const parsed = parseTranscriptBundle({ name: 'demo-study.json', text: readFileSync(`${REPO_ROOT}assets/demo-study.json`, 'utf8') });
if (!parsed.ok) throw new Error('the demo study does not parse');
const study = parsed.value;
const puzzleOfTurn = new Map(study.turns.map((turn) => [turn.id, turn.puzzleId]));
// The app draws over the puzzles as its database returns them: in id order.
const puzzleIds = study.puzzles.map((puzzle) => puzzle.id).sort();

/** The puzzles the app must draw for this rule, computed here with the same pure module. */
function expectedChosen(rule: CalibrationRule): string[] {
  return drawCalibrationSample({ puzzleIds, signal: judgeSignal(study), rule, budget: BUDGET, seed: SEED }).chosen;
}

const chromiumApp = useAppInChromium();

async function storedStudy(page: Page): Promise<Study> {
  const dump = await dumpDatabase(page);
  const found = (dump.studies as Study[]).find((one) => one.id === STUDY_ID);
  if (found === undefined) throw new Error('the demo study is not stored');
  return found;
}

async function storedSample(page: Page): Promise<CalibrationSample | undefined> {
  return (await storedStudy(page)).calibrationSample;
}

/** The puzzles the assignment table shows with their turns given to `OVERLAP` annotators. */
async function assignedRows(page: Page): Promise<string[]> {
  const rows = page.locator(`[data-puzzle-row]:has([data-turn-annotators="${OVERLAP}"])`);
  return (await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-puzzle-row') ?? ''))).sort();
}

describe('what to label next: a calibration sample on the team page', () => {
  it(
    'assigns a calibration sample where the judge is least sure, writes packs of only its puzzles, and a seeded random sample as the alternative',
    { timeout: 240_000 },
    async () => {
      const dir = scratchDir('agreement-studio-calibration-');
      const lead = await openApp(chromiumApp.browser(), chromiumApp.app());
      const { page } = lead;
      await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
      await page.goto(`${chromiumApp.app().url}#/study/${STUDY_ID}/team`);

      await page.getByTestId('annotator-list').fill(TEAM.map((member) => `${member.id}, ${member.name}`).join('\n'));
      await page.getByTestId('overlap').fill(String(OVERLAP));
      await page.getByTestId('seed').fill(String(SEED));
      // The puzzle choice is a radio group: the arrow key moves from every puzzle to the calibration sample.
      await page.getByLabel('Every puzzle', { exact: true }).focus();
      await page.keyboard.press('ArrowDown');
      expect(await page.getByLabel('A calibration sample where the judge is least sure').isChecked()).toBe(true);
      const signal = page.getByTestId('judge-signal');
      await expect.poll(() => signal.getAttribute('data-source')).toBe('samples');
      expect(await signal.getAttribute('data-puzzles')).toBe(String(puzzleIds.length));
      expect(await signal.textContent()).toContain("the disagreement among the judge's repeated samples");
      await page.getByLabel('Budget (puzzles)').fill(String(BUDGET));
      await page.getByTestId('assign').click();

      // The sample is described on the page, and only its puzzles are assigned.
      const notice = page.getByTestId('calibration-sample');
      await expect.poll(() => notice.getAttribute('data-rule'), { timeout: 60_000 }).toBe('uncertainty');
      const calibration = await storedSample(page);
      const chosen = expectedChosen('uncertainty');
      expect(calibration?.chosen).toEqual(chosen);
      expect(chosen.length).toBeGreaterThan(0);
      expect(chosen.length).toBeLessThan(puzzleIds.length);
      expect(Object.keys(calibration?.probabilities ?? {}).sort()).toEqual(puzzleIds);
      expect(await notice.getAttribute('data-chosen')).toBe(String(chosen.length));
      expect(await notice.textContent()).toContain(
        `This assignment is a calibration sample where the judge is least sure: ${chosen.length} of ${puzzleIds.length} puzzles drawn (budget ${BUDGET}, seed ${SEED})`,
      );
      expect(await page.getByTestId('setup-status').textContent()).toContain(
        `Assigned ${chosen.length} of ${puzzleIds.length} puzzles, a calibration sample where the judge is least sure, to ${TEAM.length} annotators`,
      );
      await expect.poll(() => page.locator('[data-puzzle-row]').count()).toBe(puzzleIds.length);
      expect(await assignedRows(page)).toEqual([...chosen].sort());
      expect(await page.locator('[data-puzzle-row]:has([data-turn-annotators="0"])').count()).toBe(puzzleIds.length - chosen.length);

      // Packs hold the chosen puzzles' units only, each turn with OVERLAP annotators.
      const packPaths = await downloads(page, dir, TEAM.length, () => page.getByTestId('write-packs').click());
      await expect.poll(() => page.getByTestId('packs-status').textContent()).toContain(`${TEAM.length} packs saved`);
      const packs: Pack[] = TEAM.map((member) => {
        const name = `${member.id}.pack.json`;
        const pack = parsePack({ name, text: readFileSync(packPaths.get(name) ?? '', 'utf8') });
        if (!pack.ok) throw new Error(`${name} does not parse`);
        return pack.value;
      });
      const inSample = new Set(chosen);
      const timesShown = new Map<string, number>();
      for (const pack of packs) {
        for (const unit of [...pack.tasks.answer, ...pack.tasks.match]) {
          expect(inSample.has(puzzleOfTurn.get(unit) ?? ''), `${pack.annotator.id}'s pack holds ${unit}, of a puzzle not drawn`).toBe(true);
          timesShown.set(unit, (timesShown.get(unit) ?? 0) + 1);
        }
        for (const puzzle of pack.tasks.difficulty) expect(inSample.has(puzzle)).toBe(true);
        for (const puzzle of pack.puzzles) expect(inSample.has(puzzle.id)).toBe(true);
      }
      const sampleTurns = study.turns.filter((turn) => inSample.has(turn.puzzleId));
      expect(timesShown.size).toBe(sampleTurns.length);
      expect([...timesShown.values()].every((times) => times === OVERLAP)).toBe(true);

      // The plain random sample: another set, the one the seed gives, and the same one again.
      const random = expectedChosen('random');
      expect(random).not.toEqual(chosen);
      await page.getByLabel('A plain random sample').click();
      expect(await page.getByTestId('judge-signal').count()).toBe(0);
      await page.getByTestId('assign').click();
      await expect.poll(() => notice.getAttribute('data-rule'), { timeout: 60_000 }).toBe('random');
      const first = await storedStudy(page);
      expect(first.calibrationSample?.chosen).toEqual(random);
      expect(new Set(Object.values(first.calibrationSample?.probabilities ?? {}))).toEqual(new Set([BUDGET / puzzleIds.length]));
      await expect.poll(async () => assignedRows(page)).toEqual([...random].sort());

      await page.getByTestId('assign').click();
      await expect.poll(async () => (await storedStudy(page)).setup?.assignedAt, { timeout: 60_000 }).not.toBe(first.setup?.assignedAt);
      expect((await storedSample(page))?.chosen).toEqual(random);

      // Every puzzle again: the sample is gone, from the study and from the page.
      await page.getByLabel('Every puzzle', { exact: true }).click();
      await page.getByTestId('assign').click();
      await expect.poll(() => notice.count(), { timeout: 60_000 }).toBe(0);
      expect(await storedSample(page)).toBeUndefined();
      await expect.poll(() => page.locator(`[data-puzzle-row]:has([data-turn-annotators="${OVERLAP}"])`).count()).toBe(puzzleIds.length);

      expect(lead.pageErrors).toEqual([]);
      await lead.context.close();
    },
  );
});
