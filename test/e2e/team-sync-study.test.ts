// A study synced through the team server in the trouble real teams meet, end to end in real
// Chromium with real IndexedDB against pouchdb-server on loopback. The lead connects the demo
// study and invites three annotators, each in a profile of their own (the third in a Chromium of
// our own on a profile on disk, so that it can be killed). They label at the same time; the server
// is stopped for a while and they label on offline; it starts again, and the third annotator's
// browser is SIGKILLed while their labels are on the way to it (their upload held in flight),
// relaunched on the same profile, and labels on. At the end every label an annotator's screen
// acknowledged is at the lead, once, as the annotator last saved it; coverage is complete; and the
// lead's report is the one a second lead computes from the same labels exchanged as files. An
// annotator can neither read another's database nor write a label under another's name (the
// server refuses), and labels a server lets through all the same are refused by the lead's pull,
// as is the deletion of the validation function that let them through.

import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Label, Task } from '../../shared/domain/model';
import { annotatorDatabaseName } from '../../shared/sync/team-server-names';
import { labelDocId, type LabelDoc } from '../../shared/sync/sync-docs';
import { DESIGN_DOC_ID } from '../../shared/sync/validation-function';
import type { Invitation } from '../../shared/sync/invitation';
import { scratchDir } from '../scratch-dir';
import { startTeamServer, type TeamServer } from '../support/team-server';
import { chooseFiles, downloads, dumpDatabase, openApp, useAppInChromium } from './harness';
import { checkAcknowledged, describeLosses, type Acknowledgement } from './kill-check';
import { createProfileDir, launchKillableChromium, recordAcknowledgements, type KillableChromium } from './kill-harness';
import { keyFor, labelQueue, openWorkspace } from './team-labelling';
import { assignTeam, connectLead, inviteTeam, joinByLink, TEAM, type TeamMember } from './team-server-steps';

const STUDY_ID = 'demo-study';
/** Match labels the third annotator's screen acknowledges before their browser is killed. */
const MATCH_BEFORE_KILL = 3;

const chromiumApp = useAppInChromium();
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** One annotator across the launches of their browser: what their screen acknowledged, and what went wrong. */
interface Annotator {
  index: number;
  member: TeamMember;
  invitation: Invitation;
  link: string;
  page: Page;
  /** Browser launches, from 1. */
  life: number;
  acks: Acknowledgement[];
  pageErrors: string[];
  saveErrors: string[];
}

/** A page of the app in `context` that reports every save the app acknowledges to `annotator.acks`. */
async function openRecordedPage(context: BrowserContext, annotator: Omit<Annotator, 'page'>, url: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => annotator.pageErrors.push(`launch ${annotator.life}: ${error.message}`));
  page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
  await recordAcknowledgements(page, (report) => {
    if (report.kind === 'save-error') {
      annotator.saveErrors.push(`launch ${annotator.life}: ${report.unitId}`);
      return;
    }
    annotator.acks.push({ ...report.ack, life: annotator.life });
  });
  await page.goto(url);
  return page;
}

const syncStatus = (page: Page) => page.getByTestId('sync-status').first();

async function waitForSyncState(page: Page, state: string, waiting: number): Promise<void> {
  await expect
    .poll(async () => `${await syncStatus(page).getAttribute('data-state')} ${await syncStatus(page).getAttribute('data-waiting')}`, { timeout: 120_000 })
    .toBe(`${state} ${waiting}`);
}

/** The annotator's labels of the study as their own IndexedDB holds them. */
async function storedLabels(page: Page, annotatorId: string): Promise<Label[]> {
  const dump = await dumpDatabase(page);
  return (dump.labels as Label[]).filter((label) => label.studyId === STUDY_ID && label.annotatorId === annotatorId);
}

const labelKey = (label: Pick<Label, 'task' | 'unitId'>) => `${label.task} ${label.unitId}`;
/** What the figures and the merge read of a label: its value, revision, unsure flag and note. */
const labelFacts = (label: Label) => ({ key: labelKey(label), value: label.value, rev: label.rev, unsure: label.unsure, note: label.note });
const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);

