// Chromium side of the sync benchmark of `npm run bench`: stores a study and its team with the
// app's code (not timed), sets up the annotators' databases on the team server, writes every
// assigned unit's label into them as the annotators, then times the lead's pull (startLeadPull)
// until coverage is complete, against a plain PouchDB replication of the same databases. Asked for,
// the labels go by the annotators' first push (PouchDB with the app's batches), and the set-up and
// push are done again on a second server without the design document, the work a real CouchDB's
// validation adds (it runs once per document there, cheaply on pouchdb-server).

import PouchDB from 'pouchdb-browser';
import { createPrng } from '../../shared/random/prng';
import type { Label, StudyCounts, Task } from '../../shared/domain/model';
import { TASKS } from '../../shared/domain/model';
import { sendAdmitted, type TeamServerFetch } from '../../shared/sync/admitted-request';
import type { StudyData } from '../../shared/domain/model';
import type { Invitation } from '../../shared/sync/invitation';
import { connectionId } from '../../shared/sync/stored-records';
import { DESIGN_DOC_ID } from '../../shared/sync/validation-function';
import { toLabelDoc } from '../../shared/sync/sync-docs';
import { loadCoverage } from '../../renderer/db/coverage';
import { StudioDatabase } from '../../renderer/db/database';
import { importStudies } from '../../renderer/db/import-study';
import { assignTeam } from '../../renderer/db/team-setup';
import { openAnnotatorRemote } from '../../renderer/sync/annotator-remote';
import { PUSH_BATCH, PUSH_BATCHES_AHEAD } from '../../renderer/sync/annotator-sync';
import { CONCURRENT_DATABASES, eachAtMost, PULL_BATCH, startLeadPull } from '../../renderer/sync/lead-pull';
import { connectLead, inviteAnnotators } from '../../renderer/sync/lead-setup';
import type { OpenPouch, PouchDatabase, PouchDoc } from '../../renderer/sync/pouchdb-api';
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
  /** A second, empty server: the labels go by the annotators' first push, timed, and the set-up and push are timed there too without the design document. */
  plainServer?: { url: string; user: string; password: string };
}

export interface SyncScenarioResult {
  counts: StudyCounts;
  /** Labels written to the server, by task. */
  labels: Record<Task, number>;
  setupMs: number;
  /** Labels written as the annotators: by their first push when a plain server was given, else straight into the databases. */
  writeMs: number;
  /** The same set-up and first push on the plain server, whose databases have no design document. */
  plain?: { setupMs: number; pushMs: number };
  pullMs: number;
  replicateMs: number;
  /** Documents the plain replication wrote into its local databases (labels, packs and the design documents). */
  replicated: number;
}

const CREATED_AT = '2026-01-05T09:00:00.000Z';
const WRITE_CHUNK = 5_000;

const openPouch: OpenPouch = (nameOrUrl, options) => new PouchDB(nameOrUrl, options);
const pageFetch: TeamServerFetch = (url, init) => fetch(url, init);

/** Every assigned unit's label of the invitation's annotator, with seeded values. */
async function labelsOf(db: StudioDatabase, studyId: string, invitation: Invitation, seed: number, counts: Record<Task, number>): Promise<Label[]> {
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
  return labels;
}

