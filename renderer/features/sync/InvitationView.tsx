// The invitation page: which study, which annotator and which server an invitation (a link's, or
// a file opened in the library) is for, names shown with any invisible character written out, and
// Join. Nothing goes to the server until Join is pressed; the page is in annotator mode from the
// start. Joining sets the study up from the pack the lead put on the server; a link that cannot be
// read says so in words.

import { useEffect, useMemo } from 'react';
import { visibleText } from '../../../shared/domain/visible-text';
import { formatErrorText } from '../../../shared/formats/errors';
import { invitationFromLink, type Invitation } from '../../../shared/sync/invitation';
import { useServices, useStudio } from '../../services/services';
import { WorkProgressNotice } from '../team';
import { takeJoinAfterReload, useJoinInvitation } from './useJoinInvitation';

function useInvitation(payload: string | undefined): { invitation?: Invitation; problems?: string[] } {
  const opened = useStudio((state) => state.invitation);
  return useMemo(() => {
    if (payload === undefined) return opened ? { invitation: opened } : {};
    const parsed = invitationFromLink(payload);
    return parsed.ok ? { invitation: parsed.value } : { problems: parsed.errors.map(formatErrorText) };
  }, [payload, opened]);
}

export function InvitationView({ payload }: { payload?: string }) {
  const { invitation, problems } = useInvitation(payload);
  const { state, join } = useJoinInvitation();
  const { preferences } = useServices();

  // An invitation is for an annotator: judge labels and agreement figures stay hidden on this
  // computer from the moment one is opened, not only once its study is set up.
  useEffect(() => {
    if (invitation !== undefined) preferences.getState().setMode('annotator');
  }, [invitation, preferences]);

  // Only after a reload the annotator's own Join asked for (useJoinInvitation) does it join unasked.
  useEffect(() => {
    if (invitation && takeJoinAfterReload(invitation)) void join(invitation);
  }, [invitation, join]);

  return (
    <section className="page" aria-labelledby="invitation-title" data-testid="invitation-view">
      <h1 id="invitation-title">Invitation to label</h1>
      {problems !== undefined && (
        <div className="notice notice-error" role="alert" data-testid="invitation-problem">
          This invitation link cannot be read, so nothing was set up; ask the lead for your invitation again.
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </div>
      )}
      {invitation === undefined && problems === undefined && (
        <p className="empty">No invitation is open: open your invitation file in the Studies library, or your invitation link again.</p>
      )}
      {invitation !== undefined && (
        <>
          <dl className="invitation-facts" data-testid="invitation-facts">
            <dt>Team server</dt>
            <dd>
              <span className="strong" data-testid="invitation-server-host">
                {visibleText(serverHost(invitation.server))}
              </span>{' '}
              <span className="muted small">{visibleText(invitation.server)}</span>
            </dd>
            <dt>Study</dt>
            <dd>
              <span className="strong">{visibleText(invitation.study.name)}</span> <span className="muted small">{invitation.study.id}</span>
            </dd>
            <dt>You label as</dt>
            <dd>
              <span className="strong">{visibleText(invitation.annotator.name)}</span> <span className="muted small">{invitation.annotator.id}</span>
            </dd>
          </dl>
          <p className="hint" data-testid="invitation-ask">
            Nothing has been sent to {visibleText(serverHost(invitation.server))} yet. Join only if you expect this invitation from the study&rsquo;s lead:
            joining connects to that server with the password in the invitation, sets the study up on this computer with only your units, as a pack does, and
            sends your labels there as you label. You can label offline: labels are kept here and sent when the server can be reached.
          </p>
          {state.status === 'failed' && (
            <div className="notice notice-error" role="alert" data-testid="invitation-problem">
              {state.message}
            </div>
          )}
          {state.status === 'joining' && <WorkProgressNotice progress={state.progress} fallback="Joining" name="Join progress" />}
          <button type="button" className="primary" disabled={state.status === 'joining'} onClick={() => void join(invitation)}>
            Join
          </button>
        </>
      )}
    </section>
  );
}

/** The server's host and port, the part of its address that says whose server it is. */
function serverHost(server: string): string {
  try {
    return new URL(server).host;
  } catch {
    return server;
  }
}
