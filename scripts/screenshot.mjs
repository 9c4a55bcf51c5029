// `npm run screenshot`: regenerates the screenshots of the README and the guides in docs/ from the
// real built app (web version, Debian's Chromium), on the first-start demo study: the library, the
// mapping dialog, a transcript, the labelling workspace, the Team, Judges and Report pages.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { browserPath } from './test-tools.mjs';
import { preview } from 'vite';

const STUDY = 'demo-study';
const ANNOTATORS = ['ann-1', 'ann-2', 'ann-3'];

/**
 * Three annotators' labels as a label CSV: each answers as the demo's first judge did but on one
 * unit in five, and on every seventh turn two of them agree on another answer, so the report
 * shows the judge against a majority it sometimes loses to (a fixed pattern, no randomness).
 */
function labelsCsv() {
  const bundle = JSON.parse(readFileSync('assets/demo-study.json', 'utf8'));
  const rows = ['annotator,unit,task,value'];
  let turnIndex = 0;
  for (const session of bundle.sessions) {
    for (const turn of session.turns) {
      turnIndex += 1;
      const values = turn.type === 'question' ? ['yes', 'no', 'irrelevant'] : ['matched', 'unmatched'];
      const judged = turn.judgements['arbiter-large'] ?? values[0];
      const other = values.find((value) => value !== judged);
      ANNOTATORS.forEach((annotator, index) => {
        const differs = (turnIndex + index) % 5 === 0 || (turnIndex % 7 === 0 && index < 2);
        rows.push(`${annotator},${turn.id},${turn.type === 'question' ? 'answer' : 'match'},${differs ? other : judged}`);
      });
    }
  }
  return rows.join('\n');
}

/** A few records of a layout the studio does not know, which the library offers to map. */
const UNKNOWN_LAYOUT = [
  'conversation_ref,riddle,riddle_text,solution_text,asked,verdict_text,cost_usd',
  'c1,lamp,A man turns off a lamp and people die.,He is a lighthouse keeper.,Is he at sea?,"Yes, he is.",0.01',
  'c1,lamp,A man turns off a lamp and people die.,He is a lighthouse keeper.,Did the people drown?,Yes,0.02',
  'c2,note,A note on the door made her smile.,It was a proposal.,Was it a letter?,Irrelevant,0.01',
].join('\n');

/** Drops a file on the window, as a person dragging it from their file manager does (the function runs in the page). */
async function dropFile(page, name, text) {
  await page.evaluate(
    ({ name, text }) => {
      const transfer = new globalThis.DataTransfer();
      transfer.items.add(new File([text], name));
      globalThis.document.querySelector('.app')?.dispatchEvent(new globalThis.DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { name, text },
  );
}

/** Resolves once the page has painted twice, so what was just laid out is on screen. */
async function painted(page) {
  await page.evaluate(() => new Promise((resolve) => globalThis.requestAnimationFrame(() => globalThis.requestAnimationFrame(resolve))));
}

const server = await preview({ logLevel: 'warn', preview: { host: '127.0.0.1', port: 0 } });
const url = server.resolvedUrls.local[0];
const browser = await chromium.launch({
  executablePath: browserPath(),
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const written = [];
async function shoot(page, name) {
  const path = `assets/screenshot-${name}.png`;
  await page.screenshot({ path });
  written.push(path);
}
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(url);
  await page.locator(`tr[data-study-id="${STUDY}"]`).waitFor({ timeout: 20_000 });
  await shoot(page, 'library');

  await dropFile(page, 'lab-run.csv', UNKNOWN_LAYOUT);
  await page.getByRole('button', { name: 'Map fields…' }).click({ timeout: 20_000 });
  const dialog = page.getByTestId('mapping-dialog');
  await dialog.getByLabel('puzzle id').selectOption('riddle', { timeout: 20_000 });
  await dialog.getByLabel('story', { exact: true }).selectOption('riddle_text');
  await dialog.getByLabel('reference').selectOption('solution_text');
  await dialog.getByLabel('session').selectOption('conversation_ref');
  await dialog.getByLabel('question text').selectOption('asked');
  await dialog.getByLabel('judge label').selectOption('verdict_text');
  await dialog.getByLabel('Player name').fill('lab-player');
  await dialog.getByLabel('Judge name').fill('lab-judge');
  await dialog.getByTestId('mapping-counts').waitFor({ timeout: 20_000 });
  await shoot(page, 'mapping');

  // Leaving the page drops the dialog and imports nothing.
  await page.reload();
  await page.getByRole('button', { name: 'Demo study: original situation puzzles', exact: true }).click();
  await page.locator('.session-list button').nth(3).click();
  await page.getByTestId('story').waitFor();
  await shoot(page, 'transcript');

  await page.goto(`${url}#/study/${STUDY}/label/answer`);
  await page.locator('[data-testid="workspace"][data-ready="true"]').waitFor({ timeout: 20_000 });
  for (const key of ['y', 'n', 'n', 'i', 's', 'y']) await page.keyboard.press(key);
  await page.locator('[data-testid="saved-indicator"]').waitFor();
  await shoot(page, 'workspace');

  await page.goto(`${url}#/study/${STUDY}/team`);
  await page.getByTestId('annotator-list').fill(ANNOTATORS.map((id, index) => `${id}, Annotator ${index + 1}`).join('\n'));
  await page.getByTestId('overlap').fill('3');
  await page.getByTestId('assign').click();
  await page.locator('[data-turn-annotators="3"]').first().waitFor({ timeout: 20_000 });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-labels').click()]);
  await chooser.setFiles({ name: 'team.labels.csv', mimeType: 'text/csv', buffer: Buffer.from(labelsCsv()) });
  await page.getByTestId('label-import-summary').waitFor({ timeout: 20_000 });
  await page.locator('[data-testid="coverage"][data-loading="false"] [data-testid="coverage-complete"]').waitFor({ timeout: 20_000 });
  await page.getByTestId('coverage').evaluate((section) => section.scrollIntoView({ block: 'start' }));
  await painted(page);
  await shoot(page, 'team');

  await page.goto(`${url}#/study/${STUDY}/judges`);
  await page.getByTestId('judges-view').waitFor({ timeout: 20_000 });
  await shoot(page, 'judges');

  await page.goto(`${url}#/study/${STUDY}/report`);
  await page.getByTestId('report-bootstrap').fill('200');
  await page.getByTestId('report-bootstrap').press('Enter');
  await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });
  await shoot(page, 'report');
  const judges = page.getByTestId('judges');
  await judges.evaluate((section) => section.scrollIntoView({ block: 'start' }));
  await judges.locator('article[data-judge]').first().waitFor({ timeout: 60_000 });
  await painted(page);
  await shoot(page, 'report-judges');
  console.log(`wrote ${written.join(', ')}`);
} finally {
  await browser.close();
  await server.close();
}
