// What the app keeps of a study's team server (issue 18): the connection on the lead's or an
// annotator's computer, and the lead's record of each annotator's database with how far its
// labels were pulled. Passwords are never among them: the host keeps those (the platform's
// TeamServerAccess), so no table, export or backup can hold one.

import type { LabelConflict } from './label-conflicts';

/** A study connected to a team server. */
export interface SyncConnection {
  studyId: string;
  /** `lead`: this computer holds the lead's study and pulls every annotator's database; `annotator`: one annotator's copy, pushing their labels. */
  role: 'lead' | 'annotator';
  /** The server's base URL, e.g. `https://couch.example.org/`. */
  server: string;
  /** The account: the lead's server admin, or the annotator's user. */
  user: string;
  /** The annotator's database (annotator role only). */
  database?: string;
  /** Where the host keeps the password (the platform's KeyStorage, written out here as in judge-run's stored records). */
  credentialStorage: 'system' | 'browser' | 'session';
  connectedAt: string;
}

/** The lead's record of one annotator's database on the study's server. */
export interface TeamDatabase {
  studyId: string;
  annotatorId: string;
  database: string;
  user: string;
  createdAt: string;
  /** The changes-feed sequence pulled and merged through; absent until the first pull. */
  since?: string | number;
  /** SHA-256 of every pack put in the database, oldest first. */
  packs: string[];
  /**
   * The annotator's labels the study holds after the last merge: one per task and unit, however
   * many revisions or conflicting branches the server had (until issue 27 it counted revisions).
   */
  labelsPulled: number;
  /**
   * The annotator's labels with a revision that lost (CouchDB's conflicting branches, a same-revision
   * edit, an older revision), each revision kept in the audit log: one per label (issue 29; it
   * counted the revisions from issue 27, and is recounted at the next conflict); absent before issue 27.
   */
  conflicts?: number;
  /** Documents the pull refused (each logged in the audit log as `sync:refused`). */
  refused: number;
  /**
   * Units two of the annotator's devices gave different labels (issue 29), by label document id:
   * neither label is merged until the annotator chooses, and the report leaves the unit out. Each
   * is in the audit log as `sync:conflict` with both labels. Absent when none is open.
   */
  openConflicts?: Record<string, LabelConflict>;
  lastPulledAt?: string;
}

/** The connection id the host keeps a study's password under, for each role. */
export function connectionId(role: SyncConnection['role'], studyId: string): string {
  return `${role}:${studyId}`;
}
