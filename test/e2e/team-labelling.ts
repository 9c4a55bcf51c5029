// How the team tests' annotators label: real key presses through a task's whole queue, with keys
// that make annotators differ on some units, so agreement between them is not trivial.

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Task } from '../../shared/domain/model';

const READY = '[data-testid="workspace"][data-ready="true"]';

/** The key for the annotator's label of the i-th unit of a task's queue. */
export function keyFor(task: Task, annotator: number, index: number): string {
  if (task === 'difficulty') return String(((index + annotator) % 9) + 1);
  if (task === 'match') return (index + annotator) % 4 === 0 ? 'x' : 'm';
  return ['y', 'n', 'i'][(index % 5 === annotator ? index + 1 : index) % 3] as string;
}

/** Opens the task's workspace of a study no unit of which is labelled yet. */
export async function openWorkspace(page: Page, appUrl: string, studyId: string, task: Task): Promise<number> {
  await page.goto(`${appUrl}#/study/${encodeURIComponent(studyId)}/label/${task}`);
  await page.locator(`${READY}[data-task="${task}"]`).waitFor({ timeout: 60_000 });
  return Number(await page.getByTestId('progress').getAttribute('data-total'));
}

/** Labels every unit of the task's queue, from its first, by keyboard; returns how many. */
export async function labelQueue(page: Page, appUrl: string, studyId: string, task: Task, annotator: number): Promise<number> {
  const total = await openWorkspace(page, appUrl, studyId, task);
  for (let index = 0; index < total; index++) await page.keyboard.press(keyFor(task, annotator, index));
  await expect.poll(() => page.getByTestId('progress').getAttribute('data-done'), { timeout: 60_000 }).toBe(String(total));
  return total;
}
