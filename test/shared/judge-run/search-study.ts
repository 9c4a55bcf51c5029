// Test helper for the prompt search: a synthetic study with people's labels, each turn's text
// made its own (the generator words the final answers of a puzzle's sessions alike), so a prompt
// or a request log tells which turn it is about.

import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import type { StudyData } from '../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { indexStudy, type StudyUnits } from '../../../shared/stats/study/study-units';

export function searchStudy(puzzles: number, seed: number): { data: StudyData; units: StudyUnits } {
  const generated = generateSyntheticStudy({ puzzles, annotators: 3, seed });
  for (const session of generated.bundle.sessions) for (const turn of session.turns) turn.text = `${turn.text} (turn ${turn.id})`;
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: '2026-01-05T09:00:00.000Z' });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const labels = generated.labelFiles.flatMap((file) =>
    file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  return { data: parsed.value, units: indexStudy(parsed.value, labels) };
}
