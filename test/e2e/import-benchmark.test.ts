// A benchmark's own files in the app's import, in real Chromium (issue 14 points 1, 3, 4): the
// preview lists what will not be imported before anything is written, "Import anyway" stores the
// study with its human rater's labels, a file no judge labelled asks for no judge's name (issue 26), Cancel writes
// nothing, and TurtleSoup-Bench's six genre files dropped together are one study (read from
// ../shared/real-data/ when present: they carry no licence and are not in the repository).
// DeepTurtle's real file (MIT, in test/fixtures) imports with its reviewer's corrections as labels,
// and the report shows its judge against them, the figure the command line gives (issue 26).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AgreementReport } from '../../shared/report/model/report-model';
import { runCli } from '../cli/run-cli';
import { scratchDir } from '../scratch-dir';
import { dumpDatabase, openApp, REPO_ROOT, useAppInChromium } from './harness';

const TURTLEBENCH = `${REPO_ROOT}test/fixtures/real/TurtleBench/`;
const WIDE_TABLE = { name: 'all_cases_en_shot0.json', text: readFileSync(`${TURTLEBENCH}archived/stats/all_cases_en_shot0.json`, 'utf8') };
const STORIES = { name: 'stories.json', text: readFileSync(`${TURTLEBENCH}data/en/stories.json`, 'utf8') };
const ONE_AND_A_HALF_K = {
  name: 'turtle_bench1.5k_en.json',
  text: readFileSync(`${REPO_ROOT}test/fixtures/real/turtle-soup-lateral-thinking-game/at-4623288/data/turtle_bench1.5k_en.json`, 'utf8'),
};

const TSB_EN = `${REPO_ROOT}../shared/real-data/TurtleSoup-Bench/data/en/`;
const DEEPTURTLE_PATH = `${REPO_ROOT}test/fixtures/real/DeepTurtle/at-a5d7696/data/deep_turtle_61.json`;
const DEEPTURTLE = { name: 'deep_turtle_61.json', text: readFileSync(DEEPTURTLE_PATH, 'utf8') };

const chromiumApp = useAppInChromium();

/** A fresh app with the first-start demo deleted, so the study list starts empty. */
async function emptyLibrary() {
  const opened = await openApp(chromiumApp.browser(), chromiumApp.app());
  const { page } = opened;
  await expect.poll(() => page.locator('tr[data-study-id]').count(), { timeout: 60_000 }).toBe(1);
  await page
    .locator('tr[data-study-id]')
    .getByRole('button', { name: /^Delete / })
    .click();
  await expect.poll(() => page.getByText('No studies yet').count()).toBe(1);
  return opened;
}

