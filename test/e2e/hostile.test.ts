// The hostile-input suite in real Chromium: a representative subset of the generated files (two
// per category, spread over every kind the app imports, plus inert payloads) as real files through
// the real UI: bundles and packs through the library's file chooser, label files on the demo
// study's Team page. Each rejection must show its file and location, leave IndexedDB as it was, run
// no script and open no dialog, and the app must still answer. Prints its figure.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { sourceFileFromBytes } from '../../shared/formats/utf8';
import { expectAllHandled, Figure, holdsKey, holdsText, REJECTION_VERDICTS, showsPlace, type Verdict } from '../hostile/check';
import { DEMO_STUDY_ID, hostileCases, INPUT_KINDS, PAYLOADS, type Category, type HostileCase, type InputKind } from '../hostile/generate';
import { dumpDatabase, useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();
const dir = mkdtempSync(join(tmpdir(), 'agreement-studio-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const APP_KINDS: readonly InputKind[] = INPUT_KINDS.filter((kind) => kind !== 'reliability-csv');
const LIBRARY_KINDS: readonly InputKind[] = ['bundle-json', 'bundle-jsonl', 'pack'];
const DEMO_ROW = `tr[data-study-id="${DEMO_STUDY_ID}"]`;
/** The size cases are a few seconds each in a browser: one of each is enough here, the unit suites have them all. */
const ONE_PER_CATEGORY: readonly Category[] = ['size-100mb', 'size-over-limit'];

/**
 * Two rejected files per category, of different kinds, each time of the kind picked least so
 * far, so every category and every kind the app imports is tried.
 */
function rejectedSubset(cases: readonly HostileCase[]): HostileCase[] {
  const used = new Map<InputKind, number>(APP_KINDS.map((kind) => [kind, 0]));
  const chosen: HostileCase[] = [];
  for (const category of new Set(cases.map((hostile) => hostile.category))) {
    const candidates = cases.filter((hostile) => hostile.category === category && hostile.expect.outcome === 'rejected' && APP_KINDS.includes(hostile.kind));
    const kinds = APP_KINDS.filter((kind) => candidates.some((hostile) => hostile.kind === kind)).sort((a, b) => (used.get(a) ?? 0) - (used.get(b) ?? 0));
    for (const kind of kinds.slice(0, ONE_PER_CATEGORY.includes(category) ? 1 : 2)) {
      const hostile = candidates.find((candidate) => candidate.kind === kind);
      if (hostile === undefined) continue;
      chosen.push(hostile);
      used.set(kind, (used.get(kind) ?? 0) + 1);
    }
  }
  return chosen;
}

/**
 * The inert files tried here, with where the app shows their payload: the transcript of a
 * bundle's first session, the study a pack opens, the Team page for label files.
 */
const INERT: ReadonlyArray<{ name: string; shows?: string }> = [
  { name: 'bundle-html-script-texts.json', shows: PAYLOADS.script },
  { name: 'bundle-html-script-ids.json' },
  { name: 'bundle-javascript-link-texts.json', shows: PAYLOADS.link },
  { name: 'bundle-prototype-key-top-level-key.json' },
  { name: 'bundle-html-script-texts.jsonl', shows: PAYLOADS.script },
  { name: 'pack-html-script-texts.pack.json', shows: PAYLOADS.img },
  { name: 'labels-html-script-texts.labels.json', shows: PAYLOADS.img },
];

const all = hostileCases();
const rejected = rejectedSubset(all);
const inert = INERT.map(({ name, shows }) => {
  const hostile = all.find((candidate) => candidate.name === name);
  if (hostile?.expect.outcome !== 'inert') throw new Error(`${name} is not an inert case`);
  return { hostile, shows };
});
const figure = new Figure('real Chromium', 'every rejected file left IndexedDB unchanged, no script ran, no dialog opened and the app still answered');

interface Session {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  dialogs: string[];
}

/** A fresh profile that starts with the demo study, with a tripwire for scripts and a count of dialogs. */
async function openSession(): Promise<Session> {
  const context = await chromiumApp.browser().newContext();
  await context.addInitScript(() => {
    (window as unknown as { __hostileRan: boolean }).__hostileRan = false;
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto(chromiumApp.app().url);
  await page.locator(DEMO_ROW).waitFor({ timeout: 60_000 });
  // The lead works on the demo study (renames it), so it is the lead's copy: an untouched first-start
  // demo would give way to a pack of it (issue 13), and the lead-copy case must meet a lead's real work.
  await page.locator(DEMO_ROW).locator('button.link-button').first().click();
  await page.getByTestId('rename-study').click();
  await page.getByTestId('study-name-input').fill("Demo study: the lead's copy");
  await page.getByTestId('study-name-input').press('Enter');
  await page.getByTestId('rename-study').waitFor({ timeout: 60_000 });
  await page.evaluate(() => {
    window.location.hash = '#/';
  });
  await page.locator(DEMO_ROW).waitFor({ timeout: 60_000 });
  // The first start's notice of the demo import would answer the wait for the next import's notice.
  const demoNotice = page.locator('[role="status"]', { hasText: 'Imported' });
  await demoNotice.waitFor({ timeout: 60_000 });
  await demoNotice.getByRole('button', { name: 'Dismiss' }).click();
  await demoNotice.waitFor({ state: 'detached', timeout: 60_000 });
  return { context, page, pageErrors, dialogs };
}

function writeCase(hostile: HostileCase): string {
  const path = join(dir, hostile.name);
  writeFileSync(path, hostile.bytes());
  return path;
}

async function goTo(page: Page, hash: string, ready: string): Promise<void> {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
}

const isLabelKind = (kind: InputKind) => !LIBRARY_KINDS.includes(kind);
const teamHash = `#/study/${DEMO_STUDY_ID}/team`;
const IMPORT_LABELS = '[data-testid="import-labels"]';
const IMPORT_TRANSCRIPTS = 'button:has-text("Import transcripts…")';

/** Opens the importer of the case's kind and answers its file chooser with `path`. */
async function importFile(page: Page, hostile: HostileCase, path: string): Promise<void> {
  const button = isLabelKind(hostile.kind) ? page.locator(IMPORT_LABELS) : page.locator(IMPORT_TRANSCRIPTS);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(path);
}

/** The error lines the app shows for the case's file, once it shows them. */
async function shownErrors(page: Page, hostile: HostileCase): Promise<string[]> {
  const list = isLabelKind(hostile.kind)
    ? page.locator(`[data-rejected-file="${hostile.name}"] .error-list li`)
    : page.locator('[data-testid="import-errors"]', { hasText: `in ${hostile.name}` }).locator('.error-list li');
  await list.first().waitFor({ timeout: 60_000 });
  return list.allTextContents();
}

/**
 * Script tripwire, dialogs, page errors, and the app still answering: the library shows again.
 * How fast it answers is the bench's business; a busy machine must not turn this red.
 */
async function harmProblem(session: Session): Promise<string | undefined> {
  const { page } = session;
  if (await page.evaluate(() => (window as unknown as { __hostileRan: unknown }).__hostileRan !== false)) return 'a payload ran as script';
  if (session.dialogs.length > 0) return `dialogs opened: ${session.dialogs.join('; ')}`;
  if (session.pageErrors.length > 0) return `page errors: ${session.pageErrors.join('; ')}`;
  if (await page.locator('a[href^="javascript:" i], iframe, img[src="x"]').count()) return 'a payload became an element';
  await page.evaluate(() => {
    window.location.hash = '#/';
  });
  try {
    await page.locator(DEMO_ROW).waitFor({ timeout: 60_000 });
  } catch {
    return 'the app no longer answers: the library did not show again';
  }
  return undefined;
}

async function tryRejected(session: Session, hostile: HostileCase): Promise<{ verdict: Verdict; problem: string | undefined }> {
  if (hostile.expect.outcome !== 'rejected') throw new Error(`${hostile.name} is not a rejected case`);
  const verdict = REJECTION_VERDICTS[hostile.expect.stage];
  const place = hostile.expect.app ?? hostile.expect.error;
  const path = writeCase(hostile);
  const { page } = session;
  if (isLabelKind(hostile.kind)) await goTo(page, teamHash, IMPORT_LABELS);
  else await goTo(page, '#/', IMPORT_TRANSCRIPTS);
  const before = await dumpDatabase(page);
  await importFile(page, hostile, path);
  let errors: string[];
  try {
    errors = await shownErrors(page, hostile);
  } catch {
    return { verdict, problem: 'no error was shown for the file' };
  }
  if (!errors.some((text) => showsPlace(text, hostile.name, place)))
    return { verdict, problem: `no shown error at ${JSON.stringify(place)}; shown: ${errors.join(' | ')}` };
  if (!isDeepStrictEqual(await dumpDatabase(page), before)) return { verdict, problem: 'IndexedDB changed' };
  return { verdict, problem: await harmProblem(session) };
}

async function tryInert(hostile: HostileCase, shows: string | undefined): Promise<string | undefined> {
  if (hostile.expect.outcome !== 'inert') throw new Error(`${hostile.name} is not an inert case`);
  const { payload, keeps } = hostile.expect;
  const session = await openSession();
  try {
    const { page } = session;
    const label = isLabelKind(hostile.kind);
    if (label) await goTo(page, teamHash, IMPORT_LABELS);
    await importFile(page, hostile, writeCase(hostile));
    if (label) {
      const summary = page.locator('[data-testid="label-import-summary"]');
      await summary.waitFor({ timeout: 60_000 });
      if ((await summary.getAttribute('data-rejected')) !== '0' || (await summary.getAttribute('data-files')) !== '1')
        return `not accepted: ${await summary.textContent()}`;
    } else {
      // A bundle goes into the library; an opened pack takes the window to its study.
      const errors = page.locator('[data-testid="import-errors"]');
      if (hostile.kind === 'pack') {
        await page.waitForFunction(
          (hash) => window.location.hash === hash || document.querySelector('[data-testid="import-errors"]') !== null,
          viewOf(hostile).hash,
          { timeout: 60_000 },
        );
      } else {
        await page.locator('[role="status"]', { hasText: 'Imported' }).or(errors).first().waitFor({ timeout: 60_000 });
      }
      if (await errors.count()) return `rejected: ${await errors.textContent()}`;
    }
    const dump = await dumpDatabase(page);
    if (keeps === 'text' ? !holdsText(dump, payload) : holdsKey(dump, payload))
      return keeps === 'text' ? 'the payload is not stored as text' : 'the hostile key was stored';
    const view = viewOf(hostile);
    await page.evaluate((target) => {
      window.location.hash = target;
    }, view.hash);
    // textContent, not innerText: a table header's text-transform would change the letters.
    for (const text of [shows, view.text]) {
      if (text === undefined) continue;
      try {
        await expect.poll(() => page.evaluate(() => document.querySelector('main')?.textContent ?? ''), { timeout: 60_000 }).toContain(text);
      } catch {
        return `the page at ${view.hash} does not show ${JSON.stringify(text)} as text`;
      }
    }
    return await harmProblem(session);
  } finally {
    await session.context.close();
  }
}

/**
 * Where the app shows an inert case's payload: the Team page's coverage for label files, the
 * study a pack opens, and for a bundle the transcript of its first session, with its first turn.
 */
function viewOf(hostile: HostileCase): { hash: string; text?: string } {
  if (isLabelKind(hostile.kind)) return { hash: teamHash };
  if (hostile.kind === 'pack') return { hash: '#/study/hostile-pack-study' };
  const parsed = parseTranscriptBundle(sourceFileFromBytes(hostile.name, hostile.bytes()));
  if (!parsed.ok) throw new Error(`${hostile.name} does not parse`);
  const { study, sessions, turns } = parsed.value;
  const session = sessions[0]?.id ?? '';
  return {
    hash: `#/study/${encodeURIComponent(study.id)}/session/${encodeURIComponent(session)}`,
    text: turns.find((turn) => turn.sessionId === session)?.text,
  };
}

describe('hostile-input suite in real Chromium', () => {
  it('covers every category and every kind the app imports', () => {
    const tried = [...rejected, ...inert.map(({ hostile }) => hostile)];
    expect(new Set(tried.map((hostile) => hostile.category))).toEqual(new Set(all.map((hostile) => hostile.category)));
    expect(new Set(tried.map((hostile) => hostile.kind))).toEqual(new Set(APP_KINDS));
  });

  it('rejects each hostile file whole, showing its file and location, with IndexedDB unchanged and no script run', { timeout: 240_000 }, async () => {
    const session = await openSession();
    for (const hostile of rejected) {
      const { verdict, problem } = await tryRejected(session, hostile);
      figure.record(hostile, verdict, problem);
    }
    await session.context.close();
    expect(figure.failed).toEqual([]);
  });

  it('accepts inert payloads as text, shows them as text and runs no script', { timeout: 180_000 }, async () => {
    for (const { hostile, shows } of inert) figure.record(hostile, 'inert', await tryInert(hostile, shows));
    expect(figure.failed).toEqual([]);
  });

  it('prints its figure: every file handled correctly', () => {
    expectAllHandled(figure, rejected.length + inert.length);
  });
});
