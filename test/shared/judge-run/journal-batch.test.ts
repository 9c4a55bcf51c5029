// Proves the journal's group commit (issue 30): entries appended while a write is under way go to
// the journal together in the next write, each append settles only once its own batch is written,
// and after a failed write nothing more is written.
import { describe, expect, it } from 'vitest';
import { batchedAppends } from '../../../shared/judge-run/journal-batch';

/** A journal whose writes finish only when the test says so. */
function heldWrites() {
  const batches: string[][] = [];
  const finish: Array<(error?: Error) => void> = [];
  const appends = batchedAppends<string>(
    (batch) =>
      new Promise<void>((resolve, reject) => {
        batches.push([...batch]);
        finish.push((error) => (error ? reject(error) : resolve()));
      }),
  );
  return { appends, batches, finish };
}

const settled = (promise: Promise<void>) => {
  const state = { done: false, failed: false };
  promise.then(
    () => (state.done = true),
    () => (state.failed = true),
  );
  return state;
};
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched journal appends', () => {
  it('writes the entries that arrive during a write together in the next, and settles each only when its batch is written', async () => {
    const { appends, batches, finish } = heldWrites();
    const a = settled(appends.append('a'));
    await turn();
    expect(batches).toEqual([['a']]);
    const b = settled(appends.append('b'));
    const c = settled(appends.append('c'));
    await turn();
    expect(batches).toEqual([['a']]);
    finish.shift()?.();
    await turn();
    expect(a.done).toBe(true);
    expect([b.done, c.done]).toEqual([false, false]);
    expect(batches).toEqual([['a'], ['b', 'c']]);
    finish.shift()?.();
    await turn();
    expect([b.done, c.done]).toEqual([true, true]);
    await appends.drained();
  });

  it('writes nothing after a failed write and rejects what waited for it', async () => {
    const { appends, batches, finish } = heldWrites();
    const a = settled(appends.append('a'));
    await turn();
    const b = settled(appends.append('b'));
    finish.shift()?.(new Error('disk full'));
    await turn();
    expect([a.failed, b.failed]).toEqual([true, true]);
    expect(batches).toEqual([['a']]);
    await expect(appends.drained()).rejects.toThrow('disk full');
  });
});
