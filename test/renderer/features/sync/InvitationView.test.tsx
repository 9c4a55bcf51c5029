// @vitest-environment happy-dom
// The invitation page over a fake sync worker and a fake host: a link says which study, annotator
// and server; Join registers the password with the host as the study's annotator connection,
// joins, replaces the address (so the password leaves the address bar and the history) and opens
// the study with its push running; a failed join says why and leaves no password behind; a link
// that cannot be read says so; an invitation file opened in the library opens this page, alone.
// Issue 29: nothing goes to the server before Join, and the page names the server's host; names
// show their control and direction-changing characters written out; a profile in lead mode is in
// annotator mode once an invitation is open.

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVITATION_FORMAT, invitationLink, serializeInvitation, type Invitation } from '../../../../shared/sync/invitation';
import { connectionId } from '../../../../shared/sync/stored-records';
import { InvitationView, openInvitationFile } from '../../../../renderer/features/sync';
import type { OpenedPack } from '../../../../renderer/db/open-pack';
import { closeDatabases, freshDatabase, renderWithServices, testServices, workers } from '../mode/mode-fixtures';
import { fakeTeamServers } from '../../../support/fake-team-servers';
import type { StudioMode } from '../../../../renderer/services/preferences-store';

const INVITATION: Invitation = {
  format: INVITATION_FORMAT,
  server: 'https://couch.example.org/',
  database: 'as-pilot-ann-02-0123456789',
  user: 'as-pilot-ann-02-0123456789',
  password: 'invited-secret-5150',
  study: { id: 'pilot', name: 'Pilot study' },
  annotator: { id: 'ann-02', name: 'Bea' },
  createdAt: '2026-11-24T10:00:00Z',
};

const OPENED: OpenedPack = {
  studyId: 'pilot',
  studyName: 'Pilot study',
  annotator: { id: 'ann-02', name: 'Bea' },
  newUnits: 40,
  alreadyOpened: false,
  counts: { puzzles: 2, sessions: 2, questions: 30, finals: 8, turns: 38 },
  replacedSample: false,
};

const payload = (invitation: Invitation = INVITATION) => invitationLink('http://localhost/', invitation).split('#/invitation/')[1] ?? '';

beforeEach(() => {
  window.sessionStorage.clear();
  workers.sync.startAnnotatorSync.mockReturnValue(new Promise(() => undefined));
});
afterEach(() => {
  cleanup();
  closeDatabases();
  workers.sync.joinInvitation.mockReset();
  workers.sync.startAnnotatorSync.mockReset();
});

async function renderInvitation(link = payload(), mode: StudioMode = 'annotator') {
  const db = await freshDatabase();
  const teamServers = fakeTeamServers();
  const services = testServices(db, mode);
  services.platform = { ...services.platform, teamServers };
  window.history.replaceState(null, '', `/#/invitation/${link}`);
  services.store.getState().navigate({ view: 'invitation', payload: link });
  renderWithServices(<InvitationView payload={link} />, services);
  return { db, services, teamServers };
}

