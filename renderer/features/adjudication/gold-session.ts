// One sitting of adjudication (a study and a task, from opening the page to leaving it): a gold
// value (or, on a question, a gold set of answers, its value first) is set and the page moves
// on, as in labelling, but first asks when it would replace a different gold label; clear; and undo of this sitting's changes, newest first. Writes run one
// at a time and a choice made while one runs is ignored, so a key never acts on a unit the
// page is about to leave. UI state only lives here; gold labels live in Dexie.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { acceptedValues, type AcceptableAnswers, type GoldLabel, type LabelValue, type Task } from '../../../shared/domain/model';
import type { StudioDatabase } from '../../db/database';
import { clearGoldLabel, setGoldLabel, undoGoldChange, type GoldChange } from '../../db/gold';
import { describeStorageError } from '../../db/storage';
import { sameAnswers } from '../labelling';
import type { UnitDisagreement } from '../../workers/report-protocol';

/** A unit as the session needs it: its id and the labels a decision is made on. */
export type GoldUnit = Pick<UnitDisagreement, 'unitId' | 'labels'>;

/** A replacement waiting for the lead's answer: Enter replaces, Esc keeps. */
export interface GoldQuestion {
  unit: GoldUnit;
  /** The stored gold label the choice would replace. */
  stored: GoldLabel;
  value: LabelValue;
  /** The gold set chosen with the value, when the lead marked two or more answers. */
  acceptable?: AcceptableAnswers;
  /** The note as it was when the value was chosen; it goes with the new value. */
  note: string;
}

export interface GoldSessionState {
  asking: GoldQuestion | undefined;
  /** A write (or the read before one) is running. */
  busy: boolean;
  notice: string | undefined;
  failure: { unitId: string; message: string } | undefined;
}

/** What a choice came to: set (or set again unchanged) so the page moves on, a question, or nothing. */
export type ChoiceResult = 'set' | 'asked' | 'ignored' | 'failed';

interface HistoryEntry {
  unitId: string;
  change: GoldChange;
}

export interface GoldSessionOptions {
  studyId: string;
  task: Task;
  /** Who decides, read at each write (the profile can be renamed). */
  by: () => string;
  now?: () => Date;
}

/** A gold label's answers in words, its set when it has one: "no + irrelevant". */
export function goldText(gold: { value: LabelValue; acceptable?: AcceptableAnswers }): string {
  return acceptedValues(gold).map(String).join(' + ');
}

/** The labels the decision was made on, kept with the gold label: `rater=value`. */
function goldBasis(unit: GoldUnit): string[] {
  return unit.labels.map((label) => `${label.rater}=${label.value}`);
}

export class GoldSession {
  readonly store: StoreApi<GoldSessionState> = createStore<GoldSessionState>(() => ({ asking: undefined, busy: false, notice: undefined, failure: undefined }));
  private readonly history: HistoryEntry[] = [];
  private readonly now: () => Date;

  constructor(
    private readonly db: StudioDatabase,
    private readonly options: GoldSessionOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * The lead chose `value` (with the gold set `acceptable`, value first, when two or more answers
   * were marked) for a unit: set it, unless the unit's stored gold label has another value or
   * set, in which case ask first. Ignored while a write runs or a question waits.
   */
  async choose(unit: GoldUnit, value: LabelValue, note: string, acceptable?: AcceptableAnswers): Promise<ChoiceResult> {
    const { busy, asking } = this.store.getState();
    if (busy || asking) return 'ignored';
    this.store.setState({ busy: true, notice: undefined });
    let stored: GoldLabel | undefined;
    try {
      stored = await this.db.gold.get([this.options.studyId, this.options.task, unit.unitId]);
    } catch (failure) {
      this.store.setState({ busy: false, failure: { unitId: unit.unitId, message: `The gold label was not read: ${describeStorageError(failure)}` } });
      return 'failed';
    }
    const set = acceptable === undefined ? {} : { acceptable };
    if (stored !== undefined && (stored.value !== value || !sameAnswers(stored.acceptable, acceptable))) {
      this.store.setState({ busy: false, asking: { unit, stored, value, ...set, note } });
      return 'asked';
    }
    return this.write(unit, value, note, acceptable);
  }

  /** A line for the lead, such as the end of the queue. */
  say(notice: string): void {
    this.store.setState({ notice });
  }

  /** Enter: replaces the gold label the question is about. */
  async replace(): Promise<ChoiceResult> {
    const { asking, busy } = this.store.getState();
    if (!asking || busy) return 'ignored';
    this.store.setState({ asking: undefined, busy: true });
    return this.write(asking.unit, asking.value, asking.note, asking.acceptable);
  }

  /** Esc: keeps the stored gold label and writes nothing. */
  keep(): void {
    const { asking } = this.store.getState();
    if (!asking) return;
    this.store.setState({ asking: undefined, notice: `Kept the gold label ${goldText(asking.stored)}.` });
  }

  async clear(unit: GoldUnit): Promise<void> {
    if (this.store.getState().busy) return;
    this.store.setState({ busy: true, asking: undefined, notice: undefined });
    try {
      const change = await clearGoldLabel(this.db, this.options.studyId, this.options.task, unit.unitId, {
        by: this.options.by(),
        now: this.now().toISOString(),
      });
      if (change.changed) this.history.push({ unitId: unit.unitId, change });
      this.store.setState({ busy: false, failure: undefined });
    } catch (failure) {
      this.store.setState({ busy: false, failure: { unitId: unit.unitId, message: `The gold label was not cleared: ${describeStorageError(failure)}` } });
    }
  }

  /**
   * Puts back the gold label the last change of this sitting replaced (or none), and returns
   * the unit it was on, so the page can show it; undefined when there was nothing to undo or
   * the undo was refused.
   */
  async undo(): Promise<string | undefined> {
    if (this.store.getState().busy) return undefined;
    const entry = this.history.pop();
    if (!entry) {
      this.store.setState({ asking: undefined, notice: 'Nothing to undo.' });
      return undefined;
    }
    this.store.setState({ busy: true, asking: undefined, notice: undefined });
    const { studyId, task } = this.options;
    try {
      await undoGoldChange(this.db, { ...entry.change, studyId, task, unitId: entry.unitId }, { by: this.options.by(), now: this.now().toISOString() });
      const before = entry.change.before;
      this.store.setState({
        busy: false,
        failure: undefined,
        notice:
          before === undefined ? `Undone: ${entry.unitId} has no gold label again.` : `Undone: ${entry.unitId} has the gold label ${goldText(before)} again.`,
      });
      return entry.unitId;
    } catch (failure) {
      this.store.setState({ busy: false, failure: { unitId: entry.unitId, message: `Not undone: ${describeStorageError(failure)}` } });
      return undefined;
    }
  }

  private async write(unit: GoldUnit, value: LabelValue, note: string, acceptable: AcceptableAnswers | undefined): Promise<ChoiceResult> {
    try {
      const change = await setGoldLabel(this.db, {
        studyId: this.options.studyId,
        task: this.options.task,
        unitId: unit.unitId,
        value,
        ...(acceptable === undefined ? {} : { acceptable }),
        note: note.trim(),
        by: this.options.by(),
        basis: goldBasis(unit),
        now: this.now().toISOString(),
      });
      if (change.changed) this.history.push({ unitId: unit.unitId, change });
      this.store.setState({ busy: false, failure: undefined });
      return 'set';
    } catch (failure) {
      this.store.setState({ busy: false, failure: { unitId: unit.unitId, message: `The gold label was not saved: ${describeStorageError(failure)}` } });
      return 'failed';
    }
  }
}
