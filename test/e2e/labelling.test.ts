// The labelling workspace end to end, in real Chromium with real IndexedDB and real key
// presses: the whole first-start demo study labelled by keyboard alone (15 difficulty ratings,
// 280 answers, 43 matches, some unsure, notes), everything still there after a reload (in the
// DOM and on disk), resuming where the annotator left off, and no judge reply or judge model
// anywhere on the page while labelling.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Label, Task } from '../../shared/domain/model';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { dumpDatabase, openApp, REPO_ROOT, useAppInChromium } from './harness';

const DEMO_PATH = `${REPO_ROOT}assets/demo-study.json`;
const ANNOTATOR = 'annotator-1';
const READY = '[data-testid="workspace"][data-ready="true"]';

const parsed = parseTranscriptBundle({ name: 'demo-study.json', text: readFileSync(DEMO_PATH, 'utf8') });
if (!parsed.ok) throw new Error('assets/demo-study.json does not parse');
const demo = parsed.value;
const studyId = demo.study.id;
const judgeReplies = [...new Set(demo.turns.flatMap((turn) => (turn.judgeReply === undefined ? [] : [turn.judgeReply])))];
const judgeNames = [...new Set([...demo.sessions.map((session) => session.judge), ...demo.turns.flatMap((turn) => Object.keys(turn.judgements))])];

interface Expected {
  value: string;
  unsure: boolean;
  note: string;
}

const chromiumApp = useAppInChromium();

const workspaceUrl = (task: Task, unitId?: string) =>
  `${chromiumApp.app().url}#/study/${studyId}/label/${task}${unitId === undefined ? '' : `/${encodeURIComponent(unitId)}`}`;

async function openWorkspace(page: Page, task: Task, unitId?: string) {
  await page.goto(workspaceUrl(task, unitId));
  await page.locator(`${READY}[data-task="${task}"]`).waitFor({ timeout: 60_000 });
  if (unitId !== undefined) await page.locator(`[data-testid="current-unit"][data-unit-id="${unitId}"]`).waitFor();
}

const currentUnit = (page: Page) => page.getAttribute('[data-testid="current-unit"]', 'data-unit-id').then((id) => id ?? '');

/** Labels stored for the annotator, by task and unit. */
async function storedLabels(page: Page): Promise<Map<string, Label>> {
  const dump = await dumpDatabase(page);
  const labels = (dump.labels as Label[]).filter((label) => label.studyId === studyId && label.annotatorId === ANNOTATOR);
  return new Map(labels.map((label) => [`${label.task}/${label.unitId}`, label]));
}

async function waitForStored(page: Page, task: Task, count: number) {
  await expect.poll(async () => [...(await storedLabels(page)).keys()].filter((key) => key.startsWith(`${task}/`)).length, { timeout: 60_000 }).toBe(count);
  await expect.poll(() => page.locator('[data-unit-row][data-state="saving"]').count()).toBe(0);
}

/** Types a note after E and saves it with Ctrl+Enter, all by keyboard. */
async function writeNote(page: Page, text: string) {
  await page.keyboard.press('e');
  await page.getByTestId('note-editor').waitFor();
  await page.keyboard.type(text);
  await page.keyboard.press('Control+Enter');
  await page.getByTestId('note-editor').waitFor({ state: 'hidden' });
}

async function expectBlind(page: Page, where: string) {
  const text = await page.evaluate(() => document.body.innerText);
  for (const reply of judgeReplies) expect(text.includes(reply), `${where} shows the judge reply "${reply}"`).toBe(false);
  for (const name of judgeNames) expect(text.includes(name), `${where} shows the judge model "${name}"`).toBe(false);
}

/**
 * Labels every unit of a task from the first, one key per unit, reading which unit is current
 * before each press. `before` may flag the unit first (S, or a note typed after E).
 */
