// withProgress: a worker's progress reaches the caller while the work runs, and a call that
// arrives after the result (Comlink delivers it on a port of its own) is dropped.

import { describe, expect, it } from 'vitest';
import { withProgress } from '../../../renderer/services/progress-proxy';

describe('withProgress', () => {
  it('forwards progress until the work settles, then drops it', async () => {
    const seen: number[] = [];
    let progress: ((value: number) => void) | undefined;
    const result = await withProgress<number, string>(
      (value) => seen.push(value),
      async (report) => {
        progress = report;
        report(1);
        return 'done';
      },
    );
    progress?.(2);
    expect(result).toBe('done');
    expect(seen).toEqual([1]);
  });

  it('drops progress after a failure too, and passes the failure on', async () => {
    const seen: number[] = [];
    let progress: ((value: number) => void) | undefined;
    await expect(
      withProgress<number, never>(
        (value) => seen.push(value),
        async (report) => {
          progress = report;
          throw new Error('disk full');
        },
      ),
    ).rejects.toThrow('disk full');
    progress?.(3);
    expect(seen).toEqual([]);
  });
});
