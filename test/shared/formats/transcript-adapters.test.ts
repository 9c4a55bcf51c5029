// parseTranscriptBundle on puzzle lists and surface/bottom lists (the fixtures and rows written
// here): the study, ids, difficulty and fields each layout maps to, every field a layout does not
// read named with its count (issue 26), bad rows located by JSON path, and files in no known layout
// rejected.

import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../shared/formats/sha256';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { errorLines, fixture, NOW, parse, parseBundle, parsed } from './bundle-fixtures';

const ACCEPTED =
  'expected a transcript bundle (an object with "format": "agreement-studio.transcripts/1"), ' +
  'a puzzle list (objects with "story" or "question", and "answer") ' +
  'or a surface/bottom list (objects with "surface", and "bottom" or "truth")';

describe('parseTranscriptBundle: puzzle lists', () => {
  const file = fixture('valid/puzzle-list.json');
  const study = parsed(parseTranscriptBundle(file, { now: NOW }));

  it('makes a study named after the file, with puzzles and no sessions', () => {
    expect(study.study).toEqual({
      id: `puzzle-list-${sha256Hex(file.text).slice(0, 8)}`,
      name: 'puzzle-list',
      format: 'adapter:puzzle-list',
      scheme: { answerUnknown: false },
      importedAt: NOW,
      sourceFiles: ['puzzle-list.json'],
      counts: { puzzles: 6, sessions: 0, turns: 0, questions: 0, finals: 0 },
    });
    expect(study.sessions).toEqual([]);
    expect(study.turns).toEqual([]);
  });

  it('names a list whose puzzles share one source after the source and the file, keeping the id the file gives', () => {
    const rows = [
      { title: 'One', story: 'A story.', answer: 'An answer.', source: 'TurtleSoup-Bench' },
      { title: 'Two', story: 'Another story.', answer: 'Another answer.', source: 'TurtleSoup-Bench' },
    ];
    const text = JSON.stringify(rows);
    const named = parsed(parseTranscriptBundle({ name: 'genres/Crime_Thriller.json', text }, { now: NOW }));
    expect(named.study.name).toBe('TurtleSoup-Bench: Crime_Thriller');
    expect(named.study.id).toBe(`crime-thriller-${sha256Hex(text).slice(0, 8)}`);
    const mixed = JSON.stringify([rows[0], { ...rows[1], source: 'SPLAT' }]);
    expect(parsed(parseTranscriptBundle({ name: 'Crime_Thriller.json', text: mixed }, { now: NOW })).study.name).toBe('Crime_Thriller');
  });

  it('gives ids from title slugs, disambiguating repeats, and puzzle-<row> for untitled rows', () => {
    expect(study.puzzles.map((puzzle) => puzzle.id)).toEqual(['the-locked-library', 'two-clocks', 'salt-road', 'two-clocks-2', 'puzzle-5', 'the-silent-choir']);
  });

  it('reads difficulty as a number, a numeric text, "N/10 WORD" and under "level of difficulty"', () => {
    expect(study.puzzles.map((puzzle) => puzzle.difficulty)).toEqual([3, 5, 4, 7, 1, undefined]);
  });

  it('maps story and answer to the model and keeps the optional fields given', () => {
    expect(study.puzzles[0]).toStrictEqual({
      studyId: study.study.id,
      id: 'the-locked-library',
      title: 'The Locked Library',
      story: 'A librarian is found asleep inside a library locked from the outside, and she is delighted.',
      reference: 'She had asked to be locked in overnight to finish cataloguing rare books without interruption.',
      difficulty: 3,
      genre: 'clever logic',
      language: 'en',
      keyClues: [],
    });
    expect(study.puzzles[2]?.keyClues).toEqual(['The salt is a signal, not de-icing.']);
    expect(study.puzzles[4]).not.toHaveProperty('title');
    expect(study.puzzles[4]).not.toHaveProperty('genre');
  });

  it('reads the LatEval layout: question as the story, each numbered point of the clue one key clue, without the code fence', () => {
    expect(study.puzzles[5]?.story).toBe('A choir performs a whole concert without a sound, and the audience gives a standing ovation.');
    expect(study.puzzles[5]?.keyClues).toEqual(['The audience is deaf', 'The songs are signed']);
    const latEval = parsed(
      parse(
        'english.json',
        JSON.stringify([
          { id: 0, question: 'Q zero?', answer: 'A zero.', clue: '```1.first\n2.second```' },
          { id: 1, question: 'Q one?', answer: 'A one.', clue: '' },
        ]),
      ),
    );
    expect(latEval.puzzles.map((puzzle) => [puzzle.id, puzzle.story, puzzle.reference, puzzle.keyClues])).toEqual([
      ['0', 'Q zero?', 'A zero.', ['first', 'second']],
      ['1', 'Q one?', 'A one.', []],
    ]);
  });

  it('uses the rows’ own ids only when every row has one and they are unique', () => {
    const titles = ['Alpha', 'Beta', 'Gamma'];
    const rows = (ids: unknown[]) => JSON.stringify(ids.map((id, index) => ({ id, title: titles[index], story: 's', answer: 'a' })));
    const ids = (name: string, given: unknown[]) => parsed(parse(name, rows(given))).puzzles.map((puzzle) => puzzle.id);
    expect(ids('a.json', ['x-1', 7, 'x-3'])).toEqual(['x-1', '7', 'x-3']);
    expect(ids('b.json', ['x-1', 'x-1', 'x-3'])).toEqual(['alpha', 'beta', 'gamma']);
    expect(ids('c.json', ['x-1', null, 'x-3'])).toEqual(['alpha', 'beta', 'gamma']);
    expect(ids('d.json', ['x-1', '__proto__', 'x-3'])).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('never generates a prototype name as an id', () => {
    const rows = ['Constructor', 'constructor', 'Prototype'].map((title) => ({ title, story: 's', answer: 'a' }));
    expect(parsed(parse('names.json', JSON.stringify(rows))).puzzles.map((puzzle) => puzzle.id)).toEqual(['constructor-2', 'constructor-3', 'prototype-2']);
  });

  it('reports each bad row and field by JSON path', () => {
    const rows = [
      { title: 'ok', story: 's', answer: 'a', difficulty: '10/10 HARD' },
      { title: 'no story', answer: 'a' },
      { story: 's', answer: 'a', 'level of difficulty': 'hard' },
      { story: 's', answer: 'a', difficulty: 4.5 },
      { story: 's', answer: 42, difficulty: 0 },
      'just text',
    ];
    expect(errorLines(parse('bad.json', JSON.stringify(rows)))).toEqual([
      '[0].difficulty: expected a difficulty from 1 to 9 as a number, "4" or "4/10 MEDIUM", got the text "10/10 HARD"',
      '[1].story: required; expected text',
      '[2]["level of difficulty"]: expected a difficulty from 1 to 9 as a number, "4" or "4/10 MEDIUM", got the text "hard"',
      '[3].difficulty: expected a difficulty from 1 to 9 as a number, "4" or "4/10 MEDIUM", got the number 4.5',
      '[4].difficulty: expected a difficulty from 1 to 9 as a number, "4" or "4/10 MEDIUM", got the number 0',
      '[4].answer: expected text, got the number 42',
      '[5]: expected a puzzle object, got the text "just text"',
    ]);
  });
});

describe('parseTranscriptBundle: surface/bottom lists', () => {
  const study = parsed(parseTranscriptBundle(fixture('valid/surface-bottom.json'), { now: NOW }));

  it('names the guesses and labels some rows carry, which a puzzle list does not read, with their counts', () => {
    const result = parseTranscriptBundle(fixture('valid/surface-bottom.json'), { now: NOW });
    expect(result.ok && result.warnings?.map((warning) => [warning.path, warning.message.split(' (for example')[0]])).toEqual([
      ['[].user_guess', 'a field a puzzle list does not read, in 3 rows'],
      ['[].label', 'a field a puzzle list does not read, in 3 rows'],
    ]);
  });

  it('names nothing when every field is read, and skips empty values', () => {
    const list = [{ title: 'T', surface: 'S', bottom: 'B', tips: [], note: '' }];
    const result = parseTranscriptBundle({ name: 'list.json', text: JSON.stringify(list) }, { now: NOW });
    expect(result.ok && result.warnings).toBeUndefined();
    const withReview = [{ title: 'T', story: 'S', answer: 'B', review_data: [{ question: 'Q?', correction: 'yes' }] }];
    const reviewed = parseTranscriptBundle({ name: 'review.json', text: JSON.stringify(withReview) }, { now: NOW });
    expect(reviewed.ok && reviewed.warnings?.[0]).toMatchObject({
      file: 'review.json',
      path: '[].review_data',
      message: expect.stringContaining(
        'in 1 row (for example "[{\\"question\\":\\"Q?\\",\\"correction\\":\\"yes\\"}]"); not imported: map the fields',
      ) as unknown,
    });
  });

  it('merges rows that repeat a puzzle once per user guess, and ignores their per-row ids', () => {
    expect(study.study.format).toBe('adapter:surface-bottom');
    expect(study.puzzles.map((puzzle) => [puzzle.id, puzzle.title])).toEqual([
      ['the-elevator', 'The Elevator'],
      ['the-elevator-2', 'The Elevator'],
      ['paper-boat', 'Paper Boat'],
    ]);
  });

  it('maps surface, bottom or truth, and tips (a list or one text) to the model', () => {
    expect(study.puzzles[0]).toStrictEqual({
      studyId: study.study.id,
      id: 'the-elevator',
      title: 'The Elevator',
      story: 'I step into the lift to go down to the street, but it carries me up instead, and I laugh.',
      reference: 'My little brother pressed every button on his way out; I laugh because I know I will be late and it is his fault.',
      keyClues: ['Someone else chose the floors.', 'She knows who did it.'],
    });
    expect(study.puzzles[1]?.keyClues).toEqual(['She asked for it.']);
    expect(study.puzzles[2]?.reference).toBe('She wrote her address inside the boat and asked whoever found it to visit; a neighbour downstream did.');
    expect(study.puzzles[2]?.keyClues).toEqual([]);
  });

  it('uses the rows’ ids when each puzzle has exactly one', () => {
    const rows = [
      { id: 'u-1', title: 'A', surface: 's1', bottom: 'b1' },
      { id: 'u-1', title: 'A', surface: 's1', bottom: 'b1' },
      { id: 'u-2', surface: 's2', truth: 'b2' },
    ];
    expect(parsed(parse('rows.json', JSON.stringify(rows))).puzzles.map((puzzle) => puzzle.id)).toEqual(['u-1', 'u-2']);
  });

  it('reports bad rows by JSON path', () => {
    const rows = [
      { title: 'A', surface: 's', bottom: ' ' },
      { title: 'B', surface: 's', bottom: 'b', tips: [1] },
      { title: 'C', surface: 's' },
      { title: 'D', surface: 's', bottom: 'b', id: { n: 1 } },
    ];
    expect(errorLines(parse('bad.json', JSON.stringify(rows)))).toEqual([
      '[0].bottom: must not be empty',
      '[1].tips: expected a tip or a list of tips, got an array',
      '[2].bottom: required; expected text',
      '[3].id: expected a text or number id, got an object',
    ]);
  });
});

describe('parseTranscriptBundle: files in no known layout', () => {
  it('rejects an array whose rows match no layout with one error listing the layouts', () => {
    expect(errorLines(parse('pairs.json', JSON.stringify([{ prompt: 'p', response: 'r' }, 3])))).toEqual([
      `: the rows match no layout this app reads; ${ACCEPTED}`,
    ]);
  });

  it('rejects an empty list', () => {
    expect(errorLines(parse('empty.json', '[]'))).toEqual([`: the file holds an empty list; ${ACCEPTED}`]);
  });

  it('rejects an object without format, puzzles or sessions, and a bare value', () => {
    expect(errorLines(parseBundle({ cases: [] }))).toEqual([`: the object has no "format"; ${ACCEPTED}`]);
    expect(errorLines(parse('number.json', '42'))).toEqual([`: ${ACCEPTED}; got a JSON number`]);
    expect(errorLines(parse('null.json', 'null'))).toEqual([`: ${ACCEPTED}; got null`]);
  });
});
