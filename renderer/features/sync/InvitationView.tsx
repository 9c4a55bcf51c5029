// The invitation page: which study, which annotator and which server an invitation (a link's, or
// a file opened in the library) is for, and Join. Joining sets the study up in annotator mode
// from the pack the lead put on the server; a link that cannot be read says so in words.

import { useEffect, useMemo } from 'react';
import { formatErrorText } from '../../../shared/formats/errors';
import { invitationFromLink, type Invitation } from '../../../shared/sync/invitation';
import { useStudio } from '../../services/services';
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
            <dt>Study</dt>
            <dd>
              <span className="strong">{invitation.study.name}</span> <span className="muted small">{invitation.study.id}</span>
            </dd>
            <dt>You label as</dt>
            <dd>
              <span className="strong">{invitation.annotator.name}</span> <span className="muted small">{invitation.annotator.id}</span>
            </dd>
            <dt>Team server</dt>
            <dd>{invitation.server}</dd>
          </dl>
          <p className="hint">
            Joining sets the study up on this computer with only your units, as a pack does, and sends your labels to the team server as you label. You can
            label offline: labels are kept here and sent when the server can be reached.
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