describe('the invitation page', () => {
  it('says which study, annotator and server, then joins and drops the invitation from the address', async () => {
    workers.sync.joinInvitation.mockResolvedValue(OPENED);
    const { services, teamServers } = await renderInvitation();
    const facts = screen.getByTestId('invitation-facts').textContent ?? '';
    expect(facts).toContain('Pilot study');
    expect(facts).toContain('Bea');
    expect(facts).toContain('https://couch.example.org/');
    expect(facts).not.toContain(INVITATION.password);
    const historyLength = window.history.length;

    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(services.store.getState().route).toEqual({ view: 'study', studyId: 'pilot' }));
    expect(teamServers.register).toHaveBeenCalledExactlyOnceWith({
      connectionId: connectionId('annotator', 'pilot'),
      url: INVITATION.server,
      user: INVITATION.user,
      password: INVITATION.password,
    });
    expect(workers.sync.joinInvitation).toHaveBeenCalledWith(INVITATION, expect.any(Function), expect.any(Function));
    expect(workers.sync.startAnnotatorSync).toHaveBeenCalledWith('pilot', expect.any(Function), expect.any(Function));
    expect(window.location.hash).toBe('#/study/pilot');
    expect(window.location.href).not.toContain(payload());
    expect(window.history.length).toBe(historyLength);
  });

  it('sends nothing to the server before Join, and names its host', async () => {
    const { teamServers } = await renderInvitation();
    expect(screen.getByTestId('invitation-server-host').textContent).toBe('couch.example.org');
    expect(screen.getByTestId('invitation-ask').textContent).toContain('Nothing has been sent to couch.example.org yet');
    // Whatever the page does on opening has happened once the facts show and effects ran.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join' })).toBeTruthy());
    expect(teamServers.register).not.toHaveBeenCalled();
    expect(teamServers.fetch).not.toHaveBeenCalled();
    expect(workers.sync.joinInvitation).not.toHaveBeenCalled();
  });

  it('shows control and direction-changing characters in the names written out', async () => {
    const tricky: Invitation = {
      ...INVITATION,
      study: { id: 'pilot', name: 'Pilot\u0007 study' },
      annotator: { id: 'ann-02', name: 'Bea\u202Egnp.exe\u200B' },
    };
    await renderInvitation(payload(tricky));
    const facts = screen.getByTestId('invitation-facts').textContent ?? '';
    expect(facts).toContain('Pilot⟨U+0007⟩ study');
    expect(facts).toContain('Bea⟨U+202E⟩gnp.exe⟨U+200B⟩');
    for (const hidden of ['\u0007', '\u200b', '\u202e']) expect(facts).not.toContain(hidden);
  });

  it('puts a profile in lead mode (a fresh one) in annotator mode once an invitation is open', async () => {
    const { services } = await renderInvitation(payload(), 'lead');
    expect(screen.getByTestId('invitation-facts')).toBeTruthy();
    await waitFor(() => expect(services.preferences.getState().mode).toBe('annotator'));
  });

  it('says why a join failed, keeps the address and lets go of the password', async () => {
    workers.sync.joinInvitation.mockRejectedValue(new Error('https://couch.example.org could not be reached'));
    const { db, services, teamServers } = await renderInvitation();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect((await screen.findByTestId('invitation-problem')).textContent).toBe('Not joined: https://couch.example.org could not be reached');
    expect(teamServers.forget).toHaveBeenCalledWith(connectionId('annotator', 'pilot'));
    expect(workers.sync.startAnnotatorSync).not.toHaveBeenCalled();
    expect(services.store.getState().route.view).toBe('invitation');
    expect(await db.syncConnections.count()).toBe(0);
  });

  it('says in words that a changed link cannot be read, and offers no Join', async () => {
    await renderInvitation(`${payload().slice(0, 30)}%%`);
    expect((await screen.findByTestId('invitation-problem')).textContent).toContain('ask the lead for your invitation again');
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });
});

describe('an invitation file opened in the library', () => {
  const file = (name: string, text: string) => ({ name, size: text.length, text });

  it('opens the invitation page with it', async () => {
    const services = testServices(await freshDatabase(), 'annotator');
    expect(openInvitationFile([file('ann-02.invitation.json', serializeInvitation(INVITATION))], services.store)).toBe(true);
    expect(services.store.getState().route).toEqual({ view: 'invitation' });
    renderWithServices(<InvitationView />, services);
    expect(screen.getByTestId('invitation-facts').textContent).toContain('Pilot study');
  });

  it('is refused with other files or when damaged, and other files are left to the import', async () => {
    const services = testServices(await freshDatabase(), 'annotator');
    const invitation = file('ann-02.invitation.json', serializeInvitation(INVITATION));
    expect(openInvitationFile([invitation, file('bundle.json', '{}')], services.store)).toBe(true);
    const mixed = services.store.getState().importState;
    expect(mixed.status === 'failed' ? mixed.errors[0]?.message : '').toContain('open it on its own');
    expect(openInvitationFile([file('x.json', serializeInvitation({ ...INVITATION, server: 'http://couch.example.org/' }))], services.store)).toBe(true);
    const damaged = services.store.getState().importState;
    expect(damaged.status === 'failed' ? damaged.errors[0] : undefined).toMatchObject({ file: 'x.json', path: 'server' });
    expect(services.store.getState().route.view).toBe('library');
    expect(openInvitationFile([file('bundle.json', '{"format": "agreement-studio.transcripts/1"}')], services.store)).toBe(false);
  });
});
