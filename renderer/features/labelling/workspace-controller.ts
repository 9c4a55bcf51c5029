// What a key press in the workspace does: labels, flags, notes, undo and moves. A label is
// shown and the next unit painted at once, from memory; its durable write runs behind, in
// order, and the unit's indicator turns "saved" (and the save log speaks) only once the
// transaction has resolved; a failed write raises the workspace's alert until the unit is saved.
// Writes run one at a time, so undo always sees the finished write. In a study that lets
// annotators mark every acceptable answer, the answer keys mark answers instead and Enter saves
// them as one label, which then goes the same way.

import { countText } from '../../../shared/domain/count-text';
import { acceptedValues, type AcceptableAnswers, type AnswerLabel, type Label, type LabelValue, type Task } from '../../../shared/domain/model';
import type { StudioDatabase } from '../../db/database';
import { describeStorageError } from '../../db/storage';
import type { LabelWrites } from '../../services/label-writes';
import { asAnswer, markedLabel, answersText, toggleMark } from './answer-marks';
import { LabelIndex } from './label-index';
import {
  applyChange,
  labelPrimaryKey,
  savePosition,
  undoLabelChange,
  writeLabelChange,
  type LabelChange,
  type LabelKey,
  type LabelWrite,
} from './label-writer';
import type { WorkspaceData } from './load-workspace';
import { SaveLog } from './save-log';
import { unitName, type WorkUnit } from './unit-queue';
import { UnitSearchIndex } from './unit-search';
import { createWorkspaceStore, currentPosition, type Marks, type UnitFilter, type WorkspaceStore } from './workspace-store';

/** Moves that label nothing are remembered after this pause, so holding J does not write per unit. */
const POSITION_SAVE_DELAY_MS = 400;
/** Undo reaches back this many changes. */
const HISTORY_LIMIT = 1_000;

/** A hidden window paints no frames; its writes then start after this long instead. */
const HIDDEN_WRITE_DELAY_MS = 50;

/**
 * Resolves just after the next frame is painted (a task posted from its animation-frame
 * callback), so a write's main-thread work never delays the frame that shows the next unit.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve();
    };
    const painting = typeof requestAnimationFrame === 'function';
    const timer = setTimeout(finish, painting ? HIDDEN_WRITE_DELAY_MS : 0);
    if (!painting) return;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        finish();
      };
      channel.port2.postMessage(undefined);
    });
  });
}

interface HistoryEntry {
  unitId: string;
  /** The label as shown before the change, to show at once on undo. */
  shownBefore: Label | undefined;
  /** Set when the write resolved; undefined while it runs or if it failed. */
  result?: LabelWrite;
  settled: Promise<void>;
}

export interface ControllerOptions {
  /** The current annotator's display name, read at each write (the profile can be renamed). */
  annotatorName: () => string;
  /** Where this workspace's write queue is kept beyond it, for the next workspace and the label export to wait on. */
  labelWrites: LabelWrites;
  /** Called after each write that changed a stored label, once it is on disk (the team server push sends it then). */
  onLabelsWritten?: (units: ReadonlyArray<{ task: Task; unitId: string }>) => void;
  /** Whether two of the annotator's devices gave the unit different labels: labelling it then keeps that label on every device. */
  inConflict?: (unitId: string) => boolean;
  now?: () => Date;
  /** Milliseconds on a monotonic clock, for time on screen. */
  clock?: () => number;
}

export class WorkspaceController {
  readonly store: WorkspaceStore;
  readonly index: LabelIndex;
  readonly saveLog = new SaveLog();
  /** Whether the answer keys mark answers for Enter to save rather than label at once: the answer task of a study that allows several answers. */
  readonly marksAnswers: boolean;
  private readonly allPositions: readonly number[];
  private readonly searchIndex: UnitSearchIndex;
  private readonly history: HistoryEntry[] = [];
  private chain: Promise<void> = Promise.resolve();
  /** Writes queued or running; the first after a pause waits for the paint of the next unit. */
  private writesInChain = 0;
  private shownAt: number;
  private positionTimer: ReturnType<typeof setTimeout> | undefined;
  /** Units with writes queued or running (unit id -> count), and units whose last write failed, newest last. */
  private readonly queued = new Map<string, number>();
  private readonly failed = new Map<string, { name: string; message: string }>();
  private readonly unsubscribe: () => void;
  private readonly now: () => Date;
  private readonly clock: () => number;

