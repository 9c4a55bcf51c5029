// The lead's side of a study's team server: connect with a server admin account (the password
// goes to the host alone), invite the annotators (their invitation files saved, their links
// listed), and disconnect. The connection and the annotator databases are read from IndexedDB;
// what the pull is doing now comes from the sync status store.

import { useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { countText } from '../../../shared/domain/count-text';
import { invitationLink, serializeInvitation, type Invitation } from '../../../shared/sync/invitation';
import { connectionId } from '../../../shared/sync/stored-records';
import { describeStorageError } from '../../db/storage';
import { deleteSyncRecords } from '../../db/sync-records';
import { useSyncConnection, useTeamDatabases } from '../../services/queries';
import { useServices } from '../../services/services';
import { hostFetch, startSync, stopSync } from '../../services/team-sync';
import type { WorkProgress } from '../../workers/team-protocol';
import { checkTeamServerForm, type TeamServerFormValues } from './team-server-form';

/** What the page keeps across the reload a web page may need to reach a new server: the address and user, never the password. */
const RELOAD_KEY = 'agreement-studio.team-server-reload/';

export interface PendingConnect {
  server: string;
  user: string;
}

function readPending(studyId: string): PendingConnect | undefined {
  try {
    const text = window.sessionStorage.getItem(RELOAD_KEY + studyId);
    const value = text === null ? undefined : (JSON.parse(text) as Partial<PendingConnect>);
    return typeof value?.server === 'string' && typeof value.user === 'string' ? { server: value.server, user: value.user } : undefined;
  } catch {
    return undefined;
  }
}

function writePending(studyId: string, pending: PendingConnect | undefined): void {
  try {
    if (pending === undefined) window.sessionStorage.removeItem(RELOAD_KEY + studyId);
    else window.sessionStorage.setItem(RELOAD_KEY + studyId, JSON.stringify(pending));
  } catch {
    // Without session storage the lead types the address again after the reload.
  }
}

/** One annotator's invitation as the page lists it: the link only in the web build, whose address annotators can open. */
export interface InvitationRow {
  annotatorId: string;
  name: string;
  link?: string;
}

export type TeamServerWork =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'inviting'; progress?: WorkProgress }
  | { status: 'invited'; message: string; rows: InvitationRow[] }
  | { status: 'reload' }
  | { status: 'failed'; problems: string[] };

/** Restoring the annotator databases' protection: under way, done (with what was done), or failed. */
export type ProtectionWork = { status: 'idle' } | { status: 'restoring' } | { status: 'restored'; message: string } | { status: 'failed'; message: string };

function invitationFile(invitation: Invitation) {
  return { suggestedName: `${invitation.annotator.id}.invitation.json`, text: serializeInvitation(invitation), mimeType: 'application/json' };
}

