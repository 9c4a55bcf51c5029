// parseTranscriptBundle against hostile files: every hostile fixture is rejected with the located
// errors listed here, deep nesting, long strings and oversized files are refused, and prototype keys
// are dropped or rejected without touching any prototype.

import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { BUNDLE_FIXTURES, bundle, errorLines, fixture, FORMAT, parse, parsed, rejected } from './bundle-fixtures';

const hostileFiles = readdirSync(`${BUNDLE_FIXTURES}hostile`).sort();

// What each hostile fixture must be rejected with, as `line N: path: message` lines.
const EXPECTED: Record<string, string[]> = {
  'constructor-judge.json': [
    'sessions[0].turns[0].judgements.constructor: turn s-1/1: "constructor" is not allowed as a model name',
    'sessions[0].turns[0].judgements.prototype: turn s-1/1: "prototype" is not allowed as a model name',
  ],
  'deep-nesting.json': ['line 1: : nesting is deeper than the limit of 64 levels'],
  'duplicate-ids.json': [
    'sessions[0].turns[0].id: the id "s-1/1" is already used by the puzzle at puzzles[1]',
    'sessions[0].turns[1].id: the id "p-1" is already used by the puzzle at puzzles[0]',
  ],
  'empty.json': [': the file is empty; expected a transcript bundle (JSON or JSONL)'],
  'label-file.json': ['format: this file is a label file (agreement-studio.labels/1), not a transcript bundle'],
  'missing-puzzle.json': ['sessions[0].puzzleId: no puzzle in the bundle has the id "p-404"'],
  'not-json.json': ["line 1: : invalid JSON (column 1): Unexpected token '\ufffd'"],
  'proto-judge.json': [
    'sessions[0].turns[0].judgements.__proto__: turn s-1/1: "__proto__" is not allowed as a model name',
    'sessions[0].turns[1].judgements.__proto__: turn s-1/2: "__proto__" is not allowed as a model name',
  ],
  'truncated-line.jsonl': ['line 5: : invalid JSON (column 91): Unterminated string'],
  'truncated.json': ['line 89: : invalid JSON (column 13): Unterminated string'],
  'unknown-labels.json': [
    'sessions[0].turns[0].judgements["model-j"]: turn s-1/1: "perhaps" is not an answer label; expected yes, no or irrelevant (unknown reads as irrelevant)',
    'sessions[0].turns[1].judgements["model-j"]: turn s-1/2: "maybe" is not a match label; expected matched or unmatched (also correct/incorrect, true/false, 1/0)',
  ],
  'wrong-types.json': [
    'puzzles[0].id: expected a text id, got the number 7',
    'puzzles[0].story: expected text, got the number 42',
    'puzzles[0].difficulty: expected a whole number from 1 to 9, got the text "hard"',
    'puzzles[0].keyClues: expected a list of texts, got the text "one clue"',
    'sessions[0].maxRounds: expected a whole number of at least 1, got the number -1',
    'sessions[0].turns: expected a list of turns, got the text "none"',
    'sessions[0].puzzleId: no puzzle in the bundle has the id "p-1"',
  ],
};

