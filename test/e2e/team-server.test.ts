// Team sync through a CouchDB-protocol server end to end, in real Chromium with real IndexedDB
// against pouchdb-server on loopback (allowing the web app's origin, as a lead configures CouchDB):
// the lead assigns the demo study, connects it to the server with an admin account (reloading
// when the page asks), invites the annotators and gets their invitation files and links; an
// annotator opens their link in a fresh profile, joins (the study replaces the untouched demo, in
// annotator mode), labels every difficulty unit by keyboard and sees "Synced"; the lead's pull
// merges every one of those labels, once. No password is in either profile's IndexedDB.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { parseInvitation, type Invitation } from '../../shared/sync/invitation';
import { scratchDir } from '../scratch-dir';
import { startTeamServer, type TeamServer } from '../support/team-server';
import { downloads, dumpDatabase, openApp, useAppInChromium } from './harness';

const STUDY_ID = 'demo-study';
const TEAM = [
  { id: 'ann-1', name: 'Ann One' },
  { id: 'ann-2', name: 'Ann Two' },
  { id: 'ann-3', name: 'Ann Three' },
];
const READY = '[data-testid="workspace"][data-ready="true"]';

const chromiumApp = useAppInChromium();
let server: TeamServer | undefined;
afterAll(async () => {
  await server?.close();
});

/** Connects the lead's study, reloading once if the page's policy must first admit the server. */
async function connect(page: Page, teamServer: TeamServer): Promise<void> {
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

describe('team sync through a team server', () => {
  it('lead connects and invites; an annotator joins by link, labels, and every label reaches the lead once', { timeout: 300_000 }, async () => {
    const dir = scratchDir('agreement-studio-team-server-');
    const appUrl = chromiumApp.app().url;
    const teamServer = await startTeamServer({ allowOrigins: [new URL(appUrl).origin] });
    server = teamServer;

    const lead = await openApp(chromiumApp.browser(), chromiumApp.app());
    await lead.page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
    await lead.page.goto(`${appUrl}#/study/${STUDY_ID}/team`);
    await lead.page.getByTestId('annotator-list').fill(TEAM.map((member) => `${member.id}, ${member.name}`).join('\n'));
    await lead.page.getByTestId('overlap').fill('2');
    await lead.page.getByTestId('seed').fill('7');
    await lead.page.getByTestId('assign').click();
    await expect.poll(() => lead.page.locator('[data-load-annotator]').count(), { timeout: 60_000 }).toBe(TEAM.length);

    await connect(lead.page, teamServer);
    const saved = await downloads(lead.page, dir, TEAM.length, () => lead.page.getByRole('button', { name: 'Invite the annotators…' }).click());
    const invitations = new Map<string, Invitation>();
    for (const [name, path] of saved) {
      const parsed = parseInvitation({ name, text: readFileSync(path, 'utf8') });
      if (!parsed.ok) throw new Error(`${name} does not parse`);
      invitations.set(parsed.value.annotator.id, parsed.value);
    }
    expect([...invitations.keys()].sort()).toEqual(TEAM.map((member) => member.id));
    const link = await lead.page.getByLabel('Invitation link for Ann One', { exact: true }).inputValue();
    expect(link.startsWith(`${appUrl}#/invitation/`)).toBe(true);

    // The annotator: a fresh profile opens the link and joins.
    const annotator = await openApp(chromiumApp.browser(), chromiumApp.app());
    const { page } = annotator;
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
    await page.goto(link);
    await page.getByTestId('invitation-facts').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Join' }).click();
    await page.waitForURL(new RegExp(`#/study/${STUDY_ID}$`), { timeout: 60_000 });
    expect(page.url()).not.toContain('invitation');
    await expect.poll(() => page.getByTestId('mode').textContent()).toBe('Annotator mode');

    await page.goto(`${appUrl}#/study/${STUDY_ID}/label/difficulty`);
    await page.locator(`${READY}[data-task="difficulty"]`).waitFor({ timeout: 60_000 });
    const total = Number(await page.getByTestId('progress').getAttribute('data-total'));
    expect(total).toBeGreaterThan(0);
    for (let index = 0; index < total; index++) await page.keyboard.press(String((index % 9) + 1));
    await expect.poll(() => page.getByTestId('progress').getAttribute('data-done'), { timeout: 60_000 }).toBe(String(total));
    await expect.poll(() => page.getByTestId('sync-status').first().getAttribute('data-state'), { timeout: 120_000 }).toBe('synced');

    // The lead's pull merges each of them, once.
    const row = lead.page.locator('[data-database-row="ann-1"]');
    await expect.poll(() => row.getAttribute('data-labels-pulled'), { timeout: 120_000 }).toBe(String(total));
    const leadDump = await dumpDatabase(lead.page);
    const pulled = (leadDump.labels as Array<{ annotatorId: string; task: string }>).filter((label) => label.annotatorId === 'ann-1');
    expect(pulled).toHaveLength(total);
    expect(pulled.every((label) => label.task === 'difficulty')).toBe(true);
    expect(await row.getAttribute('data-refused')).toBe('0');

    const annotatorDump = await dumpDatabase(page);
    for (const [who, dump] of [
      ['lead', leadDump],
      ['annotator', annotatorDump],
    ] as const) {
      const text = JSON.stringify(dump);
      expect(text.includes(teamServer.admin.password), `the admin password in the ${who}'s IndexedDB`).toBe(false);
      for (const invitation of invitations.values()) expect(text.includes(invitation.password), `a password in the ${who}'s IndexedDB`).toBe(false);
    }
    expect(lead.pageErrors).toEqual([]);
    expect(annotator.pageErrors).toEqual([]);
    await lead.context.close();
    await annotator.context.close();
  });
});