/** A request to the team server with an annotator's account, sent from their own page as their app would. */
function requestAs(page: Page, invitation: Invitation, method: string, path: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ({ url, user, password, method, body }) => {
      const response = await fetch(url, {
        method,
        credentials: 'omit',
        headers: { authorization: `Basic ${btoa(`${user}:${password}`)}`, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      await response.text();
      return response.status;
    },
    { url: new URL(path, invitation.server).href, user: invitation.user, password: invitation.password, method, body },
  );
}

/** Label documents in an annotator's database on the server, as its admin reads them. */
async function serverLabelDocs(server: TeamServer, database: string): Promise<LabelDoc[]> {
  const all = await server.adminRequest('GET', `${database}/_all_docs?include_docs=true&startkey=%22label%3A%22&endkey=%22label%3A%EF%BF%B0%22`);
  expect(all.status).toBe(200);
  return (all.json as { rows: Array<{ doc: LabelDoc }> }).rows.map((row) => row.doc);
}

/** The report the page exports as JSON, without the moment it was written. */
async function exportedReport(page: Page, appUrl: string, dir: string): Promise<Record<string, unknown>> {
  await page.goto(`${appUrl}#/study/${STUDY_ID}/report`);
  await page.getByTestId('report-bootstrap').fill('200');
  await page.getByTestId('report-bootstrap').press('Enter');
  await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 120_000 });
  const saved = await downloads(page, dir, 1, () => page.locator('[data-export="report-json"]').click());
  const [path] = [...saved.values()];
  const report = JSON.parse(readFileSync(path ?? '', 'utf8')) as Record<string, unknown>;
  delete report.generatedAt;
  return report;
}

