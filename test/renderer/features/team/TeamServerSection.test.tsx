// @vitest-environment happy-dom
// The Team page's "Team server" section over a fake sync worker and a fake host: an address the
// host would refuse (plain http to another computer) is refused in words with nothing sent;
// connecting hands the password to the host alone (no IndexedDB table holds it) and starts the
// pull; a host asking for a reload shows the notice; inviting saves every invitation file and lists
// each link with the password warning; the pull's statuses fill the databases table, and a
// database the server cannot be reached for shows when the pull tries again, with Retry now; disconnect
// stops, forgets and removes the rows; a hand edit of the assignment updates that annotator's pack,
// and a new assignment from the setup form the packs of the invited annotators still on the team;
// coverage reloads as the pull merges labels; a database whose protection the pull found changed
// shows in red with what changed, and Restore protection asks the worker to put it back (issue 29).

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INVITATION_FORMAT, invitationFromLink, serializeInvitation, type Invitation } from '../../../../shared/sync/invitation';
import { connectionId, type SyncConnection, type TeamDatabase } from '../../../../shared/sync/stored-records';
import { assignTeam } from '../../../../renderer/db/team-setup';
import type { StudioDatabase } from '../../../../renderer/db/database';
import { TeamView } from '../../../../renderer/features/team/TeamView';
import type { LeadSyncStatus } from '../../../../renderer/workers/sync-protocol';
import { dumpTables } from '../../db/db-fixtures';
import { renderWithServices, studyId, teamSetup, useTeamPageHooks, workers } from './team-fixtures';

const PASSWORD = 'admin-secret-7731';
const SERVER = 'https://couch.example.org/';

useTeamPageHooks();
beforeEach(() => window.sessionStorage.clear());

