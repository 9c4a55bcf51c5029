// The desktop app's team server connections (issue 18): each connection's origin, user and password
// encrypted by the operating system (Electron's safeStorage), in `<userData>/team-servers.json` (a
// sealed file, ../secrets/sealed-file.ts, which keeps a password in memory only where safeStorage
// cannot protect it). Main process only: every request to a team server is sent from here.

import type { TeamServerAccess, TeamServerRegistration } from '../../shared/platform/studio-platform';
import { isTeamServerOrigin, sendAdmitted, teamServerOrigin, type TeamServerAdmission, type TeamServerFetch } from '../../shared/sync/admitted-request';
import { createSealedFile, type SafeStorage, type SealedStorage } from '../secrets/sealed-file';

export interface TeamServerStore {
  /** Refuses (an Error in words) an address teamServerOrigin refuses; no password given keeps the one held. */
  register(registration: TeamServerRegistration): Promise<{ credentialStorage: SealedStorage }>;
  forget(connectionId: string): Promise<void>;
  /** The connection's origin and user, and its password decrypted only when asked for (a request being sent). */
  admission(connectionId: string): Promise<TeamServerAdmission | undefined>;
}

interface ConnectionFields {
  origin: string;
  user: string;
}

/** A registration read back from the file: its origin checked again, since requests are admitted to it. */
function readFields({ origin, user }: Record<string, unknown>): ConnectionFields | undefined {
  if (typeof origin !== 'string' || typeof user !== 'string') return undefined;
  return isTeamServerOrigin(origin) ? { origin, user } : undefined;
}

export function createTeamServerStore(path: string, safeStorage: SafeStorage): TeamServerStore {
  const file = createSealedFile<ConnectionFields>(
    { path, format: 'agreement-studio.team-servers/1', collection: 'connections', sealedField: 'encryptedPassword', readFields },
    safeStorage,
  );

  return {
    async register({ connectionId, url, user, password }) {
      const origin = teamServerOrigin(url);
      if (!origin.ok) throw new Error(`Refused: ${origin.reason}`);
      const { storage } = await file.put(connectionId, { origin: origin.origin, user }, password);
      return { credentialStorage: storage };
    },

    forget: (connectionId) => file.remove(connectionId),

    async admission(connectionId) {
      const entry = await file.get(connectionId);
      return entry && { ...entry.fields, password: entry.secret };
    },
  };
}

/**
 * The desktop app's TeamServerAccess: requests go out from the main process over `fetchImpl` (main
 * wires Node's fetch). The renderer never connects out, so nothing needs a reload.
 */
export function desktopTeamServers(store: TeamServerStore, fetchImpl: TeamServerFetch): TeamServerAccess {
  return {
    register: async (registration) => ({ ...(await store.register(registration)), reloadToConnect: false }),
    forget: (connectionId) => store.forget(connectionId),
    fetch: async (request) => sendAdmitted(fetchImpl, await store.admission(request.connectionId), request),
  };
}