describe('a study synced through a team server that goes away, with a browser killed mid-sync', () => {
  it(
    'brings every acknowledged label to the lead once, completes coverage, matches the report from label files, and keeps annotators apart',
    { timeout: 600_000 },
    async () => {
      const dir = scratchDir('agreement-studio-team-sync-');
      const appUrl = chromiumApp.app().url;
      const server = await startTeamServer({ allowOrigins: [new URL(appUrl).origin] });
      cleanups.push(() => server.close());

      // The lead assigns the demo study, connects it, and invites the team.
      const lead = await openApp(chromiumApp.browser(), chromiumApp.app());
      cleanups.push(() => lead.context.close());
      await lead.page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
      await assignTeam(lead.page, appUrl, STUDY_ID, TEAM, 2);
      await connectLead(lead.page, server);
      const invited = await inviteTeam(lead.page, dir, TEAM);
      const databaseRow = (member: TeamMember) => lead.page.locator(`[data-database-row="${member.id}"]`);

      // Each annotator joins in a profile of their own; the third in a Chromium that can be killed.
      const profile = createProfileDir();
      cleanups.push(async () => profile.remove());
      let killable: KillableChromium = await launchKillableChromium(profile.path);
      cleanups.push(() => killable.kill());
      const annotators: Annotator[] = [];
      for (const [index, member] of TEAM.entries()) {
        const { invitation, link } = invited.get(member.id) ?? { invitation: undefined, link: '' };
        if (invitation === undefined) throw new Error(`${member.id} has no invitation`);
        const context = index === 2 ? killable.context : await chromiumApp.browser().newContext();
        if (index !== 2) cleanups.push(() => context.close());
        const annotator: Omit<Annotator, 'page'> = { index, member, invitation, link, life: 1, acks: [], pageErrors: [], saveErrors: [] };
        // The same object gets its page: the recorder writes to it across launches.
        const joined: Annotator = Object.assign(annotator, { page: await openRecordedPage(context, annotator, appUrl) });
        await joinByLink(joined.page, STUDY_ID, link);
        annotators.push(joined);
      }
      const [first, second, third] = annotators as [Annotator, Annotator, Annotator];

      // All three rate difficulty at the same time, online; the lead pulls each rating.
      const difficulty = await Promise.all(annotators.map((annotator) => labelQueue(annotator.page, appUrl, STUDY_ID, 'difficulty', annotator.index)));
      for (const [index, annotator] of annotators.entries()) {
        await waitForSyncState(annotator.page, 'synced', 0);
        await expect.poll(() => databaseRow(annotator.member).getAttribute('data-labels-pulled'), { timeout: 120_000 }).toBe(String(difficulty[index]));
      }

      // The server goes away. The lead sees it; the annotators label every question offline, and their labels wait.
      await server.stop();
      const answers = await Promise.all(annotators.map((annotator) => labelQueue(annotator.page, appUrl, STUDY_ID, 'answer', annotator.index)));
      for (const [index, annotator] of annotators.entries()) await waitForSyncState(annotator.page, 'offline', answers[index] as number);
      for (const annotator of annotators)
        await expect.poll(() => databaseRow(annotator.member).getAttribute('data-state'), { timeout: 120_000 }).toBe('offline');

      // Back again. The third annotator's uploads are held in flight, and their browser is killed
      // once one is held and a few match labels are acknowledged: their labels were on the way, none arrived.
      let heldUploads = 0;
      await killable.context.route(`${server.url}**/_bulk_docs*`, () => void heldUploads++);
      await server.start();
      const killMidSync = async () => {
        await openWorkspace(third.page, appUrl, STUDY_ID, 'match');
        for (let index = 0; index < MATCH_BEFORE_KILL; index++) await third.page.keyboard.press(keyFor('match', third.index, index));
        const matchAcks = () => new Set(third.acks.filter((ack) => ack.task === 'match').map((ack) => ack.unitId)).size;
        await expect.poll(matchAcks, { timeout: 60_000 }).toBe(MATCH_BEFORE_KILL);
        await expect.poll(() => heldUploads, { timeout: 120_000 }).toBeGreaterThan(0);
        await killable.kill();
        // The kill came mid-sync: the server has none of the labels made since it went away.
        const onServer = await serverLabelDocs(server, third.invitation.database);
        expect(onServer.map((doc) => doc.task).sort()).toEqual(Array(difficulty[2]).fill('difficulty'));
      };
      const [matchFirst, matchSecond] = await Promise.all([
        labelQueue(first.page, appUrl, STUDY_ID, 'match', first.index),
        labelQueue(second.page, appUrl, STUDY_ID, 'match', second.index),
        killMidSync(),
      ]);

      // Relaunched on the same profile: every acknowledged label is still there; the sync goes on by
      // itself, and the annotator labels the match units left.
      killable = await launchKillableChromium(profile.path);
      third.life = 2;
      third.page = await openRecordedPage(killable.context, third, appUrl);
      await third.page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
      const afterKill = checkAcknowledged(third.acks, await storedLabels(third.page, third.member.id));
      expect(afterKill.lost, describeLosses(afterKill.lost)).toEqual([]);
      const assignments = (await dumpDatabase(third.page)).assignments as Array<{ annotatorId: string; task: Task; units: string[] }>;
      const matchUnits = assignments.find((row) => row.annotatorId === third.member.id && row.task === 'match')?.units ?? [];
      const labelled = new Set((await storedLabels(third.page, third.member.id)).filter((label) => label.task === 'match').map((label) => label.unitId));
      expect(labelled.size).toBeGreaterThanOrEqual(MATCH_BEFORE_KILL);
      const total = await openWorkspace(third.page, appUrl, STUDY_ID, 'match');
      expect(total).toBe(matchUnits.length);
      for (const [index, unit] of matchUnits.entries()) {
        if (labelled.has(unit)) continue;
        await third.page.goto(`${appUrl}#/study/${STUDY_ID}/label/match/${encodeURIComponent(unit)}`);
        await third.page.locator(`[data-testid="current-unit"][data-unit-id="${unit}"]`).waitFor({ timeout: 60_000 });
        await third.page.keyboard.press(keyFor('match', third.index, index));
      }
      await expect.poll(() => third.page.getByTestId('progress').getAttribute('data-done'), { timeout: 60_000 }).toBe(String(total));
      expect(matchFirst).toBeGreaterThan(0);
      expect(matchSecond).toBeGreaterThan(0);

      // Everyone synced; the lead has every acknowledged label, once, as its annotator last saved it.
      for (const annotator of annotators) await waitForSyncState(annotator.page, 'synced', 0);
      const complete = lead.page.getByTestId('coverage-complete');
      await lead.page.goto(`${appUrl}#/study/${STUDY_ID}/team`);
      await expect.poll(() => complete.getAttribute('data-complete'), { timeout: 120_000 }).toBe('true');
      const leadLabels = async (annotatorId: string) =>
        ((await dumpDatabase(lead.page)).labels as Label[]).filter((label) => label.studyId === STUDY_ID && label.annotatorId === annotatorId);
      const atLead = new Map<string, Label[]>();
      for (const annotator of annotators) {
        const { member } = annotator;
        const own = await storedLabels(annotator.page, member.id);
        const pulled = await leadLabels(member.id);
        atLead.set(member.id, pulled);
        expect(pulled.map(labelFacts).sort(byKey), `${member.id}'s labels at the lead`).toEqual(own.map(labelFacts).sort(byKey));
        const verdict = checkAcknowledged(annotator.acks, pulled);
        expect(verdict.lost, `${member.id}: ${describeLosses(verdict.lost)}`).toEqual([]);
        expect(verdict.units).toBe(pulled.length);
        const row = lead.page.locator(`[data-annotator-row="${member.id}"]`);
        expect(await row.getAttribute('data-labelled')).toBe(await row.getAttribute('data-assigned'));
        expect(await databaseRow(member).getAttribute('data-refused')).toBe('0');
      }

      // An annotator can read and write only their own database, and only under their own name.
      const own = first.invitation;
      const other = second.invitation;
      expect(await requestAs(first.page, own, 'GET', own.database)).toBe(200);
      expect([401, 403]).toContain(await requestAs(first.page, own, 'GET', `${other.database}/_all_docs`));
      // A question only the second annotator has, so the forgery is no edit of the first's own label.
      const firstsUnits = new Set((atLead.get(first.member.id) ?? []).map(labelKey));
      const secondsUnit = (atLead.get(second.member.id) ?? []).find((label) => label.task === 'answer' && !firstsUnits.has(labelKey(label)))?.unitId ?? '';
      expect(secondsUnit).not.toBe('');
      const forged: LabelDoc = {
        _id: labelDocId('answer', secondsUnit),
        type: 'label',
        study: STUDY_ID,
        annotator: second.member.id,
        task: 'answer',
        unit: secondsUnit,
        value: 'yes',
        at: new Date().toISOString(),
        rev: 1,
        unsure: false,
        note: '',
      };
      expect([401, 403]).toContain(await requestAs(first.page, own, 'PUT', `${other.database}/${encodeURIComponent(forged._id)}`, forged));
      expect(await requestAs(first.page, own, 'PUT', `${own.database}/${encodeURIComponent(forged._id)}`, forged)).toBe(403);

      // A server that lets such labels through (its validation gone): the lead's pull refuses each.
      const database = annotatorDatabaseName(STUDY_ID, first.member.id);
      expect(database).toBe(own.database);
      const design = await server.adminRequest('GET', `${database}/${DESIGN_DOC_ID}`);
      const designRev = (design.json as { _rev: string })._rev;
      expect((await server.adminRequest('DELETE', `${database}/${DESIGN_DOC_ID}?rev=${designRev}`)).status).toBe(200);
      const [judged, outOfScale] = (await serverLabelDocs(server, database)).filter((doc) => doc.task === 'difficulty');
      if (judged === undefined || outOfScale === undefined) throw new Error(`${database} holds fewer than two difficulty ratings`);
      const forgeries = [forged, { ...judged, judge: 'yes' }, { ...outOfScale, value: 12 }];
      for (const doc of forgeries) expect((await server.adminRequest('PUT', `${database}/${encodeURIComponent(doc._id)}`, doc)).status).toBe(201);
      // Each forgery, and the deleted validation function itself (issue 27: nothing the pull does not take goes uncounted).
      await expect.poll(() => databaseRow(first.member).getAttribute('data-refused'), { timeout: 120_000 }).toBe(String(forgeries.length + 1));
      for (const annotator of annotators) {
        const now = (await leadLabels(annotator.member.id)).map(labelFacts).sort(byKey);
        expect(now, `${annotator.member.id}'s labels at the lead after the forgeries`).toEqual(
          (atLead.get(annotator.member.id) ?? []).map(labelFacts).sort(byKey),
        );
      }

      // The same labels exchanged as files give the same report.
      const labelFiles: string[] = [];
      for (const annotator of annotators) {
        await annotator.page.goto(`${appUrl}#/study/${STUDY_ID}`);
        const saved = await downloads(annotator.page, dir, 1, () => annotator.page.getByTestId('export-labels').click());
        labelFiles.push(...saved.values());
      }
      const synced = await exportedReport(lead.page, appUrl, dir);
      const fileLead = await openApp(chromiumApp.browser(), chromiumApp.app());
      cleanups.push(() => fileLead.context.close());
      await fileLead.page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
      await fileLead.page.goto(`${appUrl}#/study/${STUDY_ID}/team`);
      await chooseFiles(fileLead.page, fileLead.page.getByTestId('import-labels'), labelFiles);
      const everyLabel = [...atLead.values()].reduce((sum, labels) => sum + labels.length, 0);
      await expect.poll(() => fileLead.page.getByTestId('label-import-summary').getAttribute('data-added'), { timeout: 60_000 }).toBe(String(everyLabel));
      expect(await exportedReport(fileLead.page, appUrl, dir)).toEqual(synced);

      for (const annotator of annotators) {
        expect(annotator.pageErrors, `${annotator.member.id}'s page errors`).toEqual([]);
        expect(annotator.saveErrors, `${annotator.member.id}'s failed saves`).toEqual([]);
      }
      expect(lead.pageErrors).toEqual([]);
      expect(fileLead.pageErrors).toEqual([]);
    },
  );
});
