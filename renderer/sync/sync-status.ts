// What a study's team sync reports and is asked with (issue 18): where each annotator's database
// stands at the lead, an annotator's own sync state, and the lead's connect request. Defined here,
// below the sync worker, so the sync code needs nothing from the worker's message types.

import type { LabelConflict } from '../../shared/sync/label-conflicts';

/** Where one annotator's database stands at the lead. */
export interface TeamDatabaseStatus {
  annotatorId: string;
  database: string;
  /** `pulling`: reading new labels; `current`: nothing new on the last look; `offline`: the server cannot be reached; `refused`: the server refused the lead's account. */
  state: 'pulling' | 'current' | 'offline' | 'refused';
  /** The annotator's labels the study holds: one per task and unit. */
  labelsPulled: number;
  /** The annotator's labels with a revision that lost (each revision kept in the audit log as label:conflict or label:stale): one per label, however many lost. */
  conflicts: number;
  /** Documents the pull refused (never trusting the server): each is in the audit log with its reason. */
  refused: number;
  /**
   * What changed in the database's protection on the server (its `_security`, the validation
   * function), in words, as the last pass found it; absent while intact or not yet read.
   */
  protection?: string[];
  /** Why it is offline or refused, or what the last refused document was, in words. */
  reason?: string;
  lastPulledAt?: string;
}

/** A database whose protection the lead restored: the JSON in the `detail` of a `sync:protection-restored` audit entry. */
export interface RestoredProtectionDetail {
  database: string;
  /** What the lead's check found before restoring, in words. */
  found: string[];
}

export interface LeadSyncStatus {
  studyId: string;
  databases: TeamDatabaseStatus[];
  /** While a database cannot be reached: when the pull tries again (ISO 8601), sooner on Retry now. */
  nextTryAt?: string;
}

/**
 * An annotator's sync, as their screen shows it: `synced` (every label is on the server),
 * `waiting` (labels not on the server yet, being sent), `offline` (the server cannot be reached;
 * labels wait here and go when it can), `refused` (the server refused the account or a label:
 * `reason` says why), `connecting` (the first look since start).
 */
export interface AnnotatorSyncStatus {
  studyId: string;
  state: 'connecting' | 'synced' | 'waiting' | 'offline' | 'refused';
  /** Labels stored here and not yet acknowledged by the server. */
  waiting: number;
  reason?: string;
  lastSyncedAt?: string;
  /** While `offline`: when the push tries again (ISO 8601), sooner on Retry now or when the computer is back online. */
  nextTryAt?: string;
  /** Units two of the annotator's devices gave different labels, until they label each again; absent when none. */
  conflicts?: LabelConflict[];
}

export interface LeadConnectRequest {
  studyId: string;
  /** The server's base URL. */
  server: string;
  /** The server admin the host holds the password of (registered as connectionId('lead', studyId)). */
  user: string;
  /** Where the host said it keeps the password (its register answer); absent: only until the app closes. */
  credentialStorage?: 'system' | 'browser' | 'session';
}
