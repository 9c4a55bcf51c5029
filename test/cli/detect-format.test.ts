// How `validate` picks a parser (detectFormat): by the top-level format field wherever it sits in
// the object, else by the file name, else the transcript parser; JSONL, puzzle lists and label
// CSVs are recognised.

import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../shared/formats/detect-format';

const detect = (name: string, text: string) => detectFormat({ name, text });

describe('detectFormat (used by validate to pick the parser)', () => {
  it('reads the top-level format field, wherever it is in the object', () => {
    expect(detect('x.json', '{"format":"agreement-studio.transcripts/1","puzzles":[]}')).toBe('transcripts');
    expect(detect('x.json', '\ufeff  {"labels":[{"format":"agreement-studio.pack/1"}],\n "format" : "agreement-studio.labels/1"}')).toBe('labels');
    expect(detect('x.json', '{"format":"agreement-studio.pack/1"}')).toBe('pack');
    expect(detect('x.json', '{"format":"agreement-studio.report/1"}')).toBe('report');
    expect(detect('x.labels.json', '{"format":"agreement-studio.transcripts/2"}')).toBe('transcripts');
    expect(detect('x.json', '{"name":"has \\"format\\": \\"agreement-studio.pack/1\\"","format":"agreement-studio.labels/1"}')).toBe('labels');
    expect(detect('x.json', '{"format":"someone-else/1"}')).toBe('unknown');
  });

  it('falls back to the file name, then to the transcript parser, when there is no format', () => {
    expect(detect('ann.labels.json', '{"labels":[]}')).toBe('labels');
    expect(detect('a.pack.json', '{}')).toBe('pack');
    expect(detect('r.report.json', '{}')).toBe('report');
    expect(detect('bundle.json', '{"puzzles":[]}')).toBe('transcripts');
    expect(detect('empty.json', '')).toBe('transcripts');
    expect(detect('broken.json', 'nonsense')).toBe('transcripts');
  });

  it('recognises JSONL, puzzle lists and label CSVs', () => {
    expect(detect('b.jsonl', '{"type":"puzzle"}\n')).toBe('transcripts');
    expect(detect('b.txt', '{"type":"puzzle","id":"p"}\n{"type":"session","id":"s"}\n')).toBe('transcripts');
    expect(detect('list.json', '  [{"surface":"...","bottom":"..."}]')).toBe('puzzle-list');
    expect(detect('labels.csv', '\ufeff"Unit", Annotator ,task,value\r\n')).toBe('labels-csv');
    expect(detect('labels.txt', 'annotator,unit,task,value\n')).toBe('labels-csv');
    expect(detect('ratings.csv', 'unit,rater,value\n')).toBe('unknown');
    expect(detect('notes.txt', 'hello')).toBe('unknown');
  });
});
