// zod shapes of the native transcript bundle (FORMATS §1): the header fields, puzzles and sessions
// (turns are checked by hand, see transcript-records.ts, which also rebuilds the model records).

import { z } from 'zod';
import {
  difficultyLevel,
  expected,
  itemList,
  modelName,
  nonBlankText,
  optional,
  optionalText,
  positiveInteger,
  recordId,
  studyId,
  textList,
} from './field-schemas';

/** The study-level fields of a JSON bundle, or of the header line of a JSONL bundle. */
export const headerSchema = z.object({
  format: z.string({ error: expected('"agreement-studio.transcripts/1"') }),
  id: optional(studyId),
  name: optionalText,
  guidelines: optionalText,
  scheme: optional(z.object({ answerUnknown: optional(z.boolean({ error: expected('true or false') })) }, { error: expected('an object') })),
});

export const recordListsSchema = z.object({
  puzzles: itemList('a list of puzzles'),
  sessions: optional(itemList('a list of sessions')),
});

export const puzzleSchema = z.object(
  {
    id: recordId,
    title: optionalText,
    story: nonBlankText,
    reference: nonBlankText,
    difficulty: optional(difficultyLevel),
    language: optionalText,
    genre: optionalText,
    keyClues: optional(textList),
    source: optionalText,
  },
  { error: expected('a puzzle object') },
);

/** A session without its turns, which are checked one by one so a bad turn does not hide the others. */
export const sessionSchema = z.object(
  {
    id: recordId,
    puzzleId: recordId,
    player: modelName,
    judge: modelName,
    maxRounds: optional(positiveInteger),
    run: optional(positiveInteger),
    turns: itemList('a list of turns'),
  },
  { error: expected('a session object') },
);
