// For the tests of the desktop app's sealed files (judge endpoints, team servers): a fake safeStorage
// and every byte left in a folder, where a secret in the clear would show.

import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { vi } from 'vitest';
import type { SafeStorage } from '../../electron/secrets/sealed-file';

/** Reversible and not trivially so: no run of the secret's bytes survives in the ciphertext. */
export function fakeSafeStorage(backend: string | undefined = 'gnome_libsecret', available = true) {
  const mask = (bytes: Buffer) => Buffer.from(bytes.map((byte, index) => byte ^ ((0x5a + index * 37) & 0xff)));
  const storage = {
    isEncryptionAvailable: vi.fn(() => available),
    encryptString: vi.fn((text: string) => Buffer.concat([Buffer.from('v11'), mask(Buffer.from(text, 'utf8'))])),
    decryptString: vi.fn((encrypted: Buffer) => mask(encrypted.subarray(3)).toString('utf8')),
    ...(backend === undefined ? {} : { getSelectedStorageBackend: vi.fn(() => backend) }),
  };
  return storage satisfies SafeStorage;
}

/** Every file in `dir`, as text. */
export async function folderText(dir: string): Promise<string> {
  const names = await readdir(dir);
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
  return texts.join('\n');
}
