// Chromium side of the sync benchmark of `npm run bench`: stores a study and its team with the
// app's code (not timed), sets up the annotators' databases on the team server, writes every
// assigned unit's label into them as the annotators, then times the lead's pull (startLeadPull)
// until coverage is complete, against a plain PouchDB replication of the same databases.

import PouchDB from 'pouchdb-browser';
import { createPrng } from '../../shared/demo/prng';
import type { Label, StudyCounts, Task } from '../../shared/domain/model';
import { TASKS } from '../../shared/domain/model';
import { sendAdmitted, type TeamServerFetch } from '../../shared/sync/admitted-request';
import type { Invitation } from '../../shared/sync/invitation';
import { connectionId } from '../../shared/sync/stored-records';
import { toLabelDoc } from '../../shared/sync/sync-docs';
import { loadCoverage } from '../../renderer/db/coverage';
import { StudioDatabase } from '../../renderer/db/database';
import { importStudies } from '../../renderer/db/import-study';
import { assignTeam } from '../../renderer/db/team-setup';
import { CONCURRENT_DATABASES, eachAtMost, PULL_BATCH, startLeadPull } from '../../renderer/sync/lead-pull';
import { connectLead, inviteAnnotators } from '../../renderer/sync/lead-setup';
import type { OpenPouch, PouchDatabase } from '../../renderer/sync/pouchdb-api';
import { relayFetch } from '../../renderer/sync/relay-fetch';
import { teamDatabaseUrl } from '../../renderer/sync/server-request';
import type { SyncDeps } from '../../renderer/sync/sync-deps';
import { deleteDatabase, loadBenchStudy, randomLabelValue } from './bench-page-study';

export interface SyncScenario {
  bundleUrl: string;
  annotators: number;
  overlap: number;
  difficultyOverlap?: number;
  seed: number;
  server: { url: string; user: string; password: string };
}

export interface SyncScenarioResult {
  counts: StudyCounts;
  /** Labels written to the server, by task. */
  labels: Record<Task, number>;
  setupMs: number;
  writeMs: number;
  pullMs: number;
  replicateMs: number;
  /** Documents the plain replication wrote into its local databases (labels, packs and the design documents). */
  replicated: number;
}

const CREATED_AT = '2026-01-05T09:00:00.000Z';
const WRITE_CHUNK = 5_000;

const openPouch: OpenPouch = (nameOrUrl, options) => new PouchDB(nameOrUrl, options);
const pageFetch: TeamServerFetch = (url, init) => fetch(url, init);

/** Every assigned unit's label, written into the annotator's database with their own credentials, as their app's replication would. */
async function writeLabels(db: StudioDatabase, studyId: string, invitation: Invitation, seed: number, counts: Record<Task, number>): Promise<void> {
  const prng = createPrng(seed);
  const labels: Label[] = [];
  for (const task of TASKS) {
    const units = (await db.assignments.get([studyId, invitation.annotator.id, task]))?.units ?? [];
    counts[task] += units.length;
    for (const unitId of units) {
      labels.push({
        studyId,
        annotatorId: invitation.annotator.id,
        unitId,
        task,
        value: randomLabelValue(task, prng),
        at: CREATED_AT,
        rev: 1,
        unsure: false,
        note: '',
      });
    }
  }
  const authorization = `Basic ${btoa(`${invitation.user}:${invitation.password}`)}`;
  for (let start = 0; start < labels.length; start += WRITE_CHUNK) {
    const docs = labels.slice(start, start + WRITE_CHUNK).map(toLabelDoc);
    const response = await fetch(`${invitation.server}${invitation.database}/_bulk_docs`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ docs }),
    });
    const results = (await response.json()) as Array<{ error?: string; reason?: string }>;
    const failed = Array.isArray(results) ? results.find((result) => result.error !== undefined) : results;
    if (!response.ok || failed !== undefined) throw new Error(`writing labels to ${invitation.database} failed: ${JSON.stringify(failed)}`);
  }
}

async function runSyncBench(scenario: SyncScenario): Promise<SyncScenarioResult> {
  const { data, team: annotators } = await loadBenchStudy(scenario.bundleUrl, scenario.annotators);
  const studyId = data.study.id;
  const name = `bench-sync-${studyId}`;
  await deleteDatabase(name);
  const db = new StudioDatabase(name);
  // The host's part, in the page: the lead's admin password held here and added by sendAdmitted.
  const lead = connectionId('lead', studyId);
  const admission = { origin: new URL(scenario.server.url).origin, user: scenario.server.user, password: () => Promise.resolve(scenario.server.password) };
  const deps: SyncDeps = { db, openPouch, send: (request) => sendAdmitted(pageFetch, request.connectionId === lead ? admission : undefined, request) };
  try {
    await importStudies(db, [data]);
    const { overlap, difficultyOverlap, seed } = scenario;
    await assignTeam(db, studyId, { annotators, overlap, ...(difficultyOverlap !== undefined ? { difficultyOverlap } : {}), seed, now: CREATED_AT });

    let start = performance.now();
    await connectLead(deps, { studyId, server: scenario.server.url, user: scenario.server.user });
    const invitations = await inviteAnnotators(deps, studyId, undefined);
    const setupMs = performance.now() - start;

    const labels: Record<Task, number> = { answer: 0, match: 0, difficulty: 0 };
    start = performance.now();
    await eachAtMost(invitations, CONCURRENT_DATABASES, (invitation, index) => writeLabels(db, studyId, invitation, seed + index, labels));
    const writeMs = performance.now() - start;
    const total = labels.answer + labels.match + labels.difficulty;

    // The lead's pull, from its start to coverage complete.
    start = performance.now();
    let pulled = false;
    let arrived: () => void = () => undefined;
    const allArrived = new Promise<void>((resolve) => (arrived = resolve));
    const pull = startLeadPull(deps, studyId, (status) => {
      if (!pulled && status.databases.reduce((sum, database) => sum + database.labelsPulled, 0) >= total) {
        pulled = true;
        arrived();
      }
    });
    await allArrived;
    const coverage = await loadCoverage(db, studyId);
    const pullMs = performance.now() - start;
    pull.stop();
    await pull.done;
    if (!coverage.complete) throw new Error('the pull brought every label, yet coverage is not complete');

    // A plain PouchDB replication of the same databases, through the same relayed fetch.
    start = performance.now();
    let replicated = 0;
    const replicas: PouchDatabase[] = [];
    await eachAtMost(invitations, CONCURRENT_DATABASES, async (invitation, index) => {
      const remote = openPouch(teamDatabaseUrl(invitation.server, invitation.database), { fetch: relayFetch(lead, deps.send), skip_setup: true });
      const local = openPouch(`bench-replica-${index}`);
      replicas.push(local);
      const info = await local.replicate.from(remote, { batch_size: PULL_BATCH });
      replicated += info.docs_written;
    });
    const replicateMs = performance.now() - start;
    await Promise.all(replicas.map((replica) => replica.destroy()));
    return { counts: data.study.counts, labels, setupMs, writeMs, pullMs, replicateMs, replicated };
  } finally {
    db.close();
    await deleteDatabase(name);
  }
}

(globalThis as unknown as { runSyncBench: typeof runSyncBench }).runSyncBench = runSyncBench;
