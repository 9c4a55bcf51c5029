// The Team page's "Team server" section (issue 18): the lead connects the study to a CouchDB
// server with an admin account, invites the annotators (a file and, in the web build, a link
// each), and watches every annotator database being pulled. Optional: packs and label files
// work as before beside it.

import { useId, useState, type FormEvent } from 'react';
import type { KeyStorage } from '../../../shared/platform/studio-platform';
import type { TeamDatabase } from '../../../shared/sync/stored-records';
import type { TeamDatabaseStatus } from '../../workers/sync-protocol';
import { NextTry } from './NextTry';
import { useTeamServer, type InvitationRow, type ProtectionWork } from './useTeamServer';
import { WorkProgressNotice } from './WorkProgressNotice';
import type { TeamServerFormValues } from './team-server-form';

/** Where the host keeps the lead's password, and what that means after a restart, as true on each host. */
function storageText(storage: KeyStorage, host: 'electron' | 'browser' | undefined): string {
  switch (storage) {
    case 'system':
      return 'encrypted by the operating system, so the pull starts again when the app does';
    case 'browser':
      return "encrypted by the browser in this page's own database, so the pull starts again when the page is opened again";
    case 'session':
      return host === 'browser'
        ? 'kept only until this page closes (a page served over plain http from another computer cannot encrypt it), then asked for again'
        : 'kept only until the app closes (this computer offers the app no encrypted storage), then asked for again';
  }
}

const STATE_TEXT: Record<TeamDatabaseStatus['state'], string> = {
  pulling: 'Pulling',
  current: 'Up to date',
  offline: 'Offline',
  refused: 'Refused',
};

const number = (value: number) => value.toLocaleString('en-US');

function timeText(at: string | undefined): string {
  if (at === undefined) return 'not yet';
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString();
}

function ConnectForm({
  pending,
  busy,
  onConnect,
}: {
  pending?: { server: string; user: string };
  busy: boolean;
  onConnect: (values: TeamServerFormValues) => Promise<boolean>;
}) {
  const [values, setValues] = useState<TeamServerFormValues>({ server: pending?.server ?? '', user: pending?.user ?? '', password: '' });
  const set = (field: keyof TeamServerFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onConnect(values).then((done) => {
      // The password leaves the page's state once the host holds it.
      if (done) setValues((current) => ({ ...current, password: '' }));
    });
  };
  return (
    <form className="card team-server-form" onSubmit={submit} noValidate aria-label="Connect to a team server">
      <label className="field">
        <span>Server address</span>
        <input type="url" value={values.server} onChange={set('server')} placeholder="https://couch.example.org/" spellCheck={false} />
      </label>
      <label className="field">
        <span>Admin user name</span>
        <input type="text" value={values.user} onChange={set('user')} autoComplete="username" spellCheck={false} />
      </label>
      <label className="field">
        <span>Admin password</span>
        <input
          type="password"
          value={values.password}
          onChange={set('password')}
          autoComplete="current-password"
          placeholder={pending ? 'kept from before the reload' : ''}
        />
      </label>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Connecting…' : 'Connect'}
      </button>
    </form>
  );
}

function databaseRow(stored: TeamDatabase | undefined, live: TeamDatabaseStatus | undefined) {
  return {
    labelsPulled: live?.labelsPulled ?? stored?.labelsPulled ?? 0,
    conflicts: live?.conflicts ?? stored?.conflicts ?? 0,
    refused: live?.refused ?? stored?.refused ?? 0,
    lastPulledAt: live?.lastPulledAt ?? stored?.lastPulledAt,
  };
}