  constructor(
    private readonly db: StudioDatabase,
    readonly data: WorkspaceData,
    private readonly options: ControllerOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.clock = options.clock ?? (() => performance.now());
    this.marksAnswers = data.task === 'answer' && data.study.scheme.multipleAnswers === true;
    this.index = new LabelIndex(data.labels, (unitId) => data.positionOf.has(unitId));
    this.allPositions = data.units.map((_, position) => position);
    this.searchIndex = new UnitSearchIndex(data.units, data.puzzles);
    const resume = data.resumeUnitId === undefined ? undefined : data.positionOf.get(data.resumeUnitId);
    const firstUnlabelled = data.units.findIndex((unit) => !data.labels.has(unit.id));
    this.store = createWorkspaceStore({ visible: this.allPositions, position: resume ?? Math.max(0, firstUnlabelled) });
    this.shownAt = this.clock();
    this.unsubscribe = this.store.subscribe((state, previous) => {
      const position = currentPosition(state);
      if (position === currentPosition(previous)) return;
      // Marks not saved with Enter stay behind: coming back shows the unit's label again.
      if (state.marks !== undefined) state.setMarks(undefined);
      this.shownAt = this.clock();
      this.schedulePositionSave();
    });
  }

  currentUnit(): WorkUnit | undefined {
    return this.data.units[currentPosition(this.store.getState())];
  }

  /** Labels the current unit (with every acceptable answer, `value` first, when the annotator marked two or more) and moves on to the next one. */
  label(value: LabelValue, acceptable?: AcceptableAnswers): void {
    const unit = this.currentUnit();
    if (!unit) return;
    const shown = this.index.get(unit.id);
    const draft = shown.label ? undefined : this.store.getState().drafts.get(unit.id);
    const ms = this.clock() - this.shownAt;
    const resolve = this.options.inConflict?.(unit.id) === true ? { resolve: true } : {};
    const set = acceptable === undefined ? {} : { acceptable };
    const change: LabelChange = draft
      ? { kind: 'label:set', value, ...set, ms, unsure: draft.unsure, note: draft.note, ...resolve }
      : { kind: 'label:set', value, ...set, ms, ...resolve };
    const willChange = this.issue(unit, change);
    const state = this.store.getState();
    if (willChange && draft) state.setDraft(unit.id, undefined);
    if (state.cursor < state.visible.length - 1) state.move(1);
    else
      state.setNotice(
        this.index.getDone() >= this.data.units.length
          ? 'Every unit of this task is labelled.'
          : 'That was the last unit in this list. Choose "Unlabelled" to see what is left.',
      );
  }

  /** The answers marked on a unit: those marked since it came up, else its label's. */
  marksOf(unitId: string, marks: Marks | undefined = this.store.getState().marks): readonly AnswerLabel[] {
    if (marks?.unitId === unitId) return marks.values;
    const label = this.index.get(unitId).label;
    return label ? acceptedValues(label).flatMap((value) => asAnswer(value) ?? []) : [];
  }

  /** Marks an answer on the current unit, or unmarks it if marked; nothing is saved until Enter (saveMarks). */
  toggleMark(value: LabelValue): void {
    const unit = this.currentUnit();
    const answer = asAnswer(value);
    if (!unit || answer === undefined) return;
    const values = toggleMark(this.marksOf(unit.id), answer);
    const state = this.store.getState();
    state.setMarks({ unitId: unit.id, values });
    state.setNotice(values.length === 0 ? 'Nothing marked.' : `Marked ${answersText(values)}, ${answersText(values.slice(0, 1))} first. Enter saves.`);
  }

