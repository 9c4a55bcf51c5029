// `npm run screenshot`: regenerates the README's screenshots from the real built app (web
// version, Debian's Chromium), showing the first-start demo study.
import { chromium } from 'playwright-core';
import { browserPath } from './test-tools.mjs';
import { preview } from 'vite';

const server = await preview({ logLevel: 'warn', preview: { host: '127.0.0.1', port: 0 } });
const url = server.resolvedUrls.local[0];
const browser = await chromium.launch({
  executablePath: browserPath(),
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(url);
  await page.locator('tr[data-study-id="demo-study"]').waitFor({ timeout: 20_000 });
  await page.screenshot({ path: 'assets/screenshot-library.png' });
  await page.getByRole('button', { name: 'Demo study: original situation puzzles', exact: true }).click();
  await page.locator('.session-list button').nth(3).click();
  await page.getByTestId('story').waitFor();
  await page.screenshot({ path: 'assets/screenshot-transcript.png' });
  await page.goto(`${url}#/study/demo-study/label/answer`);
  await page.locator('[data-testid="workspace"][data-ready="true"]').waitFor({ timeout: 20_000 });
  for (const key of ['y', 'n', 'n', 'i', 's', 'y']) await page.keyboard.press(key);
  await page.locator('[data-testid="saved-indicator"]').waitFor();
  await page.screenshot({ path: 'assets/screenshot-workspace.png' });
  console.log('wrote assets/screenshot-library.png, assets/screenshot-transcript.png and assets/screenshot-workspace.png');
} finally {
  await browser.close();
  await server.close();
}