function DatabasesTable({ databases, live, running }: { databases: readonly TeamDatabase[]; live: readonly TeamDatabaseStatus[]; running: boolean }) {
  const ids = [...new Set([...databases.map((row) => row.annotatorId), ...live.map((row) => row.annotatorId)])];
  if (ids.length === 0) return <p className="empty">No annotator database yet: invite the annotators.</p>;
  return (
    <table className="data-table" aria-label="Annotator databases" data-testid="team-databases">
      <thead>
        <tr>
          <th scope="col">Annotator</th>
          <th scope="col">State</th>
          <th scope="col" className="num">
            Labels
          </th>
          <th scope="col" className="num">
            Conflicts
          </th>
          <th scope="col" className="num">
            Refused
          </th>
          <th scope="col">Last pulled</th>
        </tr>
      </thead>
      <tbody>
        {ids.map((annotatorId) => {
          const stored = databases.find((row) => row.annotatorId === annotatorId);
          const status = live.find((row) => row.annotatorId === annotatorId);
          const row = databaseRow(stored, status);
          const troubled = status?.state === 'offline' || status?.state === 'refused';
          return (
            <tr
              key={annotatorId}
              data-database-row={annotatorId}
              data-state={status?.state ?? ''}
              data-labels-pulled={row.labelsPulled}
              data-conflicts={row.conflicts}
              data-refused={row.refused}
              data-protection-changed={(status?.protection?.length ?? 0) > 0}
            >
              <th scope="row" className="row-name">
                <div className="strong">{annotatorId}</div>
                <div className="muted small">{stored?.database ?? status?.database}</div>
              </th>
              <td>
                {status ? STATE_TEXT[status.state] : running ? 'Starting' : 'Not pulling'}
                {troubled && status.reason !== undefined && <div className="muted small">{status.reason}</div>}
                {(status?.protection?.length ?? 0) > 0 && <div className="strong">Protection changed</div>}
              </td>
              <td className="num">{number(row.labelsPulled)}</td>
              <td className="num">
                {number(row.conflicts)}
                {row.conflicts > 0 && (
                  <div className="muted small">{row.conflicts === 1 ? 'label with' : 'labels with'} revisions that lost, in the audit log</div>
                )}
              </td>
              <td className="num">
                {number(row.refused)}
                {row.refused > 0 && !troubled && status?.reason !== undefined && <div className="muted small">last: {status.reason}</div>}
              </td>
              <td>{timeText(row.lastPulledAt)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The databases whose protection the pull found changed on the server, each with what changed, and
 * the one action that puts the lead's back (issue 29 point 4).
 */
function ProtectionWarning({
  live,
  work,
  onRestore,
}: {
  live: readonly TeamDatabaseStatus[];
  work: ProtectionWork;
  onRestore: (annotatorIds: readonly string[]) => void;
}) {
  const changed = live.filter((status) => status.protection !== undefined && status.protection.length > 0);
  return (
    <>
      {changed.length > 0 && (
        <div className="notice notice-error" role="alert" data-testid="team-server-protection">
          <div className="strong">
            Protection changed on the server: until it is restored, {changed.length === 1 ? 'this database' : 'these databases'} may take labels from others
            than {changed.length === 1 ? 'its annotator' : 'their annotators'}, or labels the studio refuses (the pull still refuses them).
          </div>
          <ul>
            {changed.map((status) => (
              <li key={status.annotatorId} data-protection-database={status.database}>
                <span className="strong">{status.database}</span> ({status.annotatorId}): {status.protection?.join('; ')}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="primary"
            disabled={work.status === 'restoring'}
            onClick={() => onRestore(changed.map((status) => status.annotatorId))}
          >
            {work.status === 'restoring' ? 'Restoring…' : 'Restore protection'}
          </button>
        </div>
      )}
      {work.status === 'restored' && (
        <p className="notice notice-success" role="status" data-testid="team-server-protection-restored">
          {work.message}
        </p>
      )}
      {work.status === 'failed' && (
        <div className="notice notice-error" role="alert" data-testid="team-server-protection-problem">
          {work.message}
        </div>
      )}
    </>
  );
}

function InvitationList({ rows }: { rows: readonly InvitationRow[] }) {
  const [copied, setCopied] = useState<string>();
  const links = rows.filter((row) => row.link !== undefined);
  if (links.length === 0) return null;
  const copy = (row: InvitationRow) => {
    void navigator.clipboard?.writeText(row.link ?? '').then(
      () => setCopied(row.annotatorId),
      () => setCopied(undefined),
    );
  };
  return (
    <ul className="invitation-links" aria-label="Invitation links" data-testid="invitation-links">
      {links.map((row) => (
        <li key={row.annotatorId} data-invitation-link={row.annotatorId}>
          <span className="strong">{row.name}</span>{' '}
          <input type="text" readOnly value={row.link} aria-label={`Invitation link for ${row.name}`} onFocus={(event) => event.target.select()} />{' '}
          <button type="button" className="chip" onClick={() => copy(row)} aria-label={`Copy the invitation link for ${row.name}`}>
            {copied === row.annotatorId ? 'Copied' : 'Copy'}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function TeamServerSection({ studyId }: { studyId: string }) {
  const server = useTeamServer(studyId);
  const id = useId();
  const { connection, work } = server;
  if (connection === undefined) return null;
  return (
    <section aria-labelledby={id} data-testid="team-server" data-connected={connection !== null}>
      <h2 id={id}>Team server</h2>
      <p className="hint">
        Optional, instead of sending packs and label files by hand: with a CouchDB server (version 3, or any server speaking its protocol) and an admin account
        on it, each annotator gets a database of their own, their pack arrives there and their labels come back as they label, offline included.
      </p>
      {work.status === 'reload' && (
        <div className="notice notice-warning" role="status" data-testid="team-server-reload">
          This page can reach the server after a reload; your work is kept. After the reload, press Connect again (the password is kept).{' '}
          <button type="button" className="chip" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      )}
      {work.status === 'failed' && (
        <div className="notice notice-error" role="alert" data-testid="team-server-problem">
          {work.problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </div>
      )}
      {connection === null ? (
        <ConnectForm {...(server.pending ? { pending: server.pending } : {})} busy={work.status === 'connecting'} onConnect={server.connect} />
      ) : (
        <>
          <p data-testid="team-server-connection">
            Connected to <span className="strong">{connection.server}</span> as <span className="strong">{connection.user}</span>; the password is{' '}
            {storageText(connection.credentialStorage, server.host)}.
          </p>
          <div className="team-actions">
            <button type="button" className="primary" disabled={work.status === 'inviting'} onClick={() => void server.invite()}>
              Invite the annotators…
            </button>
            <button type="button" className="chip" onClick={() => void server.disconnect()}>
              Disconnect
            </button>
          </div>
          <p className="muted small">
            Inviting makes each annotator&rsquo;s account and database (or brings them up to date) and gives each a new password, so earlier invitations stop
            working. Disconnecting stops the pull on this computer; every label pulled stays in the study.
          </p>
          {work.status === 'inviting' && <WorkProgressNotice progress={work.progress} fallback="Inviting the annotators" name="Invitation progress" />}
          {work.status === 'invited' && (
            <>
              <p className="notice notice-success" role="status" data-testid="invitations-status">
                {work.message}
              </p>
              <p className="notice notice-warning" data-testid="invitations-warning">
                Each invitation file and link holds that annotator&rsquo;s password: send each to its annotator alone, by a channel you trust. An annotator
                opens the file in Agreement Studio, or the link in a browser.
              </p>
              <InvitationList rows={work.rows} />
            </>
          )}
          {server.ended !== undefined && (
            <div className="notice notice-error" role="alert" data-testid="team-server-ended">
              The pull stopped: {server.ended}{' '}
              <button type="button" className="chip" onClick={server.restart}>
                Start again
              </button>
            </div>
          )}
          <ProtectionWarning live={server.live?.databases ?? []} work={server.protection} onRestore={(ids) => void server.restoreProtection(ids)} />
          {server.live?.databases.some((database) => database.state === 'offline') === true && (
            <p className="team-server-offline" data-testid="team-server-offline">
              The server cannot be reached for some databases; the pull tries again every few seconds. <NextTry studyId={studyId} at={server.live.nextTryAt} />
            </p>
          )}
          <DatabasesTable databases={server.databases ?? []} live={server.live?.databases ?? []} running={server.running} />
        </>
      )}
    </section>
  );
}
