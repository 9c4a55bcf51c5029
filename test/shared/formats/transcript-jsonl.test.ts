// parseTranscriptBundle on JSONL bundles: the same study as from the JSON fixture, BOM, CRLF and
// blank lines accepted, content recognised without the .jsonl name, and errors located by line.

import { describe, expect, it } from 'vitest';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { errorLines, fixture, FORMAT, NOW, parse, parsed, rejected } from './bundle-fixtures';

const header = JSON.stringify({ type: 'header', format: FORMAT, id: 'jsonl-study', name: 'JSONL study' });
const puzzle = JSON.stringify({ type: 'puzzle', id: 'p-1', story: 'A man laughs at a funeral.', reference: 'The deceased asked everyone to laugh.' });
const session = (turns: unknown[], id = 's-1') => JSON.stringify({ type: 'session', id, puzzleId: 'p-1', player: 'model-a', judge: 'model-j', turns });
const question = { id: 's-1/1', type: 'question', text: 'Was it a joke?', judgements: { 'model-j': 'no' } };
const final = { id: 's-1/2', type: 'final', text: 'He was asked to.', judgements: { 'model-j': 'matched' } };

describe('parseTranscriptBundle: JSONL', () => {
  it('reads the same study from full.jsonl as from full.json', () => {
    const fromJson = parsed(parseTranscriptBundle(fixture('valid/full.json'), { now: NOW }));
    const fromJsonl = parsed(parseTranscriptBundle(fixture('valid/full.jsonl'), { now: NOW }));
    expect(fromJsonl.study.sourceFiles).toEqual(['full.jsonl']);
    expect({ ...fromJsonl, study: { ...fromJsonl.study, sourceFiles: [] } }).toStrictEqual({ ...fromJson, study: { ...fromJson.study, sourceFiles: [] } });
  });

  it('strips a BOM and accepts CRLF line endings and blank lines', () => {
    const file = fixture('valid/bom-crlf.jsonl');
    expect(file.text.charCodeAt(0)).toBe(0xfeff);
    expect(file.text).toContain('\r\n');
    const study = parsed(parseTranscriptBundle(file, { now: NOW }));
    expect(study.study.name).toBe('Windows export');
    expect(study.puzzles[0]?.title).toBe('Café');
    expect(study.puzzles[0]?.reference).toBe('He only wanted change for the parking meter outside.');
    expect(study.turns.map((turn) => turn.text)).toEqual(['Did he need coins?', 'He needed coins for parking.']);
    expect(study.turns[1]?.judgeReply).toBe('Right.');
    const everyText = JSON.stringify(study);
    expect(everyText).not.toContain('\\r');
    expect(everyText).not.toContain('\ufeff');
  });

  it('needs no header line', () => {
    const study = parsed(parse('runs.jsonl', [puzzle, session([question, final])].join('\n')));
    expect(study.study.format).toBe(FORMAT);
    expect(study.study.name).toBe('runs');
    expect(study.turns).toHaveLength(2);
  });

  it('is recognised by content when the name does not say .jsonl', () => {
    const study = parsed(parse('export.txt', [header, puzzle, session([question])].join('\n')));
    expect(study.study.id).toBe('jsonl-study');
    expect(study.sessions).toHaveLength(1);
  });

  it('names the 1-based line of a syntax error, counting blank lines, and reads every other line', () => {
    const text = [header, '', puzzle, '{"type":"session","id":"s-1",', session([{ ...question, judgements: { 'model-j': 'maybe' } }], 's-2')].join('\r\n');
    expect(rejected(parse('broken.jsonl', text))).toEqual([
      { file: 'broken.jsonl', line: 4, path: '', message: 'invalid JSON (column 30): Expected double-quoted property name' },
      {
        file: 'broken.jsonl',
        line: 5,
        path: 'turns[0].judgements["model-j"]',
        message: 'turn s-1/1: "maybe" is not an answer label; expected yes, no or irrelevant (unknown reads as irrelevant)',
      },
    ]);
  });

  it('locates record errors by line and path, in line order', () => {
    const text = [
      header,
      session([question, final]),
      JSON.stringify({ type: 'puzzle', id: 'p-1', story: 'A story.' }),
      session([{ ...question, id: 's-1/2' }], 's-2'),
    ].join('\n');
    expect(errorLines(parse('records.jsonl', text))).toEqual([
      'line 3: reference: required; expected text',
      'line 4: turns[0].id: the id "s-1/2" is already used by the turn at line 2 (turns[1])',
    ]);
  });

  it('rejects lines that are not records of a known type, and a header after the first line', () => {
    const text = [puzzle, '[1, 2]', JSON.stringify({ type: 'turn', id: 'x' }), JSON.stringify({ id: 'y' }), header].join('\n');
    expect(errorLines(parse('types.jsonl', text))).toEqual([
      'line 2: : expected one JSON object per line, got an array',
      'line 3: type: expected "header", "puzzle" or "session", got the text "turn"',
      'line 4: type: required; expected "header", "puzzle" or "session"',
      'line 5: type: a "header" line may only be the first line of the file',
    ]);
  });

  it('checks the header line like the top of a JSON bundle', () => {
    const newer = JSON.stringify({ type: 'header', format: 'agreement-studio.transcripts/2' });
    expect(rejected(parse('newer.jsonl', [newer, puzzle].join('\n')))).toEqual([
      {
        file: 'newer.jsonl',
        line: 1,
        path: 'format',
        message: `this file is agreement-studio.transcripts/2, newer than the version this app reads (${FORMAT}); update Agreement Studio to open it`,
      },
    ]);
    const noFormat = JSON.stringify({ type: 'header', name: 'x', scheme: { answerUnknown: 1 } });
    expect(errorLines(parse('header.jsonl', [noFormat, puzzle].join('\n')))).toEqual([
      `line 1: format: required; expected "${FORMAT}"`,
      'line 1: scheme.answerUnknown: expected true or false, got the number 1',
    ]);
  });

  it('requires at least one puzzle line', () => {
    expect(errorLines(parse('empty.jsonl', `${header}\n`))).toEqual([': no puzzle line could be read; expected at least one {"type":"puzzle",...} line']);
  });

  it('names the line of a truncated record in the hostile fixture', () => {
    expect(errorLines(parseTranscriptBundle(fixture('hostile/truncated-line.jsonl')))).toEqual(['line 5: : invalid JSON (column 91): Unterminated string']);
  });
});
