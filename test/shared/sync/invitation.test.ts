// Proves an invitation survives its file and link forms (the link's payload is base64url of its
// JSON, non-ASCII names included), and that a damaged or unsafe one is refused in words.

import { describe, expect, it } from 'vitest';
import { INVITATION_FORMAT, invitationFromLink, invitationLink, parseInvitation, serializeInvitation, type Invitation } from '../../../shared/sync/invitation';

const INVITATION: Invitation = {
  format: INVITATION_FORMAT,
  server: 'https://couch.example.org/',
  database: 'as-demo-ann-01-0123456789',
  user: 'as-demo-ann-01-0123456789',
  password: 'pw-Zoë-42',
  study: { id: 'demo', name: 'Démo study' },
  annotator: { id: 'ann-01', name: 'Ada Ångström' },
  createdAt: '2026-11-24T10:00:00Z',
};

describe('invitations', () => {
  it('reads back what it writes, as a file and as a link', () => {
    expect(parseInvitation({ name: 'ann-01.invitation.json', size: 1, text: serializeInvitation(INVITATION) })).toEqual({ ok: true, value: INVITATION });
    const link = invitationLink('https://studio.example.org/app/#/study/x', INVITATION);
    expect(link.startsWith('https://studio.example.org/app/#/invitation/')).toBe(true);
    expect(link).toMatch(/^[^#]+#\/invitation\/[A-Za-z0-9_-]+$/);
    expect(invitationFromLink(link.split('#/invitation/')[1] ?? '')).toEqual({ ok: true, value: INVITATION });
  });

  it('refuses a changed link, a missing field and a plain-http server elsewhere, in words', () => {
    const link = invitationLink('https://studio.example.org/', INVITATION);
    const payload = link.split('#/invitation/')[1] ?? '';
    const cut = invitationFromLink(`${payload.slice(0, 20)}!`);
    expect(cut.ok ? '' : cut.errors[0]?.message).toContain('ask the lead for it again');
    const withoutUser = parseInvitation({ name: 'x.invitation.json', size: 1, text: JSON.stringify({ ...INVITATION, user: undefined }) });
    expect(withoutUser.ok ? [] : withoutUser.errors.map((error) => `${error.file} ${error.path}`)).toEqual(['x.invitation.json user']);
    const plain = parseInvitation({ name: 'x.invitation.json', size: 1, text: JSON.stringify({ ...INVITATION, server: 'http://couch.example.org/' }) });
    expect(plain.ok ? '' : plain.errors[0]?.message).toContain('https://');
  });
});
