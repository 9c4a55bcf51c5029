// Team sync through a CouchDB-protocol server end to end, in real Chromium with real IndexedDB
// against pouchdb-server on loopback (allowing the web app's origin, as a lead configures CouchDB):
// the lead assigns the demo study, connects it to the server with an admin account (reloading
// when the page asks), invites the annotators and gets their invitation files and links; an
// annotator opens their link in a fresh profile, joins (the study replaces the untouched demo, in
// annotator mode), labels every difficulty unit by keyboard and sees "Synced"; the lead's pull
// merges every one of those labels, once. No password is in either profile's IndexedDB.

import { afterAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../scratch-dir';
import { startTeamServer, type TeamServer } from '../support/team-server';
import { dumpDatabase, openApp, useAppInChromium } from './harness';
import { labelQueue } from './team-labelling';
import { assignTeam, connectLead, inviteTeam, joinByLink, TEAM } from './team-server-steps';

const STUDY_ID = 'demo-study';

const chromiumApp = useAppInChromium();
// Started by the test, which needs the app's origin for it; closed even when the test fails.
let teamServer: TeamServer | undefined;
afterAll(async () => {
  await teamServer?.close();
});

describe('team sync through a team server', () => {
  it('lead connects and invites; an annotator joins by link, labels, and every label reaches the lead once', { timeout: 300_000 }, async () => {
    const dir = scratchDir('agreement-studio-team-server-');
    const appUrl = chromiumApp.app().url;
    teamServer = await startTeamServer({ allowOrigins: [new URL(appUrl).origin] });

    const lead = await openApp(chromiumApp.browser(), chromiumApp.app());
    await lead.page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
    await assignTeam(lead.page, appUrl, STUDY_ID, TEAM, 2);
    await connectLead(lead.page, teamServer);
    const invited = await inviteTeam(lead.page, dir, TEAM);
    expect([...invited.keys()].sort()).toEqual(TEAM.map((member) => member.id));
    const link = invited.get('ann-1')?.link ?? '';
    expect(link.startsWith(`${appUrl}#/invitation/`)).toBe(true);

    // The annotator: a fresh profile opens the link and joins.
    const annotator = await openApp(chromiumApp.browser(), chromiumApp.app());
    const { page } = annotator;
    await joinByLink(page, STUDY_ID, link);
    const total = await labelQueue(page, appUrl, STUDY_ID, 'difficulty', 0);
    expect(total).toBeGreaterThan(0);
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
      for (const { invitation } of invited.values()) expect(text.includes(invitation.password), `a password in the ${who}'s IndexedDB`).toBe(false);
    }
    expect(lead.pageErrors).toEqual([]);
    expect(annotator.pageErrors).toEqual([]);
    await lead.context.close();
    await annotator.context.close();
  });
});
