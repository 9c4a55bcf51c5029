// A file in the user data folder of registrations keyed by id, each with plain fields and at most
// one secret encrypted by the operating system (Electron's safeStorage): how the judge endpoints'
// API keys and the team servers' passwords are kept. Main process only. Where safeStorage cannot
// protect a secret, it stays in memory until the app closes and is never written: the file never
// holds a secret in the clear.

import { readFile, rename, writeFile } from 'node:fs/promises';

/** The part of Electron's safeStorage the store uses. */
export interface SafeStorage {
  isEncryptionAvailable(): boolean;
  /** Linux only: 'basic_text' means "encrypted" with a fixed, public key. */
  getSelectedStorageBackend?(): string;
  encryptString(text: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface SealedFileOptions<Fields> {
  path: string;
  /** The file's `format`, e.g. `agreement-studio.judge-endpoints/1`. */
  format: string;
  /** The file's member that holds the registrations by id, e.g. `endpoints`. */
  collection: string;
  /** The registration's member that holds the ciphertext (base64), e.g. `encryptedKey`. */
  sealedField: string;
  /** A registration's plain fields read back from the file, or undefined for one that is not (it is dropped). */
  readFields(entry: Record<string, unknown>): Fields | undefined;
}

export interface SealedEntry<Fields> {
  fields: Fields;
  /** The secret, decrypted only when asked for (a request being sent); throws where safeStorage cannot read it. */
  secret(): Promise<string | undefined>;
}

/** `system`: encrypted by the operating system; `session`: in memory until the app closes. */
export type SealedStorage = 'system' | 'session';

export interface SealedFile<Fields> {
  /** Stores `fields` under `id`; `secret` a string stores (or replaces) it, null removes it, absent keeps the one held. */
  put(id: string, fields: Fields, secret: string | null | undefined): Promise<{ hasSecret: boolean; storage: SealedStorage }>;
  remove(id: string): Promise<void>;
  get(id: string): Promise<SealedEntry<Fields> | undefined>;
}

interface StoredEntry<Fields> {
  fields: Fields;
  /** safeStorage's ciphertext, base64. */
  sealed?: string;
}

/** Plain text is not protection: the secret then lives only as long as the app runs. */
function canProtect(safeStorage: SafeStorage): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
}

/** The file's registrations; a missing or unreadable file holds none (secrets are entered again). */
async function readEntries<Fields>(options: SealedFileOptions<Fields>): Promise<Map<string, StoredEntry<Fields>>> {
  const entries = new Map<string, StoredEntry<Fields>>();
  let document: unknown;
  try {
    document = JSON.parse(await readFile(options.path, 'utf8'));
  } catch {
    return entries;
  }
  const { format, [options.collection]: collection } = (document ?? {}) as Record<string, unknown>;
  if (format !== options.format || typeof collection !== 'object' || collection === null) return entries;
  for (const [id, value] of Object.entries(collection)) {
    const entry = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    const fields = options.readFields(entry);
    if (fields === undefined) continue;
    const sealed = entry[options.sealedField];
    entries.set(id, typeof sealed === 'string' ? { fields, sealed } : { fields });
  }
  return entries;
}

export function createSealedFile<Fields extends object>(options: SealedFileOptions<Fields>, safeStorage: SafeStorage): SealedFile<Fields> {
  const { path } = options;
  let loaded: Promise<Map<string, StoredEntry<Fields>>> | undefined;
  const entries = () => (loaded ??= readEntries(options));
  /** Secrets kept for this run of the app only, where safeStorage cannot protect them. */
  const sessionSecrets = new Map<string, string>();
  // One write at a time, in order, so a later registration never lands under an earlier one.
  let writing: Promise<void> = Promise.resolve();

  const save = (current: Map<string, StoredEntry<Fields>>): Promise<void> => {
    const collection = Object.fromEntries(
      [...current].map(([id, { fields, sealed }]) => [id, sealed === undefined ? fields : { ...fields, [options.sealedField]: sealed }]),
    );
    const text = `${JSON.stringify({ format: options.format, [options.collection]: collection }, null, 2)}\n`;
    // Written aside, then renamed: a crash mid-write never leaves a cut-off file that loses every secret.
    const next = writing.then(async () => {
      await writeFile(`${path}.partial`, text, { encoding: 'utf8', mode: 0o600 });
      await rename(`${path}.partial`, path);
    });
    writing = next.catch(() => undefined);
    return next;
  };

  return {
    async put(id, fields, secret) {
      const current = await entries();
      const previous = current.get(id);
      const protect = canProtect(safeStorage);
      const entry: StoredEntry<Fields> = { fields };
      if (secret === undefined) {
        if (previous?.sealed !== undefined) entry.sealed = previous.sealed;
      } else {
        sessionSecrets.delete(id);
        if (secret !== null && protect) entry.sealed = safeStorage.encryptString(secret).toString('base64');
        else if (secret !== null) sessionSecrets.set(id, secret);
      }
      current.set(id, entry);
      await save(current);
      const hasSecret = entry.sealed !== undefined || sessionSecrets.has(id);
      // Without a secret, where one would be kept.
      const storage: SealedStorage = entry.sealed !== undefined || (protect && !hasSecret) ? 'system' : 'session';
      return { hasSecret, storage };
    },

    async remove(id) {
      sessionSecrets.delete(id);
      const current = await entries();
      if (!current.delete(id)) return;
      await save(current);
    },

    async get(id) {
      const entry = (await entries()).get(id);
      if (entry === undefined) return undefined;
      const { sealed } = entry;
      return {
        fields: entry.fields,
        secret: async () => (sealed === undefined ? sessionSecrets.get(id) : safeStorage.decryptString(Buffer.from(sealed, 'base64'))),
      };
    },
  };
}
