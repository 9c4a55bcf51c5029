// The protection check end to end (issue 29 point 4), in real Chromium with real IndexedDB against
// pouchdb-server on loopback: the lead connects the demo study and invites the team; a server admin
// deletes one annotator database's validation function behind the lead's back; the Team page shows
// a red warning naming that database, before any document is written; Restore protection puts the
// lead's validation function back on the server, the audit log keeps it, and the warning goes.

import { afterAll, describe, expect, it } from 'vitest';
import { DESIGN_DOC_ID, validationSource } from '../../shared/sync/validation-function';
import type { Study } from '../../shared/domain/model';
import { scratchDir } from '../scratch-dir';
import { startTeamServer, type TeamServer } from '../support/team-server';
import { dumpDatabase, openApp, useAppInChromium } from './harness';
import { assignTeam, connectLead, inviteTeam, TEAM } from './team-server-steps';

const STUDY_ID = 'demo-study';

const chromiumApp = useAppInChromium();
let teamServer: TeamServer | undefined;
afterAll(async () => {
  await teamServer?.close();
});

describe('the protection check', () => {
  it('warns of a deleted validation function on the Team page, and Restore protection puts it back', { timeout: 300_000 }, async () => {
    const dir = scratchDir('agreement-studio-team-protection-');
    const appUrl = chromiumApp.app().url;
    const server = await startTeamServer({ allowOrigins: [new URL(appUrl).origin] });
    teamServer = server;

    const lead = await openApp(chromiumApp.browser(), chromiumApp.app());
    const { page } = lead;
    await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
    await assignTeam(page, appUrl, STUDY_ID, TEAM, 2);
    await connectLead(page, server);
    const invited = await inviteTeam(page, dir, TEAM);
    const invitation = invited.get('ann-2')?.invitation;
    if (invitation === undefined) throw new Error('expected an invitation for ann-2');
    const rows = page.locator('[data-database-row]');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(TEAM.length);
    await expect.poll(() => page.locator('[data-database-row][data-state="current"]').count(), { timeout: 60_000 }).toBe(TEAM.length);
    expect(await page.getByTestId('team-server-protection').count()).toBe(0);

    const design = (await server.adminRequest('GET', `${invitation.database}/${DESIGN_DOC_ID}`)).json as { _rev: string };
    expect((await server.adminRequest('DELETE', `${invitation.database}/${DESIGN_DOC_ID}?rev=${design._rev}`)).status).toBe(200);

    const warning = page.getByTestId('team-server-protection');
    await warning.waitFor({ timeout: 60_000 });
    expect(await warning.locator('[data-protection-database]').allTextContents()).toEqual([
      `${invitation.database} (ann-2): the validation function is gone from the server, so it takes any document`,
    ]);
    expect(await page.locator('[data-database-row="ann-2"]').getAttribute('data-protection-changed')).toBe('true');

    await warning.getByRole('button', { name: 'Restore protection' }).click();
    expect(await page.getByTestId('team-server-protection-restored').textContent({ timeout: 60_000 })).toBe(
      `Protection restored on 1 database (${invitation.database}), kept in the audit log.`,
    );
    const dump = await dumpDatabase(page);
    const study = (dump.studies as Study[]).find((candidate) => candidate.id === STUDY_ID);
    if (study === undefined) throw new Error('expected the demo study');
    const back = await server.adminRequest('GET', `${invitation.database}/${DESIGN_DOC_ID}`);
    expect(back.status).toBe(200);
    expect((back.json as { validate_doc_update?: string }).validate_doc_update).toBe(
      validationSource({ studyId: STUDY_ID, annotatorId: 'ann-2', user: invitation.user, scheme: study.scheme }),
    );
    const audit = (dump.audit as Array<{ kind: string; detail: string }>).filter((entry) => entry.kind === 'sync:protection-restored');
    expect(audit.map((entry) => JSON.parse(entry.detail) as { database: string })).toEqual([expect.objectContaining({ database: invitation.database })]);
    // The restore woke the pull, whose next pass finds the protection intact again.
    await expect.poll(() => warning.count(), { timeout: 60_000 }).toBe(0);
    expect(await page.locator('[data-database-row="ann-2"]').getAttribute('data-protection-changed')).toBe('false');
    expect(lead.pageErrors).toEqual([]);
    await lead.context.close();
  });
});
