// The desktop app's judge endpoint registrations (issue 17): each endpoint's origin and its API key
// encrypted by the operating system (Electron's safeStorage), in `<userData>/judge-endpoints.json`.
// Main process only. Where safeStorage cannot protect a key, the key stays in memory until the app
// closes and is never written: the file never holds a key in the clear.

import { readFile, rename, writeFile } from 'node:fs/promises';
import type { Admission } from '../../shared/judge-run/admitted-send';
import { endpointOrigin, sendAdmitted } from '../../shared/judge-run/admitted-send';
import type { FetchLike } from '../../shared/judge-run/chat-completions';
import type { JudgeEndpointAccess, JudgeEndpointRegistration, KeyStorage } from '../../shared/platform/studio-platform';

/** The part of Electron's safeStorage the store uses. */
export interface SafeStorage {
  isEncryptionAvailable(): boolean;
  /** Linux only: 'basic_text' means "encrypted" with a fixed, public key. */
  getSelectedStorageBackend?(): string;
  encryptString(text: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface JudgeEndpointStore {
  register(registration: JudgeEndpointRegistration): Promise<{ hasKey: boolean; keyStorage: KeyStorage }>;
  forget(endpointId: string): Promise<void>;
  /** The endpoint's origin, and its key decrypted only when asked for (a request being sent). */
  admission(endpointId: string): Promise<Admission | undefined>;
}

interface StoredRegistration {
  origin: string;
  /** safeStorage's ciphertext, base64. */
  encryptedKey?: string;
}

const FILE_FORMAT = 'agreement-studio.judge-endpoints/1';

/** Plain text is not protection: the key then lives only as long as the app runs. */
function canProtect(safeStorage: SafeStorage): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
}

/** The file's registrations; a missing or unreadable file holds none (keys are entered again). */
async function readRegistrations(path: string): Promise<Map<string, StoredRegistration>> {
  const registrations = new Map<string, StoredRegistration>();
  let document: unknown;
  try {
    document = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return registrations;
  }
  const { format, endpoints } = (document ?? {}) as { format?: unknown; endpoints?: unknown };
  if (format !== FILE_FORMAT || typeof endpoints !== 'object' || endpoints === null) return registrations;
  for (const [id, value] of Object.entries(endpoints)) {
    const { origin, encryptedKey } = (value ?? {}) as { origin?: unknown; encryptedKey?: unknown };
    if (typeof origin !== 'string' || endpointOrigin(origin) !== origin) continue;
    registrations.set(id, typeof encryptedKey === 'string' ? { origin, encryptedKey } : { origin });
  }
  return registrations;
}

export function createJudgeEndpointStore(path: string, safeStorage: SafeStorage): JudgeEndpointStore {
  let loaded: Promise<Map<string, StoredRegistration>> | undefined;
  const registrations = () => (loaded ??= readRegistrations(path));
  /** Keys kept for this run of the app only, where safeStorage cannot protect them. */
  const sessionKeys = new Map<string, string>();
  // One write at a time, in order, so a later registration never lands under an earlier one.
  let writing: Promise<void> = Promise.resolve();

  const save = (current: Map<string, StoredRegistration>): Promise<void> => {
    const text = `${JSON.stringify({ format: FILE_FORMAT, endpoints: Object.fromEntries(current) }, null, 2)}\n`;
    // Written aside, then renamed: a crash mid-write never leaves a cut-off file that loses every key.
    const next = writing.then(async () => {
      await writeFile(`${path}.partial`, text, { encoding: 'utf8', mode: 0o600 });
      await rename(`${path}.partial`, path);
    });
    writing = next.catch(() => undefined);
    return next;
  };

  return {
    async register({ endpointId, url, apiKey }) {
      const origin = endpointOrigin(url);
      if (origin === undefined) throw new Error('Refused: the endpoint URL must be an http or https address without credentials');
      const current = await registrations();
      const previous = current.get(endpointId);
      const protect = canProtect(safeStorage);
      const entry: StoredRegistration = { origin };
      if (apiKey === undefined) {
        if (previous?.encryptedKey !== undefined) entry.encryptedKey = previous.encryptedKey;
      } else {
        sessionKeys.delete(endpointId);
        if (apiKey !== null && protect) entry.encryptedKey = safeStorage.encryptString(apiKey).toString('base64');
        else if (apiKey !== null) sessionKeys.set(endpointId, apiKey);
      }
      current.set(endpointId, entry);
      await save(current);
      const hasKey = entry.encryptedKey !== undefined || sessionKeys.has(endpointId);
      // Without a key, where one would be kept.
      const keyStorage: KeyStorage = entry.encryptedKey !== undefined || (protect && !hasKey) ? 'system' : 'session';
      return { hasKey, keyStorage };
    },

    async forget(endpointId) {
      sessionKeys.delete(endpointId);
      const current = await registrations();
      if (!current.delete(endpointId)) return;
      await save(current);
    },

    async admission(endpointId) {
      const entry = (await registrations()).get(endpointId);
      if (entry === undefined) return undefined;
      const { encryptedKey } = entry;
      return {
        origin: entry.origin,
        apiKey: async () => (encryptedKey === undefined ? sessionKeys.get(endpointId) : safeStorage.decryptString(Buffer.from(encryptedKey, 'base64'))),
      };
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
  };
}
