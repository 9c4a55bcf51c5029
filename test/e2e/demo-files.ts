// Files the end-to-end tests hand the app: the shipped demo study, parsed as the app parses it,
// and an annotator's label file of that study written to a scratch folder as their studio exports it,
// seeded files that follow one judge (the report's judges and the planner), two annotators'
// files over the first turns for the judge-run tests, or two annotators' files correcting one judge
// for the tests of improving the judge (few-shot examples, the prompt search).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabelValue, Task, Turn } from '../../shared/domain/model';
import { buildLabelFile, serializeLabelFile, type LabelRecord } from '../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { keyedUniform } from '../../shared/random/keyed-uniform';
import { createPrng } from '../../shared/random/prng';
import { REPO_ROOT } from './harness';

export const DEMO_PATH = `${REPO_ROOT}assets/demo-study.json`;

const parsed = parseTranscriptBundle({ name: 'demo-study.json', text: readFileSync(DEMO_PATH, 'utf8') });
if (!parsed.ok) throw new Error('assets/demo-study.json does not parse');
export const demo = parsed.value;

/** Writes `<dir>/<id>.labels.json`, annotator `id` ("Annotator <id>") exporting `labels` at `at`; returns its path. */
export function writeLabelFile(dir: string, studyId: string, id: string, at: string, labels: LabelRecord[]): string {
  const path = join(dir, `${id}.labels.json`);
  writeFileSync(
    path,
    serializeLabelFile(buildLabelFile({ studyId, annotator: { id, name: `Annotator ${id}` }, exportedAt: at, app: 'agreement-studio test', labels })),
  );
  return path;
}

/**
 * Seeded label files whose answers follow `judge` four times in five (or `share`), so every judge
 * meets agreement and disagreement, over every turn of the demo (or `turns`); returns their paths.
 */
export function labelFilesFollowing(
  dir: string,
  judge: string,
  annotators: readonly string[],
  { share = 0.8, seed = 7, turns = demo.turns }: { share?: number; seed?: number; turns?: typeof demo.turns } = {},
): string[] {
  const prng = createPrng(seed);
  const at = '2026-11-22T10:00:00Z';
  return annotators.map((id) => {
    const labels = turns.map((turn) => {
      const task: Task = turn.type === 'question' ? 'answer' : 'match';
      const values = task === 'answer' ? ['yes', 'no', 'irrelevant'] : ['matched', 'unmatched'];
      const judged = turn.judgements[judge] ?? values[0] ?? '';
      const others = values.filter((value) => value !== judged);
      const value = prng.next() < share || others.length === 0 ? judged : others[Math.floor(prng.next() * others.length)];
      return { unit: turn.id, task, value: value as LabelValue, at, rev: 1, unsure: false, note: '' };
    });
    return writeLabelFile(dir, demo.study.id, id, at, labels);
  });
}

/** Two annotators' label files over the demo's first `turns` turns, each answering as the demo's first judge did. */
export function labelFilesOverFirstTurns(dir: string, turns: number): string[] {
  const at = '2026-11-22T10:00:00Z';
  return ['ann-1', 'ann-2'].map((id) => {
    const labels = demo.turns.slice(0, turns).map((turn) => {
      const task: Task = turn.type === 'question' ? 'answer' : 'match';
      const value = Object.values(turn.judgements)[0] ?? (task === 'answer' ? 'yes' : 'matched');
      return { unit: turn.id, task, value: value as LabelValue, at, rev: 1, unsure: false, note: '' };
    });
    return writeLabelFile(dir, demo.study.id, id, at, labels);
  });
}

const ANSWERS = { question: ['yes', 'no', 'irrelevant'], final: ['matched', 'unmatched'] } as const;

/** People's label of a turn: `judge`'s, but for a seeded 40% of the turns, where they give the next answer. */
export function peopleLabel(turn: Turn, judge: string): LabelValue {
  const answers: readonly LabelValue[] = ANSWERS[turn.type === 'question' ? 'question' : 'final'];
  const judged = (turn.judgements[judge] ?? answers[0]) as LabelValue;
  return keyedUniform(34, turn.id) >= 0.4 ? judged : answers[(answers.indexOf(judged) + 1) % answers.length]!;
}

/** Two annotators' label files over every turn of the demo, both giving peopleLabel of `judge`. */
export function labelFilesCorrecting(dir: string, judge: string): string[] {
  const at = '2026-11-28T10:00:00Z';
  return ['ann-1', 'ann-2'].map((id) =>
    writeLabelFile(
      dir,
      demo.study.id,
      id,
      at,
      demo.turns.map((turn) => ({
        unit: turn.id,
        task: turn.type === 'question' ? 'answer' : 'match',
        value: peopleLabel(turn, judge),
        at,
        rev: 1,
        unsure: false,
        note: '',
      })),
    ),
  );
}
