// The team workflow end to end, in real Chromium with real IndexedDB, real files and real key
// presses, each person in a browser profile of their own, starting where a newcomer starts: every
// profile holds the demo study loaded on first start. The lead assigns the demo study to three
// annotators and writes their packs; each annotator opens their pack in their own fresh copy
// (where it takes the untouched demo's place, in annotator mode, locked), labels every assigned
// unit by keyboard and exports a label file; the lead imports the three files, sees full
// coverage, imports them again (all unchanged), and the command line's report computes on them.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Task } from '../../shared/domain/model';
import type { FormatError, ParseResult } from '../../shared/formats/errors';
import { parseLabelFile, type LabelFile } from '../../shared/formats/label-file';
import { parsePack, serializePack, type Pack } from '../../shared/formats/pack';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import type { AgreementReport } from '../../shared/report/model/report-model';
import { runCli } from '../cli/run-cli';
import { scratchDir } from '../scratch-dir';
import { chooseFiles, downloads, openApp, REPO_ROOT, useAppInChromium } from './harness';
import { labelQueue } from './team-labelling';
import { assignTeam, TEAM } from './team-server-steps';

const STUDY_ID = 'demo-study';
const OVERLAP = 2;

// The study every fresh profile loads on first start, as a newcomer rehearses the team workflow on it.
const bundlePath = `${REPO_ROOT}assets/demo-study.json`;
const parsed = parseTranscriptBundle({ name: 'demo-study.json', text: readFileSync(bundlePath, 'utf8') });
if (!parsed.ok) throw new Error('the demo study does not parse');
const study = parsed.value;
const judgeReplies = [...new Set(study.turns.flatMap((turn) => (turn.judgeReply === undefined ? [] : [turn.judgeReply])))];
const judgeNames = [...new Set([...study.sessions.map((session) => session.judge), ...study.turns.flatMap((turn) => Object.keys(turn.judgements))])];

const chromiumApp = useAppInChromium();

function valueOf<T>(result: ParseResult<T>, what: string): T {
  if (!result.ok) throw new Error(`${what} does not parse: ${result.errors.map((error: FormatError) => `${error.path}: ${error.message}`).join('; ')}`);
  return result.value;
}

async function expectBlind(page: Page, where: string) {
  const text = await page.evaluate(() => document.body.innerText);
  for (const reply of judgeReplies) expect(text.includes(reply), `${where} shows the judge reply "${reply}"`).toBe(false);
  for (const name of judgeNames) expect(text.includes(name), `${where} shows the judge model "${name}"`).toBe(false);
}

/** Labels every unit of the task's queue by keyboard, shows nothing of the judges; returns how many. */
async function labelEveryUnit(page: Page, task: Task, annotator: number): Promise<number> {
  const total = await labelQueue(page, chromiumApp.app().url, STUDY_ID, task, annotator);
  await expectBlind(page, `the ${task} workspace`);
  return total;
}

