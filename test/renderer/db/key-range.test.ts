// withPrefix against fake-indexeddb: a prefix range holds every key that starts with the prefix
// and none of a neighbouring prefix (a longer id that shares the same start, the next annotator,
// the next study), and pages after a key go on from just past it.

import { afterEach, describe, expect, it } from 'vitest';
import { withPrefix } from '../../../renderer/db/key-range';
import { closeDatabases, freshDatabase, label } from './db-fixtures';

afterEach(closeDatabases);

async function seeded() {
  const db = freshDatabase();
  await db.labels.bulkPut([
    label('s', 'ann', 'u1', 'answer', 'yes'),
    label('s', 'ann', 'u2', 'answer', 'no'),
    label('s', 'ann', 'u3', 'match', 'yes'),
    label('s', 'ann2', 'u1', 'answer', 'yes'),
    label('s', 'an', 'u1', 'answer', 'yes'),
    label('s2', 'ann', 'u1', 'answer', 'yes'),
    label('r', 'ann', 'u1', 'answer', 'yes'),
  ]);
  return db;
}

describe('withPrefix', () => {
  it('holds exactly the keys that start with the prefix, in key order', async () => {
    const db = await seeded();
    expect(await withPrefix(db.labels.where(':id'), ['s', 'ann']).primaryKeys()).toEqual([
      ['s', 'ann', 'answer', 'u1'],
      ['s', 'ann', 'answer', 'u2'],
      ['s', 'ann', 'match', 'u3'],
    ]);
    expect(await withPrefix(db.labels.where(':id'), ['s', 'ann', 'answer']).count()).toBe(2);
    expect(await withPrefix(db.labels.where(':id'), ['s']).count()).toBe(5);
    expect(await withPrefix(db.labels.where(':id'), ['t']).count()).toBe(0);
  });

  it('pages on from just past the given key', async () => {
    const db = await seeded();
    const after = ['s', 'ann', 'answer', 'u1'];
    expect(await withPrefix(db.labels.where(':id'), ['s', 'ann'], after).primaryKeys()).toEqual([
      ['s', 'ann', 'answer', 'u2'],
      ['s', 'ann', 'match', 'u3'],
    ]);
  });
});
