// The studio's IndexedDB database (Dexie): the single source of truth for domain data.
// Runs in the window and in workers; every transaction is durable (strict), because a label
// acknowledged on screen must be on disk.

import Dexie, { type Table } from 'dexie';
import type { Annotator, Assignment, AuditEntry, GoldLabel, Label, Puzzle, Session, Study, Turn } from '../../shared/domain/model';
import type { PromptSearchRow } from '../../shared/judge-run/search-records';
import type { JudgeAnswerRow, JudgeEndpoint, JudgeRunRow, SavedPromptVersion } from '../../shared/judge-run/stored-records';
import type { SyncConnection, TeamDatabase } from '../../shared/sync/stored-records';
import { revisionMiddleware } from './data-revision';
import { SCHEMA_V1 } from './migrations/v1-tables';
import { SCHEMA_V2 } from './migrations/v2-assignments';
import { SCHEMA_V3 } from './migrations/v3-gold';
import { SCHEMA_V4 } from './migrations/v4-judge-runs';
import { SCHEMA_V5 } from './migrations/v5-team-server';
import { SCHEMA_V6 } from './migrations/v6-prompt-searches';

export const DATABASE_NAME = 'agreement-studio';

/** Small app facts kept beside the data, e.g. whether the demo study was offered. */
export interface MetaEntry {
  key: string;
  value: unknown;
}

export class StudioDatabase extends Dexie {
  studies!: Table<Study, string>;
  puzzles!: Table<Puzzle, [string, string]>;
  sessions!: Table<Session, [string, string]>;
  turns!: Table<Turn, [string, string]>;
  annotators!: Table<Annotator, [string, string]>;
  labels!: Table<Label, [string, string, string, string]>;
  assignments!: Table<Assignment, [string, string, string]>;
  gold!: Table<GoldLabel, [string, string, string]>;
  audit!: Table<AuditEntry, number>;
  meta!: Table<MetaEntry, string>;
  judgeEndpoints!: Table<JudgeEndpoint, string>;
  promptVersions!: Table<SavedPromptVersion, string>;
  judgeRuns!: Table<JudgeRunRow, string>;
  judgeAnswers!: Table<JudgeAnswerRow, [string, string]>;
  syncConnections!: Table<SyncConnection, string>;
  teamDatabases!: Table<TeamDatabase, [string, string]>;
  promptSearches!: Table<PromptSearchRow, string>;

  constructor(name: string = DATABASE_NAME, options: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {}) {
    super(name, { chromeTransactionDurability: 'strict', ...options });
    // Append-only, oldest first: each migrations/ file says what its version changed and why it
    // needs no record upgrade, and migrations.test.ts opens a frozen database of the version before.
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2);
    this.version(3).stores(SCHEMA_V3);
    this.version(4).stores(SCHEMA_V4);
    this.version(5).stores(SCHEMA_V5);
    this.version(6).stores(SCHEMA_V6);
    // Every write to labels, gold labels or team databases moves its study's revision mark, which kept report checksums are checked against.
    this.use(revisionMiddleware);
  }
}
