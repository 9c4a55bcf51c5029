// The workspace's read-through / write-through view of one annotator's labels for one task.
//
// Why not a live query, and why not zustand: Dexie stays the source of truth. This index is
// filled by one read when the workspace opens and is changed only by the workspace's own
// writes, each shown as "saving" until its durable transaction resolves and then replaced by
// what was stored. A live query would re-read up to 100,000 labels after every key press and
// miss the 16 ms budget; a zustand mirror would re-render every subscriber on every change.
// Here each list row subscribes to its own unit, so a key press re-renders one row.

import type { Label } from '../../../shared/domain/model';

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'error';

export interface UnitLabelView {
  label: Label | undefined;
  state: SaveState;
  /** Why the last write failed, in plain words, when state is 'error'. */
  error?: string;
}

const UNLABELLED: UnitLabelView = { label: undefined, state: 'unsaved' };

export class LabelIndex {
  private readonly views = new Map<string, UnitLabelView>();
  private readonly inFlight = new Map<string, number>();
  private readonly unitListeners = new Map<string, Set<() => void>>();
  private readonly countListeners = new Set<() => void>();
  private done = 0;

  /** `labels` are the stored labels; `inQueue` says which units count towards progress. */
  constructor(
    labels: ReadonlyMap<string, Label>,
    private readonly inQueue: (unitId: string) => boolean,
  ) {
    for (const [unitId, label] of labels) {
      this.views.set(unitId, { label, state: 'saved' });
      if (inQueue(unitId)) this.done += 1;
    }
  }

  get(unitId: string): UnitLabelView {
    return this.views.get(unitId) ?? UNLABELLED;
  }

  /** Labelled units of the queue, counting labels still being saved. */
  readonly getDone = (): number => this.done;

  subscribe(unitId: string, listener: () => void): () => void {
    let listeners = this.unitListeners.get(unitId);
    if (!listeners) {
      listeners = new Set();
      this.unitListeners.set(unitId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.unitListeners.delete(unitId);
    };
  }

  readonly subscribeDone = (listener: () => void): (() => void) => {
    this.countListeners.add(listener);
    return () => this.countListeners.delete(listener);
  };

  /** Shows a label at once while its write runs. */
  beginWrite(unitId: string, label: Label | undefined): void {
    this.inFlight.set(unitId, (this.inFlight.get(unitId) ?? 0) + 1);
    this.replace(unitId, { label, state: 'saving' });
  }

  /** The write resolved: show what was stored, as saved once no later write of the unit is running. */
  endWrite(unitId: string, stored: Label | undefined): void {
    if (this.finish(unitId) > 0) return;
    this.replace(unitId, stored ? { label: stored, state: 'saved' } : UNLABELLED);
  }

  /** The write failed: keep showing what was meant, marked as not saved, with the reason. */
  failWrite(unitId: string, message: string): void {
    this.finish(unitId);
    this.replace(unitId, { label: this.get(unitId).label, state: 'error', error: message });
  }

  private finish(unitId: string): number {
    const left = Math.max(0, (this.inFlight.get(unitId) ?? 1) - 1);
    if (left === 0) this.inFlight.delete(unitId);
    else this.inFlight.set(unitId, left);
    return left;
  }

  private replace(unitId: string, view: UnitLabelView) {
    const previous = this.get(unitId);
    if (view.label === undefined && view.state === 'unsaved') this.views.delete(unitId);
    else this.views.set(unitId, view);
    if (this.inQueue(unitId)) {
      const change = (view.label ? 1 : 0) - (previous.label ? 1 : 0);
      if (change !== 0) {
        this.done += change;
        for (const listener of this.countListeners) listener();
      }
    }
    for (const listener of this.unitListeners.get(unitId) ?? []) listener();
  }
}