async function drop(page: Page, files: ReadonlyArray<{ name: string; text: string }>) {
  await page.evaluate((files) => {
    const transfer = new DataTransfer();
    for (const { name, text } of files) transfer.items.add(new File([text], name, { type: 'application/json' }));
    document.querySelector('.app')?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

async function countsOf(page: Page) {
  const row = page.locator('tr[data-study-id]');
  await expect.poll(() => row.count(), { timeout: 60_000 }).toBe(1);
  return {
    puzzles: Number(await row.getByTestId('count-puzzles').textContent()),
    turns: Number(await row.getByTestId('count-turns').textContent()),
  };
}

/** Labels per annotator and the judges of the stored turns, read from the database. */
async function stored(page: Page) {
  const dump = await dumpDatabase(page);
  const labels = new Map<string, number>();
  for (const label of dump.labels as Array<{ annotatorId: string }>) labels.set(label.annotatorId, (labels.get(label.annotatorId) ?? 0) + 1);
  const judges = new Set((dump.turns as Array<{ judgements: Record<string, string> }>).flatMap((turn) => Object.keys(turn.judgements)));
  const sessionJudges = [...new Set((dump.sessions as Array<{ judge: string }>).map((session) => session.judge))];
  return { labels: Object.fromEntries(labels), judges: judges.size, sessionJudges, annotators: (dump.annotators as Array<{ id: string }>).map((a) => a.id) };
}

describe('importing a benchmark’s own files', () => {
  it('lists what the wide table leaves out before anything is written, then imports it with the human labels', async () => {
    const { context, page, pageErrors } = await emptyLibrary();
    await drop(page, [WIDE_TABLE, STORIES]);
    const preview = page.getByTestId('import-preview');
    await preview.waitFor({ timeout: 60_000 });
    const text = (await preview.textContent()) ?? '';
    expect(text).toContain('2 files as one study');
    expect(text).toContain('32 puzzles');
    expect(text).toContain('1,532 turns (1,532 questions, 0 final answers), 9 judges, 1,532 human labels by 1 rater');
    // Left out is counted in items (every index and Chinese title of the 32 stories), not in groups.
    expect(text).toContain('Not imported: 64 values');
    expect(await page.getByTestId('import-leftovers').locator('li').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('import-unparseable').textContent()).toContain('"Invalid"');
    // Nothing written yet: the library still says so.
    expect(await page.getByText('No studies yet').count()).toBe(1);
    expect((await dumpDatabase(page)).studies).toEqual([]);

    await page.getByRole('button', { name: 'Import anyway' }).click();
    expect(await countsOf(page)).toEqual({ puzzles: 32, turns: 1532 });
    await expect.poll(() => page.locator('.notice-success').textContent()).toContain('TurtleBench: 2 files as one study');
    expect(await stored(page)).toMatchObject({ labels: { 'turtlebench-human': 1532 }, judges: 9, annotators: ['turtlebench-human'] });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('says how much of a long list of unreadable replies it does not show, even when nothing else is long', async () => {
    const { context, page } = await emptyLibrary();
    // 150 distinct replies no reader understands, on one judge: 150 rows in one list beside the two "Invalid" rows already there, the other list short.
    const cases = JSON.parse(WIDE_TABLE.text) as Record<string, Record<string, unknown>>;
    Object.values(cases)
      .slice(0, 150)
      .forEach((row, i) => {
        row.GPT_4o = `garbled reply ${i}`;
      });
    await drop(page, [{ name: WIDE_TABLE.name, text: JSON.stringify(cases) }, STORIES]);
    const unreadable = page.getByTestId('import-unparseable');
    await unreadable.waitFor({ timeout: 60_000 });
    expect(await unreadable.locator('li').count()).toBe(100);
    expect(await page.getByTestId('import-preview').textContent()).toContain('The first 100 of 152 are shown.');
    await context.close();
  });

  it('imports the 1.5k file, which no judge labelled, without asking for a judge: its 1,532 guesses with the human labels and nothing left out', async () => {
    const { context, page, pageErrors } = await emptyLibrary();
    await drop(page, [ONE_AND_A_HALF_K]);

    // Nothing left out and every reply read, so it goes straight on and says so; no name was asked for.
    expect(await countsOf(page)).toEqual({ puzzles: 32, turns: 1532 });
    await expect.poll(() => page.locator('.notice-success').textContent()).toContain('nothing left out');
    expect(await page.getByRole('dialog', { name: 'Name the models' }).count()).toBe(0);
    // The file holds the human label only: the sessions name no judge of the files, and there are no verdicts.
    expect(await stored(page)).toEqual({
      labels: { 'turtlebench-human': 1532 },
      judges: 0,
      sessionJudges: ['no judge in the files'],
      annotators: ['turtlebench-human'],
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('writes nothing when the lead cancels the preview', async () => {
    const { context, page, pageErrors } = await emptyLibrary();
    const before = await dumpDatabase(page);
    await drop(page, [WIDE_TABLE, STORIES]);
    await page.getByTestId('import-preview').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('import-preview').count()).toBe(0);
    expect(await page.getByText('No studies yet').count()).toBe(1);
    expect(await dumpDatabase(page)).toEqual(before);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  const tsbPresent = existsSync(TSB_EN);
  if (!tsbPresent) console.log(`skipped: ${TSB_EN} is absent (the TurtleSoup-Bench files carry no licence and are not in the repository)`);
  it.skipIf(!tsbPresent)("makes one study of TurtleSoup-Bench's six genre files dropped together, genre from each file's name", async () => {
    const { context, page, pageErrors } = await emptyLibrary();
    const files = readdirSync(TSB_EN)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => ({ name, text: readFileSync(`${TSB_EN}${name}`, 'utf8') }));
    await drop(page, files);
    // Nothing left out, so no question: it goes straight on and says how the files were grouped.
    expect(await countsOf(page)).toEqual({ puzzles: 400, turns: 0 });
    const summary = await page.locator('.notice-success').textContent();
    expect(summary).toContain("TurtleSoup-Bench stories: 6 files as one study: genre from each file's name");
    expect(summary).toContain('nothing left out');
    const genres = new Set(((await dumpDatabase(page)).puzzles as Array<{ genre: string }>).map((puzzle) => puzzle.genre));
    expect(genres).toEqual(new Set(['Clever Logic', 'Constant Change', 'Crime Thriller', 'Mind Game', 'Original Data', 'Supernatural Fantasy']));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("imports DeepTurtle's 61 reviewed replies with the reviewer's labels, and the report shows the judge against them", async () => {
    const dir = scratchDir();
    const bundlePath = join(dir, 'dt.json');
    expect((await runCli('import', DEEPTURTLE_PATH, '--out', bundlePath)).code).toBe(0);
    const cli = await runCli('report', '--transcripts', bundlePath, '--labels', join(dir, 'dt.deepturtle-reviewer.labels.json'), '--bootstrap', '0');
    expect(cli.code).toBe(0);
    const expected = (JSON.parse(cli.stdout) as AgreementReport).tables.answer.find(
      (cell) => cell.bucket === 'all' && cell.a === 'judge:DeepSeek' && cell.b === 'human',
    );
    const humanLabels = (JSON.parse(readFileSync(join(dir, 'dt.deepturtle-reviewer.labels.json'), 'utf8')) as { labels: unknown[] }).labels.length;

    const { context, page, pageErrors } = await emptyLibrary();
    await drop(page, [DEEPTURTLE]);
    const preview = page.getByTestId('import-preview');
    await preview.waitFor({ timeout: 60_000 });
    const text = (await preview.textContent()) ?? '';
    expect(text).toContain('18 puzzles');
    expect(text).toContain(`61 turns (61 questions, 0 final answers), 1 judge, ${humanLabels} human labels by 1 rater`);
    expect(text).toContain('Not imported: 108 values and 2 human corrections');
    expect(await page.getByTestId('import-leftovers').textContent()).toContain('human correction');
    await page.getByRole('button', { name: 'Import anyway' }).click();
    expect(await countsOf(page)).toEqual({ puzzles: 18, turns: 61 });
    expect(await stored(page)).toMatchObject({ labels: { 'deepturtle-reviewer': humanLabels }, judges: 1, sessionJudges: ['DeepSeek'] });
    const notes = ((await dumpDatabase(page)).labels as Array<{ note: string }>).map((label) => label.note);
    expect(notes).toContain('DeepSeek-Hallucination: 是，好奇心重的人往往会读完它');

    const studyId = ((await dumpDatabase(page)).studies as Array<{ id: string }>)[0]?.id ?? '';
    await page.goto(`${chromiumApp.app().url}#/study/${studyId}/report`);
    await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 60_000 });
    const judgeAll = page.locator('table[data-report-table="answer"] tr[data-group-a="judge:DeepSeek"][data-group-b="human"] td[data-bucket="all"]');
    await judgeAll.waitFor({ timeout: 60_000 });
    expect(expected?.n).toBeGreaterThan(0);
    expect(Number(await judgeAll.getAttribute('data-n'))).toBe(expected?.n);
    expect(Number(await judgeAll.getAttribute('data-agreement'))).toBe(expected?.agreement);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
