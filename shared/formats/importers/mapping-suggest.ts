// A first guess at a mapping from the fields' names alone (id, surface, bottom, label...), so the
// lead starts the mapping dialog from something. Kept apart from the mapping itself, which reads
// workbooks, so the window can guess without loading the readers.

import { MAPPING_TARGETS, type MappingTarget } from './mapping-preset';

// The names other programs give each target, most telling first, compared without case or punctuation.
const COMMON_NAMES: Record<MappingTarget, readonly string[]> = {
  puzzleId: ['puzzleid', 'storyid', 'id'],
  title: ['title', 'storytitle', 'name'],
  story: ['story', 'surface', 'scenario', 'puzzle', 'question'],
  reference: ['reference', 'bottom', 'solution', 'answer', 'truth'],
  difficulty: ['difficulty', 'level'],
  session: ['session', 'sessionid', 'game', 'gameid', 'conversation'],
  player: ['player', 'playermodel', 'guesser'],
  judge: ['judge', 'judgemodel', 'host'],
  turnKind: ['turnkind', 'turntype', 'kind', 'type'],
  question: ['question', 'text', 'guess', 'userguess', 'input'],
  judgeLabel: ['judgelabel', 'label', 'judgement', 'judgment', 'verdict', 'reply', 'response'],
};

/** A first guess at the mapping from the fields' names, each field used once, so the lead starts from something. */
export function suggestMapping(fieldNames: readonly string[]): Partial<Record<MappingTarget, string>> {
  const squash = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const keys = fieldNames.map((name) => ({ name, whole: squash(name), last: squash(name.split('.').pop() ?? name) }));
  const used = new Set<string>();
  const suggestion: Partial<Record<MappingTarget, string>> = {};
  for (const target of MAPPING_TARGETS) {
    for (const common of COMMON_NAMES[target]) {
      const found = keys.find((key) => !used.has(key.name) && (key.whole === common || key.last === common));
      if (found !== undefined) {
        suggestion[target] = found.name;
        used.add(found.name);
        break;
      }
    }
  }
  return suggestion;
}