async function labelTask(
  page: Page,
  task: Task,
  keyFor: (index: number) => { key: string; value: string },
  before: (index: number) => Promise<Partial<Expected>>,
  expected: Map<string, Expected>,
  afterPress?: (index: number) => Promise<void>,
) {
  const total = Number(await page.getByTestId('progress').getAttribute('data-total'));
  const order: string[] = [];
  for (let index = 0; index < total; index++) {
    const unitId = await currentUnit(page);
    const flags = await before(index);
    const { key, value } = keyFor(index);
    await page.keyboard.press(key);
    order.push(unitId);
    expected.set(`${task}/${unitId}`, { value, unsure: flags.unsure ?? false, note: flags.note ?? '' });
    await afterPress?.(index);
  }
  return order;
}

describe('labelling the demo study by keyboard', () => {
  it(
    'labels every unit of the three tasks, keeps labels, flags and notes after a reload, resumes, and never shows the judge',
    { timeout: 110_000 },
    async () => {
      const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
      await page.locator(`tr[data-study-id="${studyId}"]`).waitFor({ timeout: 60_000 });
      const expected = new Map<string, Expected>();
      const questions = demo.turns.filter((turn) => turn.type === 'question');
      const finals = demo.turns.filter((turn) => turn.type === 'final');
      const firstOf = async (task: Task) => {
        await openWorkspace(page, task);
        return currentUnit(page);
      };

      // Difficulty: 1-9 by digit, two puzzles marked unsure.
      expect(await firstOf('difficulty')).not.toBe('');
      const ratings = await labelTask(
        page,
        'difficulty',
        (index) => ({ key: String((index % 9) + 1), value: String((index % 9) + 1) }),
        async (index) => {
          if (index !== 3 && index !== 11) return {};
          await page.keyboard.press('s');
          return { unsure: true };
        },
        expected,
      );
      expect(new Set(ratings).size).toBe(demo.puzzles.length);
      await waitForStored(page, 'difficulty', demo.puzzles.length);
      expect(await page.getByTestId('progress').getAttribute('data-done')).toBe(String(demo.puzzles.length));

      // Answers: Y, N, I and 1, 2, 3 in turn; a few unsure; a note written before one label.
      const answerKeys = [
        { key: 'y', value: 'yes' },
        { key: 'n', value: 'no' },
        { key: 'i', value: 'irrelevant' },
        { key: '1', value: 'yes' },
        { key: '2', value: 'no' },
        { key: '3', value: 'irrelevant' },
      ];
      await firstOf('answer');
      const answers = await labelTask(
        page,
        'answer',
        (index) => answerKeys[index % answerKeys.length] as { key: string; value: string },
        async (index) => {
          if (index === 40) {
            await writeNote(page, 'The reference never says; yes seems closest.');
            return { note: 'The reference never says; yes seems closest.' };
          }
          if (index % 47 !== 5) return {};
          await page.keyboard.press('s');
          return { unsure: true };
        },
        expected,
        async (index) => {
          if (index % 40 === 0) await expectBlind(page, `answer unit ${index}`);
        },
      );
      expect(new Set(answers).size).toBe(questions.length);
      // On the last unit, which stays current after its label: a note on a saved label.
      const lastQuestion = await currentUnit(page);
      await writeNote(page, 'Irrelevant, I think: the clock does not matter.');
      const lastNote = 'Irrelevant, I think: the clock does not matter.';
      expected.set(`answer/${lastQuestion}`, { ...(expected.get(`answer/${lastQuestion}`) as Expected), note: lastNote });
      await waitForStored(page, 'answer', questions.length);
      const lastSave = page.locator('[data-testid="save-log"] span').last();
      await expect.poll(() => lastSave.getAttribute('data-note-length')).toBe(String(lastNote.length));
      expect(await lastSave.getAttribute('data-unit-id')).toBe(lastQuestion);
      expect(await lastSave.getAttribute('data-rev')).toBe('2');

      // Matches: M and X in turn, checking after every press that no judge text is on the page.
      await firstOf('match');
      await expectBlind(page, 'the first final answer');
      const matches = await labelTask(
        page,
        'match',
        (index) => (index % 3 === 2 ? { key: 'x', value: 'unmatched' } : { key: 'm', value: 'matched' }),
        async (index) => {
          if (index !== 20) return {};
          await page.keyboard.press('s');
          return { unsure: true };
        },
        expected,
        (index) => expectBlind(page, `final answer ${index + 1}`),
      );
      expect(new Set(matches).size).toBe(finals.length);
      await waitForStored(page, 'match', finals.length);
      // Step back three units, and wait until that position is remembered.
      for (let step = 0; step < 3; step++) await page.keyboard.press('k');
      const leftAt = await currentUnit(page);
      await expect
        .poll(
          async () =>
            ((await dumpDatabase(page)).meta as { key: string; value: unknown }[]).find(
              (entry) => entry.key === `labelling.position/${studyId}/${ANNOTATOR}/match`,
            )?.value,
        )
        .toBe(leftAt);

      await page.reload();
      await page.locator(`${READY}[data-task="match"]`).waitFor({ timeout: 60_000 });
      expect(await currentUnit(page)).toBe(leftAt);

      // On disk: exactly the labels given, with their flags and notes, each at revision 1 or 2.
      const stored = await storedLabels(page);
      expect(stored.size).toBe(demo.puzzles.length + questions.length + finals.length);
      for (const [key, want] of expected) {
        const label = stored.get(key);
        expect(label, key).toBeDefined();
        expect({ value: String(label?.value), unsure: label?.unsure, note: label?.note }, key).toEqual(want);
        expect(label?.rev, key).toBe(want.note !== '' && key === `answer/${lastQuestion}` ? 2 : 1);
        expect(label?.createdAt, key).toBeDefined();
      }
      const dump = await dumpDatabase(page);
      const audit = (dump.audit as { kind: string }[]).filter((entry) => entry.kind.startsWith('label:'));
      expect(audit.filter((entry) => entry.kind === 'label:set')).toHaveLength(stored.size);
      expect(audit.filter((entry) => entry.kind === 'label:note')).toHaveLength(1);
      expect(dump.annotators).toEqual([{ studyId, id: ANNOTATOR, name: 'Annotator 1' }]);

      // In the DOM: every unit of every task, walked by keyboard from the first, shows its label.
      for (const [task, order] of [
        ['difficulty', ratings],
        ['answer', answers],
        ['match', matches],
      ] as const) {
        const total = order.length;
        await openWorkspace(page, task);
        const progress = page.getByTestId('progress');
        expect([await progress.getAttribute('data-done'), await progress.getAttribute('data-total')]).toEqual([String(total), String(total)]);
        // The workspace resumes where it was left; go to the first unit through the address.
        await openWorkspace(page, task, order[0]);
        for (let index = 0; index < total; index++) {
          // After a long jump the list scrolls in the next frame and renders the new rows after it.
          await page.locator(`[data-unit-row][aria-selected="true"][data-unit-id="${order[index]}"]`).waitFor();
          const shown = await page.evaluate(() => {
            const unit = document.querySelector('[data-testid="current-unit"]');
            const row = document.querySelector('[data-unit-row][aria-selected="true"]');
            return {
              id: unit?.getAttribute('data-unit-id') ?? '',
              state: unit?.querySelector('[data-testid="saved-indicator"]')?.getAttribute('data-state'),
              pressed: unit?.querySelector('[data-testid="label-button"][aria-pressed="true"]')?.getAttribute('data-value'),
              row: {
                label: row?.getAttribute('data-label'),
                unsure: row?.getAttribute('data-unsure'),
                note: row?.getAttribute('data-has-note'),
                state: row?.getAttribute('data-state'),
              },
              note: unit?.querySelector('.unit-note')?.textContent ?? '',
            };
          });
          expect(shown.id).toBe(order[index]);
          const want = expected.get(`${task}/${shown.id}`) as Expected;
          expect(shown, shown.id).toEqual({
            id: shown.id,
            state: 'saved',
            pressed: want.value,
            row: { label: want.value, unsure: String(want.unsure), note: String(want.note !== ''), state: 'saved' },
            note: want.note === '' ? '' : `Note: ${want.note}`,
          });
          await page.keyboard.press('j');
        }
      }
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
