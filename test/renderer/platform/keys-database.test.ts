// The web build's keys database: one made before team servers (version 1, judge endpoints only)
// opens at version 2 with its endpoints and sealed keys kept and readable, and their origins still
// reach the page's connect policy.

import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { registeredOrigins } from '../../../renderer/platform/connect-policy';
import { createSecretKeeper, KEYS_DATABASE_NAME, KeysDatabase } from '../../../renderer/platform/keys-database';

beforeEach(async () => {
  await Dexie.delete(KEYS_DATABASE_NAME);
});

describe('the keys database', () => {
  it('opens a version 1 database (judge endpoints only) at version 2, its endpoints and sealed keys kept and readable', async () => {
    const old = new Dexie(KEYS_DATABASE_NAME);
    old.version(1).stores({ endpoints: 'endpointId', seal: 'id' });
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode('sk-kept'));
    await old.table('seal').put({ id: 'seal', key });
    await old.table('endpoints').put({ endpointId: 'e-1', origin: 'https://api.openai.com', key: { iv, data } });
    old.close();

    const db = new KeysDatabase();
    const row = await db.endpoints.get('e-1');
    expect(db.verno).toBe(2);
    expect(db.tables.map((table) => table.name).sort()).toEqual(['endpoints', 'seal', 'teamServers']);
    expect(await createSecretKeeper(db, crypto.subtle).read('e-1', row?.key)).toBe('sk-kept');
    db.close();
    expect(await registeredOrigins()).toEqual(['https://api.openai.com']);
  });
});
