// The messages between the window and the sync worker (issue 18), which runs a study's team
// server work off the window's thread: the lead's set-up of the annotators' databases and the
// continuous pull of their labels, and an annotator's join from an invitation and the push of
// their labels. Every request leaves through the host's TeamServerAccess.fetch, passed in as a
// Comlink proxy, so the worker never holds a password.

import type { Task } from '../../shared/domain/model';
import type { TeamServerRequest, TeamServerResponse } from '../../shared/platform/studio-platform';
import type { Invitation } from '../../shared/sync/invitation';
import type { OpenedPack } from '../db/open-pack';
import type { WorkProgress } from '../db/long-work';
import type { AnnotatorSyncStatus, LeadConnectRequest, LeadSyncStatus, RestoredProtectionDetail } from '../sync/sync-status';

/** The host's fetch, as a Comlink proxy. */
export type HostFetch = (request: TeamServerRequest) => Promise<TeamServerResponse>;

export type { AnnotatorSyncStatus, LeadConnectRequest, LeadSyncStatus, RestoredProtectionDetail, TeamDatabaseStatus } from '../sync/sync-status';

export interface SyncWorkerApi {
  /** Checks that the account is a server admin and stores the study's connection; throws an Error in words otherwise. */
  connectLead(request: LeadConnectRequest, fetch: HostFetch): Promise<void>;
  /**
   * Makes (or brings up to date) each annotator's user, database, `_security`, validation and
   * pack, for the given annotators of the assignment or all of them, and returns their
   * invitations. A new invitation sets a new password, so an earlier one stops working.
   */
  inviteAnnotators(
    studyId: string,
    annotatorIds: readonly string[] | undefined,
    fetch: HostFetch,
    onProgress: (progress: WorkProgress) => void,
  ): Promise<Invitation[]>;
  /** Puts each annotator's current pack (their whole assignment) in their database, after a reassignment or for missing units. */
  updatePacks(studyId: string, annotatorIds: readonly string[], fetch: HostFetch): Promise<void>;
  /**
   * Puts the lead's `_security` and validation function back in each given annotator's database
   * (all when none is given) where they changed on the server, each in the audit log, and has the
   * running pull look again at once; returns the databases restored.
   */
  restoreProtection(studyId: string, annotatorIds: readonly string[] | undefined, fetch: HostFetch): Promise<RestoredProtectionDetail[]>;
  /** Pulls every annotator's database continuously until stopped; `onStatus` after every change of state. */
  startLeadPull(studyId: string, fetch: HostFetch, onStatus: (status: LeadSyncStatus) => void): Promise<void>;
  /** Sets up the study on this computer from an invitation, as opening its pack does (the host already holds its password). */
  joinInvitation(invitation: Invitation, fetch: HostFetch, onProgress: (progress: WorkProgress) => void): Promise<OpenedPack>;
  /** Pushes the annotator's labels continuously until stopped, and opens new packs the lead puts in their database. */
  startAnnotatorSync(studyId: string, fetch: HostFetch, onStatus: (status: AnnotatorSyncStatus) => void): Promise<void>;
  /** The annotator just stored labels of these units: send them now rather than on the next full look. */
  labelsWritten(studyId: string, units: ReadonlyArray<{ task: Task; unitId: string }>): void;
  /** Tries the study's pull or push again at once where the server could not be reached (Retry now, or the computer back online). */
  retryNow(studyId: string): void;
  /** Stops the study's pull or push (what was sent stays sent; what waits, waits here). */
  stop(studyId: string): void;
  /** Stops and forgets the study's connection on this computer (its labels stay). */
  disconnect(studyId: string): Promise<void>;
}
