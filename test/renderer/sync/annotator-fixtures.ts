// What the annotator's sync tests share: a lead's study (the demo study, assigned to a team) in its
// own fake IndexedDB, an annotator's database set up on the team server with the admin account as
// the lead's set-up makes it (user, database, `_security`, a validation, the pack's documents), the
// invitation for it, and the annotator's side: a fresh database, a host holding the password, and deps.

import { parsePack, type Pack } from '../../../shared/formats/pack';
import { formatErrorText } from '../../../shared/formats/errors';
import { INVITATION_FORMAT, type Invitation } from '../../../shared/sync/invitation';
import { connectionId } from '../../../shared/sync/stored-records';
import { packDocs } from '../../../shared/sync/sync-docs';
import { annotatorDatabaseName, annotatorUserName } from '../../../shared/sync/team-server-names';
import type { StudioDatabase } from '../../../renderer/db/database';
import { writeTeamPacks } from '../../../renderer/db/team-packs';
import { assignTeam } from '../../../renderer/db/team-setup';
import type { SyncDeps } from '../../../renderer/sync/sync-deps';
import { openNodePouch } from '../../support/node-pouchdb';
import { nodeTeamServers, type NodeTeamServers } from '../../support/node-team-servers';
import type { TeamServer } from '../../support/team-server';
import { databaseWith, demoStudy, freshDatabase, NOW } from '../db/db-fixtures';

export const TEAM = [
  { id: 'ann-01', name: 'Annotator 1' },
  { id: 'ann-02', name: 'Annotator 2' },
];

/** The lead's database: the demo study assigned to TEAM (overlap 1, so each annotator has their own units). */
export async function leadStudy(): Promise<{ lead: StudioDatabase; studyId: string }> {
  const data = demoStudy();
  const lead = await databaseWith([data]);
  await assignTeam(lead, data.study.id, { annotators: TEAM, overlap: 1, seed: 3, now: NOW });
  return { lead, studyId: data.study.id };
}

/** The annotator's current pack as the lead writes it, with its file's text; `missingOnly` for a pack of the units not labelled yet. */
export async function leadPack(lead: StudioDatabase, studyId: string, annotatorId: string, createdAt: string, missingOnly = false) {
  const [file] = await writeTeamPacks(lead, studyId, { annotatorIds: [annotatorId], missingOnly }, { createdAt, app: 'agreement-studio test' });
  if (!file) throw new Error('expected a pack');
  const parsed = parsePack({ name: file.name, text: file.text });
  if (!parsed.ok) throw new Error(parsed.errors.map(formatErrorText).join('\n'));
  return { pack: parsed.value, text: file.text };
}

/** The validation the tests' databases run: a label is the database's annotator's, in the study, with a known task. */
function validation(studyId: string, annotatorId: string): string {
  return `function (doc, old, user) {
    if (user.roles.indexOf('_admin') !== -1) return;
    if (doc.type !== 'label') throw { forbidden: 'only the lead writes packs' };
    if (doc.annotator !== ${JSON.stringify(annotatorId)}) throw { forbidden: 'the label names another annotator than this database\\'s' };
    if (doc.study !== ${JSON.stringify(studyId)}) throw { forbidden: 'the label is for another study' };
    if (['answer', 'match', 'difficulty'].indexOf(doc.task) === -1) throw { forbidden: 'the label has no known task' };
  }`;
}

/** Puts a pack in the database as the lead does: its header and parts. */
export async function putPack(server: TeamServer, database: string, packed: { pack: Pack; text: string }): Promise<void> {
  const docs = packDocs(packed.text, packed.pack);
  const put = await server.adminRequest('POST', `${database}/_bulk_docs`, { docs });
  if (put.status !== 201) throw new Error(`the pack was not put: ${put.status} ${JSON.stringify(put.json)}`);
}

/** Makes (or makes again, empty) the annotator's user and database as the lead's set-up does, puts `packs`, and returns the invitation. */
export async function inviteAnnotator(
  server: TeamServer,
  studyId: string,
  annotator: { id: string; name: string },
  packs: ReadonlyArray<{ pack: Pack; text: string }>,
): Promise<Invitation> {
  const database = annotatorDatabaseName(studyId, annotator.id);
  const user = annotatorUserName(studyId, annotator.id);
  const password = `pw-${annotator.id}-${Math.random().toString(36).slice(2)}`;
  // A test may invite the same annotator again: the database starts empty and the password is new.
  const existing = await server.adminRequest('GET', `_users/org.couchdb.user:${user}`);
  const rev = existing.status === 200 ? { _rev: (existing.json as { _rev: string })._rev } : {};
  await server.adminRequest('DELETE', database);
  const made = [
    await server.adminRequest('PUT', `_users/org.couchdb.user:${user}`, { name: user, password, roles: [], type: 'user', ...rev }),
    await server.adminRequest('PUT', database),
    await server.adminRequest('PUT', `${database}/_security`, { admins: { names: [], roles: [] }, members: { names: [user], roles: [] } }),
    await server.adminRequest('PUT', `${database}/_design/agreement-studio`, { validate_doc_update: validation(studyId, annotator.id) }),
  ];
  const failed = made.find((answer) => answer.status >= 300);
  if (failed) throw new Error(`set-up failed: ${failed.status} ${JSON.stringify(failed.json)}`);
  for (const packed of packs) await putPack(server, database, packed);
  return {
    format: INVITATION_FORMAT,
    server: server.url,
    database,
    user,
    password,
    study: { id: studyId, name: 'Demo' },
    annotator,
    createdAt: NOW,
  };
}

/** An annotator's computer: a fresh database, and a host that holds the invitation's password as the window registers it. */
export async function annotatorComputer(invitation: Invitation): Promise<{ db: StudioDatabase; host: NodeTeamServers; deps: SyncDeps }> {
  const db = freshDatabase();
  const host = nodeTeamServers();
  await host.register({
    connectionId: connectionId('annotator', invitation.study.id),
    url: invitation.server,
    user: invitation.user,
    password: invitation.password,
  });
  return { db, host, deps: { db, openPouch: openNodePouch, send: (request) => host.fetch(request), now: () => NOW } };
}

/** The annotator's label documents on the server, read as the admin, by id. */
export async function serverLabels(server: TeamServer, database: string): Promise<Map<string, Record<string, unknown> & { _rev: string }>> {
  const answer = await server.adminRequest(
    'GET',
    `${database}/_all_docs?include_docs=true&startkey=${encodeURIComponent('"label:"')}&endkey=${encodeURIComponent('"label:\ufff0"')}`,
  );
  const rows = (answer.json as { rows: Array<{ id: string; doc: Record<string, unknown> & { _rev: string } }> }).rows;
  return new Map(rows.map((row) => [row.id, row.doc]));
}
