// The small things a user expects, in real Chromium: dark mode follows the system preference,
// the web build has a favicon that loads under the Content-Security-Policy, disabled buttons
// look disabled, and the Help page (reached from the header) lists every key from the key map and
// links its steps to the study's pages.

import { describe, expect, it } from 'vitest';
import { ACTIONS, displayKey } from '../../renderer/features/settings/key-map';
import { openApp, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();

/** Relative luminance of a computed `rgb(r, g, b)` colour, 0 (black) to 1 (white). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  return (0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)) / 255;
}

describe('the look of the studio', () => {
  it('follows the system colour scheme: dark backgrounds and light text when dark is preferred', async () => {
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });
    const colours = () =>
      page.evaluate(() => {
        const root = getComputedStyle(document.documentElement);
        const header = getComputedStyle(document.querySelector('.app-header') as Element);
        return { background: root.backgroundColor, text: root.color, header: header.backgroundColor };
      });
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await colours();
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await colours();
    expect(dark.background).not.toBe(light.background);
    expect(luminance(light.background)).toBeGreaterThan(0.8);
    expect(luminance(dark.background)).toBeLessThan(0.2);
    expect(luminance(dark.header)).toBeLessThan(0.2);
    expect(luminance(dark.text)).toBeGreaterThan(0.7);
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/library-dark.png` });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('has a favicon that the server serves', async () => {
    const { context, page } = await openApp(chromiumApp.browser(), chromiumApp.app());
    const href = await page.locator('link[rel="icon"]').evaluate((link) => (link as HTMLLinkElement).href);
    expect(href.startsWith(chromiumApp.app().url)).toBe(true);
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    expect(await response.text()).toContain('<svg');
    await context.close();
  });

  it('makes disabled buttons look disabled: faded and no pointer, for every kind of button', async () => {
    const { context, page } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });
    const styles = await page.evaluate(() =>
      ['primary', 'chip', 'link-button', 'label-button', 'mode-toggle'].map((kind) => {
        const read = (disabled: boolean) => {
          const button = document.createElement('button');
          button.className = kind;
          button.textContent = kind;
          button.disabled = disabled;
          document.body.append(button);
          const style = getComputedStyle(button);
          const result = { opacity: Number(style.opacity), cursor: style.cursor };
          button.remove();
          return result;
        };
        return { kind, enabled: read(false), disabled: read(true) };
      }),
    );
    for (const { kind, enabled, disabled } of styles) {
      expect(enabled, kind).toEqual({ opacity: 1, cursor: 'pointer' });
      expect(disabled.opacity, kind).toBeLessThanOrEqual(0.5);
      expect(disabled.cursor, kind).toBe('not-allowed');
    }
    await context.close();
  });
});

describe('the storage footer', () => {
  it('says the same on every page and follows label writes, not only imports', async () => {
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.locator('tr[data-study-id]').first().waitFor({ timeout: 60_000 });
    const footer = page.getByTestId('storage-footer');
    await expect.poll(() => footer.getAttribute('data-usage'), { timeout: 60_000 }).not.toBe('');
    const persisted = String(await page.evaluate(() => navigator.storage.persisted()));
    expect(await footer.getAttribute('data-persisted')).toBe(persisted);

    await page.goto(`${chromiumApp.app().url}#/study/demo-study/label/answer`);
    await page.locator('[data-testid="workspace"][data-ready="true"]').waitFor({ timeout: 60_000 });
    const before = Number(await footer.getAttribute('data-usage'));
    for (let unit = 0; unit < 30; unit++) await page.keyboard.press('y');
    await expect.poll(() => page.locator('[data-unit-row][data-state="saving"]').count(), { timeout: 60_000 }).toBe(0);
    // Labels alone (no import) move the figure; every page then shows that same reading.
    await expect.poll(async () => Number(await footer.getAttribute('data-usage')), { timeout: 60_000 }).toBeGreaterThan(before);
    // A re-read may still be due for the burst's last writes: take the figure once it is what the browser reports now.
    const browserUsage = () => page.evaluate(async () => String((await navigator.storage.estimate()).usage));
    await expect.poll(async () => (await footer.getAttribute('data-usage')) === (await browserUsage()), { timeout: 60_000 }).toBe(true);
    const after = await footer.textContent();
    for (const hash of ['#/study/demo-study/team', '#/help', '#/']) {
      await page.evaluate((next) => (window.location.hash = next), hash);
      await expect.poll(() => footer.textContent()).toBe(after);
      expect(await footer.getAttribute('data-persisted')).toBe(persisted);
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('the Help page', () => {
  it('opens from the header and lists every key from the key map', async () => {
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
    const help = page.getByTestId('help-page');
    await help.waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#/help');
    expect(await help.getByRole('heading', { name: 'The study lead’s path' }).count()).toBe(1);
    expect(await help.getByRole('heading', { name: 'The annotator’s path' }).count()).toBe(1);
    for (const info of ACTIONS) {
      const row = help.locator(`tr[data-action="${info.action}"]`);
      expect(await row.locator('td').first().textContent(), info.action).toBe(info.description);
      expect(await row.locator('kbd').allTextContents(), info.action).toEqual(info.defaultKeys.map(displayKey));
    }
    await page.reload();
    await help.waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('links a step of the lead’s path to its page of the study: the Judges page', async () => {
    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    await page.goto(`${chromiumApp.app().url}#/help`);
    const step = page.locator('[data-testid="help-path-lead"] li[data-step="judge-run"]');
    // The link appears once the library's studies are read: the demo study is the only one.
    await step.getByRole('link', { name: 'Judges page' }).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/help.png`, fullPage: true });
    await step.getByRole('link', { name: 'Judges page' }).click();
    expect(await page.evaluate(() => window.location.hash)).toBe('#/study/demo-study/judges');
    await page.getByTestId('judges-view').waitFor({ timeout: 60_000 });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
