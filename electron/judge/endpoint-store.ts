// The desktop app's judge endpoint registrations (issue 17): each endpoint's origin and its API key
// encrypted by the operating system (Electron's safeStorage), in `<userData>/judge-endpoints.json`
// (a sealed file, ../secrets/sealed-file.ts, which keeps a key in memory only where safeStorage
// cannot protect it). Main process only.

import type { Admission } from '../../shared/judge-run/admitted-send';
import { endpointOrigin, sendAdmitted } from '../../shared/judge-run/admitted-send';
import { checkAdmitted } from '../../shared/judge-run/connection-check';
import type { FetchLike } from '../../shared/judge-run/chat-completions';
import type { JudgeEndpointAccess, JudgeEndpointRegistration, KeyStorage } from '../../shared/platform/studio-platform';
import { createSealedFile, type SafeStorage } from '../secrets/sealed-file';

export interface JudgeEndpointStore {
  register(registration: JudgeEndpointRegistration): Promise<{ hasKey: boolean; keyStorage: KeyStorage }>;
  forget(endpointId: string): Promise<void>;
  /** The endpoint's origin, and its key decrypted only when asked for (a request being sent). */
  admission(endpointId: string): Promise<Admission | undefined>;
}

export function createJudgeEndpointStore(path: string, safeStorage: SafeStorage): JudgeEndpointStore {
  const file = createSealedFile<{ origin: string }>(
    {
      path,
      format: 'agreement-studio.judge-endpoints/1',
      collection: 'endpoints',
      sealedField: 'encryptedKey',
      readFields: ({ origin }) => (typeof origin === 'string' && endpointOrigin(origin) === origin ? { origin } : undefined),
    },
    safeStorage,
  );

  return {
    async register({ endpointId, url, apiKey }) {
      const origin = endpointOrigin(url);
      if (origin === undefined) throw new Error('Refused: the endpoint URL must be an http or https address without credentials');
      const { hasSecret, storage } = await file.put(endpointId, { origin }, apiKey);
      return { hasKey: hasSecret, keyStorage: storage };
    },

    forget: (endpointId) => file.remove(endpointId),

    async admission(endpointId) {
      const entry = await file.get(endpointId);
      return entry && { origin: entry.fields.origin, apiKey: entry.secret };
    },
  };
}

/**
 * The desktop app's JudgeEndpointAccess: requests go out from the main process over `fetchImpl`
 * (main wires Electron's net.fetch). The renderer never connects out, so nothing needs a reload.
 */
export function desktopJudgeEndpoints(store: JudgeEndpointStore, fetchImpl: FetchLike): JudgeEndpointAccess {
  return {
    register: async (registration) => ({ ...(await store.register(registration)), reloadToConnect: false }),
    forget: (endpointId) => store.forget(endpointId),
    send: async (request) => sendAdmitted(fetchImpl, await store.admission(request.endpointId), request),
    // Main has no CORS: a failed fetch is the network's (refused, no such host), said as such.
    testConnection: async (request) => checkAdmitted(fetchImpl, await store.admission(request.endpointId), request),
  };
}
