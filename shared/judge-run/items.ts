// What a judge run asks (issue 17 point 3): one item per question or final turn and sample, over
// every turn, only the turns people labelled (the calibration set), or a seeded sample of turns.
// Items come in study order, sample by sample within a turn, and each has a key (turn id and
// sample index) that is the same on every run, so a journal can tell which items are answered.

import { createPrng } from '../random/prng';
import type { StudyData, Turn } from '../domain/model';

export interface JudgeItem {
  /** `<turn id>#<sample index>`: unique, and stable across runs of the same settings. */
  key: string;
  turnId: string;
  /** 0-based; a run with k samples asks each turn k times. */
  sample: number;
  task: 'answer' | 'match';
}

export type ItemSelection =
  | { kind: 'all' }
  /** The turns whose ids the caller passes: the units people labelled. */
  | { kind: 'labelled'; unitIds: ReadonlySet<string> }
  /** `size` turns drawn without replacement by the seeded generator the demo uses, kept in study order. */
  | { kind: 'sample'; size: number; seed: number };

export const DEFAULT_SAMPLES = 1;

function itemKey(turnId: string, sample: number): string {
  return `${turnId}#${sample}`;
}

/** The selected turns, `samples` items each, in study order. */
export function judgeItems(data: Pick<StudyData, 'turns'>, selection: ItemSelection, samples = DEFAULT_SAMPLES): JudgeItem[] {
  if (!Number.isSafeInteger(samples) || samples < 1) throw new RangeError(`samples must be a whole number of at least 1, not ${samples}`);
  const items: JudgeItem[] = [];
  for (const turn of selectedTurns(data.turns, selection)) {
    const task = turn.type === 'question' ? 'answer' : 'match';
    for (let sample = 0; sample < samples; sample++) items.push({ key: itemKey(turn.id, sample), turnId: turn.id, sample, task });
  }
  return items;
}

function selectedTurns(turns: readonly Turn[], selection: ItemSelection): Turn[] {
  switch (selection.kind) {
    case 'all':
      return [...turns];
    case 'labelled':
      return turns.filter((turn) => selection.unitIds.has(turn.id));
    case 'sample':
      return seededSample(turns, selection.size, selection.seed);
  }
}

/** A partial Fisher-Yates shuffle of the positions, so the same seed picks the same turns on every machine. */
function seededSample(turns: readonly Turn[], size: number, seed: number): Turn[] {
  if (size >= turns.length) return [...turns];
  const prng = createPrng(seed);
  const positions = turns.map((_, index) => index);
  for (let i = 0; i < size; i++) {
    const j = prng.int(i, positions.length - 1);
    [positions[i], positions[j]] = [positions[j] as number, positions[i] as number];
  }
  return positions
    .slice(0, size)
    .sort((a, b) => a - b)
    .map((index) => turns[index] as Turn);
}
