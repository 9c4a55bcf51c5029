// zod shapes of the native transcript bundle (docs/formats.md#transcript-bundle): the header fields, puzzles and sessions
// (turns are checked by hand, see transcript-records.ts, which also rebuilds the model records).

import { z } from 'zod';
import { templateProblem } from '../domain/prompt-template';
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
  text,
  textList,
} from './field-schemas';

/** A prompt template: text whose every `{{placeholder}}` is one the judge runner fills. */
const promptTemplate = text.superRefine((value, ctx) => {
  const problem = templateProblem(value);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

/** A prompt version's name, which ends a judge's name (`<model>@<name>`): the record-id rule, without '@'. */
const promptName = recordId.refine((value) => !value.includes('@'), {
  error: 'must not contain "@", which separates the model from the prompt version in a judge\'s name',
});

/** A benchmark's judge prompt the bundle brings (issue 26), stored as a prompt version on import. */
const judgePromptSchema = z.object(
  { name: promptName, source: nonBlankText, question: promptTemplate, final: promptTemplate, note: optionalText },
  { error: expected('a judge prompt {name, source, question, final}') },
);

/** A judge whose imported labels are each the majority of several samples. */
const judgeSamplesSchema = z.object({ judge: modelName, samples: positiveInteger, source: nonBlankText }, { error: expected('{judge, samples, source}') });

/** The study-level fields of a JSON bundle, or of the header line of a JSONL bundle. */
export const headerSchema = z.object({
  format: z.string({ error: expected('"agreement-studio.transcripts/1"') }),
  id: optional(studyId),
  name: optionalText,
  guidelines: optionalText,
  scheme: optional(z.object({ answerUnknown: optional(z.boolean({ error: expected('true or false') })) }, { error: expected('an object') })),
  judgePrompts: optional(
    z.array(judgePromptSchema, { error: expected('a list of judge prompts') }).superRefine((prompts, ctx) => {
      const seen = new Set<string>();
      prompts.forEach(({ name }, index) => {
        if (seen.has(name))
          ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `a second judge prompt named ${JSON.stringify(name)}; names are unique` });
        seen.add(name);
      });
    }),
  ),
  judgeSamples: optional(z.array(judgeSamplesSchema, { error: expected('a list of {judge, samples, source}') })),
});

/** The members a bundle's header may have; any other is named as not read (issue 26 point 7). */
export const HEADER_MEMBERS: ReadonlySet<string> = new Set(Object.keys(headerSchema.shape));

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
