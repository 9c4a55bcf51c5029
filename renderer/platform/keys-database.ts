// The web build's secrets (judge endpoints' API keys, issue 17; team servers' passwords, issue 18) in
// an IndexedDB database of their own (`agreement-studio-keys`), never the studio's, so no backup or
// export can reach them. Each is AES-GCM encrypted under one non-extractable Web Crypto key made once
// (the seal); where the page has no Web Crypto, a secret is kept in memory until the page closes.

import Dexie, { type Table } from 'dexie';

export const KEYS_DATABASE_NAME = 'agreement-studio-keys';

export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

export interface EndpointRow {
  endpointId: string;
  origin: string;
  key?: Sealed;
}

export interface TeamServerRow {
  connectionId: string;
  origin: string;
  user: string;
  password?: Sealed;
}

/** The one key that encrypts the secrets: the browser can use it, no script can read it out. */
interface SealRow {
  id: 'seal';
  key: CryptoKey;
}

export class KeysDatabase extends Dexie {
  endpoints!: Table<EndpointRow, string>;
  teamServers!: Table<TeamServerRow, string>;
  seal!: Table<SealRow, string>;

  constructor() {
    super(KEYS_DATABASE_NAME);
    this.version(1).stores({ endpoints: 'endpointId', seal: 'id' });
    this.version(2).stores({ teamServers: 'connectionId' });
  }
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

/** `browser`: sealed in the database; `session`: in memory until the page closes. */
export type SecretStorage = 'browser' | 'session';

export interface SecretKeeper {
  /**
   * The secret to store with a registration `id`: `secret` a string stores (or replaces) it, null
   * removes it, absent keeps `previous`. Returns what the row keeps and where the secret is.
   */
  keep(id: string, previous: Sealed | undefined, secret: string | null | undefined): Promise<{ sealed?: Sealed; hasSecret: boolean; storage: SecretStorage }>;
  /** The secret of registration `id` whose row keeps `sealed`; throws where this page cannot open it. */
  read(id: string, sealed: Sealed | undefined): Promise<string | undefined>;
  drop(id: string): void;
}

/** `subtle` is Web Crypto, absent outside a secure context (a page served over http from another computer). */
export function createSecretKeeper(db: KeysDatabase, subtle: SubtleCrypto | undefined): SecretKeeper {
  const session = new Map<string, string>();
  return {
    async keep(id, previous, secret) {
      let sealed: Sealed | undefined;
      if (secret === undefined) sealed = previous;
      else {
        session.delete(id);
        if (secret !== null && subtle) {
          const iv = crypto.getRandomValues(new Uint8Array(12));
          sealed = { iv, data: await subtle.encrypt({ name: 'AES-GCM', iv }, await sealKey(db, subtle), new TextEncoder().encode(secret)) };
        } else if (secret !== null) session.set(id, secret);
      }
      const hasSecret = sealed !== undefined || session.has(id);
      // Without a secret, where one would be kept.
      const storage: SecretStorage = sealed !== undefined || (subtle !== undefined && !hasSecret) ? 'browser' : 'session';
      return { ...(sealed ? { sealed } : {}), hasSecret, storage };
    },

    async read(id, sealed) {
      if (sealed === undefined) return session.get(id);
      // Stored where Web Crypto was available (this page over https, or on this computer): it is needed to read it.
      if (subtle === undefined) throw new Error('Web Crypto is not available to this page');
      return new TextDecoder().decode(await subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, await sealKey(db, subtle), sealed.data));
    },

    drop(id) {
      session.delete(id);
    },
  };
}