async function renderTeam(host: 'electron' | 'browser' = 'browser') {
  const setup = await teamSetup('lead');
  setup.platform.appInfo.mockResolvedValue({ name: 'Agreement Studio', version: 'test', host });
  await assignTeam(setup.db, studyId, {
    annotators: [
      { id: 'ann-01', name: 'Ada' },
      { id: 'ann-02', name: 'Bea' },
    ],
    overlap: 2,
    seed: 1,
  });
  renderWithServices(<TeamView studyId={studyId} />, setup.services);
  await screen.findByTestId('team-server');
  return setup;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function connectWith(server: string, password = PASSWORD) {
  fill('Server address', server);
  fill('Admin user name', 'admin');
  fill('Admin password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
}

/** What the real connectLead stores once the account proves to be an admin. */
function storesConnection(db: StudioDatabase) {
  workers.sync.connectLead.mockImplementation(async (request) => {
    const connection: SyncConnection = {
      studyId: request.studyId,
      role: 'lead',
      server: request.server,
      user: request.user,
      // As the real connectLead: what the host said, else only for the session.
      credentialStorage: request.credentialStorage ?? 'session',
      connectedAt: '2026-11-24T10:00:00Z',
    };
    await db.syncConnections.put(connection);
  });
}

/** The annotator's row in the databases table, as the lead's set-up stores it. */
function teamDatabase(annotatorId: string, labelsPulled = 0): TeamDatabase {
  const name = `as-demo-${annotatorId}`;
  return { studyId, annotatorId, database: name, user: name, createdAt: '2026-11-24T10:00:00Z', packs: [], labelsPulled, refused: 0 };
}

function invitation(annotatorId: string, name: string): Invitation {
  return {
    format: INVITATION_FORMAT,
    server: SERVER,
    database: `as-demo-${annotatorId}`,
    user: `as-demo-${annotatorId}`,
    password: `pw-${annotatorId}-secret`,
    study: { id: studyId, name: 'Demo' },
    annotator: { id: annotatorId, name },
    createdAt: '2026-11-24T10:00:00Z',
  };
}

async function connected() {
  const setup = await renderTeam();
  storesConnection(setup.db);
  workers.sync.startLeadPull.mockReturnValue(new Promise(() => undefined));
  connectWith(SERVER);
  await screen.findByTestId('team-server-connection');
  return setup;
}

describe('the Team server section', () => {
  it('refuses a plain-http address on another computer in words and sends nothing', async () => {
    const { platform } = await renderTeam();
    connectWith('http://couch.example.org:5984/');
    const problem = await screen.findByTestId('team-server-problem');
    expect(problem.textContent).toContain('The server address cannot be used: the server address must start with https://');
    expect(problem.textContent).not.toContain(PASSWORD);
    expect(platform.teamServers.register).not.toHaveBeenCalled();
    expect(platform.teamServers.fetch).not.toHaveBeenCalled();
    expect(workers.sync.connectLead).not.toHaveBeenCalled();
  });

  it('gives the password to the host alone, connects as the lead and starts the pull', async () => {
    const { db, platform } = await connected();
    expect(platform.teamServers.register).toHaveBeenCalledExactlyOnceWith({
      connectionId: connectionId('lead', studyId),
      url: SERVER,
      user: 'admin',
      password: PASSWORD,
    });
    expect(workers.sync.connectLead).toHaveBeenCalledExactlyOnceWith(
      { studyId, server: SERVER, user: 'admin', credentialStorage: 'browser' },
      expect.any(Function),
    );
    expect(JSON.stringify(workers.sync.connectLead.mock.calls)).not.toContain(PASSWORD);
    expect(workers.sync.startLeadPull).toHaveBeenCalledWith(studyId, expect.any(Function), expect.any(Function));
    // The web build keeps it sealed and starts the pull again after a restart (issue 29, finding 5).
    const said = screen.getByTestId('team-server-connection').textContent;
    expect(said).toContain('encrypted by the browser');
    expect(said).toContain('starts again when the page is opened again');
    expect(said).not.toContain('until');
    expect(JSON.stringify(await dumpTables(db))).not.toContain(PASSWORD);
    // The worker's requests leave through the host's fetch.
    const fetch = workers.sync.connectLead.mock.calls[0]?.[1];
    await fetch?.({ connectionId: connectionId('lead', studyId), url: `${SERVER}_session`, method: 'GET', headers: [] });
    expect(platform.teamServers.fetch).toHaveBeenCalledOnce();
  });

  it.each([
    ['electron', 'until the app closes'],
    ['browser', 'until this page closes'],
  ] as const)('says a password kept for the session on the %s host lasts %s', async (host, until) => {
    const { db, platform } = await renderTeam(host);
    storesConnection(db);
    platform.teamServers.register.mockResolvedValueOnce({ credentialStorage: 'session', reloadToConnect: false });
    connectWith(SERVER);
    await screen.findByTestId('team-server-connection');
    await waitFor(() => expect(screen.getByTestId('team-server-connection').textContent).toContain(until));
    expect(screen.getByTestId('team-server-connection').textContent).toContain('asked for again');
  });

  it('lets go of the password when the account is not a server admin', async () => {
    const { db, platform } = await renderTeam();
    workers.sync.connectLead.mockRejectedValue(new Error('the account admin is not an admin of https://couch.example.org'));
    connectWith(SERVER);
    expect((await screen.findByTestId('team-server-problem')).textContent).toBe(
      'Not connected: the account admin is not an admin of https://couch.example.org',
    );
    expect(platform.teamServers.forget).toHaveBeenCalledWith(connectionId('lead', studyId));
    expect(workers.sync.startLeadPull).not.toHaveBeenCalled();
    expect(await db.syncConnections.count()).toBe(0);
  });

  it('shows the reload notice when the page must reload to reach the server, and connects nothing yet', async () => {
    const { platform } = await renderTeam();
    platform.teamServers.register.mockResolvedValueOnce({ credentialStorage: 'browser', reloadToConnect: true });
    connectWith(SERVER);
    expect((await screen.findByTestId('team-server-reload')).textContent).toContain('after a reload');
    expect(workers.sync.connectLead).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(`agreement-studio.team-server-reload/${studyId}`)).not.toContain(PASSWORD);
  });

  it('saves every invitation file and lists each link with the password warning', async () => {
    const { platform } = await connected();
    const invitations = [invitation('ann-01', 'Ada'), invitation('ann-02', 'Bea')];
    workers.sync.inviteAnnotators.mockImplementation(async (_study, _ids, _fetch, onProgress) => {
      onProgress({ label: 'Inviting ann-01', done: 1, total: 2 });
      return invitations;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite the annotators…' }));
    expect((await screen.findByTestId('invitations-status')).textContent).toBe('2 invitation files saved to /home/lead/packs.');
    expect(workers.sync.inviteAnnotators).toHaveBeenCalledWith(studyId, undefined, expect.any(Function), expect.any(Function));
    expect(platform.saveFiles).toHaveBeenCalledExactlyOnceWith({
      title: 'Choose a folder for 2 invitations',
      files: invitations.map((item) => ({
        suggestedName: `${item.annotator.id}.invitation.json`,
        text: serializeInvitation(item),
        mimeType: 'application/json',
      })),
    });
    expect(screen.getByTestId('invitations-warning').textContent).toContain('holds that annotator’s password');
    const link = screen.getByLabelText('Invitation link for Bea') as HTMLInputElement;
    expect(link.value.startsWith(`${window.location.origin}${window.location.pathname}#/invitation/`)).toBe(true);
    expect(invitationFromLink(link.value.split('#/invitation/')[1] ?? '')).toEqual({ ok: true, value: invitations[1] });
    expect(screen.getByRole('button', { name: 'Copy the invitation link for Ada' })).toBeTruthy();
  });

  it('shows every annotator database with its state, labels, conflicts and refused with the reason', async () => {
    let report: (status: LeadSyncStatus) => void = () => undefined;
    const setup = await renderTeam();
    storesConnection(setup.db);
    workers.sync.startLeadPull.mockImplementation((_study, _fetch, onStatus) => {
      report = onStatus;
      return new Promise(() => undefined);
    });
    connectWith(SERVER);
    await screen.findByTestId('team-server-connection');
    report({
      studyId,
      databases: [
        {
          annotatorId: 'ann-01',
          database: 'as-demo-ann-01',
          state: 'current',
          labelsPulled: 12,
          conflicts: 3,
          refused: 0,
          lastPulledAt: '2026-11-24T10:05:00Z',
        },
        {
          annotatorId: 'ann-02',
          database: 'as-demo-ann-02',
          state: 'pulling',
          labelsPulled: 3,
          conflicts: 0,
          refused: 1,
          reason: 'label:answer:s-1/1 names annotator ann-01',
        },
      ],
    });
    const table = await screen.findByTestId('team-databases');
    const ada = within(table).getByText('ann-01').closest('tr') as HTMLElement;
    const bea = within(table).getByText('ann-02').closest('tr') as HTMLElement;
    expect(ada.textContent).toContain('Up to date');
    expect(ada.dataset.labelsPulled).toBe('12');
    // Conflicts in a column of their own (issue 29): labels with revisions that lost, not the revisions.
    expect(ada.dataset.conflicts).toBe('3');
    const columns = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(columns).toEqual(['Annotator', 'State', 'Labels', 'Conflicts', 'Refused', 'Last pulled']);
    const cells = [...ada.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells[1]).toBe('12');
    expect(cells[2]).toBe('3labels with revisions that lost, in the audit log');
    expect(bea.textContent).not.toContain('in the audit log');
    expect(bea.textContent).toContain('Pulling');
    expect(bea.dataset.refused).toBe('1');
    expect(bea.textContent).toContain('last: label:answer:s-1/1 names annotator ann-01');
    report({
      studyId,
      databases: [
        {
          annotatorId: 'ann-01',
          database: 'as-demo-ann-01',
          state: 'offline',
          labelsPulled: 12,
          conflicts: 3,
          refused: 0,
          reason: 'couch.example.org could not be reached',
        },
      ],
      nextTryAt: new Date(Date.now() + 3_000).toISOString(),
    });
    await waitFor(() => expect(ada.textContent).toContain('Offline'));
    expect(ada.textContent).toContain('couch.example.org could not be reached');
    const offline = screen.getByTestId('team-server-offline');
    await waitFor(() => expect(offline.textContent).toMatch(/the pull tries again every few seconds\. next try in [1-3] s Retry now$/));
    fireEvent.click(within(offline).getByRole('button', { name: 'Retry now' }));
    expect(workers.sync.retryNow).toHaveBeenCalledWith(studyId);
  });

  it('shows a database whose protection changed in red, and restores it with one action', async () => {
    let report: (status: LeadSyncStatus) => void = () => undefined;
    const setup = await renderTeam();
    storesConnection(setup.db);
    workers.sync.startLeadPull.mockImplementation((_study, _fetch, onStatus) => {
      report = onStatus;
      return new Promise(() => undefined);
    });
    workers.sync.restoreProtection.mockResolvedValue([{ database: 'as-demo-ann-02', found: ['the validation function is gone from the server'] }]);
    connectWith(SERVER);
    await screen.findByTestId('team-server-connection');
    const row = (annotatorId: string, protection?: string[]) => ({
      annotatorId,
      database: `as-demo-${annotatorId}`,
      state: 'current' as const,
      labelsPulled: 0,
      conflicts: 0,
      refused: 0,
      ...(protection !== undefined ? { protection } : {}),
    });
    report({ studyId, databases: [row('ann-01'), row('ann-02')] });
    await screen.findByTestId('team-databases');
    expect(screen.queryByTestId('team-server-protection')).toBeNull();

    report({ studyId, databases: [row('ann-01'), row('ann-02', ['the validation function is gone from the server, so it takes any document'])] });
    const warning = await screen.findByTestId('team-server-protection');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.className).toContain('notice-error');
    expect(warning.textContent).toContain('as-demo-ann-02 (ann-02): the validation function is gone from the server, so it takes any document');
    expect(warning.textContent).not.toContain('as-demo-ann-01');
    const table = screen.getByTestId('team-databases');
    expect((within(table).getByText('ann-02').closest('tr') as HTMLElement).dataset.protectionChanged).toBe('true');

    fireEvent.click(within(warning).getByRole('button', { name: 'Restore protection' }));
    expect((await screen.findByTestId('team-server-protection-restored')).textContent).toBe(
      'Protection restored on 1 database (as-demo-ann-02), kept in the audit log.',
    );
    expect(workers.sync.restoreProtection).toHaveBeenCalledExactlyOnceWith(studyId, ['ann-02'], expect.any(Function));
    // The pull's next pass finds it intact: the warning goes.
    report({ studyId, databases: [row('ann-01'), row('ann-02')] });
    await waitFor(() => expect(screen.queryByTestId('team-server-protection')).toBeNull());
  });

  it('disconnects: stops the pull, the host forgets the password, the rows go and the labels stay', async () => {
    const { db, platform } = await connected();
    await db.teamDatabases.put(teamDatabase('ann-01', 4));
    await db.labels.put({
      studyId,
      annotatorId: 'ann-01',
      task: 'answer',
      unitId: 'x',
      value: 'yes',
      at: '2026-11-24T10:00:00Z',
      ms: 1,
      rev: 1,
      unsure: false,
      note: '',
    });
    await screen.findByText('as-demo-ann-01');
    workers.sync.disconnect.mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    await screen.findByRole('button', { name: 'Connect' });
    expect(workers.sync.stop).toHaveBeenCalledWith(studyId);
    expect(workers.sync.disconnect).toHaveBeenCalledWith(studyId);
    expect(platform.teamServers.forget).toHaveBeenCalledWith(connectionId('lead', studyId));
    expect(await db.syncConnections.count()).toBe(0);
    expect(await db.teamDatabases.count()).toBe(0);
    expect(await db.labels.count()).toBe(1);
  });

  it('updates the pack of the annotator whose assignment is edited by hand, and says so', async () => {
    await connected();
    workers.sync.updatePacks.mockResolvedValue(undefined);
    expect((await screen.findByTestId('pack-update-status')).textContent).toContain('also updates that annotator’s pack on the server');
    const cell = (await screen.findAllByRole('button', { pressed: true })).find((button) => button.dataset.cell?.endsWith('|ann-02|turns'));
    if (!cell) throw new Error('no assigned cell of ann-02');
    fireEvent.click(cell);
    await waitFor(() => expect(workers.sync.updatePacks).toHaveBeenCalledWith(studyId, ['ann-02'], expect.any(Function)));
    expect((await screen.findByText('Updated the team server pack of ann-02.')).dataset.status).toBe('done');
  });

  it('puts a new assignment from the setup form in the packs of the invited annotators still on the team', async () => {
    const { db } = await connected();
    workers.sync.updatePacks.mockResolvedValue(undefined);
    vi.stubGlobal('confirm', () => true);
    for (const annotatorId of ['ann-01', 'ann-02']) await db.teamDatabases.put(teamDatabase(annotatorId));
    await screen.findByText('as-demo-ann-02');
    // ann-02 leaves the team, ann-03 joins it (and has no database to update until invited).
    fireEvent.change(screen.getByTestId('annotator-list'), { target: { value: 'ann-01, Ada\nann-03, Cid' } });
    fireEvent.change(screen.getByTestId('overlap'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('assign'));
    await waitFor(() => expect(workers.sync.updatePacks).toHaveBeenCalledExactlyOnceWith(studyId, ['ann-01'], expect.any(Function)));
    expect((await screen.findByText('Updated the team server pack of ann-01.')).dataset.status).toBe('done');
  });

  it('reloads the coverage as the pull merges labels', async () => {
    const { db } = await connected();
    const row = teamDatabase('ann-01');
    await db.teamDatabases.put(row);
    await waitFor(() => expect(screen.getByTestId('coverage').dataset.loading).toBe('false'));
    const loads = workers.team.loadCoverage.mock.calls.length;
    await db.teamDatabases.put({ ...row, labelsPulled: 5 });
    await waitFor(() => expect(workers.team.loadCoverage.mock.calls.length).toBeGreaterThan(loads));
  });
});
