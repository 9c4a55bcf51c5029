// Joins a team server study from an invitation: the password goes to the host (as the study's
// annotator connection), the worker sets the study up from the pack in the annotator's database
// as opening a pack does, then the address loses the invitation (and its password) and the study
// opens with its push running. A web page that must reload to reach the server reloads onto the
// same invitation and joins on its own. A failed join leaves nothing set up.

import { useCallback, useState } from 'react';
import { invitationLink, type Invitation } from '../../../shared/sync/invitation';
import { connectionId } from '../../../shared/sync/stored-records';
import type { WorkProgress } from '../../db/long-work';
import { describeStorageError } from '../../db/storage';
import { routeToHash } from '../../services/routes';
import { useServices } from '../../services/services';
import { hostFetch, startSync } from '../../services/team-sync';

/** Names the invitation (by its database, never its password) to join at once after the reload. */
const JOIN_AFTER_RELOAD = 'agreement-studio.join-after-reload';

export type JoinState = { status: 'idle' } | { status: 'joining'; progress?: WorkProgress } | { status: 'failed'; message: string };

/** Whether the page reloaded to join this invitation, and forgets that it did. */
export function takeJoinAfterReload(invitation: Invitation): boolean {
  try {
    const database = window.sessionStorage.getItem(JOIN_AFTER_RELOAD);
    window.sessionStorage.removeItem(JOIN_AFTER_RELOAD);
    return database === invitation.database;
  } catch {
    return false;
  }
}

export function useJoinInvitation() {
  const services = useServices();
  const { db, platform, store, workers } = services;
  const [state, setState] = useState<JoinState>({ status: 'idle' });

  const join = useCallback(
    async (invitation: Invitation) => {
      const studyId = invitation.study.id;
      const id = connectionId('annotator', studyId);
      setState({ status: 'joining' });
      let registered = false;
      let connectedBefore = false;
      try {
        connectedBefore = (await db.syncConnections.get(studyId))?.role === 'annotator';
        const access = platform.teamServers;
        const answer = await access.register({ connectionId: id, url: invitation.server, user: invitation.user, password: invitation.password });
        registered = true;
        if (answer.reloadToConnect) {
          window.sessionStorage.setItem(JOIN_AFTER_RELOAD, invitation.database);
          // Back to this invitation after the reload, whether it came as a link or a file.
          window.history.replaceState(null, '', invitationLink(window.location.href, invitation));
          window.location.reload();
          return;
        }
        const opened = await workers.sync.joinInvitation(invitation, hostFetch(platform), (progress) => setState({ status: 'joining', progress }));
        // Replace, not push: the invitation's address holds the password and must not stay in the history.
        window.history.replaceState(null, '', routeToHash({ view: 'study', studyId: opened.studyId }));
        store.getState().setInvitation(undefined);
        startSync(services, opened.studyId, 'annotator');
        store.getState().navigate({ view: 'study', studyId: opened.studyId });
      } catch (error) {
        // Nothing half set up: a password that joined nothing goes, unless it replaced that of a study already joined here.
        if (registered && !connectedBefore) await platform.teamServers?.forget(id).catch(() => undefined);
        setState({ status: 'failed', message: `Not joined: ${describeStorageError(error)}` });
      }
    },
    [services, db, platform, store, workers],
  );

  return { state, join };
}
