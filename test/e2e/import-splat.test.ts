// A SPLAT run from the drop to the R table, in real Chromium (issue 14's end-to-end point): the
// lead drops the run's log.json and log.csv without config.yaml, is asked for the player and judge
// models, agrees to what is left out, sees the study, assigns it to three annotators and writes
// their packs; the annotators' label files come back (built here from the packs, as the team test
// shows the labelling itself), and the report's R table shows the judge's agreement with people,
// the same figure the command line computes from the same files. With config.yaml, the preview
// names the judge prompt it found and judge_times, the Judges page lists the prompt version
// imported with the study, and the report's provenance says the labels are majorities (issue 26).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LabelValue } from '../../shared/domain/model';
import { importSplat } from '../../shared/formats/importers/splat';
import { buildLabelFile, serializeLabelFile } from '../../shared/formats/label-file';
import { parsePack, type Pack } from '../../shared/formats/pack';
import type { AgreementReport } from '../../shared/report/model/report-model';
import { runCli } from '../cli/run-cli';
import { scratchDir } from '../scratch-dir';
import { sampleRun } from '../shared/formats/importers/splat-run';
import { chooseFiles, downloads, openApp, useAppInChromium } from './harness';
import { FILE_READERS } from '../../cli/support/file-readers';

const PLAYER = 'llama-3-8b';
const JUDGE = 'wizardlm-2';
const TEAM = [
  { id: 'ann-1', name: 'Ann One' },
  { id: 'ann-2', name: 'Ann Two' },
  { id: 'ann-3', name: 'Ann Three' },
];

const run = sampleRun();
const LOG_JSON = { name: 'log.json', text: run.logJson };
const LOG_CSV = { name: 'log.csv', text: run.logCsv };
const CONFIG_YAML = { name: 'config.yaml', text: run.configYaml };

// The judge's labels as the importer reads them, to label like people who mostly agree with it.
const imported = importSplat([LOG_JSON, LOG_CSV], { player: PLAYER, judge: JUDGE }, FILE_READERS);
if (!imported.ok) throw new Error(`the sample run does not import: ${imported.errors.map((error) => error.message).join('; ')}`);
const judgeLabel = new Map(imported.value.bundle.sessions.flatMap((session) => session.turns.map((turn) => [turn.id, turn.judgements[JUDGE]] as const)));

const chromiumApp = useAppInChromium();