  /**
   * Saves the answers marked on the current unit as its label, the first as its value, and moves
   * on as a label key does; with nothing marked it saves nothing and says so.
   */
  saveMarks(): void {
    const unit = this.currentUnit();
    if (!unit) return;
    const marked = markedLabel(this.marksOf(unit.id));
    const state = this.store.getState();
    if (!marked) {
      state.setNotice('Nothing is marked, so nothing was saved: mark every acceptable answer with its key, then press Enter.');
      return;
    }
    state.setMarks(undefined);
    this.label(marked.value, marked.acceptable);
  }

  toggleUnsure(): void {
    const unit = this.currentUnit();
    if (!unit) return;
    const { label } = this.index.get(unit.id);
    if (label) {
      this.issue(unit, { kind: 'label:unsure', unsure: !label.unsure });
      return;
    }
    const state = this.store.getState();
    const draft = state.drafts.get(unit.id) ?? { unsure: false, note: '' };
    state.setDraft(unit.id, { ...draft, unsure: !draft.unsure });
    state.setNotice(draft.unsure ? 'No longer marked unsure.' : 'Marked unsure: saved together with your label.');
  }

  saveNote(note: string): void {
    const unit = this.currentUnit();
    if (!unit) return;
    const { label } = this.index.get(unit.id);
    if (label) {
      this.issue(unit, { kind: 'label:note', note });
      return;
    }
    const state = this.store.getState();
    state.setDraft(unit.id, { unsure: state.drafts.get(unit.id)?.unsure ?? false, note });
    state.setNotice(note === '' ? 'Note removed.' : 'Note kept: it is saved together with your label.');
  }

  /** Puts back the state before the last change made here, and goes to that unit. */
  undo(): void {
    const entry = this.history.pop();
    const state = this.store.getState();
    // The unit shows its label as it is after the undo, not answers marked before it.
    state.setMarks(undefined);
    if (!entry) {
      state.setNotice('Nothing to undo.');
      return;
    }
    const position = this.data.positionOf.get(entry.unitId);
    if (position !== undefined && !state.goToPosition(position)) {
      this.showUnits('all', '');
      this.store.getState().goToPosition(position);
    }
    const unit = position === undefined ? undefined : this.data.units[position];
    if (!unit) return;
    this.index.beginWrite(unit.id, entry.shownBefore);
    const key = this.keyOf(unit.id);
    const now = this.now().toISOString();
    this.hold(unit.id);
    this.enqueue(async () => {
      await entry.settled;
      const result = entry.result;
      try {
        if (!result?.changed) {
          // The change was never stored (it failed), so there is nothing to put back: show what is stored.
          this.index.endWrite(unit.id, await this.db.labels.get(labelPrimaryKey(key)));
          this.saved(unit.id);
          return;
        }
        const position = this.resumeUnitId(unit.id);
        const undone = await undoLabelChange(this.db, key, result.before, {
          annotatorName: this.options.annotatorName(),
          now,
          ...(position !== undefined ? { position } : {}),
        });
        this.saved(unit.id);
        this.index.endWrite(unit.id, undone.after);
        this.acknowledge(unit, undone.after, 'label:undo');
        this.written(unit.id);
      } catch (error) {
        this.fail(unit, error);
      } finally {
        this.release(unit.id);
      }
    });
  }

  move(delta: number): void {
    this.store.getState().move(delta);
  }

  /** Shows the units a filter selects, as they are now, within the current search; staying on the current unit if it is among them. */
  setFilter(filter: UnitFilter): void {
    this.showUnits(filter, this.store.getState().query);
  }

  /**
   * Narrows the list to the units whose item, id, puzzle title or story hold every word of the
   * query (see unit-search.ts), within the current filter; '' shows the filter's units again.
   * Stays on the current unit if it matches, else goes to the first match.
   */
  search(query: string): void {
    this.showUnits(this.store.getState().filter, query);
    const { visible } = this.store.getState();
    if (query.trim() !== '')
      this.store
        .getState()
        .setNotice(visible.length === 0 ? 'No unit matches this search.' : `${countText(visible.length, 'unit matches', 'units match')} this search.`);
  }

