// Imports TurtleSoup-Bench's story files (lin-ruo/TurtleSoup-Bench `data/{en,zh}/{Genre}.json`:
// lists of title, surface, bottom, tips) dropped together as one study: each record a puzzle whose
// genre is its file's name ("Clever_Logic.json" -> "Clever Logic"), the tips its key clues.

import type { FormatError, ParseResult } from '../errors';
import { isRecord } from '../field-schemas';
import { parseJsonDocument } from '../json-document';
import type { SourceFile } from '../limits';
import { baseName } from '../study-id';
import { LeftoverTally, type BundlePuzzle, type ImportedStudy, importedStudy } from './imported-study';

const LAYOUT = 'TurtleSoup-Bench story file (data/<lang>/<Genre>.json: title, surface, bottom, tips)';
const FIELDS = new Set(['title', 'surface', 'bottom', 'tips']);

// A story file is a list whose records open with title then surface (the repository's own order);
// TurtleBench's 1.5k layout opens with `id`, and other puzzle lists rarely put title before the story.
const STORY_HINT = /^\uFEFF?\s*\[\s*\{\s*"title"\s*:\s*"(?:[^"\\]|\\.)*"\s*,\s*"surface"\s*:/;

/** Whether a file looks like a TSB story file, from the start of its text. */
export function looksLikeTurtleSoupBenchStories(file: SourceFile): boolean {
  return STORY_HINT.test(file.text.slice(0, 4096));
}

/** The six genre files (or any of them, two or more) as one study; any other file is an error. */
export function importTurtleSoupBenchStories(files: readonly SourceFile[]): ParseResult<ImportedStudy> {
  const errors: FormatError[] = [];
  const leftovers = new LeftoverTally();
  const puzzles: BundlePuzzle[] = [];
  const ids = new Set<string>();
  const genres: string[] = [];
  for (const file of files) {
    const parsed = parseJsonDocument(file);
    if (!parsed.ok) {
      errors.push(...parsed.errors);
      continue;
    }
    if (!Array.isArray(parsed.value)) {
      errors.push({ file: file.name, path: '', message: 'not a TurtleSoup-Bench story file; expected a list of {"title", "surface", "bottom", "tips"}' });
      continue;
    }
    const genre = genreFromFileName(file.name);
    genres.push(genre);
    const language = languageOfPath(file.name);
    parsed.value.forEach((record: unknown, index) => {
      const fail = (path: string, message: string) => errors.push({ file: file.name, path: `[${index}]${path}`, message });
      if (!isRecord(record)) return fail('', 'expected a story object');
      const { title, surface, bottom, tips } = record;
      if (typeof title !== 'string' || title.trim() === '') return fail('.title', 'expected the title as text');
      if (typeof surface !== 'string' || surface.trim() === '') return fail('.surface', 'expected the story (surface) as text');
      if (typeof bottom !== 'string' || bottom.trim() === '') return fail('.bottom', 'expected the solution (bottom) as text');
      if (tips !== undefined && !(Array.isArray(tips) && tips.every((tip) => typeof tip === 'string'))) return fail('.tips', 'expected a list of tips as text');
      leftovers.addUnknownFields(file.name, '[].', record, FIELDS);
      const keyClues = (tips ?? []).filter((tip) => tip.trim() !== '');
      // Ids drop a title's trailing spaces (the title keeps them), as the game importer's do.
      const base = `${baseName(file.name)}/${title.trim()}`;
      let id = base;
      for (let n = 2; ids.has(id); n++) id = `${base} #${n}`;
      ids.add(id);
      puzzles.push({
        id,
        title,
        story: surface,
        reference: bottom,
        ...(language !== undefined ? { language } : {}),
        ...(genre !== '' ? { genre } : {}),
        ...(keyClues.length > 0 ? { keyClues } : {}),
        source: 'TurtleSoup-Bench',
      });
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  const name = `TurtleSoup-Bench stories: ${genres.join(', ')}`;
  return {
    ok: true,
    value: importedStudy({
      layouts: files.map((file) => ({ file: file.name, layout: `${LAYOUT}, genre "${genreFromFileName(file.name)}"` })),
      name,
      idSeed: files.map((file) => file.text).join('\u0000'),
      scheme: { answerUnknown: false },
      puzzles,
      sessions: [],
      leftovers,
    }),
  };
}

/** Genre words from the file's name, as combine-studies.ts gives them: Crime_Thriller.json -> Crime Thriller. */
function genreFromFileName(fileName: string): string {
  return baseName(fileName).replace(/[_-]+/g, ' ').trim();
}

/** TSB keeps each language's stories in its own folder (data/en, data/zh); a file dropped alone has none. */
function languageOfPath(name: string): string | undefined {
  const folder = name.split(/[\\/]/).at(-2);
  return folder === 'en' || folder === 'zh' ? folder : undefined;
}
