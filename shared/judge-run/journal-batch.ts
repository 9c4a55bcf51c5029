// Group commit for a judge run's journal (issue 30): answers that arrive while a write is under
// way go to the journal together in the next write, so a slow fsync or database transaction is
// paid once per batch rather than once per answer and the run's slots never queue behind the disk.
// Each append still settles only once its own answer is durable, so nothing counts before then.

export interface BatchedAppends<T> {
  /** Resolves once `entry` is written, in the batch after the write under way (if any). */
  append(entry: T): Promise<void>;
  /** Settles when every write started so far has (rejecting as the last one did). */
  drained(): Promise<void>;
}

/** Serialises `writeBatch` calls, each taking every entry appended since the last one started. */
export function batchedAppends<T>(writeBatch: (batch: readonly T[]) => Promise<void>): BatchedAppends<T> {
  let writing: Promise<void> = Promise.resolve();
  // The batch still taking entries: it starts once the write before it has settled.
  let gathering: { entries: T[]; written: Promise<void> } | undefined;
  return {
    append(entry) {
      if (gathering === undefined) {
        const entries: T[] = [];
        const start = () => {
          gathering = undefined;
          return writeBatch(entries);
        };
        // After a failed write nothing more is written: lines after a gap would hide it.
        const written = writing.then(start, (error: unknown) => {
          gathering = undefined;
          throw error;
        });
        gathering = { entries, written };
        writing = written;
      }
      gathering.entries.push(entry);
      return gathering.written;
    },
    drained: () => writing,
  };
}
