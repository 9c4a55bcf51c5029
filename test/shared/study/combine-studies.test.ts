// Several files as one study: puzzles, sessions and turns under one id, genre from the file name,
// and ids that clash across files prefixed with the file's base name (and said so). The real
// TurtleSoup-Bench genre files are read from ../shared/real-data/ when present (they carry no
// licence, so they are never copied into the repository).

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StudyData } from '../../../shared/domain/model';
import { formatErrorText } from '../../../shared/formats/errors';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { combineStudies, genreFromFileName } from '../../../shared/study/combine-studies';

const NOW = '2026-11-22T10:00:00.000Z';

function parsed(name: string, text: string): StudyData {
  const result = parseTranscriptBundle({ name, text }, { now: NOW });
  if (!result.ok) throw new Error(`${name} does not parse:\n${result.errors.map(formatErrorText).join('\n')}`);
  return result.value;
}

describe('combineStudies', () => {
  it('names the genre after the file', () => {
    expect(genreFromFileName('Crime_Thriller.json')).toBe('Crime Thriller');
    expect(genreFromFileName('data/en/Mind_Game.json')).toBe('Mind Game');
  });

  it('keeps ids unique across files by prefixing the later file base name, and says so', () => {
    const a = parsed(
      'Clever_Logic.json',
      JSON.stringify([
        { id: 'p1', surface: 'a', bottom: 'A' },
        { id: 'p2', surface: 'b', bottom: 'B' },
      ]),
    );
    const b = parsed(
      'Mind_Game.json',
      JSON.stringify([
        { id: 'p1', surface: 'c', bottom: 'C', genre: 'Logic' },
        { id: 'p3', surface: 'd', bottom: 'D' },
      ]),
    );
    const { data, renamed } = combineStudies([a, b]);
    expect(data.puzzles.map((puzzle) => [puzzle.id, puzzle.genre, puzzle.studyId === data.study.id])).toEqual([
      ['p1', 'Clever Logic', true],
      ['p2', 'Clever Logic', true],
      ['Mind_Game-p1', 'Logic', true],
      ['p3', 'Mind Game', true],
    ]);
    expect(renamed).toEqual(['Mind_Game.json: 1 id was also in an earlier file, so it starts with "Mind_Game-" here']);
    expect(data.study).toMatchObject({
      name: '2 files: Clever_Logic, Mind_Game',
      sourceFiles: ['Clever_Logic.json', 'Mind_Game.json'],
      counts: { puzzles: 4, sessions: 0, turns: 0 },
    });
  });

  it('moves a renamed session and its turns along with the renamed puzzle', () => {
    const demoText = readFileSync(fileURLToPath(new URL('../../../assets/demo-study.json', import.meta.url)), 'utf8');
    const one = parsed('demo-a.json', demoText);
    const two = parsed('demo-b.json', demoText);
    const { data } = combineStudies([one, two]);
    expect(data.puzzles).toHaveLength(one.puzzles.length * 2);
    const puzzleIds = new Set(data.puzzles.map((puzzle) => puzzle.id));
    const sessionIds = new Set(data.sessions.map((session) => session.id));
    expect(puzzleIds.size).toBe(data.puzzles.length);
    expect(sessionIds.size).toBe(data.sessions.length);
    expect(new Set(data.turns.map((turn) => turn.id)).size).toBe(data.turns.length);
    expect(data.sessions.every((session) => puzzleIds.has(session.puzzleId))).toBe(true);
    expect(data.turns.every((turn) => sessionIds.has(turn.sessionId) && puzzleIds.has(turn.puzzleId))).toBe(true);
    expect(data.sessions.filter((session) => session.id.startsWith('demo-b-'))).toHaveLength(two.sessions.length);
  });
});

const TURTLESOUP = fileURLToPath(new URL('../../../../shared/real-data/TurtleSoup-Bench/data/en/', import.meta.url));

describe('the six TurtleSoup-Bench genre files as one study', () => {
  const present = existsSync(TURTLESOUP);
  if (!present) console.log(`skipped: ${TURTLESOUP} is absent (the TurtleSoup-Bench files carry no licence and are not in the repository)`);
  it.skipIf(!present)('reads every file with the surface/bottom adapter and combines them into 400 puzzles with their genres', () => {
    const files = readdirSync(TURTLESOUP)
      .filter((name) => name.endsWith('.json'))
      .sort();
    expect(files).toHaveLength(6);
    const parts = files.map((name) => parsed(name, readFileSync(join(TURTLESOUP, name), 'utf8')));
    for (const part of parts) expect(part.study.format).toBe('adapter:surface-bottom');
    const { data } = combineStudies(parts);
    expect(data.puzzles).toHaveLength(400);
    expect(new Set(data.puzzles.map((puzzle) => puzzle.id)).size).toBe(400);
    expect(new Set(data.puzzles.map((puzzle) => puzzle.genre))).toEqual(
      new Set(['Clever Logic', 'Constant Change', 'Crime Thriller', 'Mind Game', 'Original Data', 'Supernatural Fantasy']),
    );
    expect(data.puzzles.every((puzzle) => puzzle.keyClues.length > 0)).toBe(true);
  });
});