describe('the team workflow across separate browser profiles', () => {
  it(
    'lead -> packs -> three annotators label and export -> lead imports, sees full coverage, re-imports unchanged, and the report computes',
    { timeout: 240_000 },
    async () => {
      const dir = scratchDir('agreement-studio-team-');

      // The lead's profile: the demo study is there from the first start; assign it, write the packs.
      const lead = await openApp(chromiumApp.browser(), chromiumApp.app());
      await lead.page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
      await assignTeam(lead.page, chromiumApp.app().url, STUDY_ID, TEAM, OVERLAP);
      // 15 puzzles, each to 2 of 3 annotators: 10 puzzles each.
      for (const member of TEAM) expect(await lead.page.locator(`[data-load-annotator="${member.id}"]`).getAttribute('data-puzzles')).toBe('10');

      const packPaths = await downloads(lead.page, dir, TEAM.length, () => lead.page.getByTestId('write-packs').click());
      await expect.poll(() => lead.page.getByTestId('packs-status').textContent()).toContain('3 packs saved');
      const packs = TEAM.map((member) =>
        valueOf(
          parsePack({ name: `${member.id}.pack.json`, text: readFileSync(packPaths.get(`${member.id}.pack.json`) ?? '', 'utf8') }),
          `${member.id}'s pack`,
        ),
      );
      const timesShown = new Map<string, number>();
      for (const pack of packs) {
        const text = serializePack(pack);
        for (const reply of judgeReplies) expect(text.includes(reply), `a pack holds the judge reply "${reply}"`).toBe(false);
        for (const name of judgeNames) expect(text.includes(name), `a pack holds the judge model "${name}"`).toBe(false);
        for (const unit of [...pack.tasks.answer, ...pack.tasks.match]) timesShown.set(unit, (timesShown.get(unit) ?? 0) + 1);
      }
      // Every question and final turn goes to exactly OVERLAP annotators.
      expect(timesShown.size).toBe(study.turns.length);
      expect([...timesShown.values()].every((times) => times === OVERLAP)).toBe(true);

      // Each annotator in a profile of their own: open the pack, label everything, export.
      const labelPaths: string[] = [];
      for (const [index, member] of TEAM.entries()) {
        const pack = packs[index] as Pack;
        const annotator = await openApp(chromiumApp.browser(), chromiumApp.app());
        const { page } = annotator;
        await page.locator('tr[data-study-id="demo-study"]').waitFor({ timeout: 60_000 });
        await chooseFiles(page, page.getByRole('button', { name: 'Import transcripts…' }), [packPaths.get(`${member.id}.pack.json`) ?? '']);
        // Opening a pack lands on its study, in annotator mode that cannot be switched off there.
        await page.waitForURL(new RegExp(`#/study/${STUDY_ID}$`), { timeout: 60_000 });
        await expect.poll(() => page.getByTestId('mode').textContent()).toBe('Annotator mode');
        await page.getByTestId('mode-locked').waitFor();
        await expectBlind(page, `${member.id}'s study overview`);

        expect(await labelEveryUnit(page, 'difficulty', index)).toBe(pack.tasks.difficulty.length);
        expect(await labelEveryUnit(page, 'answer', index)).toBe(pack.tasks.answer.length);
        expect(await labelEveryUnit(page, 'match', index)).toBe(pack.tasks.match.length);

        await page.goto(`${chromiumApp.app().url}#/study/${STUDY_ID}`);
        const saved = await downloads(page, dir, 1, () => page.getByTestId('export-labels').click());
        const [name, path] = [...saved][0] as [string, string];
        const labelFile: LabelFile = valueOf(parseLabelFile({ name, text: readFileSync(path, 'utf8') }), name);
        expect(labelFile.studyId).toBe(STUDY_ID);
        expect(labelFile.annotator).toEqual(member);
        expect(labelFile.labels.length).toBe(pack.tasks.answer.length + pack.tasks.match.length + pack.tasks.difficulty.length);
        labelPaths.push(path);
        expect(annotator.pageErrors).toEqual([]);
        await annotator.context.close();
      }

      // Back to the lead: import every label file, then every one again.
      const totalLabels = packs.reduce((sum, pack) => sum + pack.tasks.answer.length + pack.tasks.match.length + pack.tasks.difficulty.length, 0);
      const summary = lead.page.getByTestId('label-import-summary');
      await chooseFiles(lead.page, lead.page.getByTestId('import-labels'), labelPaths);
      await expect.poll(() => summary.getAttribute('data-added'), { timeout: 60_000 }).toBe(String(totalLabels));
      expect(await summary.getAttribute('data-files')).toBe('3');
      expect(await summary.getAttribute('data-rejected')).toBe('0');

      const complete = lead.page.getByTestId('coverage-complete');
      await expect.poll(() => complete.getAttribute('data-complete'), { timeout: 60_000 }).toBe('true');
      for (const [index, member] of TEAM.entries()) {
        const row = lead.page.locator(`[data-annotator-row="${member.id}"]`);
        const pack = packs[index] as Pack;
        const assigned = String(pack.tasks.answer.length + pack.tasks.match.length + pack.tasks.difficulty.length);
        expect(await row.getAttribute('data-assigned')).toBe(assigned);
        expect(await row.getAttribute('data-labelled')).toBe(assigned);
      }
      // Every answer unit has exactly two labels, none fewer.
      const questions = study.turns.filter((turn) => turn.type === 'question').length;
      expect(await lead.page.locator('[data-task-coverage="answer"]').getAttribute('data-histogram')).toBe(`0,0,${questions}`);

      await chooseFiles(lead.page, lead.page.getByTestId('import-labels'), labelPaths);
      await expect.poll(() => summary.getAttribute('data-unchanged'), { timeout: 60_000 }).toBe(String(totalLabels));
      expect(await summary.getAttribute('data-added')).toBe('0');
      expect(await summary.getAttribute('data-updated')).toBe('0');
      expect(await summary.getAttribute('data-rejected')).toBe('0');
      expect(lead.pageErrors).toEqual([]);
      await lead.context.close();

      // The report computes on the files the annotators exported.
      const run = await runCli('report', '--transcripts', bundlePath, '--labels', ...labelPaths, '--format', 'json', '--bootstrap', '200');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as AgreementReport;
      const humans = report.tables.answer.find((row) => row.bucket === 'all' && row.a === 'human' && row.b === 'human');
      // Two humans per question: one pair each.
      expect(humans?.n).toBe(questions);
      expect(humans?.agreement).toBeGreaterThan(0);
      expect(humans?.agreement).toBeLessThan(1);
    },
  );
});
