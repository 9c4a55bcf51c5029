// A real CouchDB-protocol server on loopback for the team-sync tests and bench: `pouchdb-server`
// from npm (CouchDB itself cannot be installed on these machines), in a child process with its
// databases on disk in a scratch folder, so a test can stop it for a while and start it again on
// the same port with every database kept. It starts in admin party; `start` makes the admin
// account and, when asked, allows a web page's origin (CORS) as a lead would configure CouchDB.
// pouchdb-server enforces `_security` members, `validate_doc_update` and `_users` logins as
// CouchDB does (checked in team-server.test.ts), but not everything CouchDB does: see the README.

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

export interface TeamServer {
  /** `http://127.0.0.1:<port>/`, the same after a restart. */
  url: string;
  admin: { user: string; password: string };
  /** Stops the server process; its databases stay on disk. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same databases and accounts. */
  start(): Promise<void>;
  /** Whether it is running. */
  running(): boolean;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
  /** A request as the server admin, for test set-up and checks: parsed JSON, with the status. */
  adminRequest(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
}

const ADMIN = { user: 'lead-admin', password: 'lead-admin-password-5f1c' };

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

  const request = async (method: string, path: string, body?: unknown, auth = true) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (auth) headers.authorization = `Basic ${Buffer.from(`${ADMIN.user}:${ADMIN.password}`).toString('base64')}`;
    const response = await fetch(new URL(path, url), { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await response.text();
    return { status: response.status, json: text === '' ? null : (JSON.parse(text) as unknown) };
  };

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
    const session = await request('GET', '_session');
    const roles = (session.json as { userCtx?: { roles?: string[] } }).userCtx?.roles ?? [];
    if (!roles.includes('_admin')) {
      await request('PUT', `_config/admins/${ADMIN.user}`, ADMIN.password, false);
      if (options.allowOrigins && options.allowOrigins.length > 0) {
        await request('PUT', '_config/httpd/enable_cors', 'true');
        await request('PUT', '_config/cors/origins', options.allowOrigins.join(','));
        await request('PUT', '_config/cors/credentials', 'true');
        await request('PUT', '_config/cors/headers', 'accept, authorization, content-type, origin, referer');
        await request('PUT', '_config/cors/methods', 'GET, PUT, POST, HEAD, DELETE');
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
    adminRequest: (method, path, body) => request(method, path, body),
  };
}
