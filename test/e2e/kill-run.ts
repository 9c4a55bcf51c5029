// A kill session for SPEC §6: label the demo study with real key presses in our own Chromium,
// SIGKILL it at a seeded random moment, relaunch on the same profile, check that every save
// the app acknowledged is on disk, and label on. Shared by the normal and the 20-kill runs.

import type { Page } from 'playwright-core';
import { createPrng, type Prng } from '../../shared/random/prng';
import type { WebApp } from './harness';
import { expect } from 'vitest';
import { checkAcknowledged, describeLosses, type Acknowledgement, type KillVerdict, type Loss } from './kill-check';
import { createProfileDir, launchKillableChromium, readStoredLabels, recordAcknowledgements } from './kill-harness';

export interface KillRunOptions {
  kills: number;
  seed: number;
  /** Labelling time before the kill, drawn uniformly from this range (ms after the workspace is ready). */
  lifeMs: readonly [number, number];
  /** Chance that a launch is killed while the app is still starting, instead of while labelling. */
  startupKillChance?: number;
  studyId?: string;
  log?: (line: string) => void;
}

export interface KillRunResult {
  kills: number;
  /** The verdict after the last relaunch, over every acknowledgement of the run. */
  verdict: KillVerdict;
  /** Losses seen at any relaunch (a later save could hide one from the final verdict). */
  lostAtAnyKill: Loss[];
  /** Labels stored for the annotator at the end. */
  stored: number;
  pageErrors: string[];
  /** Units whose saved indicator showed `error`. */
  saveErrors: string[];
  /** Notes written through the note editor. */
  notes: number;
  /** Notes whose typing moved the current unit: letters typed into the editor reached the shortcuts. */
  noteTypingMovedUnit: number;
  /**
   * Relaunches that opened the workspace just past an unlabelled unit: the resume position
   * reached the disk ahead of labels that were still queued, so the annotator is taken past
   * units whose labels the kill lost (they were shown, never acknowledged) without seeing them.
   */
  resumeGaps: string[];
  /** Key presses sent to the workspace. */
  presses: number;
}

interface Counters {
  presses: number;
  notes: number;
  noteTypingMovedUnit: number;
}

const TASK = 'answer';
const LABEL_KEYS = ['y', 'n', 'i', 'y', 'n', 'i', '1', '2', '3'];
const READY = '[data-testid="workspace"][data-ready="true"]';
// Letters of every shortcut, typed into the note editor, where they must stay text.
const NOTE_TEXT = 'kill test note: yes, no, skip? just jot it';

export async function runKillSession(app: WebApp, options: KillRunOptions): Promise<KillRunResult> {
  const studyId = options.studyId ?? 'demo-study';
  const log = options.log ?? (() => undefined);
  const prng = createPrng(options.seed);
  const profile = createProfileDir();
  const acks: Acknowledgement[] = [];
  const lostAtAnyKill: Loss[] = [];
  const pageErrors: string[] = [];
  const saveErrors: string[] = [];
  const resumeGaps: string[] = [];
  const counters: Counters = { presses: 0, notes: 0, noteTypingMovedUnit: 0 };
  let verdict: KillVerdict | undefined;
  let stored = 0;

  try {
    for (let life = 1; life <= options.kills + 1; life++) {
      const browser = await launchKillableChromium(profile.path);
      let killed: Promise<void> | undefined;
      try {
        if (life > 1) {
          const found = await readStoredLabels(browser.context, app.url, studyId);
          verdict = checkAcknowledged(
            acks,
            found.labels.filter((label) => label.task === TASK),
          );
          stored = found.labels.length;
          lostAtAnyKill.push(...verdict.lost);
          log(
            `after kill ${life - 1}: ${verdict.acknowledged} acknowledged, ${verdict.found} found, ${verdict.lost.length} lost (${stored} stored for ${found.annotatorId})`,
          );
        }
        if (life > options.kills) break;

        const page = await browser.context.newPage();
        page.on('pageerror', (error) => pageErrors.push(`launch ${life}: ${error.message}`));
        page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
        await recordAcknowledgements(page, (report) => {
          if (report.kind === 'ack') acks.push({ ...report.ack, life });
          else saveErrors.push(`launch ${life}: ${report.unitId}`);
        });

        const workspaceUrl = `${app.url}#/study/${encodeURIComponent(studyId)}/label/${TASK}`;
        const atStartup = life > 1 && prng.chance(options.startupKillChance ?? 0);
        const lifeMs = atStartup ? prng.int(0, 1_500) : prng.int(options.lifeMs[0], options.lifeMs[1]);
        let stop = false;
        const killAfter = (ms: number) =>
          new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => {
            stop = true;
            return browser.kill();
          });

        if (atStartup) {
          killed = killAfter(lifeMs);
          await page.goto(workspaceUrl).catch(() => undefined);
          await killed;
          log(`launch ${life}: killed ${lifeMs} ms into start-up`);
          continue;
        }
        if (life === 1) {
          // A fresh profile: the first start imports the demo study.
          await page.goto(app.url);
          await page.locator(`tr[data-study-id="${studyId}"]`).waitFor({ timeout: 60_000 });
        }
        await page.goto(workspaceUrl);
        await page.locator(READY).waitFor({ timeout: 60_000 });
        const resumedAt = await page.getAttribute('[data-testid="current-unit"]', 'data-unit-id');
        if (life > 1) {
          const gap = await unlabelledBefore(page);
          if (gap) resumeGaps.push(`launch ${life} resumed at ${resumedAt}, after unlabelled ${gap}`);
        }
        const before = acks.length;
        killed = killAfter(lifeMs);
        try {
          await label(page, prng, () => stop, acks, counters, workspaceUrl);
        } catch (error) {
          if (!stop) throw error; // a failure of its own, not the kill cutting a call short
        }
        await killed;
        log(`launch ${life}: resumed at ${resumedAt}, killed after ${lifeMs} ms, ${acks.length - before} saves acknowledged`);
      } finally {
        await (killed ?? browser.kill());
      }
    }
  } finally {
    profile.remove();
  }

  if (!verdict) throw new Error('a kill session needs at least one kill');
  return { kills: options.kills, verdict, lostAtAnyKill, stored, pageErrors, saveErrors, resumeGaps, ...counters };
}

