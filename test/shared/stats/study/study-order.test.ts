// inStudyOrder and inLabelOrder put records and labels in one order, keeping the later of two
// labels the winner; buildReport gives the same report, intervals included, for shuffled input.

import { describe, expect, it } from 'vitest';
import { generateSyntheticStudy } from '../../../../shared/demo/synthetic-study';
import type { StudyData } from '../../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { buildReport } from '../../../../shared/report/build-report';
import { inLabelOrder, inStudyOrder } from '../../../../shared/stats/study/study-order';
import type { StudyLabel } from '../../../../shared/stats/study/study-units';
import { handStudy, NOW } from './study-fixtures';
import { shuffled } from '../shuffled';

function synthetic(): { study: StudyData; labels: StudyLabel[] } {
  const generated = generateSyntheticStudy({ puzzles: 9, annotators: 5, seed: 4 });
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const labels = generated.labelFiles.flatMap((file) =>
    file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  return { study: parsed.value, labels };
}

describe('inStudyOrder', () => {
  it('puts puzzles and sessions by id and turns by session, then index', () => {
    const { study } = handStudy(
      [{ id: 'p2' }, { id: 'p1' }],
      [
        { id: 's2', puzzleId: 'p1', player: 'P', judge: 'j', turns: [{ id: 's2/1', judges: { j: 'yes' } }] },
        { id: 's1', puzzleId: 'p2', player: 'P', judge: 'j', turns: Array.from({ length: 11 }, (_, i) => ({ id: `s1/${i + 1}`, judges: { j: 'no' } })) },
      ],
    );
    const ordered = inStudyOrder(study);
    expect(ordered.puzzles.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(ordered.sessions.map((s) => s.id)).toEqual(['s1', 's2']);
    // s1/10 and s1/11 sort before s1/2 by id; play order keeps them last.
    expect(ordered.turns.map((t) => t.id)).toEqual([...Array.from({ length: 11 }, (_, i) => `s1/${i + 1}`), 's2/1']);
    expect(inStudyOrder(ordered)).toBe(ordered);
  });

  it('keeps the labels of one annotator, task and unit in their order, so the later one still wins', () => {
    const first = { annotatorId: 'b', unitId: 'u', task: 'answer' as const, value: 'yes' as const };
    const later = { ...first, value: 'no' as const };
    const other = { ...first, annotatorId: 'a' };
    expect(inLabelOrder([first, other, later])).toEqual([other, first, later]);
    const sorted = [other, first, later];
    expect(inLabelOrder(sorted)).toBe(sorted);
  });
});

describe('buildReport and input order', () => {
  it('gives the same report, intervals included, whatever order the records and labels come in', () => {
    const { study, labels } = synthetic();
    const settings = { bootstrap: 100, seed: 2, average: 'micro' as const };
    const base = { settings, inputs: [], app: 'agreement-studio test', now: NOW };
    const original = buildReport({ ...base, study, labels });
    const reordered = buildReport({
      ...base,
      study: { ...study, puzzles: shuffled(study.puzzles, 1), sessions: shuffled(study.sessions, 2), turns: shuffled(study.turns, 3) },
      labels: shuffled(labels, 4),
    });
    expect(reordered).toEqual(original);
    expect(original.tables.answer.some((row) => row.ci95 !== null)).toBe(true);
  });
});
