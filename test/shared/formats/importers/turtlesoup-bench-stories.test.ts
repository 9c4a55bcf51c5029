// TurtleSoup-Bench's genre story files dropped together import as one study, each puzzle's genre
// from its file's name (issue 14 point 5); a single story file is left to the plain puzzle-list
// reader. The six real files are read from ../shared/real-data/ when present (they carry no
// licence and are not in the repository); the rule itself is tested on small made-up files.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { benchmarkOf, importBenchmarkFiles } from '../../../../shared/formats/importers/benchmark-import';
import { serializeBundleDocument } from '../../../../shared/formats/importers/imported-study';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { FILE_READERS } from '../../../../cli/support/file-readers';

const REAL_EN = fileURLToPath(new URL('../../../../../shared/real-data/TurtleSoup-Bench/data/en/', import.meta.url));

function storyFile(name: string, stories: ReadonlyArray<Record<string, unknown>>) {
  // TSB's files are json.dump(..., indent=4, ensure_ascii=False): title first, then surface.
  return { name, text: JSON.stringify(stories, null, 4) };
}

const police = { title: 'Police ', surface: 'A girl asks for the police.', bottom: 'She plans a robbery.', tips: ['Not for help.', ''] };
const mirror = { title: 'Mirror', surface: 'A man smashes a mirror.', bottom: 'It was a window.', tips: [], source: 'forum' };

describe('TurtleSoup-Bench story files', () => {
  it('two or more together are one study, genre from each file name, tips as key clues, unknown fields left over', async () => {
    const files = [storyFile('data/en/Clever_Logic.json', [police]), storyFile('data/en/Crime_Thriller.json', [mirror, police])];
    expect(benchmarkOf(files)?.grouping).toBe("genre from each file's name");
    const result = await importBenchmarkFiles(files, {}, FILE_READERS);
    if (result?.ok !== true) throw new Error(JSON.stringify(result));
    const { bundle, leftovers } = result.value;
    expect(bundle.puzzles.map((p) => [p.id, p.title, p.genre, p.language])).toEqual([
      ['Clever_Logic/Police', 'Police ', 'Clever Logic', 'en'],
      ['Crime_Thriller/Mirror', 'Mirror', 'Crime Thriller', 'en'],
      ['Crime_Thriller/Police', 'Police ', 'Crime Thriller', 'en'],
    ]);
    expect(bundle.puzzles[0]?.keyClues).toEqual(['Not for help.']);
    expect(bundle.puzzles[1]?.keyClues).toBeUndefined();
    expect(leftovers).toEqual([{ file: 'data/en/Crime_Thriller.json', what: 'field [].source', count: 1, examples: ['forum'] }]);
    expect(parseTranscriptBundle({ name: 'b.json', text: serializeBundleDocument(bundle) }).ok).toBe(true);
  });

  it('one story file alone, or one mixed with another layout, is not claimed', () => {
    expect(benchmarkOf([storyFile('Clever_Logic.json', [police])])).toBeUndefined();
    expect(benchmarkOf([storyFile('Clever_Logic.json', [police]), { name: 'list.json', text: '[{"surface": "s", "bottom": "b"}]' }])).toBeUndefined();
  });

  const present = existsSync(REAL_EN);
  if (!present) console.log(`skipped: ${REAL_EN} is absent (the TurtleSoup-Bench files carry no licence and are not in the repository)`);
  it.skipIf(!present)('the six real English genre files import as one study of 400 puzzles in six genres, nothing left out', async () => {
    const names = readdirSync(REAL_EN)
      .filter((name) => name.endsWith('.json'))
      .sort();
    const files = names.map((name) => ({ name: join('data/en', name), text: readFileSync(join(REAL_EN, name), 'utf8') }));
    const result = await importBenchmarkFiles(files, {}, FILE_READERS);
    if (result?.ok !== true) throw new Error(JSON.stringify(result));
    const { bundle, leftovers } = result.value;
    expect(names).toHaveLength(6);
    expect(bundle.puzzles).toHaveLength(400);
    expect(new Set(bundle.puzzles.map((p) => p.genre))).toEqual(
      new Set(['Clever Logic', 'Constant Change', 'Crime Thriller', 'Mind Game', 'Original Data', 'Supernatural Fantasy']),
    );
    expect(leftovers).toEqual([]);
  });
});
