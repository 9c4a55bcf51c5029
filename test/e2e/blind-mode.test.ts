// SPEC §5 end to end, in real Chromium with the first-start demo study: in annotator mode the
// study overview and every session's transcript show no judge label, judge reply or judge model
// name, nor the annotator's own labels; the mode survives a reload; going back to lead mode asks
// first and shows the judges' badges again with the annotator's label beside them by name.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { StudyData, Turn } from '../../shared/domain/model';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { dumpDatabase, openApp, REPO_ROOT, useAppInChromium } from './harness';

const CONFIRMATION = 'Lead mode shows judge labels and agreement figures. Switch?';

function demoStudy(): StudyData {
  const result = parseTranscriptBundle({ name: 'demo-study.json', text: readFileSync(`${REPO_ROOT}assets/demo-study.json`, 'utf8') });
  if (!result.ok) throw new Error('assets/demo-study.json does not parse');
  return result.value;
}

const demo = demoStudy();
const studyId = demo.study.id;

function turnsOf(sessionId: string): Turn[] {
  return demo.turns.filter((turn) => turn.sessionId === sessionId).sort((a, b) => a.index - b.index);
}

function judgeNamesOf(turn: Turn): string[] {
  return Object.keys(turn.judgements);
}

/** Opens a place of the app by its URL, as someone pasting a link would. */
async function visit(page: Page, hash: string) {
  await page.goto(`${chromiumApp.app().url}${hash}`);
}

function bodyText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** Elements inside the conversation with a class starting with `label-` (judge label badges). */
function labelElementCount(page: Page): Promise<number> {
  return page.evaluate(
    () => [...document.querySelectorAll('.conversation *')].filter((element) => [...element.classList].some((name) => name.startsWith('label-'))).length,
  );
}

/** Waits until the conversation shows exactly this session's turns (not the previous session's). */
async function waitForTranscript(page: Page, sessionId: string) {
  const expected = turnsOf(sessionId).map((turn) => turn.id);
  await expect
    .poll(() => page.locator('.conversation li[data-turn-id]').evaluateAll((items) => items.map((item) => item.getAttribute('data-turn-id'))), {
      timeout: 60_000,
    })
    .toEqual(expected);
}

const chromiumApp = useAppInChromium();

describe('annotator mode is blind', () => {
  it('hides every judge label, reply and model name from the overview and every transcript, until lead mode is confirmed', async () => {
    const allJudges = [...new Set(demo.turns.flatMap(judgeNamesOf))].sort();
    expect(allJudges).toEqual(['arbiter-large', 'arbiter-large (order swapped)', 'arbiter-mini']);

    const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
    // The harness accepts every dialog; this records what they asked.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => dialogs.push(dialog.message()));
    await expect.poll(() => page.locator(`tr[data-study-id="${studyId}"]`).count(), { timeout: 60_000 }).toBe(1);
    const mode = page.getByTestId('mode');
    expect(await mode.textContent()).toBe('Lead mode');

    await page.getByRole('button', { name: 'Switch to annotator mode' }).click();
    await expect.poll(() => mode.textContent()).toBe('Annotator mode');
    expect(dialogs).toEqual([]);

    await page.reload();
    await expect.poll(() => mode.textContent(), { timeout: 60_000 }).toBe('Annotator mode');

    await visit(page, `#/study/${encodeURIComponent(studyId)}`);
    await expect.poll(() => page.locator('.session-list button').count(), { timeout: 60_000 }).toBe(demo.sessions.length);
    expect(await page.getByRole('heading', { name: 'Sessions by player', exact: true }).count()).toBe(1);
    const overview = await bodyText(page);
    for (const judge of allJudges) expect(overview).not.toContain(judge);

    for (const session of demo.sessions) {
      await visit(page, `#/study/${encodeURIComponent(studyId)}/session/${encodeURIComponent(session.id)}`);
      await waitForTranscript(page, session.id);
      const text = await bodyText(page);
      expect(text).toContain(`player ${session.player}`);
      for (const turn of turnsOf(session.id)) {
        expect(text).toContain(turn.text);
        if (turn.judgeReply !== undefined) expect(text, `reply of ${turn.id}`).not.toContain(turn.judgeReply);
        for (const judge of judgeNamesOf(turn)) expect(text, `judge of ${turn.id}`).not.toContain(judge);
      }
      expect(await labelElementCount(page), session.id).toBe(0);
    }
    expect(dialogs).toEqual([]);

    // The annotator labels a question of the last session; their transcript still shows no label.
    const last = demo.sessions.at(-1)!;
    const lastTurns = turnsOf(last.id);
    const labelled = lastTurns.find((turn) => turn.type === 'question')!;
    await visit(page, `#/study/${encodeURIComponent(studyId)}/label/answer/${encodeURIComponent(labelled.id)}`);
    await page.locator(`[data-testid="current-unit"][data-unit-id="${labelled.id}"]`).waitFor({ timeout: 60_000 });
    await page.keyboard.press('y');
    await page.locator(`[data-unit-row][data-state="saved"]`).first().waitFor({ timeout: 60_000 });
    const annotators = (await dumpDatabase(page)).annotators as { id: string; name: string }[];
    expect(annotators).toHaveLength(1);
    const annotatorName = annotators[0]!.name;
    await visit(page, `#/study/${encodeURIComponent(studyId)}/session/${encodeURIComponent(last.id)}`);
    await waitForTranscript(page, last.id);
    const blindText = await bodyText(page);
    expect(blindText).not.toContain(annotatorName);
    expect(blindText).not.toContain('Annotators');
    expect(await labelElementCount(page)).toBe(0);

    await page.getByRole('button', { name: 'Switch to lead mode…' }).click();
    await expect.poll(() => mode.textContent()).toBe('Lead mode');
    expect(dialogs).toEqual([CONFIRMATION]);
    const badges = lastTurns.reduce((sum, turn) => sum + judgeNamesOf(turn).length, 0);
    expect(badges).toBeGreaterThan(0);
    // Lead mode: the judges' badges and, beside them, the annotator's label by display name.
    await expect.poll(() => labelElementCount(page)).toBe(badges + 1);
    expect(await page.locator(`li[data-turn-id="${labelled.id}"] [data-raters="annotators"] .badge`).textContent()).toBe(`${annotatorName} yes`);
    const leadText = await bodyText(page);
    for (const judge of allJudges) expect(leadText).toContain(judge);
    for (const turn of lastTurns) if (turn.judgeReply !== undefined) expect(leadText).toContain(turn.judgeReply);

    await page.reload();
    await waitForTranscript(page, last.id);
    expect(await mode.textContent()).toBe('Lead mode');
    await expect.poll(() => labelElementCount(page)).toBe(badges + 1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
