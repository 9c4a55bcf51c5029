// How `validate` picks a parser (detectFormat): by the top-level format field wherever it sits in
// the object, else by the file name, else the transcript parser; JSONL, puzzle lists and label
// CSVs are recognised.

import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../shared/formats/detect-format';

type Case = readonly [name: string, text: string, format: ReturnType<typeof detectFormat>];

/** Each file name and text picks its format; the file name says which case failed. */
function expectFormats(cases: readonly Case[]) {
  for (const [name, text, format] of cases) expect(detectFormat({ name, text }), name).toBe(format);
}

describe('detectFormat (used by validate to pick the parser)', () => {
  it('reads the top-level format field, wherever it is in the object', () => {
    expectFormats([
      ['x.json', '{"format":"agreement-studio.transcripts/1","puzzles":[]}', 'transcripts'],
      ['x.json', '\ufeff  {"labels":[{"format":"agreement-studio.pack/1"}],\n "format" : "agreement-studio.labels/1"}', 'labels'],
      ['x.json', '{"format":"agreement-studio.pack/1"}', 'pack'],
      ['x.json', '{"format":"agreement-studio.report/1"}', 'report'],
      ['x.json', '{"server":"https://couch.example.org/","format":"agreement-studio.invitation/1"}', 'invitation'],
      // Only the top-level format names the file: a label file or pack named like an invitation stays what it is.
      ['ann.invitation.json', '{"format":"agreement-studio.labels/1"}', 'labels'],
      ['ann.invitation.json', '{"format":"agreement-studio.pack/1","note":"agreement-studio.invitation/1"}', 'pack'],
      ['x.json', '{"puzzles":[{"format":"agreement-studio.invitation/1"}]}', 'transcripts'],
      ['x.labels.json', '{"format":"agreement-studio.transcripts/2"}', 'transcripts'],
      ['x.json', '{"name":"has \\"format\\": \\"agreement-studio.pack/1\\"","format":"agreement-studio.labels/1"}', 'labels'],
      ['x.json', '{"format":"someone-else/1"}', 'unknown'],
    ]);
  });

  it('falls back to the file name, then to the transcript parser, when there is no format', () => {
    expectFormats([
      ['ann.labels.json', '{"labels":[]}', 'labels'],
      ['a.pack.json', '{}', 'pack'],
      ['r.report.json', '{}', 'report'],
      ['ann-01.invitation.json', '{}', 'invitation'],
      ['bundle.json', '{"puzzles":[]}', 'transcripts'],
      ['empty.json', '', 'transcripts'],
      ['broken.json', 'nonsense', 'transcripts'],
    ]);
  });

  it('recognises JSONL, puzzle lists and label CSVs', () => {
    expectFormats([
      ['b.jsonl', '{"type":"puzzle"}\n', 'transcripts'],
      ['b.txt', '{"type":"puzzle","id":"p"}\n{"type":"session","id":"s"}\n', 'transcripts'],
      ['list.json', '  [{"surface":"...","bottom":"..."}]', 'puzzle-list'],
      ['labels.csv', '\ufeff"Unit", Annotator ,task,value\r\n', 'labels-csv'],
      ['labels.txt', 'annotator,unit,task,value\n', 'labels-csv'],
      ['ratings.csv', 'unit,rater,value\n', 'unknown'],
      ['notes.txt', 'hello', 'unknown'],
    ]);
  });
});
