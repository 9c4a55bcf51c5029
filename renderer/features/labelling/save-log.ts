// The acknowledgements of durable saves, newest last, for the workspace's aria-live region: a
// screen reader hears "Saved yes on question 3", and a test can read exactly what was
// acknowledged. Keeps the last 50; an external store, so only the live region re-renders.

import type { AcceptableAnswers, LabelValue, Task } from '../../../shared/domain/model';

const SAVE_LOG_LIMIT = 50;

export interface SaveLogEntry {
  seq: number;
  unitId: string;
  task: Task;
  /** The stored value; '' when the save removed the label (an undone first label). */
  value: LabelValue | '';
  /** The stored set of acceptable answers, `value` first, when the label has one. */
  acceptable?: AcceptableAnswers;
  /** The stored revision; 0 when the label was removed. */
  rev: number;
  unsure: boolean;
  noteLength: number;
  message: string;
}

export class SaveLog {
  private entries: readonly SaveLogEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private seq = 0;

  readonly getEntries = (): readonly SaveLogEntry[] => this.entries;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  add(entry: Omit<SaveLogEntry, 'seq'>): void {
    this.seq += 1;
    this.entries = [...this.entries.slice(-(SAVE_LOG_LIMIT - 1)), { ...entry, seq: this.seq }];
    for (const listener of this.listeners) listener();
  }
}