/**
 * Labels until told to stop: bursts of label keys without waiting for saves, unsure marks,
 * notes, and re-labels (back with K, then a label key) so revisions above 1 occur. At the end
 * of the queue (the current unit stopped moving), jumps back to a labelled unit and labels
 * on, revising as it goes.
 */
async function label(
  page: Page,
  prng: Prng,
  stopped: () => boolean,
  acks: readonly Acknowledgement[],
  counters: Counters,
  workspaceUrl: string,
): Promise<void> {
  const press = async (key: string) => {
    await page.keyboard.press(key);
    counters.presses++;
  };
  let lastSeen: string | null = null;
  for (let round = 0; !stopped(); round++) {
    const draw = prng.next();
    if (draw < 0.05) await writeNote(page, counters);
    else if (draw < 0.15) {
      await press('k');
      await press(prng.pick(LABEL_KEYS));
    } else if (draw < 0.22) await press('s');
    else for (let n = prng.int(1, 8); n > 0; n--) await press(prng.pick(LABEL_KEYS));
    if (prng.chance(0.3)) await page.waitForTimeout(prng.int(0, 150));
    if (round % 8 !== 7) continue;
    // Eight rounds hold label bursts with near certainty, so a unit that did not change is the last one.
    const current = await page.getAttribute('[data-testid="current-unit"]', 'data-unit-id');
    const stuck = current === lastSeen;
    lastSeen = current;
    if (stuck && acks.length > 0) {
      const unit = prng.pick(acks).unitId;
      await page.evaluate((hash) => (window.location.hash = hash), new URL(`${workspaceUrl}/${encodeURIComponent(unit)}`).hash);
      await page.locator(`[data-testid="current-unit"][data-unit-id="${unit}"]`).waitFor({ timeout: 60_000 });
    }
  }
}

/**
 * Steps back one unit (K) and forward again (J): the unit id before the current one if it has
 * no label. The driver never skips a unit, so after a relaunch the unit before the resumed one
 * must be labelled, unless the position was stored ahead of the labels.
 */
async function unlabelledBefore(page: Page): Promise<string | undefined> {
  const current = page.getByTestId('current-unit');
  const resumed = await current.getAttribute('data-unit-id');
  await page.keyboard.press('k');
  await page
    .waitForFunction((id) => document.querySelector('[data-testid="current-unit"]')?.getAttribute('data-unit-id') !== id, resumed, { timeout: 10_000 })
    .catch(() => undefined);
  const previous = await current.getAttribute('data-unit-id');
  if (previous === resumed) return undefined; // the first unit: nothing before it
  const state = await current.getByTestId('saved-indicator').getAttribute('data-state');
  await page.keyboard.press('j');
  await page.locator(`[data-testid="current-unit"][data-unit-id="${resumed}"]`).waitFor({ timeout: 60_000 });
  return state === 'unsaved' ? (previous ?? undefined) : undefined;
}

async function writeNote(page: Page, counters: Counters): Promise<void> {
  const unitBefore = await page.getAttribute('[data-testid="current-unit"]', 'data-unit-id');
  await page.keyboard.press('e');
  counters.presses++;
  const editor = page.getByTestId('note-editor');
  await editor.waitFor({ timeout: 60_000 });
  await page.keyboard.type(NOTE_TEXT);
  const unitAfter = await page.getAttribute('[data-testid="current-unit"]', 'data-unit-id');
  if (unitAfter !== unitBefore) counters.noteTypingMovedUnit++;
  await page.keyboard.press('Control+Enter');
  counters.presses++;
  await editor.waitFor({ state: 'hidden', timeout: 60_000 });
  counters.notes++;
}

/** The line a kill run prints: kills, acknowledged, found and lost labels, and what the run did. */
export function killSummary(result: KillRunResult): string {
  const { verdict } = result;
  return `kill test: ${result.kills} kills, ${verdict.acknowledged} labels acknowledged, ${verdict.found} found, ${verdict.lost.length} lost (${verdict.units} units, ${verdict.revisedUnits} revised, ${result.notes} notes, ${result.presses} key presses; ${result.resumeGaps.length} relaunches resumed past an unlabelled unit)`;
}

/** What every kill run must show: no acknowledged label lost at any relaunch, and nothing else gone wrong. */
export function expectNothingLost(result: KillRunResult): void {
  expect(describeLosses(result.lostAtAnyKill)).toBe('');
  expect(result.verdict.acknowledged).toBeGreaterThan(0);
  // Resuming past a unit the kill left unlabelled hides the loss of a label shown on screen.
  expect(result.resumeGaps).toEqual([]);
  expect(result.noteTypingMovedUnit).toBe(0);
  expect(result.saveErrors).toEqual([]);
  expect(result.pageErrors).toEqual([]);
}