export function useTeamServer(studyId: string) {
  const services = useServices();
  const { db, platform, workers, syncStatuses } = services;
  const connection = useSyncConnection(studyId);
  const databases = useTeamDatabases(studyId);
  const live = useStore(syncStatuses, (state) => state.lead[studyId]);
  const running = useStore(syncStatuses, (state) => state.running[studyId] !== undefined);
  const ended = useStore(syncStatuses, (state) => state.ended[studyId]);
  const [pending] = useState(() => readPending(studyId));
  const [work, setWork] = useState<TeamServerWork>(() => (pending ? { status: 'reload' } : { status: 'idle' }));
  // The desktop app or a web page: a password kept for the session lasts until one or the other closes.
  const [host, setHost] = useState<'electron' | 'browser'>();
  useEffect(() => {
    let live = true;
    void platform.appInfo().then(
      (info) => live && setHost(info.host),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [platform]);

  const connect = useCallback(
    async (values: TeamServerFormValues): Promise<boolean> => {
      const checked = checkTeamServerForm(values, pending !== undefined && pending.server === values.server.trim() && pending.user === values.user.trim());
      if (!checked.ok) {
        setWork({ status: 'failed', problems: checked.problems });
        return false;
      }
      setWork({ status: 'connecting' });
      const id = connectionId('lead', studyId);
      let registered = false;
      try {
        const access = platform.teamServers;
        const answer = await access.register({
          connectionId: id,
          url: checked.server,
          user: checked.user,
          ...(checked.password !== undefined ? { password: checked.password } : {}),
        });
        registered = true;
        if (answer.reloadToConnect) {
          writePending(studyId, { server: checked.server, user: checked.user });
          setWork({ status: 'reload' });
          return true;
        }
        // Where the host keeps the password decides what the page says of it and whether the pull starts again after a restart.
        await workers.sync.connectLead(
          { studyId, server: checked.server, user: checked.user, credentialStorage: answer.credentialStorage },
          hostFetch(platform),
        );
        writePending(studyId, undefined);
        startSync(services, studyId, 'lead');
        setWork({ status: 'idle' });
        return true;
      } catch (error) {
        // Nothing half set up: the host lets go of a password that connected nothing.
        if (registered) await platform.teamServers?.forget(id).catch(() => undefined);
        setWork({ status: 'failed', problems: [`Not connected: ${describeStorageError(error)}`] });
        return false;
      }
    },
    [services, platform, workers, studyId, pending],
  );

  const invite = useCallback(async () => {
    setWork({ status: 'inviting' });
    try {
      const invitations = await workers.sync.inviteAnnotators(studyId, undefined, hostFetch(platform), (progress) => setWork({ status: 'inviting', progress }));
      const saved = await platform.saveFiles({
        title: `Choose a folder for ${countText(invitations.length, 'invitation', 'invitations')}`,
        files: invitations.map(invitationFile),
      });
      // Links open the web build, so only a page served as one has an address to put in them.
      const info = await platform.appInfo();
      const address = info.host === 'browser' ? window.location.href : undefined;
      const rows = invitations.map((invitation): InvitationRow => ({
        annotatorId: invitation.annotator.id,
        name: invitation.annotator.name,
        ...(address !== undefined ? { link: invitationLink(address, invitation) } : {}),
      }));
      const message = saved.saved
        ? `${countText(saved.count, 'invitation file', 'invitation files')} saved to ${saved.where}.`
        : 'No folder chosen, so no invitation file was saved.';
      setWork({ status: 'invited', message, rows });
    } catch (error) {
      setWork({ status: 'failed', problems: [`No invitation was made: ${describeStorageError(error)}`] });
    }
  }, [platform, workers, studyId]);

  const disconnect = useCallback(async () => {
    try {
      stopSync(services, studyId);
      await workers.sync.disconnect(studyId);
      await platform.teamServers.forget(connectionId('lead', studyId));
      // The labels pulled are the study's now and stay; only the records of the server go.
      await deleteSyncRecords(db, studyId);
      setWork({ status: 'idle' });
    } catch (error) {
      setWork({ status: 'failed', problems: [`Not disconnected: ${describeStorageError(error)}`] });
    }
  }, [services, db, platform, workers, studyId]);

  const restart = useCallback(() => startSync(services, studyId, 'lead'), [services, studyId]);

  const [protection, setProtection] = useState<ProtectionWork>({ status: 'idle' });
  /** Puts the lead's `_security` and validation function back where the pull found them changed. */
  const restoreProtection = useCallback(
    async (annotatorIds: readonly string[]) => {
      setProtection({ status: 'restoring' });
      try {
        const restored = await workers.sync.restoreProtection(studyId, annotatorIds, hostFetch(platform));
        setProtection({
          status: 'restored',
          message:
            restored.length === 0
              ? 'Nothing needed restoring: the server already holds what the lead put there.'
              : `Protection restored on ${countText(restored.length, 'database', 'databases')} (${restored.map((detail) => detail.database).join(', ')}), kept in the audit log.`,
        });
      } catch (error) {
        setProtection({ status: 'failed', message: `Not restored: ${describeStorageError(error)}` });
      }
    },
    [workers, platform, studyId],
  );

  return {
    connection: connection === undefined ? undefined : connection?.role === 'lead' ? connection : null,
    databases,
    live,
    running,
    host,
    ended,
    pending,
    work,
    connect,
    invite,
    disconnect,
    restart,
    protection,
    restoreProtection,
  };
}
