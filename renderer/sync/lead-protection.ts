// What keeps each annotator's database honest on the server (issue 29 point 4): its `_security`
// (the annotator alone as member) and the lead's validation function. The lead's pull reads both
// every pass and says what changed; restoring puts the lead's back, on the lead's say-so, and the
// audit log keeps what was found and put back. A validation function an earlier version of the app
// put there is the lead's own, only older: it is brought up to date without asking.

import { databaseSecurity, securityProblem } from '../../shared/sync/database-security';
import { ownDocProblem, type OwnDocExpectation } from '../../shared/sync/read-own-doc';
import { connectionId, type SyncConnection, type TeamDatabase } from '../../shared/sync/stored-records';
import { designDoc, DESIGN_DOC_ID, earlierValidationSources, type ValidationTarget } from '../../shared/sync/validation-function';
import { describeAnswer, serverRequest, teamDatabaseSource, type ServerAnswer } from './server-request';
import { syncNow, type SyncDeps } from './sync-deps';
import type { RestoredProtectionDetail } from './sync-status';

/**
 * What is wrong with the database's protection on the server, in words ([] when it is the lead's),
 * or undefined when the server did not say (unreachable, or it refused the lead: the pull says so).
 */
export async function protectionProblems(
  deps: Pick<SyncDeps, 'send'>,
  connection: SyncConnection,
  row: Pick<TeamDatabase, 'database' | 'user'>,
  own: OwnDocExpectation,
): Promise<string[] | undefined> {
  const request = (path: string) => serverRequest(deps.send, connectionId('lead', connection.studyId), `${connection.server}${row.database}/${path}`, 'GET');
  let security: ServerAnswer;
  let design: ServerAnswer;
  try {
    [security, design] = await Promise.all([request('_security'), request(DESIGN_DOC_ID)]);
  } catch {
    return undefined;
  }
  if (security.status !== 200 || (design.status !== 200 && design.status !== 404)) return undefined;
  const problems: string[] = [];
  const securityWrong = securityProblem(security.json, row.user);
  if (securityWrong !== undefined) problems.push(securityWrong);
  const designWrong = design.status === 404 ? 'the validation function is gone from the server, so it takes any document' : ownDocProblem(design.json, own);
  if (designWrong !== undefined) problems.push(designWrong);
  return problems;
}

/**
 * Puts the lead's `_security` and validation function back in each given annotator's database
 * (all of the study's when none is given) whose check finds them changed, one audit entry each;
 * returns the databases restored. Throws an Error in words naming the database when the server
 * does not take them back.
 */
export async function restoreProtection(deps: SyncDeps, studyId: string, annotatorIds?: readonly string[]): Promise<RestoredProtectionDetail[]> {
  const { db } = deps;
  const [study, connection, rows] = await Promise.all([
    db.studies.get(studyId),
    db.syncConnections.get(studyId),
    db.teamDatabases.where('studyId').equals(studyId).toArray(),
  ]);
  if (study === undefined) throw new Error(`The study "${studyId}" is not in the library.`);
  if (connection?.role !== 'lead') throw new Error(`The study "${study.name}" is not connected to a team server as the lead's study.`);
  const restored: RestoredProtectionDetail[] = [];
  for (const row of rows) {
    if (annotatorIds !== undefined && !annotatorIds.includes(row.annotatorId)) continue;
    const design = designDoc({ studyId, annotatorId: row.annotatorId, user: row.user, scheme: study.scheme });
    const found = await protectionProblems(deps, connection, row, { studyId, annotatorId: row.annotatorId, validation: design.validate_doc_update });
    if (found === undefined)
      throw new Error(`The protection of ${teamDatabaseSource(connection.server, row.database)} could not be read; try again when the server answers.`);
    if (found.length === 0) continue;
    const put = async (path: string, body: unknown, ok: readonly number[]) => {
      const answer = await serverRequest(deps.send, connectionId('lead', studyId), `${connection.server}${row.database}/${path}`, 'PUT', body);
      if (!ok.includes(answer.status))
        throw new Error(`The protection of ${teamDatabaseSource(connection.server, row.database)} was not restored: ${describeAnswer(answer)}`);
    };
    await put('_security', databaseSecurity(row.user), [200, 201]);
    // Over the current revision, or anew over a deleted one, which CouchDB takes without a revision.
    const stored = await serverRequest(deps.send, connectionId('lead', studyId), `${connection.server}${row.database}/${DESIGN_DOC_ID}`, 'GET');
    const rev = stored.status === 200 ? (stored.json as { _rev?: unknown } | undefined)?._rev : undefined;
    await put(DESIGN_DOC_ID, typeof rev === 'string' ? { ...design, _rev: rev } : design, [201, 202]);
    const detail: RestoredProtectionDetail = { database: row.database, found };
    await db.audit.add({ studyId, at: syncNow(deps), kind: 'sync:protection-restored', detail: JSON.stringify(detail) });
    restored.push(detail);
  }
  return restored;
}

/** What a database's validation function was found to be by upgradeValidation; `unanswered` when the server did not say. */
export type ValidationUpgrade = 'upgraded' | 'not-earlier' | 'unanswered';

/**
 * Puts the current validation function over one an earlier version of the app wrote for the same
 * annotator (earlierValidationSources), with an audit entry: a server set up before a format step
 * would refuse what the annotators' app now writes (issue 33: labels with sets of acceptable
 * answers) until the lead thought to restore its protection. Anything else on the server is left
 * for protectionProblems to report and the lead to restore.
 */
export async function upgradeValidation(
  deps: SyncDeps,
  connection: SyncConnection,
  row: Pick<TeamDatabase, 'database'>,
  target: ValidationTarget,
): Promise<ValidationUpgrade> {
  const url = `${connection.server}${row.database}/${DESIGN_DOC_ID}`;
  let stored: ServerAnswer;
  try {
    stored = await serverRequest(deps.send, connectionId('lead', connection.studyId), url, 'GET');
  } catch {
    return 'unanswered';
  }
  if (stored.status === 404) return 'not-earlier';
  if (stored.status !== 200) return 'unanswered';
  const doc = stored.json as Record<string, unknown> | undefined;
  const earlier =
    doc !== undefined &&
    typeof doc._rev === 'string' &&
    doc.language === 'javascript' &&
    Object.keys(doc).every((member) => member === '_id' || member === '_rev' || member === 'language' || member === 'validate_doc_update') &&
    earlierValidationSources(target).includes(String(doc.validate_doc_update));
  if (!earlier) return 'not-earlier';
  let written: ServerAnswer;
  try {
    written = await serverRequest(deps.send, connectionId('lead', connection.studyId), url, 'PUT', { ...designDoc(target), _rev: doc._rev });
  } catch {
    return 'unanswered';
  }
  // 409: the document changed since it was read; the next pass reads it again.
  if (written.status !== 201 && written.status !== 202) return 'unanswered';
  await deps.db.audit.add({
    studyId: connection.studyId,
    at: syncNow(deps),
    kind: 'sync:validation-upgraded',
    detail: JSON.stringify({ database: row.database }),
  });
  return 'upgraded';
}
