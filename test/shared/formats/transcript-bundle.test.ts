// parseTranscriptBundle on the native JSON format: the study, puzzles, sessions and turns it reads,
// the judge prompts and judge samples a bundle may bring (issue 26), older and newer versions and
// other formats refused, and every validation error located, named and capped.

import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_ERRORS } from '../../../shared/formats/error-list';
import { sha256Hex } from '../../../shared/formats/sha256';
import { parseTranscriptBundle, TRANSCRIPTS_FORMAT } from '../../../shared/formats/transcript-bundle';
import { bundle, errorLines, fixture, FORMAT, NOW, parse, parseBundle, parsed, rejected } from './bundle-fixtures';

describe('parseTranscriptBundle: the native JSON format', () => {
  const full = parsed(parseTranscriptBundle(fixture('valid/full.json'), { now: NOW }));

  it('reads the study fields', () => {
    expect(full.study).toEqual({
      id: 'pilot-2026',
      name: 'Pilot study',
      format: TRANSCRIPTS_FORMAT,
      scheme: { answerUnknown: true },
      guidelines: 'Answer from the story and the reference answer only. Press ? for help.',
      importedAt: NOW,
      sourceFiles: ['full.json'],
      counts: { puzzles: 3, sessions: 3, turns: 10, questions: 6, finals: 4 },
    });
  });

  it('rebuilds puzzles field by field, dropping unknown keys and keeping absent fields absent', () => {
    expect(full.puzzles[0]).toEqual({
      studyId: 'pilot-2026',
      id: 'p-lamp',
      title: 'The Dark Room',
      story: 'A woman reads a novel to the end in a room with no light at all.',
      reference: 'She is blind and the novel is printed in braille.',
      difficulty: 2,
      language: 'en',
      genre: 'clever logic',
      keyClues: ['She does not need light to read.'],
      source: 'authored',
    });
    expect(Object.keys(full.puzzles[1] ?? {})).not.toContain('notes');
    expect(full.puzzles[2]).toStrictEqual({
      studyId: 'pilot-2026',
      id: 'p-bakery',
      story: 'A baker throws away the first loaf of every day, even when it is perfect.',
      reference: 'The first loaf tests a temperamental oven; he bakes it only to check the heat before the real batch.',
      keyClues: [],
    });
  });

  it('reads sessions with their turn counts', () => {
    expect(full.sessions).toStrictEqual([
      { studyId: 'pilot-2026', id: 's-17', puzzleId: 'p-lamp', player: 'model-a', judge: 'model-j', maxRounds: 15, run: 1, turnCount: 2 },
      { studyId: 'pilot-2026', id: 's-18', puzzleId: 'p-stairs', player: 'model-b', judge: 'model-j', maxRounds: 20, run: 1, turnCount: 5 },
      { studyId: 'pilot-2026', id: 's-19', puzzleId: 'p-bakery', player: 'model-a', judge: 'model-k', run: 2, turnCount: 3 },
    ]);
  });

  it('reads turns with their session, puzzle, 0-based index, normalised judgements and reply', () => {
    expect(full.turns[1]).toStrictEqual({
      studyId: 'pilot-2026',
      id: 's-17/2',
      sessionId: 's-17',
      puzzleId: 'p-lamp',
      index: 1,
      type: 'final',
      text: 'She reads braille.',
      judgements: { 'model-j': 'matched' },
      judgeReply: 'Correct, well done.',
    });
    const byId = new Map(full.turns.map((turn) => [turn.id, turn]));
    expect(byId.get('s-18/1')?.judgements).toStrictEqual({ 'model-j': 'no', 'model-k': 'no' });
    expect(byId.get('s-18/2')?.judgements).toStrictEqual({ 'model-j': 'yes', 'model-k': 'yes' });
    // This study enables `unknown` as a fourth answer value.
    expect(byId.get('s-18/3')?.judgements).toStrictEqual({ 'model-j': 'irrelevant', 'model-k': 'unknown' });
    expect(byId.get('s-18/4')?.judgements).toStrictEqual({ 'model-j': 'unmatched', 'model-k': 'unmatched' });
    expect(byId.get('s-18/5')?.judgements).toStrictEqual({ 'model-j': 'matched', 'model-k': 'matched' });
    expect(byId.get('s-19/2')?.judgements).toStrictEqual({ 'model-k': 'matched', 'model-j': 'matched' });
    expect(byId.get('s-19/3')?.judgements).toStrictEqual({});
    expect(full.turns.map((turn) => `${turn.sessionId}:${turn.index}`)).toEqual([
      's-17:0',
      's-17:1',
      's-18:0',
      's-18:1',
      's-18:2',
      's-18:3',
      's-18:4',
      's-19:0',
      's-19:1',
      's-19:2',
    ]);
  });

  it('puts the study id on every record', () => {
    const records = [...full.puzzles, ...full.sessions, ...full.turns];
    expect(records.every((record) => record.studyId === 'pilot-2026')).toBe(true);
  });

  it('reads unknown as irrelevant unless the scheme enables it', () => {
    const value = bundle({ scheme: undefined });
    const turns = (value.sessions as { turns: { judgements: Record<string, unknown> }[] }[])[0]?.turns ?? [];
    if (turns[0]) turns[0].judgements = { 'model-j': 'Unknown.' };
    const study = parsed(parseBundle(value));
    expect(study.study.scheme).toEqual({ answerUnknown: false });
    expect(study.turns[0]?.judgements).toEqual({ 'model-j': 'irrelevant' });
  });

  it('makes a stable study id from the name and the file hash when the bundle has none, and names the study after the file', () => {
    const text = JSON.stringify(bundle({ id: undefined }));
    const study = parsed(parse('runs/Pilot Run 3.json', text)).study;
    expect(study.name).toBe('Pilot Run 3');
    expect(study.id).toBe(`pilot-run-3-${sha256Hex(text).slice(0, 8)}`);
    const named = parsed(parse('x.json', JSON.stringify(bundle({ id: undefined, name: 'Étude pilote!' })))).study;
    expect(named.name).toBe('Étude pilote!');
    expect(named.id).toMatch(/^etude-pilote-[0-9a-f]{8}$/);
  });

  it('stamps importedAt with the current time when no time is given', () => {
    const before = Date.now();
    const result = parseTranscriptBundle({ name: 'b.json', text: JSON.stringify(bundle()) });
    const importedAt = Date.parse(parsed(result).study.importedAt);
    expect(importedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(importedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('accepts null for optional fields, as Python writes None', () => {
    const study = parsed(
      parseBundle(
        bundle({
          name: null,
          guidelines: null,
          scheme: null,
          puzzles: [{ id: 'p-1', story: 's', reference: 'r', title: null, difficulty: null, keyClues: null }],
        }),
      ),
    );
    expect(study.puzzles[0]).toStrictEqual({ studyId: 'test-study', id: 'p-1', story: 's', reference: 'r', keyClues: [] });
  });

  it('keeps HTML and script text exactly as given', () => {
    const study = parsed(parseTranscriptBundle(fixture('valid/html-payloads.json'), { now: NOW }));
    expect(study.puzzles[0]?.story).toBe('The story <script>window.__pwned=1</script> ends here.');
    expect(study.puzzles[0]?.reference).toBe('<img src=x onerror="window.__pwned=1"> and javascript:alert(1)');
    expect(study.puzzles[0]?.title).toBe('<img src=x onerror="window.__pwned=1">');
    expect(study.turns[0]?.text).toBe('Is it <script>window.__pwned=1</script>?');
    expect(study.turns[0]?.judgeReply).toBe('<img src=x onerror="window.__pwned=1">');
    expect(study.turns[1]?.text).toBe('javascript:alert(1)');
    expect(study.turns[1]?.judgeReply).toBe('<script>window.__pwned=1</script>javascript:alert(1)');
    expect(study.study.name).toBe('Payloads <script>window.__pwned=1</script>');
  });

  it('reads a one-line JSON document whose name does not end in .jsonl as JSON', () => {
    expect(parsed(parse('bundle.json', `${JSON.stringify(bundle())}\n`)).turns).toHaveLength(2);
  });

  it('names the line and column of a syntax error the engine gives no position for', () => {
    const text = `{\n  "format": "${FORMAT}",\n  "puzzles": [1, 2,],\n  "sessions": []\n}\n`;
    expect(rejected(parse('comma.json', text))).toEqual([{ file: 'comma.json', line: 3, path: '', message: "invalid JSON (column 20): Unexpected token ']'" }]);
  });

  it('accepts a pretty-printed JSON bundle with CRLF line endings and a BOM', () => {
    const text = `\ufeff${JSON.stringify(bundle({ name: 'Two\r\nlines' }), null, 2).replace(/\n/g, '\r\n')}\r\n`;
    const study = parsed(parse('windows.json', text));
    expect(study.study.name).toBe('Two\r\nlines');
    expect(study.turns).toHaveLength(2);
  });

  it('reads version 1 written as 1.0, and refuses a later minor version as newer', () => {
    expect(parsed(parseBundle(bundle({ format: 'agreement-studio.transcripts/1.0' }))).study.format).toBe('agreement-studio.transcripts/1.0');
    expect(errorLines(parseBundle(bundle({ format: 'agreement-studio.transcripts/1.3' })))).toEqual([
      `format: this file is agreement-studio.transcripts/1.3, newer than the version this app reads (${FORMAT}); update Agreement Studio to open it`,
    ]);
  });
});

describe('parseTranscriptBundle: format versions and other kinds of file', () => {
  it('rejects an older version with one error naming the file', () => {
    expect(rejected(parseTranscriptBundle(fixture('old-version/transcripts-v0.json')))).toEqual([
      {
        file: 'transcripts-v0.json',
        path: 'format',
        message: `this file is agreement-studio.transcripts/0, older than the version this app reads (${FORMAT}); write it again as ${FORMAT}`,
      },
    ]);
  });

  it('rejects a newer version with one error naming the file', () => {
    expect(rejected(parseTranscriptBundle(fixture('newer-version/transcripts-v2.json')))).toEqual([
      {
        file: 'transcripts-v2.json',
        path: 'format',
        message: `this file is agreement-studio.transcripts/2, newer than the version this app reads (${FORMAT}); update Agreement Studio to open it`,
      },
    ]);
  });

  it.each([
    ['agreement-studio.labels/1', 'format: this file is a label file (agreement-studio.labels/1), not a transcript bundle'],
    ['agreement-studio.pack/1', 'format: this file is a pack (agreement-studio.pack/1), not a transcript bundle'],
    ['agreement-studio.report/1', 'format: this file is an agreement report (agreement-studio.report/1), not a transcript bundle'],
    ['agreement-studio.constructor/1', `format: "agreement-studio.constructor/1" is not a format this app knows; expected "${FORMAT}" for a transcript bundle`],
    ['transcripts', `format: "transcripts" is not a format this app knows; expected "${FORMAT}" for a transcript bundle`],
    [
      'agreement-studio.transcripts/01',
      `format: "agreement-studio.transcripts/01" is not a format this app knows; expected "${FORMAT}" for a transcript bundle`,
    ],
  ])('rejects format %s', (format, message) => {
    expect(errorLines(parseBundle(bundle({ format })))).toEqual([message]);
  });

  it('reports a missing format together with every other error of the bundle', () => {
    expect(errorLines(parseBundle(bundle({ format: undefined, puzzles: [{ id: 'p-1', story: ' ', reference: 'r' }] })))).toEqual([
      `format: required; expected "${FORMAT}"`,
      'puzzles[0].story: must not be empty',
    ]);
  });

  it('rejects a format that is not text', () => {
    expect(errorLines(parseBundle(bundle({ format: 1 })))).toEqual([`format: expected "${FORMAT}", got the number 1`]);
  });
});

describe('parseTranscriptBundle: validation of the native format', () => {
  it('reports every error, located, when a file has several problems', () => {
    const value = bundle({
      puzzles: [{ id: 'p-1', story: 'A story.', reference: '', difficulty: 12 }],
      sessions: [{ id: 's-1', puzzleId: 'p-1', player: 'model-a', judge: 'model-j', run: 0, turns: [] }],
    });
    const errors = rejected(parseBundle(value, 'three.json'));
    expect(errors).toEqual([
      { file: 'three.json', path: 'puzzles[0].reference', message: 'must not be empty' },
      { file: 'three.json', path: 'puzzles[0].difficulty', message: 'expected a whole number from 1 to 9, got the number 12' },
      { file: 'three.json', path: 'sessions[0].run', message: 'expected a whole number of at least 1, got the number 0' },
    ]);
  });

  it('names the turn and the accepted values for a label that is not one', () => {
    const value = bundle();
    const turns = (value.sessions as { id: string; turns: { judgements: Record<string, unknown> }[] }[])[0]?.turns ?? [];
    if (turns[0] && turns[1]) {
      turns[0].judgements = { 'model-j': 'perhaps' };
      turns[1].judgements = { 'model-j': 'maybe', model_k: 2 };
    }
    expect(errorLines(parseBundle(value))).toEqual([
      'sessions[0].turns[0].judgements["model-j"]: turn s-1/1: "perhaps" is not an answer label; expected yes, no or irrelevant (unknown reads as irrelevant)',
      'sessions[0].turns[1].judgements["model-j"]: turn s-1/2: "maybe" is not a match label; expected matched or unmatched (also correct/incorrect, true/false, 1/0)',
      'sessions[0].turns[1].judgements.model_k: turn s-1/2: 2 is not a match label; expected matched or unmatched (also correct/incorrect, true/false, 1/0)',
    ]);
  });

  it('lists unknown as an answer value when the scheme enables it', () => {
    const value = bundle({ scheme: { answerUnknown: true } });
    const turns = (value.sessions as { turns: { judgements: Record<string, unknown> }[] }[])[0]?.turns ?? [];
    if (turns[0]) turns[0].judgements = { 'model-j': 'dunno' };
    expect(errorLines(parseBundle(value))).toEqual([
      'sessions[0].turns[0].judgements["model-j"]: turn s-1/1: "dunno" is not an answer label; expected yes, no, irrelevant or unknown',
    ]);
  });

  it('checks required fields and types of sessions and turns', () => {
    const value = bundle({
      sessions: [
        {
          id: 's-1',
          puzzleId: 'p-1',
          judge: 'x'.repeat(257),
          maxRounds: 2.5,
          turns: [{ id: '', type: 'answer', text: 3 }, { type: 'final', text: 'ok', judgements: ['model-j'], judgeReply: false }, 'not a turn'],
        },
      ],
    });
    expect(errorLines(parseBundle(value))).toEqual([
      'sessions[0].player: required; expected a model name',
      `sessions[0].judge: "${'x'.repeat(56)}…" is not usable as a model name: a model name is 1 to 256 characters of visible text (no control, formatting or direction-changing characters)`,
      'sessions[0].maxRounds: expected a whole number of at least 1, got the number 2.5',
      'sessions[0].turns[0].id: an id must not be empty',
      'sessions[0].turns[0].type: expected "question" or "final", got the text "answer"',
      'sessions[0].turns[0].text: expected text, got the number 3',
      'sessions[0].turns[1].id: required; expected a text id',
      'sessions[0].turns[1].judgeReply: expected text, got false',
      'sessions[0].turns[1].judgements: turn 2 of session s-1: expected an object mapping judge model to label, got an array',
      'sessions[0].turns[2]: expected a turn object, got the text "not a turn"',
    ]);
  });

  it('requires ids to be unique across puzzles, sessions and turns, naming both places', () => {
    expect(errorLines(parseTranscriptBundle(fixture('hostile/duplicate-ids.json')))).toEqual([
      'sessions[0].turns[0].id: the id "s-1/1" is already used by the puzzle at puzzles[1]',
      'sessions[0].turns[1].id: the id "p-1" is already used by the puzzle at puzzles[0]',
    ]);
    const twice = bundle();
    const session = (twice.sessions as Record<string, unknown>[])[0] ?? {};
    twice.sessions = [session, { ...session, id: 's-2' }];
    expect(errorLines(parseBundle(twice))).toEqual([
      'sessions[1].turns[0].id: the id "s-1/1" is already used by the turn at sessions[0].turns[0]',
      'sessions[1].turns[1].id: the id "s-1/2" is already used by the turn at sessions[0].turns[1]',
    ]);
  });

  it('requires every session to name a puzzle of the bundle', () => {
    expect(rejected(parseTranscriptBundle(fixture('hostile/missing-puzzle.json')))).toEqual([
      { file: 'missing-puzzle.json', path: 'sessions[0].puzzleId', message: 'no puzzle in the bundle has the id "p-404"' },
    ]);
  });

  it('requires ids to be text and refuses prototype names as ids', () => {
    expect(
      errorLines(
        parseBundle(
          bundle({
            id: 'pilot 2026',
            puzzles: [
              { id: 5, story: 's', reference: 'r' },
              { id: 'constructor', story: 's', reference: 'r' },
            ],
          }),
        ),
      ),
    ).toEqual([
      'id: "pilot 2026" is not usable as a study id: a study id is 1 to 100 letters, digits, ".", "_" and "-", starting with a letter or digit and not ending with "."',
      'puzzles[0].id: expected a text id, got the number 5',
      'puzzles[1].id: "constructor" is not allowed as an id',
      'sessions[0].puzzleId: no puzzle in the bundle has the id "p-1"',
    ]);
  });

  it('checks keyClues, scheme and the lists themselves', () => {
    expect(
      errorLines(parseBundle(bundle({ scheme: { answerUnknown: 'yes' }, puzzles: [{ id: 'p-1', story: 's', reference: 'r', keyClues: ['a', 2] }] }))),
    ).toEqual(['scheme.answerUnknown: expected true or false, got the text "yes"', 'puzzles[0].keyClues[1]: expected text, got the number 2']);
    expect(errorLines(parseBundle(bundle({ puzzles: {}, sessions: 'none' })))).toEqual([
      'puzzles: expected a list of puzzles, got an object',
      'sessions: expected a list of sessions, got the text "none"',
    ]);
    expect(errorLines(parseBundle(bundle({ puzzles: [], sessions: [] })))).toEqual(['puzzles: the bundle has no puzzles; expected at least one']);
  });

  it('reads the judge prompts and judge samples a bundle brings, and checks each template, name and count', () => {
    const prompt = {
      name: 'SPLAT judge (config.yaml)',
      source: 'config.yaml: prompt.prompt_judge_init',
      question: 'Q {{story}} {{question}}',
      final: 'F {{finalAnswer}}',
    };
    const read = parsed(
      parseBundle(
        bundle({
          judgePrompts: [{ ...prompt, note: 'one message' }],
          judgeSamples: [{ judge: 'model-j', samples: 3, source: 'config.yaml: game.judge_times' }],
        }),
      ),
    );
    expect(read.judgePrompts).toEqual([{ ...prompt, note: 'one message' }]);
    expect(read.study.judgeSamples).toEqual([{ judge: 'model-j', samples: 3, source: 'config.yaml: game.judge_times' }]);
    expect(parsed(parseBundle(bundle({ judgePrompts: [], judgeSamples: [] })))).not.toHaveProperty('judgePrompts');
    expect(
      errorLines(
        parseBundle(
          bundle({
            judgePrompts: [{ ...prompt, question: 'Q {{stroy}}' }, { ...prompt, name: 'a@b' }, prompt],
            judgeSamples: [{ judge: 'model-j', samples: 0, source: 'x' }],
          }),
        ),
      ),
    ).toEqual([
      'judgePrompts[0].question: unknown placeholder {{stroy}}; a template may use {{title}}, {{story}}, {{reference}}, {{keyClues}}, {{question}}, {{finalAnswer}}, {{earlierTurns}}, {{examples}}',
      'judgePrompts[1].name: must not contain "@", which separates the model from the prompt version in a judge\'s name',
      'judgePrompts[2].name: a second judge prompt named "SPLAT judge (config.yaml)"; names are unique',
      'judgeSamples[0].samples: expected a whole number of at least 1, got the number 0',
    ]);
  });

  it('names every top-level member it does not read, in JSON and in a JSONL header line, and still reads the bundle', () => {
    const result = parseBundle(bundle({ comment: 'from a script', judges: ['a'] }));
    expect(result.ok && result.warnings?.map((warning) => [warning.path, warning.message])).toEqual([
      [
        'comment',
        'a member a transcript bundle does not have (it has format, id, name, guidelines, scheme, judgePrompts, judgeSamples, puzzles, sessions); not read',
      ],
      [
        'judges',
        'a member a transcript bundle does not have (it has format, id, name, guidelines, scheme, judgePrompts, judgeSamples, puzzles, sessions); not read',
      ],
    ]);
    expect(parseBundle(bundle())).not.toHaveProperty('warnings');
    const jsonl = parse(
      'b.jsonl',
      [JSON.stringify({ type: 'header', format: FORMAT, id: 'j', extra: 1 }), JSON.stringify({ type: 'puzzle', id: 'p', story: 's', reference: 'r' })].join(
        '\n',
      ),
    );
    expect(jsonl.ok && jsonl.warnings).toEqual([
      {
        file: 'b.jsonl',
        line: 1,
        path: 'extra',
        message: 'a member a transcript bundle does not have (it has format, id, name, guidelines, scheme, judgePrompts, judgeSamples); not read',
      },
    ]);
  });

  it('caps the error list and says how many more there were', () => {
    const turns = Array.from({ length: 1500 }, (_, index) => ({ id: `t-${index}`, type: 'question', text: 'q', judgements: { 'model-j': 'maybe' } }));
    const errors = rejected(parseBundle(bundle({ sessions: [{ id: 's-1', puzzleId: 'p-1', player: 'a', judge: 'model-j', turns }] })));
    expect(errors).toHaveLength(MAX_REPORTED_ERRORS + 1);
    expect(errors[0]?.path).toBe('sessions[0].turns[0].judgements["model-j"]');
    expect(errors.at(-1)).toEqual({ file: 'bundle.json', path: '', message: '…and 500 more errors' });
  });

  it('rejects a bundle with more turns than the limit with one clear error', () => {
    // 5,000,001 turns: the count is checked before any turn is read, so a bare list will do.
    const turns = `[${'0,'.repeat(5_000_000)}0]`;
    const text = `{"format":"${FORMAT}","puzzles":[{"id":"p","story":"s","reference":"r"}],"sessions":[{"id":"s","puzzleId":"p","player":"a","judge":"j","turns":${turns}}]}`;
    expect(errorLines(parse('huge.json', text))).toEqual([
      'sessions[0].turns: the bundle has more than 5,000,000 turns, the limit; split it into smaller bundles',
    ]);
  });
});
