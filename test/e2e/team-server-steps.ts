// The steps of the team tests that a lead and an annotator take the same way in each, and the team
// they take them for: the lead assigns the demo study, connects it to the team server (reloading
// when the page asks) and invites the team; an annotator opens their invitation link and joins.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { parseInvitation, type Invitation } from '../../shared/sync/invitation';
import type { TeamServer } from '../support/team-server';
import { downloads } from './harness';

export interface TeamMember {
  id: string;
  name: string;
}

/** The three annotators the lead assigns the demo study to. */
export const TEAM: readonly TeamMember[] = [
  { id: 'ann-1', name: 'Ann One' },
  { id: 'ann-2', name: 'Ann Two' },
  { id: 'ann-3', name: 'Ann Three' },
];

/** Assigns the study (on its Team page) to the team: each puzzle to `overlap` of them, seeded. */
export async function assignTeam(page: Page, appUrl: string, studyId: string, team: readonly TeamMember[], overlap: number): Promise<void> {
  await page.goto(`${appUrl}#/study/${encodeURIComponent(studyId)}/team`);
  await page.getByTestId('annotator-list').fill(team.map((member) => `${member.id}, ${member.name}`).join('\n'));
  await page.getByTestId('overlap').fill(String(overlap));
  await page.getByTestId('seed').fill('7');
  await page.getByTestId('assign').click();
  await expect.poll(() => page.locator('[data-load-annotator]').count(), { timeout: 60_000 }).toBe(team.length);
}

/** Connects the lead's study, reloading once if the page's policy must first admit the server. */
export async function connectLead(page: Page, teamServer: TeamServer): Promise<void> {
  const section = page.getByTestId('team-server');
  await section.getByLabel('Server address').fill(teamServer.url);
  await section.getByLabel('Admin user name').fill(teamServer.admin.user);
  await section.getByLabel('Admin password').fill(teamServer.admin.password);
  await section.getByRole('button', { name: 'Connect' }).click();
  const connected = page.locator('[data-testid="team-server"][data-connected="true"]');
  const reload = page.getByTestId('team-server-reload');
  await expect.poll(async () => (await connected.count()) + (await reload.count()), { timeout: 60_000 }).toBeGreaterThan(0);
  if ((await reload.count()) > 0) {
    await reload.getByRole('button').click();
    await page.getByTestId('team-server').getByRole('button', { name: 'Connect' }).click();
  }
  await connected.waitFor({ timeout: 60_000 });
}

/** Invites the team: each member's invitation file as saved, and the link the page shows for them. */
export async function inviteTeam(page: Page, dir: string, team: readonly TeamMember[]): Promise<Map<string, { invitation: Invitation; link: string }>> {
  const saved = await downloads(page, dir, team.length, () => page.getByRole('button', { name: 'Invite the annotators…' }).click());
  const invited = new Map<string, { invitation: Invitation; link: string }>();
  for (const [name, path] of saved) {
    const parsed = parseInvitation({ name, text: readFileSync(path, 'utf8') });
    if (!parsed.ok) throw new Error(`${name} does not parse`);
    const member = parsed.value.annotator;
    const link = await page.getByLabel(`Invitation link for ${member.name}`, { exact: true }).inputValue();
    invited.set(member.id, { invitation: parsed.value, link });
  }
  return invited;
}

/** Opens the invitation link in a profile that holds only the untouched demo study, and joins. */
export async function joinByLink(page: Page, studyId: string, link: string): Promise<void> {
  await page.locator(`tr[data-study-id="${studyId}"]`).waitFor({ timeout: 60_000 });
  await page.goto(link);
  await page.getByTestId('invitation-facts').waitFor({ timeout: 60_000 });
  // An invitation opens in annotator mode, before anything is joined (issue 29).
  await expect.poll(() => page.getByTestId('mode').textContent()).toBe('Annotator mode');
  await page.getByRole('button', { name: 'Join' }).click();
  await page.waitForURL(new RegExp(`#/study/${studyId}$`), { timeout: 60_000 });
  expect(page.url()).not.toContain('invitation');
  await expect.poll(() => page.getByTestId('mode').textContent()).toBe('Annotator mode');
}