async function drop(page: Page, files: ReadonlyArray<{ name: string; text: string }>) {
  await page.evaluate((files) => {
    const transfer = new DataTransfer();
    for (const { name, text } of files) transfer.items.add(new File([text], name));
    document.querySelector('.app')?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

/** An annotator's answers: the judge's reading where it has one, but every fourth unit (shifted per annotator) differs. */
function answerOf(unit: string, index: number, annotator: number): LabelValue {
  const judged = judgeLabel.get(unit);
  const base: LabelValue = judged === 'yes' || judged === 'no' || judged === 'irrelevant' ? judged : 'irrelevant';
  if ((index + annotator) % 4 !== 0) return base;
  return base === 'yes' ? 'no' : 'yes';
}

describe('a SPLAT run in the app', () => {
  it(
    'asks for the models a run without config.yaml lacks, imports it, and after three annotators the R table shows the judge',
    { timeout: 240_000 },
    async () => {
      const dir = scratchDir('agreement-studio-splat-');
      const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
      const url = chromiumApp.app().url;
      await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });
      const before = await page.locator('tr[data-study-id]').count();

      await drop(page, [LOG_JSON, LOG_CSV]);
      const names = page.getByRole('dialog', { name: 'Name the models' });
      await names.waitFor({ timeout: 60_000 });
      await names.getByLabel('Player model').fill(PLAYER);
      await names.getByLabel('Judge model').fill(JUDGE);
      await names.getByRole('button', { name: 'Import' }).click();

      // The judge's opening replies and the unreadable ones are listed before anything is written.
      const preview = page.getByTestId('import-preview');
      await preview.waitFor({ timeout: 60_000 });
      expect(await preview.textContent()).toContain('3 puzzles');
      expect(await page.getByTestId('import-unparseable').textContent()).toContain('the answer is hidden in the story.');
      expect(await page.locator('tr[data-study-id]').count()).toBe(before);
      await page.getByRole('button', { name: 'Import anyway' }).click();
      await expect.poll(() => page.locator('tr[data-study-id]').count(), { timeout: 60_000 }).toBe(before + 1);
      const row = page.locator('tr[data-study-id]').filter({ hasText: 'SPLAT' });
      const studyId = (await row.getAttribute('data-study-id')) ?? '';
      expect(studyId).not.toBe('');
      expect(Number(await row.getByTestId('count-puzzles').textContent())).toBe(imported.value.bundle.puzzles.length);

      // Three annotators, two per puzzle; their packs are blind.
      await page.goto(`${url}#/study/${studyId}/team`);
      await page.getByTestId('annotator-list').fill(TEAM.map((member) => `${member.id}, ${member.name}`).join('\n'));
      await page.getByTestId('overlap').fill('2');
      await page.getByTestId('seed').fill('3');
      await page.getByTestId('assign').click();
      await expect.poll(() => page.locator('[data-load-annotator]').count(), { timeout: 60_000 }).toBe(TEAM.length);
      const packPaths = await downloads(page, dir, TEAM.length, () => page.getByTestId('write-packs').click());
      const packs = TEAM.map((member): Pack => {
        const parsed = parsePack({ name: `${member.id}.pack.json`, text: readFileSync(packPaths.get(`${member.id}.pack.json`) ?? '', 'utf8') });
        if (!parsed.ok) throw new Error(`${member.id}'s pack does not parse`);
        expect(JSON.stringify(parsed.value)).not.toContain(JUDGE);
        return parsed.value;
      });

      // Each annotator's answers come back as the label file their studio exports.
      const labelPaths = TEAM.map((member, annotator) => {
        const pack = packs[annotator] as Pack;
        const at = '2026-11-24T10:00:00.000Z';
        const labels = pack.tasks.answer.map((unit, index) => ({
          unit,
          task: 'answer' as const,
          value: answerOf(unit, index, annotator),
          at,
          rev: 1,
          unsure: false,
          note: '',
        }));
        const path = join(dir, `${member.id}.labels.json`);
        writeFileSync(path, serializeLabelFile(buildLabelFile({ studyId, annotator: member, exportedAt: at, app: 'agreement-studio e2e', labels })));
        return path;
      });
      const answers = packs.reduce((sum, pack) => sum + pack.tasks.answer.length, 0);
      await chooseFiles(page, page.getByTestId('import-labels'), labelPaths);
      await expect.poll(() => page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 }).toBe(String(answers));

      // The R table: the judge against people, the figure the command line gives on the same files.
      await page.goto(`${url}#/study/${studyId}/report`);
      await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 60_000 });
      const judgeAll = page.locator(`table[data-report-table="answer"] tr[data-group-a="judge:${JUDGE}"][data-group-b="human"] td[data-bucket="all"]`);
      await judgeAll.waitFor({ timeout: 60_000 });
      expect(await judgeAll.textContent()).toMatch(/%.*n=/s);

      const bundlePath = join(dir, 'splat.json');
      writeFileSync(join(dir, 'log.json'), run.logJson);
      writeFileSync(join(dir, 'log.csv'), run.logCsv);
      const cliImport = await runCli('import', join(dir, 'log.json'), join(dir, 'log.csv'), '--player', PLAYER, '--judge', JUDGE, '--out', bundlePath);
      expect(cliImport.code).toBe(0);
      const cli = await runCli('report', '--transcripts', bundlePath, '--labels', ...labelPaths, '--any-study', '--format', 'json', '--bootstrap', '200');
      expect(cli.code).toBe(0);
      const report = JSON.parse(cli.stdout) as AgreementReport;
      const expected = report.tables.answer.find((cell) => cell.bucket === 'all' && cell.a === `judge:${JUDGE}` && cell.b === 'human');
      expect(expected?.n).toBeGreaterThan(0);
      expect(Number(await judgeAll.getAttribute('data-n'))).toBe(expected?.n);
      expect(Number(await judgeAll.getAttribute('data-agreement'))).toBe(expected?.agreement);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );

  it(
    "keeps config.yaml's judge prompt as a prompt version of the Judges page and says in the report that its labels are majorities",
    { timeout: 120_000 },
    async () => {
      const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
      const url = chromiumApp.app().url;
      await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });
      const before = await page.locator('tr[data-study-id]').count();

      await drop(page, [LOG_JSON, LOG_CSV, CONFIG_YAML]);
      const preview = page.getByTestId('import-preview');
      await preview.waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('import-counts').textContent()).toContain('19 turns (16 questions, 3 final answers)');
      expect(await page.getByTestId('import-prompts').textContent()).toContain('SPLAT judge (config.yaml): from config.yaml: prompt.prompt_judge_init');
      expect(await preview.textContent()).toContain('each the majority of 3 samples (config.yaml: game.judge_times)');
      expect(await page.getByTestId('import-leftovers').textContent()).not.toContain('prompt_judge_init');
      await page.getByRole('button', { name: 'Import anyway' }).click();
      await expect.poll(() => page.locator('tr[data-study-id]').count(), { timeout: 60_000 }).toBe(before + 1);
      const studyId = (await page.locator('tr[data-study-id]').filter({ hasText: 'SPLAT' }).first().getAttribute('data-study-id')) ?? '';

      await page.goto(`${url}#/study/${studyId}/judges`);
      const version = page.locator('[data-prompt-version="SPLAT judge (config.yaml)"]');
      await version.waitFor({ timeout: 60_000 });
      await version.locator('summary').click();
      const text = (await version.textContent()) ?? '';
      expect(text).toContain('Imported with the study SPLAT (player meta-llama/Meta-Llama-3-8B-Instruct), from config.yaml: prompt.prompt_judge_init');
      expect(text).toContain('The title of puzzle is {{title}}. The story is {{story}} Why?. The answer is {{reference}}.');
      expect(text).toContain('The player was told (prompt.prompt_player_init)');
      // It is one of the versions a run can take.
      expect(await page.locator('select option', { hasText: 'SPLAT judge (config.yaml)' }).count()).toBeGreaterThan(0);

      await page.goto(`${url}#/study/${studyId}/report`);
      const samples = page.getByTestId('judge-samples');
      await samples.waitFor({ timeout: 60_000 });
      expect(await samples.textContent()).toBe('judge:microsoft/WizardLM-2-8x22B imported as the majority of 3 samples each (config.yaml: game.judge_times)');
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
