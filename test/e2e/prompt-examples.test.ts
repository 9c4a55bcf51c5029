// A prompt version with few-shot examples in the web app end to end in Chromium (issue 34 point 2),
// against the loopback chat server: with people's labels imported and the study's judge split set
// (written to IndexedDB here: the split's own controls are another change), the lead saves an edit
// of studio-1 with 2 examples a task from people's corrections of the demo's first judge, by
// keyboard and mouse, sees how many were chosen and the version listed with them, and runs it; the
// server's log shows every turn the examples of its task from other puzzles, and none of its own.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeSplitSetting } from '../../shared/domain/model';
import type { FewShotExample } from '../../shared/judge-run/few-shot-examples';
import { itemPromptSource } from '../../shared/judge-run/item-prompt';
import { builtInPrompt } from '../../shared/judge-run/prompts';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-chat-server';
import { scratchDir } from '../scratch-dir';
import { demo, labelFilesCorrecting } from './demo-files';
import { openApp, useAppInChromium } from './harness';
import { addLoopbackEndpoint, importLabels, savedVersion } from './judges-page';

const STUDY_ID = demo.study.id;
const MODEL = 'tiny-judge';
const JUDGE = 'arbiter-large';
const VERSION = 'studio-1-examples';
const SPLIT: JudgeSplitSetting = {
  seed: 4,
  shares: { examples: 0.2, development: 0.5, test: 0.3 },
  setAt: '2026-11-28T10:00:00.000Z',
  developmentJudges: [],
  testRuns: [],
};

const chromiumApp = useAppInChromium();
let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer({ allowOrigin: '*' });
});
afterAll(async () => {
  await server.close();
});

/** Sets the study's judge split in the page's database, as the split's own controls would. */
function setSplit(page: Page, split: JudgeSplitSetting): Promise<void> {
  return page.evaluate(
    ({ studyId, judgeSplit }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('agreement-studio');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('studies', 'readwrite');
          const studies = tx.objectStore('studies');
          const read = studies.get(studyId);
          read.onsuccess = () => studies.put({ ...read.result, judgeSplit });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { studyId: STUDY_ID, judgeSplit: split },
  );
}

/** An example as the prompt shows it (few-shot-block.ts). */
function shownText(example: FewShotExample): string {
  const turn = example.task === 'answer' ? `Question: ${example.question}` : `Final answer: ${example.finalAnswer}`;
  return `Story:\n${example.story}\n\nAnswer:\n${example.reference}\n\n${turn}\nReply: ${example.answer}`;
}

function contentOf(body: string): string {
  return (JSON.parse(body) as { messages: Array<{ content: string }> }).messages.map((message) => message.content).join('\n');
}

describe('a prompt version with few-shot examples in the app', () => {
  it(
    'is saved with 2 examples a task from the split, listed with them, and run with them, never a turn with its own puzzle’s',
    { timeout: 600_000 },
    async () => {
      const dir = scratchDir('agreement-studio-prompt-examples-');
      const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
      const url = chromiumApp.app().url;
      await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
      await importLabels(page, url, labelFilesCorrecting(dir, JUDGE), 2 * demo.turns.length);

      // No split yet: the dialog says what to do first.
      await page.goto(`${url}#/study/${STUDY_ID}/judges`);
      await page.getByRole('button', { name: 'Edit studio-1 as new version' }).click();
      let dialog = page.getByRole('dialog');
      await dialog.getByText('Set the split for improving the judge first.').waitFor();
      expect(await dialog.getByLabel(/Examples a task/).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await setSplit(page, SPLIT);
      // The endpoint: the page asks for a reload to reach its address, which also reads the split afresh.
      await addLoopbackEndpoint(page, { baseUrl: server.url, model: MODEL, concurrency: '8' });

      // The lead types the name and the count, keeps the first judge, and saves with Enter.
      await page.getByRole('button', { name: 'Edit studio-1 as new version' }).click();
      dialog = page.getByRole('dialog');
      await dialog.getByLabel("New version's name").click();
      await page.keyboard.type(VERSION);
      const count = dialog.getByLabel(/Examples a task/);
      await count.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('2');
      expect(await dialog.getByLabel('The judge people corrected').inputValue()).toBe(JUDGE);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached', timeout: 60_000 });

      const examples = (await savedVersion(page, VERSION))?.examples;
      if (examples === undefined) throw new Error('the version was saved without examples');
      expect(examples).toMatchObject({ studyId: STUDY_ID, from: JUDGE, count: 2 });
      expect(examples.chosen.answer).toHaveLength(2);
      expect(examples.chosen.match.length).toBeGreaterThan(0);
      const told = `${examples.chosen.answer.length} of 2 question examples and ${examples.chosen.match.length} of 2 final-answer examples, from people's corrections of ${JUDGE}`;
      expect(await page.getByTestId('prompt-version-saved').textContent()).toBe(`Saved ${VERSION} with ${told}.`);
      const listed = page.locator(`[data-prompt-version="${VERSION}"]`);
      expect(await listed.getByTestId('prompt-version-examples').textContent()).toBe(
        `Few-shot examples: ${told}, in the study ${demo.study.name}; runs on that study only.`,
      );
      expect(await listed.textContent()).toContain('Edited from studio-1');

      const form = page.locator('.judge-run-form');
      await form.getByLabel('Prompt version').selectOption(VERSION);
      const asked = server.log.length;
      await form.getByRole('button', { name: 'Start the run' }).click();
      await page.locator(`[data-testid="judge-runs"] li[data-judge="${MODEL}@${VERSION}"][data-run-state="finished"]`).waitFor({ timeout: 300_000 });

      // Each request's turn, found by the prompt studio-1 gives it without examples, which ends the request.
      const plain = itemPromptSource(demo, builtInPrompt('studio-1')!);
      const plainText = new Map(demo.turns.map((turn) => [turn.id, plain.textFor(turn.id)]));
      const requests = server.log.slice(asked).map((request) => contentOf(request.body));
      expect(requests).toHaveLength(demo.turns.length);
      const chosen = [...examples.chosen.answer, ...examples.chosen.match];
      let shown = 0;
      for (const content of requests) {
        const judged = demo.turns.find((turn) => content.endsWith(plainText.get(turn.id)!));
        if (judged === undefined) throw new Error(`a request for no turn of the study: ${content.slice(-200)}`);
        const task = judged.type === 'question' ? 'answer' : 'match';
        for (const example of chosen) {
          if (example.puzzleId === judged.puzzleId || example.task !== task)
            expect(content, `${judged.id} shown ${example.unitId}`).not.toContain(shownText(example));
          else {
            expect(content, `${judged.id} not shown ${example.unitId}`).toContain(shownText(example));
            shown++;
          }
        }
      }
      expect(shown).toBeGreaterThan(0);
      console.log(
        `${VERSION} (${told}) run on the demo study: ${requests.length} requests, examples shown ${shown} times, never to a turn of their own puzzle`,
      );
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
