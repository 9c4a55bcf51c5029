// The team sync's statuses and the lead's connect request (issue 18), as the sync code reports
// them and the window shows them; kept under renderer/sync so the sync code needs nothing from
// workers/, and re-exported by the sync worker's protocol.

/** Where one annotator's database stands at the lead. */
export interface TeamDatabaseStatus {
  annotatorId: string;
  database: string;
  /** `pulling`: reading new labels; `current`: nothing new on the last look; `offline`: the server cannot be reached; `refused`: the server refused the lead's account. */
  state: 'pulling' | 'current' | 'offline' | 'refused';
  labelsPulled: number;
  /** Documents the pull refused (never trusting the server): each is in the audit log with its reason. */
  refused: number;
  /** Why it is offline or refused, or what the last refused document was, in words. */
  reason?: string;
  lastPulledAt?: string;
}

export interface LeadSyncStatus {
  studyId: string;
  databases: TeamDatabaseStatus[];
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
}

export interface LeadConnectRequest {
  studyId: string;
  /** The server's base URL. */
  server: string;
  /** The server admin the host holds the password of (registered as connectionId('lead', studyId)). */
  user: string;
}