/** The labels written straight into the annotator's database with their own credentials, in large requests. */
async function writeLabels(invitation: Invitation, labels: readonly Label[]): Promise<void> {
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

/** The team's study stored with the app's code in a fresh IndexedDB database (not timed), and the lead's SyncDeps for `server`. */
async function leadStudio(data: StudyData, team: Array<{ id: string; name: string }>, scenario: SyncScenario, server: SyncScenario['server'], name: string) {
  const studyId = data.study.id;
  await deleteDatabase(name);
  const db = new StudioDatabase(name);
  // The host's part, in the page: the lead's admin password held here and added by sendAdmitted.
  const lead = connectionId('lead', studyId);
  const admission = { origin: new URL(server.url).origin, user: server.user, password: () => Promise.resolve(server.password) };
  const deps: SyncDeps = { db, openPouch, send: (request) => sendAdmitted(pageFetch, request.connectionId === lead ? admission : undefined, request) };
  await importStudies(db, [data]);
  const { overlap, difficultyOverlap, seed } = scenario;
  await assignTeam(db, studyId, { annotators: team, overlap, ...(difficultyOverlap !== undefined ? { difficultyOverlap } : {}), seed, now: CREATED_AT });
  return { db, deps, studyId, lead };
}

/** The lead's set-up of every annotator (connect and invite), timed; without the design document when `plain`, every other request the same. */
async function timedSetup(deps: SyncDeps, studyId: string, server: SyncScenario['server'], plain: boolean) {
  const send: SyncDeps['send'] = plain
    ? (request) =>
        request.method === 'PUT' && new URL(request.url).pathname.endsWith(`/${DESIGN_DOC_ID}`)
          ? Promise.resolve({ ok: true, status: 201, headers: [], body: '{"ok":true}' })
          : deps.send(request)
    : deps.send;
  const start = performance.now();
  await connectLead({ ...deps, send }, { studyId, server: server.url, user: server.user });
  const invitations = await inviteAnnotators({ ...deps, send }, studyId, undefined);
  return { invitations, setupMs: performance.now() - start };
}

/**
 * The annotators' first push: each one's labels in a local PouchDB (not timed), then all pushed as
 * their app pushes (its batch size and read-ahead, their own credentials), a few annotators at a time.
 */
async function timedFirstPush(invitations: readonly Invitation[], labels: ReadonlyArray<readonly Label[]>, name: string): Promise<number> {
  const outboxes = await Promise.all(
    invitations.map(async (_, index) => {
      const outbox = openPouch(`${name}-outbox-${index}`);
      const docs: PouchDoc[] = (labels[index] ?? []).map((label) => ({ ...toLabelDoc(label) }));
      for (let start = 0; start < docs.length; start += WRITE_CHUNK) await outbox.bulkDocs(docs.slice(start, start + WRITE_CHUNK));
      return outbox;
    }),
  );
  const start = performance.now();
  await eachAtMost(invitations, CONCURRENT_DATABASES, async (invitation, index) => {
    const send: SyncDeps['send'] = (request) =>
      sendAdmitted(
        pageFetch,
        { origin: new URL(invitation.server).origin, user: invitation.user, password: () => Promise.resolve(invitation.password) },
        request,
      );
    const remote = openAnnotatorRemote({ openPouch, send }, invitation.study.id, invitation.server, invitation.database);
    const info = await (outboxes[index] as PouchDatabase).replicate.to(remote, { batch_size: PUSH_BATCH, batches_limit: PUSH_BATCHES_AHEAD });
    if (info.docs_written !== (labels[index]?.length ?? 0) || info.doc_write_failures > 0)
      throw new Error(`the push to ${invitation.database} wrote ${info.docs_written} of ${labels[index]?.length ?? 0} labels`);
  });
  const pushMs = performance.now() - start;
  await Promise.all(outboxes.map((outbox) => outbox.destroy()));
  return pushMs;
}

async function runSyncBench(scenario: SyncScenario): Promise<SyncScenarioResult> {
  const { data, team } = await loadBenchStudy(scenario.bundleUrl, scenario.annotators);
  let plain: SyncScenarioResult['plain'];
  if (scenario.plainServer !== undefined) {
    // The same set-up and push into databases without the design document, on their own server.
    const name = `bench-sync-plain-${data.study.id}`;
    const studio = await leadStudio(data, team, scenario, scenario.plainServer, name);
    try {
      const { invitations, setupMs } = await timedSetup(studio.deps, studio.studyId, scenario.plainServer, true);
      const labels = await Promise.all(
        invitations.map((invitation, index) => labelsOf(studio.db, studio.studyId, invitation, scenario.seed + index, emptyCounts())),
      );
      plain = { setupMs, pushMs: await timedFirstPush(invitations, labels, name) };
    } finally {
      studio.db.close();
      await deleteDatabase(name);
    }
  }

  const name = `bench-sync-${data.study.id}`;
  const { db, deps, studyId, lead } = await leadStudio(data, team, scenario, scenario.server, name);
  try {
    const { invitations, setupMs } = await timedSetup(deps, studyId, scenario.server, false);

    const counts = emptyCounts();
    const labels = await Promise.all(invitations.map((invitation, index) => labelsOf(db, studyId, invitation, scenario.seed + index, counts)));
    let start = performance.now();
    let writeMs: number;
    if (scenario.plainServer !== undefined) writeMs = await timedFirstPush(invitations, labels, name);
    else {
      await eachAtMost(invitations, CONCURRENT_DATABASES, (invitation, index) => writeLabels(invitation, labels[index] ?? []));
      writeMs = performance.now() - start;
    }
    const total = counts.answer + counts.match + counts.difficulty;
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
    return { counts: data.study.counts, labels: counts, setupMs, writeMs, ...(plain !== undefined ? { plain } : {}), pullMs, replicateMs, replicated };
  } finally {
    db.close();
    await deleteDatabase(name);
  }
}

function emptyCounts(): Record<Task, number> {
  return { answer: 0, match: 0, difficulty: 0 };
}

(globalThis as unknown as { runSyncBench: typeof runSyncBench }).runSyncBench = runSyncBench;