  private showUnits(filter: UnitFilter, query: string): void {
    const state = this.store.getState();
    const { drafts } = state;
    const matches = query.trim() === '' ? undefined : new Set(this.searchIndex.match(query));
    let visible: readonly number[] = this.allPositions;
    if (filter !== 'all' || matches) {
      const keep: number[] = [];
      this.data.units.forEach((unit, position) => {
        if (matches && !matches.has(position)) return;
        const label = this.index.get(unit.id).label;
        const draft = drafts.get(unit.id);
        const shown =
          filter === 'all'
            ? true
            : filter === 'unlabelled'
              ? !label
              : filter === 'unsure'
                ? (label?.unsure ?? draft?.unsure ?? false)
                : (label?.note ?? draft?.note ?? '') !== '';
        if (shown) keep.push(position);
      });
      visible = keep;
    }
    const current = Math.max(0, currentPosition(state));
    const position = matches && !matches.has(current) ? (visible[0] ?? current) : current;
    state.showList(filter, query, visible, position);
  }

  /** Goes to a unit by id, showing every unit if the filter hides it; false if the task has no such unit. */
  jumpTo(unitId: string): boolean {
    const position = this.data.positionOf.get(unitId.trim());
    if (position === undefined) {
      this.store.getState().setNotice(`This task has no unit with the id "${unitId.trim()}".`);
      return false;
    }
    if (!this.store.getState().goToPosition(position)) {
      this.showUnits('all', '');
      this.store.getState().goToPosition(position);
    }
    return true;
  }

  /** Resolves once every write issued so far has finished. */
  idle(): Promise<void> {
    return this.chain;
  }

  /** Stops listening and remembers the position at once; writes already issued still finish. */
  dispose(): Promise<void> {
    this.unsubscribe();
    if (this.positionTimer !== undefined) clearTimeout(this.positionTimer);
    return this.writePosition();
  }

  private keyOf(unitId: string): LabelKey {
    return { studyId: this.data.study.id, annotatorId: this.data.annotatorId, task: this.data.task, unitId };
  }

  /** Shows the change at once and queues its durable write; false if it changes nothing. */
  private issue(unit: WorkUnit, change: LabelChange): boolean {
    const shown = this.index.get(unit.id);
    const key = this.keyOf(unit.id);
    const now = this.now().toISOString();
    const next = applyChange(key, shown.label, change, now);
    // A failed write is tried again even when it would show the same label.
    if (next === shown.label && shown.state !== 'error') return false;
    this.index.beginWrite(unit.id, next);
    const entry: HistoryEntry = { unitId: unit.id, shownBefore: shown.label, settled: Promise.resolve() };
    this.history.push(entry);
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    this.hold(unit.id);
    entry.settled = this.enqueue(async () => {
      // The position commits with the label, so after a crash the workspace opens just past the last stored label.
      const position = this.resumeUnitId(unit.id);
      try {
        const result = await writeLabelChange(this.db, key, change, {
          annotatorName: this.options.annotatorName(),
          now,
          ...(position !== undefined ? { position } : {}),
        });
        entry.result = result;
        this.saved(unit.id);
        this.index.endWrite(unit.id, result.after);
        if (result.changed) {
          this.acknowledge(unit, result.after, change.kind);
          this.written(unit.id);
        }
      } catch (error) {
        this.fail(unit, error);
      } finally {
        this.release(unit.id);
      }
    });
    return true;
  }

  private hold(unitId: string) {
    this.queued.set(unitId, (this.queued.get(unitId) ?? 0) + 1);
  }

  private release(unitId: string) {
    const left = (this.queued.get(unitId) ?? 1) - 1;
    if (left > 0) this.queued.set(unitId, left);
    else this.queued.delete(unitId);
  }

