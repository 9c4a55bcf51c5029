// A real CouchDB-protocol server on loopback for the team-sync tests and bench: `pouchdb-server`
// from npm (CouchDB itself cannot be installed on these machines), in a child process with its
// databases on disk in a scratch folder, so a test can stop it for a while and start it again on
// the same port with every database kept. It starts in admin party; `start` makes the admin
// account and, when asked, allows a web page's origin (CORS) as a lead would configure CouchDB.
// pouchdb-server enforces `_security` members, `validate_doc_update` and `_users` logins as
// CouchDB does (checked in team-server.test.ts), but not everything CouchDB does: see docs/team-server.md.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Resolved as a package, so the bench's bundled copy of this module (in .bench/) finds it too.
const BIN = createRequire(import.meta.url).resolve('pouchdb-server/bin/pouchdb-server');
/** Mends a pouchdb-server bug that drops replicated edits of a database with a validation (see the file); found from the package, as BIN. */
const FIXES = join(dirname(BIN), '../../../test/support/pouchdb-server-fixes.mjs');

export interface TeamServerOptions {
  /** Origins a web page may call it from (CORS with credentials); absent: none. */
  allowOrigins?: readonly string[];
  /** Keep databases in memory only (faster, for the bench); they are lost on stop. */
  inMemory?: boolean;
}

/** A user name and password on the server, as the admin's or an invitation's. */
export interface TeamServerAccount {
  user: string;
  password: string;
}

export interface TeamServer {
  /** `http://127.0.0.1:<port>/`, the same after a restart. */
  url: string;
  admin: TeamServerAccount;
  /** Stops the server process; its databases stay on disk. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same databases and accounts. */
  start(): Promise<void>;
  /** Whether it is running. */
  running(): boolean;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
  /** A request as the account's user (HTTP Basic), for test set-up and checks: parsed JSON, with the status. */
  requestAs(account: TeamServerAccount, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  /** A request as the server admin (requestAs with `admin`). */
  adminRequest(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
}

const ADMIN: TeamServerAccount = { user: 'lead-admin', password: 'lead-admin-password-5f1c' };

/** The `authorization` header value that logs the account in with HTTP Basic. */
export function basicAuthorization(account: TeamServerAccount): string {
  return `Basic ${Buffer.from(`${account.user}:${account.password}`).toString('base64')}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startTeamServer(options: TeamServerOptions = {}): Promise<TeamServer> {
  const dir = mkdtempSync(join(tmpdir(), 'agreement-studio-couch-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  // Without an account only while the server is in admin party, to make the admin.
  const send = async (account: TeamServerAccount | undefined, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (account) headers.authorization = basicAuthorization(account);
    const response = await fetch(new URL(path, url), { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await response.text();
    return { status: response.status, json: text === '' ? null : (JSON.parse(text) as unknown) };
  };
  const requestAs: TeamServer['requestAs'] = (account, method, path, body) => send(account, method, path, body);
  const adminRequest: TeamServer['adminRequest'] = (method, path, body) => requestAs(ADMIN, method, path, body);

  const start = async () => {
    const args = [BIN, '--port', String(port), '--host', '127.0.0.1', '--dir', dir, '--config', join(dir, 'config.json'), '--no-stdout-logs'];
    if (options.inMemory) args.push('--in-memory');
    const started = spawn(process.execPath, ['--import', FIXES, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child = started;
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    let exitedEarly = false;
    void exited.then(() => void (exitedEarly = true));
    // Ready when it answers; the wait ends on that condition (or on the process ending), never on a fixed time.
    for (;;) {
      if (exitedEarly) throw new Error(`pouchdb-server exited while starting: ${stderr}`);
      try {
        const response = await fetch(url);
        if (response.ok) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The first start makes the admin and CORS settings, which the config file then keeps.
    const session = await adminRequest('GET', '_session');
    const roles = (session.json as { userCtx?: { roles?: string[] } }).userCtx?.roles ?? [];
    if (!roles.includes('_admin')) {
      await send(undefined, 'PUT', `_config/admins/${ADMIN.user}`, ADMIN.password);
      if (options.allowOrigins && options.allowOrigins.length > 0) {
        await adminRequest('PUT', '_config/httpd/enable_cors', 'true');
        await adminRequest('PUT', '_config/cors/origins', options.allowOrigins.join(','));
        await adminRequest('PUT', '_config/cors/credentials', 'true');
        await adminRequest('PUT', '_config/cors/headers', 'accept, authorization, content-type, origin, referer');
        await adminRequest('PUT', '_config/cors/methods', 'GET, PUT, POST, HEAD, DELETE');
      }
    }
  };

  const stop = async () => {
    if (child === undefined) return;
    child.kill('SIGKILL');
    await exited;
    child = undefined;
  };

  await start();
  return {
    url,
    admin: ADMIN,
    stop,
    start,
    running: () => child !== undefined,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    requestAs,
    adminRequest,
  };
}
