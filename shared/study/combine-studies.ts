// Several imported files as one study (e.g. the six genre files of TurtleSoup-Bench): every
// file's puzzles, sessions and turns under one study id, a puzzle's genre taken from its file's
// name when the file gives none, and ids kept unique by prefixing the file's base name on a clash.

import type { Puzzle, Session, StudyData, Turn } from '../domain/model';
import { baseName, generatedStudyId } from '../formats/study-id';

export interface CombinedStudy {
  data: StudyData;
  /** One sentence per file whose ids clashed with an earlier file's and were prefixed. */
  renamed: string[];
}

/** Genre words from a file name: `Crime_Thriller.json` -> `Crime Thriller`. */
export function genreFromFileName(fileName: string): string {
  return baseName(fileName).replace(/[_-]+/g, ' ').trim();
}

/** The files in the order given, as one study named after them; at least two files. */
export function combineStudies(parts: readonly StudyData[]): CombinedStudy {
  const first = parts[0];
  if (first === undefined || parts.length < 2) throw new RangeError('combining needs at least two files');
  const files = parts.flatMap((part) => part.study.sourceFiles);
  const name = `${parts.length} files: ${parts.map((part) => part.study.name).join(', ')}`;
  const studyId = generatedStudyId(name, parts.map((part) => part.study.id).join('\n'));
  const taken = { puzzles: new Set<string>(), sessions: new Set<string>(), turns: new Set<string>() };
  const puzzles: Puzzle[] = [];
  const sessions: Session[] = [];
  const turns: Turn[] = [];
  const renamed: string[] = [];

  for (const part of parts) {
    const file = part.study.sourceFiles[0] ?? part.study.name;
    const prefix = baseName(file);
    let clashes = 0;
    /** The id in the combined study: the file's own, or prefixed with the file's base name when an earlier file took it. */
    const idMap = (ids: readonly string[], used: Set<string>): Map<string, string> => {
      const map = new Map<string, string>();
      for (const id of ids) {
        let next = id;
        if (used.has(id)) {
          clashes += 1;
          next = `${prefix}-${id}`;
          for (let n = 2; used.has(next); n++) next = `${prefix}-${id}-${n}`;
        }
        used.add(next);
        map.set(id, next);
      }
      return map;
    };
    const puzzleIds = idMap(
      part.puzzles.map((puzzle) => puzzle.id),
      taken.puzzles,
    );
    const sessionIds = idMap(
      part.sessions.map((session) => session.id),
      taken.sessions,
    );
    const turnIds = idMap(
      part.turns.map((turn) => turn.id),
      taken.turns,
    );
    const genre = genreFromFileName(file);
    for (const puzzle of part.puzzles) {
      puzzles.push({ ...puzzle, studyId, id: puzzleIds.get(puzzle.id) ?? puzzle.id, ...(puzzle.genre === undefined && genre !== '' ? { genre } : {}) });
    }
    for (const session of part.sessions) {
      sessions.push({ ...session, studyId, id: sessionIds.get(session.id) ?? session.id, puzzleId: puzzleIds.get(session.puzzleId) ?? session.puzzleId });
    }
    for (const turn of part.turns) {
      turns.push({
        ...turn,
        studyId,
        id: turnIds.get(turn.id) ?? turn.id,
        sessionId: sessionIds.get(turn.sessionId) ?? turn.sessionId,
        puzzleId: puzzleIds.get(turn.puzzleId) ?? turn.puzzleId,
      });
    }
    if (clashes > 0)
      renamed.push(
        `${file}: ${clashes} ${clashes === 1 ? 'id was' : 'ids were'} also in an earlier file, so ${clashes === 1 ? 'it starts' : 'they start'} with "${prefix}-" here`,
      );
  }

  const questions = turns.filter((turn) => turn.type === 'question').length;
  const answerUnknown = parts.some((part) => part.study.scheme.answerUnknown);
  const judgeSamples = parts.flatMap((part) => part.study.judgeSamples ?? []);
  const judgePrompts = parts.flatMap((part) => part.judgePrompts ?? []);
  return {
    data: {
      study: {
        id: studyId,
        name,
        format: first.study.format,
        scheme: { answerUnknown },
        importedAt: first.study.importedAt,
        sourceFiles: files,
        counts: { puzzles: puzzles.length, sessions: sessions.length, turns: turns.length, questions, finals: turns.length - questions },
        ...(first.study.guidelines !== undefined ? { guidelines: first.study.guidelines } : {}),
        ...(judgeSamples.length > 0 ? { judgeSamples } : {}),
      },
      puzzles,
      sessions,
      turns,
      ...(judgePrompts.length > 0 ? { judgePrompts } : {}),
    },
    renamed,
  };
}