  /**
   * Where to resume: the current unit, but never past a unit whose write is still queued or
   * failed, so a crash cannot leave an unsaved unit behind the place the workspace reopens at.
   * `writing` is the unit of the write that carries this position, which commits with it.
   */
  private resumeUnitId(writing?: string): string | undefined {
    let position = currentPosition(this.store.getState());
    const holdAt = (unitId: string) => {
      const held = this.data.positionOf.get(unitId);
      if (held !== undefined && (position < 0 || held < position)) position = held;
    };
    for (const [unitId, count] of this.queued) if (unitId !== writing || count > 1) holdAt(unitId);
    for (const unitId of this.failed.keys()) if (unitId !== writing) holdAt(unitId);
    return this.data.units[position]?.id;
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    // A write after a pause starts once the next unit is painted, so its work never delays that
    // frame; writes queued behind it start as each one before them commits, to keep up with a
    // burst of keys. Each task reports its own failures; the catch only keeps one unforeseen
    // error from stopping every later save.
    const start = this.writesInChain === 0 ? this.chain.then(afterNextPaint) : this.chain;
    this.writesInChain += 1;
    const chain = start
      .then(task)
      .catch((error: unknown) => this.store.getState().setNotice(`Saving went wrong: ${describeStorageError(error)}`))
      .finally(() => (this.writesInChain -= 1));
    this.chain = chain;
    this.options.labelWrites.track(this.data.study.id, this.data.annotatorId, this.data.task, chain);
    return chain;
  }

  private written(unitId: string) {
    this.options.onLabelsWritten?.([{ task: this.data.task, unitId }]);
  }

  private fail(unit: WorkUnit, error: unknown) {
    const message = describeStorageError(error);
    this.failed.delete(unit.id);
    this.failed.set(unit.id, { name: this.nameOf(unit), message });
    this.index.failWrite(unit.id, message);
    this.showSaveProblem();
  }

  /** The unit's stored state is what it shows again; lowers the alert once no unit is left unsaved. */
  private saved(unitId: string) {
    if (this.failed.delete(unitId)) this.showSaveProblem();
  }

  /**
   * The alert names the newest failure and its reason and counts the other unsaved units; the
   * workspace has moved on by then, so without it the failure would show only on the unit left behind.
   */
  private showSaveProblem() {
    const newest = [...this.failed.values()].at(-1);
    if (!newest) {
      this.store.getState().setSaveProblem(undefined);
      return;
    }
    const others = this.failed.size - 1;
    const more = others === 0 ? '' : ` and ${others} other ${others === 1 ? 'unit' : 'units'}`;
    const retry =
      others === 0 ? 'The list marks it as not saved: label it again to save it.' : 'The list marks them as not saved: label them again to save them.';
    this.store.getState().setSaveProblem(`Not saved: ${newest.name}${more}. ${newest.message} ${retry}`);
  }

  private acknowledge(unit: WorkUnit, label: Label | undefined, kind: LabelChange['kind'] | 'label:undo') {
    const name = this.nameOf(unit);
    let message: string;
    if (!label) message = `Removed the label on ${name}`;
    else if (kind === 'label:unsure') message = `${label.unsure ? 'Marked' : 'Unmarked'} ${name} as unsure`;
    else if (kind === 'label:note') message = `Saved the note on ${name}`;
    else message = `Saved ${acceptedValues(label).map(String).join(' + ')}${label.unsure ? ' (unsure)' : ''} on ${name}`;
    this.saveLog.add({
      unitId: unit.id,
      task: this.data.task,
      value: label?.value ?? '',
      ...(label?.acceptable !== undefined ? { acceptable: label.acceptable } : {}),
      rev: label?.rev ?? 0,
      unsure: label?.unsure ?? false,
      noteLength: label?.note.length ?? 0,
      message,
    });
  }

  private nameOf(unit: WorkUnit): string {
    return unitName(unit, this.data.puzzles.get(unit.puzzleId));
  }

  private schedulePositionSave() {
    if (this.positionTimer !== undefined) clearTimeout(this.positionTimer);
    this.positionTimer = setTimeout(() => {
      this.positionTimer = undefined;
      void this.writePosition();
    }, POSITION_SAVE_DELAY_MS);
  }

  private writePosition(): Promise<void> {
    const unitId = this.resumeUnitId();
    if (unitId === undefined) return Promise.resolve();
    // Losing a position is harmless (the workspace then opens at the first unlabelled unit), so failures stay quiet.
    return savePosition(this.db, this.data.study.id, this.data.annotatorId, this.data.task, unitId).catch(() => undefined);
  }
}
