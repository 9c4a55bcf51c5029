// The web build's team servers (issue 18): each connection's origin, user and password, kept in the
// keys database (keys-database.ts: AES-GCM under a non-extractable Web Crypto key, never in the
// studio's database). The page sends each request itself with its own fetch, to the registered
// origin only and only where its policy admits it (connect-policy.ts); the server must allow the
// page's origin (CORS).

import type { TeamServerAccess } from '../../shared/platform/studio-platform';
import { sendAdmitted, teamServerOrigin, type TeamServerFetch } from '../../shared/sync/admitted-request';
import { pageAdmits, reloadReason, type PageConnect } from './connect-policy';
import { createSecretKeeper, KeysDatabase } from './keys-database';

export interface BrowserTeamServersOptions extends PageConnect {
  fetch?: TeamServerFetch;
  /** Web Crypto; absent outside a secure context (a page served over http from another computer). */
  subtle?: SubtleCrypto;
}

export function createBrowserTeamServers(options: BrowserTeamServersOptions): TeamServerAccess {
  const db = new KeysDatabase();
  const passwords = createSecretKeeper(db, options.subtle);
  const fetchImpl: TeamServerFetch = options.fetch ?? ((url, init) => fetch(url, init));

  return {
    async register({ connectionId, url, user, password }) {
      const origin = teamServerOrigin(url);
      if (!origin.ok) throw new Error(`Refused: ${origin.reason}`);
      const previous = await db.teamServers.get(connectionId);
      const { sealed, storage } = await passwords.keep(connectionId, previous?.password, password);
      await db.teamServers.put({ connectionId, origin: origin.origin, user, ...(sealed ? { password: sealed } : {}) });
      return { credentialStorage: storage, reloadToConnect: !pageAdmits(options, origin.origin) };
    },

    async forget(connectionId) {
      passwords.drop(connectionId);
      await db.teamServers.delete(connectionId);
    },

    async fetch(request) {
      const row = await db.teamServers.get(request.connectionId);
      const target = teamServerOrigin(request.url);
      const reload = reloadReason(options, row?.origin, target.ok ? target.origin : undefined);
      if (reload !== undefined) return { ok: false, reason: reload };
      const admission = row && { origin: row.origin, user: row.user, password: () => passwords.read(row.connectionId, row.password) };
      return sendAdmitted(fetchImpl, admission, request);
    },
  };
}
