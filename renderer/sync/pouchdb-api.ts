// The part of PouchDB's API the team sync uses, typed here: DefinitelyTyped's PouchDB types are
// years behind PouchDB 9 and declare a global `Buffer` that breaks Node's own. `openPouch` is how
// the sync code gets a database: pouchdb-browser's in the app, an in-memory one in Node tests.

/** A document as PouchDB returns it; the sync's own shapes are in shared/sync/sync-docs.ts. */
export interface PouchDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _conflicts?: string[];
  [field: string]: unknown;
}

export interface PouchWriteResult {
  ok?: boolean;
  id?: string;
  rev?: string;
  /** Per-document failure, e.g. `forbidden` (validate_doc_update) or `conflict`. */
  error?: string | boolean;
  reason?: string;
  status?: number;
}

export interface PouchChange {
  id: string;
  seq: string | number;
  /** Every leaf revision with `style: 'all_docs'`, the winner first. */
  changes: Array<{ rev: string }>;
  doc?: PouchDoc;
  deleted?: boolean;
}

export interface PouchChangesOptions {
  since?: string | number | 'now';
  limit?: number;
  /** Changes per request to a remote database (PouchDB's own default is 25). */
  batch_size?: number;
  include_docs?: boolean;
  conflicts?: boolean;
  style?: 'main_only' | 'all_docs';
  live?: boolean;
  doc_ids?: string[];
  /** Milliseconds a longpoll request waits on the server. */
  timeout?: number | false;
  heartbeat?: number | false;
  return_docs?: boolean;
}

export interface PouchChangesResult {
  results: PouchChange[];
  last_seq: string | number;
}

/** A live changes feed: an event emitter that can be cancelled. */
export interface PouchChangesFeed {
  on(event: 'change', listener: (change: PouchChange) => void): PouchChangesFeed;
  on(event: 'complete', listener: (info: PouchChangesResult) => void): PouchChangesFeed;
  on(event: 'error', listener: (error: unknown) => void): PouchChangesFeed;
  cancel(): void;
}

export interface PouchReplicationInfo {
  docs_read: number;
  docs_written: number;
  doc_write_failures: number;
  /** The source's sequence replicated through (the batch's last). */
  last_seq?: string | number;
  /** Pending changes in the source, where PouchDB knows them. */
  pending?: number;
  errors: unknown[];
  docs?: PouchDoc[];
}

/** A replication: a promise of its end for a one-shot run, and events for a live one. */
export interface PouchReplication extends PromiseLike<PouchReplicationInfo> {
  on(event: 'change', listener: (info: PouchReplicationInfo) => void): PouchReplication;
  on(event: 'paused', listener: (error: unknown) => void): PouchReplication;
  on(event: 'active', listener: () => void): PouchReplication;
  /** A document the target refused (validate_doc_update or a permission); the replication goes on. */
  on(event: 'denied', listener: (error: unknown) => void): PouchReplication;
  on(event: 'complete', listener: (info: PouchReplicationInfo) => void): PouchReplication;
  on(event: 'error', listener: (error: unknown) => void): PouchReplication;
  cancel(): void;
}

export interface PouchReplicationOptions {
  live?: boolean;
  retry?: boolean;
  batch_size?: number;
  batches_limit?: number;
  doc_ids?: string[];
  /** Milliseconds before the next retry after `delay` ms (PouchDB's back_off_function). */
  back_off_function?: (delay: number) => number;
  checkpoint?: 'source' | 'target' | false;
  /** Only the documents it keeps (PouchDB applies it here, reading each changed document whole). */
  filter?: (doc: PouchDoc) => boolean;
}

export interface PouchDatabase {
  readonly name: string;
  info(): Promise<{ db_name: string; doc_count: number; update_seq: string | number }>;
  get(id: string, options?: { rev?: string; conflicts?: boolean; revs?: boolean }): Promise<PouchDoc>;
  /** Every leaf of `revs` (or all leaves): one `{ ok: doc }` or `{ missing: rev }` per revision. */
  get(id: string, options: { open_revs: string[] | 'all' }): Promise<Array<{ ok?: PouchDoc; missing?: string }>>;
  put(doc: PouchDoc): Promise<PouchWriteResult & { id: string; rev: string }>;
  bulkDocs(docs: readonly PouchDoc[], options?: { new_edits?: boolean }): Promise<PouchWriteResult[]>;
  allDocs(options?: { keys?: string[]; startkey?: string; endkey?: string; include_docs?: boolean; conflicts?: boolean; limit?: number }): Promise<{
    total_rows: number;
    rows: Array<{ id: string; key: string; value: { rev: string; deleted?: boolean }; doc?: PouchDoc | null; error?: string }>;
  }>;
  bulkGet(options: { docs: Array<{ id: string; rev?: string }>; revs?: boolean }): Promise<{
    results: Array<{ id: string; docs: Array<{ ok?: PouchDoc; error?: { error: string; reason: string } }> }>;
  }>;
  /** Which of the given revisions the database lacks (the replication protocol's own question). */
  revsDiff(diff: Record<string, string[]>): Promise<Record<string, { missing?: string[] }>>;
  changes(options: PouchChangesOptions & { live: true }): PouchChangesFeed;
  changes(options?: PouchChangesOptions): Promise<PouchChangesResult>;
  replicate: {
    to(target: PouchDatabase, options?: PouchReplicationOptions): PouchReplication;
    from(source: PouchDatabase, options?: PouchReplicationOptions): PouchReplication;
  };
  destroy(): Promise<unknown>;
  close(): Promise<void>;
}

/** The options the sync code opens a database with: a local name, or a team server URL with the host's relayed fetch. */
export interface PouchOpenOptions {
  fetch?: (url: string | URL, options?: { method?: string; headers?: Headers; body?: unknown; signal?: AbortSignal }) => Promise<Response>;
  /** Never create a remote database on first use: only the lead's admin account creates them. */
  skip_setup?: boolean;
}

/** Opens a PouchDB database by name (local) or URL (remote). */
export type OpenPouch = (nameOrUrl: string, options?: PouchOpenOptions) => PouchDatabase;