function expectPrototypesClean(): void {
  const probe: Record<string, unknown> = {};
  expect(probe.polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

describe('parseTranscriptBundle: hostile files', () => {
  afterEach(() => {
    expectPrototypesClean();
  });

  it('has an expectation for every hostile fixture', () => {
    expect(hostileFiles).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(hostileFiles)('rejects %s with its located errors, naming the file', (name) => {
    const result = parseTranscriptBundle(fixture(`hostile/${name}`));
    expect(rejected(result).every((error) => error.file === name)).toBe(true);
    expect(errorLines(result)).toEqual(EXPECTED[name]);
  });

  it('keeps deep nesting from reaching the stack, whatever the depth', () => {
    for (const depth of [65, 10_000, 1_000_000]) {
      expect(errorLines(parse('deep.json', '['.repeat(depth) + ']'.repeat(depth)))).toEqual(['line 1: : nesting is deeper than the limit of 64 levels']);
    }
    const deepLine = `{"type":"puzzle","id":"p","story":"s","reference":"r","x":${'['.repeat(100)}${']'.repeat(100)}}`;
    expect(errorLines(parse('deep.jsonl', `{"type":"header","format":"${FORMAT}"}\n${deepLine}\n`))).toEqual([
      'line 2: : nesting is deeper than the limit of 64 levels',
      ': no puzzle line could be read; expected at least one {"type":"puzzle",...} line',
    ]);
  });

  it('rejects a string longer than 1 MB', () => {
    const text = JSON.stringify(bundle({ guidelines: 'x'.repeat(1024 * 1024 + 1) }));
    expect(errorLines(parse('long.json', text))).toEqual(['line 1: : a string is longer than the limit of 1 MB']);
  });

  it('rejects a file over 200 MB from its size alone', () => {
    const result = parseTranscriptBundle({ name: 'huge.json', text: JSON.stringify(bundle()), size: 200 * 1024 * 1024 + 1 });
    expect(rejected(result)).toEqual([{ file: 'huge.json', path: '', message: 'file is 200.0 MB; the limit is 200 MB' }]);
  });

  it('treats a file of only whitespace and a BOM as empty', () => {
    expect(errorLines(parse('blank.jsonl', '\ufeff \r\n\n'))).toEqual([': the file is empty; expected a transcript bundle (JSON or JSONL)']);
  });
});

describe('parseTranscriptBundle: prototype keys', () => {
  afterEach(() => {
    expectPrototypesClean();
  });

  const protoPayload = (judgements: string) => `{
    "format": "${FORMAT}", "id": "proto",
    "__proto__": { "polluted": "top" },
    "constructor": { "prototype": { "polluted": "ctor" } },
    "puzzles": [{ "id": "p-1", "story": "s", "reference": "r", "__proto__": { "polluted": "puzzle" } }],
    "sessions": [{ "id": "s-1", "puzzleId": "p-1", "player": "a", "judge": "j", "__proto__": { "polluted": "session" },
      "turns": [{ "id": "t-1", "type": "question", "text": "q", "__proto__": { "polluted": "turn" }, "judgements": ${judgements} }] }]
  }`;

  it('drops __proto__ and constructor keys of records, leaving no own __proto__ key on any output', () => {
    const study = parsed(parse('proto.json', protoPayload('{}')));
    const outputs: object[] = [study, study.study, study.study.scheme, study.study.counts, ...study.puzzles, ...study.sessions, ...study.turns];
    for (const turn of study.turns) outputs.push(turn.judgements);
    for (const output of outputs) {
      expect(Object.hasOwn(output, '__proto__')).toBe(false);
      expect(Object.hasOwn(output, 'constructor')).toBe(false);
      expect(Object.getPrototypeOf(output)).toBe(Array.isArray(output) ? Array.prototype : Object.prototype);
      expect((output as Record<string, unknown>).polluted).toBeUndefined();
    }
    expect(study.turns[0]?.judgements).toStrictEqual({});
  });

  it.each(['__proto__', 'constructor', 'prototype'])('rejects %s as a judge model name with a located error', (name) => {
    const result = parse('proto.json', protoPayload(`{ "${name}": "yes", "model-j": "no" }`));
    expect(errorLines(result)).toEqual([`sessions[0].turns[0].judgements.${name}: turn t-1: "${name}" is not allowed as a model name`]);
  });

  it('rejects an object-valued __proto__ judgement without touching any prototype', () => {
    const result = parse('proto.json', protoPayload('{ "__proto__": { "polluted": "yes" } }'));
    expect(errorLines(result)).toEqual(['sessions[0].turns[0].judgements.__proto__: turn t-1: "__proto__" is not allowed as a model name']);
  });

  it('drops __proto__ keys of adapter rows', () => {
    const list = parsed(parse('list.json', '[{ "title": "T", "story": "s", "answer": "a", "__proto__": { "polluted": "row" } }]'));
    expect(list.puzzles[0]).toStrictEqual({ studyId: list.study.id, id: 't', title: 'T', story: 's', reference: 'a', keyClues: [] });
    const surface = parsed(parse('surface.json', '[{ "surface": "s", "bottom": "b", "__proto__": { "polluted": "row" }, "tips": "x" }]'));
    expect(surface.puzzles[0]).toStrictEqual({ studyId: surface.study.id, id: 'puzzle-1', story: 's', reference: 'b', keyClues: ['x'] });
  });

  it('rejects prototype names as player, judge and id', () => {
    const value = bundle();
    value.sessions = [{ id: 'prototype', puzzleId: 'p-1', player: '__proto__', judge: 'constructor', turns: [] }];
    expect(errorLines(parse('names.json', JSON.stringify(value)))).toEqual([
      'sessions[0].id: "prototype" is not allowed as an id',
      'sessions[0].player: "__proto__" is not allowed as a model name',
      'sessions[0].judge: "constructor" is not allowed as a model name',
    ]);
  });
});
