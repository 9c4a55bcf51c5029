// What the team and sync bench pages both do in Chromium: load a study bundle the Node side serves,
// name its team, draw seeded label values, and drop their IndexedDB databases before and after.

import type { Prng } from '../../shared/random/prng';
import type { LabelValue, StudyData, Task } from '../../shared/domain/model';
import { MAX_DIFFICULTY, MIN_DIFFICULTY } from '../../shared/domain/model';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';

export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
  });
}

/** A label value as annotators give them: `no` twice as often as `yes` or `irrelevant`, any difficulty. */
export function randomLabelValue(task: Task, prng: Prng): LabelValue {
  if (task === 'answer') return prng.pick(['yes', 'no', 'no', 'irrelevant'] as const);
  if (task === 'match') return prng.pick(['matched', 'unmatched'] as const);
  return prng.int(MIN_DIFFICULTY, MAX_DIFFICULTY);
}

/** The bundle at `url`, parsed by the app's reader, and a team of `annotators` (`annotator-01`, ...). */
export async function loadBenchStudy(url: string, annotators: number): Promise<{ data: StudyData; team: Array<{ id: string; name: string }> }> {
  const parsed = parseTranscriptBundle({ name: url, text: await (await fetch(url)).text() });
  if (!parsed.ok) throw new Error(`${url} does not parse: ${parsed.errors[0]?.message}`);
  const team = Array.from({ length: annotators }, (_, index) => ({ id: `annotator-${String(index + 1).padStart(2, '0')}`, name: `Annotator ${index + 1}` }));
  return { data: parsed.value, team };
}
