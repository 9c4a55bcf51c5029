// The web build's judge endpoints (issue 17): each endpoint's origin and its API key, encrypted with
// AES-GCM under a non-extractable Web Crypto key made once, in an IndexedDB database of their own
// (`agreement-studio-keys`), never the studio's, so no backup or export can reach them. The page
// sends each request itself, to the registered origin only, and only where its policy admits it.

import Dexie, { type Table } from 'dexie';
import { endpointOrigin, sendAdmitted } from '../../shared/judge-run/admitted-send';
import type { FetchLike } from '../../shared/judge-run/chat-completions';
import type { JudgeEndpointAccess, KeyStorage } from '../../shared/platform/studio-platform';
import { judgeConnectPolicy } from '../../shared/security/content-security-policy';

export const KEYS_DATABASE_NAME = 'agreement-studio-keys';

interface EncryptedKey {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

interface EndpointRow {
  endpointId: string;
  origin: string;
  key?: EncryptedKey;
}

/** The one key that encrypts the API keys: the browser can use it, no script can read it out. */
interface SealRow {
  id: 'seal';
  key: CryptoKey;
}

class KeysDatabase extends Dexie {
  endpoints!: Table<EndpointRow, string>;
  seal!: Table<SealRow, string>;

  constructor() {
    super(KEYS_DATABASE_NAME);
    this.version(1).stores({ endpoints: 'endpointId', seal: 'id' });
  }
}

export interface BrowserJudgeEndpointsOptions {
  /** Which origins the page's Content-Security-Policy admits: fixed at load (see prepareJudgeConnectPolicy); 'any' without a policy (`npm run dev`). */
  admitted: ReadonlySet<string> | 'any';
  /** The page's own origin, which the policy always admits ('self'). */
  pageOrigin: string;
  fetch?: FetchLike;
  /** Web Crypto; absent outside a secure context (a page served over http from another computer). */
  subtle?: SubtleCrypto;
}

async function sealKey(db: KeysDatabase, subtle: SubtleCrypto): Promise<CryptoKey> {
  const stored = await db.seal.get('seal');
  if (stored) return stored.key;
  // Made outside the transaction (no foreign awaits inside one); another tab may have stored one meanwhile, which wins.
  const made = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  return db.transaction('rw', db.seal, async () => {
    const first = await db.seal.get('seal');
    if (first) return first.key;
    await db.seal.add({ id: 'seal', key: made });
    return made;
  });
}

export function createBrowserJudgeEndpoints(options: BrowserJudgeEndpointsOptions): JudgeEndpointAccess {
  const db = new KeysDatabase();
  const subtle = options.subtle;
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init as RequestInit));
  /** Keys kept until the page closes, where Web Crypto is not available to protect them. */
  const sessionKeys = new Map<string, string>();
  const admits = (origin: string) => options.admitted === 'any' || origin === options.pageOrigin || options.admitted.has(origin);

  return {
    async register({ endpointId, url, apiKey }) {
      const origin = endpointOrigin(url);
      if (origin === undefined) throw new Error('Refused: the endpoint URL must be an http or https address without credentials');
      const previous = await db.endpoints.get(endpointId);
      const row: EndpointRow = { endpointId, origin };
      if (apiKey === undefined) {
        if (previous?.key) row.key = previous.key;
      } else {
        sessionKeys.delete(endpointId);
        if (apiKey !== null && subtle) {
          const iv = crypto.getRandomValues(new Uint8Array(12));
          row.key = { iv, data: await subtle.encrypt({ name: 'AES-GCM', iv }, await sealKey(db, subtle), new TextEncoder().encode(apiKey)) };
        } else if (apiKey !== null) sessionKeys.set(endpointId, apiKey);
      }
      await db.endpoints.put(row);
      const hasKey = row.key !== undefined || sessionKeys.has(endpointId);
      const keyStorage: KeyStorage = row.key !== undefined || (subtle !== undefined && !hasKey) ? 'browser' : 'session';
      return { hasKey, keyStorage, reloadToConnect: !admits(origin) };
    },

    async forget(endpointId) {
      sessionKeys.delete(endpointId);
      await db.endpoints.delete(endpointId);
    },

    async send(request) {
      const row = await db.endpoints.get(request.endpointId);
      if (row && !admits(row.origin) && endpointOrigin(request.url) === row.origin)
        return { ok: false, failure: { kind: 'refused', reason: `reload the page to reach ${row.origin} (it was added after the page loaded)` } };
      const key = row?.key;
      const admission = row && {
        origin: row.origin,
        apiKey: async () => {
          if (key === undefined) return sessionKeys.get(row.endpointId);
          // Stored where Web Crypto was available (this page over https, or on this computer): it is needed to read it.
          if (subtle === undefined) throw new Error('Web Crypto is not available to this page');
          return new TextDecoder().decode(await subtle.decrypt({ name: 'AES-GCM', iv: key.iv }, await sealKey(db, subtle), key.data));
        },
      };
      return sendAdmitted(fetchImpl, admission, request);
    },
  };
}

/** The registered origins a policy may name: each checked again, since a policy is built from them. */
export async function registeredOrigins(): Promise<string[]> {
  const db = new KeysDatabase();
  try {
    const rows = await db.endpoints.toArray();
    return [...new Set(rows.map((row) => row.origin).filter((origin) => endpointOrigin(origin) === origin))].sort();
  } finally {
    db.close();
  }
}

/**
 * Before the app renders: a page served with the policy (the built app, whose index.html carries it)
 * gets a second policy admitting only its own origin and the registered ones. A policy can be
 * tightened after load but never loosened, so the static one admits any http(s) address and this
 * one narrows it; an origin registered later needs a reload. Returns what the page now admits.
 */
export async function prepareJudgeConnectPolicy(document: Document): Promise<ReadonlySet<string> | 'any'> {
  if (document.head.querySelector('meta[http-equiv="Content-Security-Policy" i]') === null) return 'any';
  let origins: string[] = [];
  try {
    origins = await registeredOrigins();
  } catch {
    // No keys database (storage refused): the page admits only itself, and the app still opens.
  }
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = judgeConnectPolicy(origins);
  document.head.append(meta);
  return new Set(origins);
}
