// What the web build's keys database holds, for the tests that search it for a secret in the clear.

import Dexie from 'dexie';
import { KEYS_DATABASE_NAME } from '../../../renderer/platform/keys-database';

/** Every row of every table of the keys database, bytes read as text both ways a secret could hide in them. */
export async function storedText(): Promise<{ text: string; rows: unknown[] }> {
  const db = new Dexie(KEYS_DATABASE_NAME);
  await db.open();
  const rows = (await Promise.all(db.tables.map((table) => table.toArray()))).flat();
  db.close();
  const text = JSON.stringify(rows, (_key, value: unknown) => {
    if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
      const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      return [new TextDecoder().decode(bytes), Buffer.from(bytes).toString('latin1'), Buffer.from(bytes).toString('base64')];
    }
    return value;
  });
  return { text, rows };
}
