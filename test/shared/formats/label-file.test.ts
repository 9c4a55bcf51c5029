// Label files and label CSVs (docs/formats.md#label-file): build, serialize and parse round-trip, the checksum
// catches tampering, foreign writers' files are accepted, and bad input is rejected with its JSON
// path or CSV line; also readCsv against RFC 4180.

import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../shared/formats/canonical-json';
import { readCsv } from '../../../shared/formats/csv';
import { buildLabelFile, LABELS_FORMAT, parseLabelCsv, parseLabelFile, serializeLabelFile, type LabelFile } from '../../../shared/formats/label-file';
import { sha256Hex } from '../../../shared/formats/sha256';
import { errorsOf, valueOf } from './parse-results';

const sample: LabelFile = buildLabelFile({
  studyId: 'pilot-2026',
  annotator: { id: 'ann-03', name: 'Annotator 3 — Zoë' },
  exportedAt: '2026-11-22T10:00:00Z',
  app: 'agreement-studio 0.1.0',
  labels: [
    { unit: 's-17/1', task: 'answer', value: 'no', at: '2026-11-22T09:12:03Z', ms: 5400, rev: 2, unsure: false, note: '' },
    {
      unit: 's-17/2',
      task: 'match',
      value: 'matched',
      at: '2026-11-22T09:13:00.250+01:00',
      rev: 1,
      unsure: true,
      note: 'Close, but "braille" is implied.\nSecond line.',
    },
    { unit: 'p-lamp', task: 'difficulty', value: 2, at: '2026-11-22T09:10:00Z', ms: 9000, rev: 1, unsure: false, note: '' },
  ],
});

function source(text: string, name = 'ann-03.labels.json') {
  return { name, text };
}

/** A label file as a foreign writer would make it: any content, with a correct checksum. */
function signed(content: Record<string, unknown>): string {
  return JSON.stringify({ ...content, sha256: sha256Hex(canonicalJson(content)) });
}

function rawSample(): Record<string, unknown> {
  const content = JSON.parse(serializeLabelFile(sample)) as Record<string, unknown>;
  delete content.sha256;
  return content;
}

function rawLabels(content: Record<string, unknown>): Record<string, unknown>[] {
  return content.labels as Record<string, unknown>[];
}

describe('label files: build, serialize, parse', () => {
  it('round-trips: parse(serialize(build(x))) equals build(x)', () => {
    const text = serializeLabelFile(sample);
    expect(valueOf(parseLabelFile(source(text)))).toEqual(sample);
    expect(sample.format).toBe(LABELS_FORMAT);
  });

  it('checksums the canonical JSON of every field but sha256', () => {
    const { sha256, ...content } = sample;
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256).toBe(sha256Hex(canonicalJson(content)));
  });

  it('writes one label per line', () => {
    const lines = serializeLabelFile(sample).split('\n');
    expect(lines.filter((line) => line.trimStart().startsWith('{"unit":'))).toHaveLength(3);
  });

  it('detects a tampered label as a checksum mismatch, and only that', () => {
    const tampered = serializeLabelFile(sample).replace('"value":"no"', '"value":"yes"');
    expect(tampered).not.toBe(serializeLabelFile(sample));
    expect(errorsOf(parseLabelFile(source(tampered)))).toEqual([
      { file: 'ann-03.labels.json', path: 'sha256', message: 'the file is damaged or was edited: checksum mismatch' },
    ]);
  });

  it('rejects a missing or malformed checksum', () => {
    const missing = JSON.stringify(rawSample());
    expect(errorsOf(parseLabelFile(source(missing)))).toEqual([
      expect.objectContaining({ path: 'sha256', message: expect.stringMatching(/missing checksum.*damaged or was edited/) }),
    ]);
    const malformed = JSON.stringify({ ...rawSample(), sha256: 'abc' });
    expect(errorsOf(parseLabelFile(source(malformed)))[0]?.message).toMatch(/not a 64-digit hex/);
  });

  it('accepts a file whose writer left out default fields, and fills the defaults', () => {
    const content = rawSample();
    rawLabels(content).forEach((label) => {
      delete label.unsure;
      delete label.note;
    });
    const parsed = valueOf(parseLabelFile(source(signed(content))));
    expect(parsed.labels.map((label) => [label.unsure, label.note])).toEqual([
      [false, ''],
      [false, ''],
      [false, ''],
    ]);
    // The parsed value is self-consistent, so writing it out again gives a valid file.
    expect(valueOf(parseLabelFile(source(serializeLabelFile(parsed))))).toEqual(parsed);
  });

  it('drops unknown fields and keeps prototype keys harmless', () => {
    const content = rawSample();
    content.extra = 'ignored';
    rawLabels(content)[0]!.mood = 'ignored';
    const text = signed(content).replace('{', '{"__proto__":{"polluted":true},').replace('{"unit"', '{"__proto__":{"polluted":true},"unit"');
    // The checksum covers what the writer wrote, __proto__ included: re-sign after injecting.
    const reparsed = JSON.parse(text) as Record<string, unknown>;
    delete reparsed.sha256;
    const parsed = valueOf(parseLabelFile(source(signed(reparsed))));
    expect(parsed).toEqual(sample);
    expect(Object.keys(parsed)).not.toContain('extra');
    expect(Object.keys(parsed.labels[0]!)).not.toContain('mood');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('names each top-level member it does not read, and nothing for a file as the studio writes it', () => {
    const content = rawSample();
    content.extra = 'from a script';
    const result = parseLabelFile(source(signed(content)));
    expect(result.ok && result.warnings).toEqual([
      {
        file: expect.any(String) as unknown,
        path: 'extra',
        message: 'a member a label file does not have (it has format, studyId, annotator, exportedAt, app, labels, sha256); not read',
      },
    ]);
    expect(parseLabelFile(source(serializeLabelFile(sample)))).not.toHaveProperty('warnings');
  });

  it('normalises label values and applies the scheme to unknown', () => {
    const content = rawSample();
    rawLabels(content)[0]!.value = ' Unknown. ';
    rawLabels(content)[1]!.value = 'CORRECT!';
    const text = signed(content);
    expect(valueOf(parseLabelFile(source(text))).labels.map((label) => label.value)).toEqual(['irrelevant', 'matched', 2]);
    expect(valueOf(parseLabelFile(source(text), { scheme: { answerUnknown: true } })).labels[0]?.value).toBe('unknown');
  });
});

describe('label files: rejected input', () => {
  it('names a newer, older or foreign format version and stops there', () => {
    const versioned = (format: unknown) => errorsOf(parseLabelFile(source(JSON.stringify({ ...rawSample(), format, labels: 'not even a list' }))));
    expect(versioned('agreement-studio.labels/3')).toEqual([
      expect.objectContaining({ path: 'format', message: expect.stringMatching(/newer than the version this app reads.*update Agreement Studio/) }),
    ]);
    expect(versioned('agreement-studio.labels/0')).toEqual([
      expect.objectContaining({ path: 'format', message: expect.stringMatching(/older than the version this app reads/) }),
    ]);
    expect(versioned('agreement-studio.transcripts/1')).toEqual([
      expect.objectContaining({ path: 'format', message: expect.stringMatching(/not a label file/) }),
    ]);
    expect(versioned(undefined)).toEqual([expect.objectContaining({ path: 'format', message: expect.stringMatching(/^required/) })]);
  });

  it('locates every bad field with its JSON path', () => {
    const content = rawSample();
    const labels = rawLabels(content);
    labels[0]!.value = 'maybe';
    labels[1]!.value = 'yes';
    labels[2]!.value = 10;
    labels.push(
      { unit: 'p-2', task: 'difficulty', value: 2.5, at: 'yesterday', ms: -1, rev: 0 },
      { unit: 'p-3', task: 'opinion', value: 'x', at: '2026-11-22T09:10:00Z', rev: 1.5, unsure: 'no', note: 'n'.repeat(10_001) },
      { unit: '', task: 'difficulty', at: '2026-02-30T09:10:00Z', rev: 1 },
    );
    (content.labels as unknown[]).push('not a label');
    content.exportedAt = 42;
    const errors = errorsOf(parseLabelFile(source(signed(content))));
    expect(errors.map((error) => error.path).sort()).toEqual(
      [
        'exportedAt',
        'labels[0].value',
        'labels[1].value',
        'labels[2].value',
        'labels[3].value',
        'labels[3].at',
        'labels[3].ms',
        'labels[3].rev',
        'labels[4].task',
        'labels[4].rev',
        'labels[4].unsure',
        'labels[4].note',
        'labels[5].unit',
        'labels[5].at',
        'labels[5].value',
        'labels[6]',
      ].sort(),
    );
    const message = (path: string) => errors.find((error) => error.path === path)?.message;
    expect(message('labels[0].value')).toBe('expected an answer label: yes, no or irrelevant, got the text "maybe"');
    expect(message('labels[1].value')).toBe('expected a match label: matched or unmatched, got the text "yes"');
    expect(message('labels[2].value')).toMatch(/whole number from 1 to 9, got the number 10/);
    expect(message('labels[5].value')).toMatch(/^required/);
    expect(message('labels[4].note')).toMatch(/10,000 characters/);
  });

  it('rejects duplicate (unit, task) pairs but not the same unit under two tasks', () => {
    const content = rawSample();
    const labels = rawLabels(content);
    labels.push({ ...labels[0]!, value: 'yes' }, { ...labels[0]!, task: 'difficulty', value: 3 });
    const errors = errorsOf(parseLabelFile(source(signed(content))));
    expect(errors).toEqual([{ file: 'ann-03.labels.json', path: 'labels[3]', message: 'duplicate answer label: unit "s-17/1" already has one at labels[0]' }]);
  });

  it('reports JSON syntax errors with a line, and refuses a non-object', () => {
    const broken = serializeLabelFile(sample).replace('"rev":2,', '"rev":2,,');
    const [error] = errorsOf(parseLabelFile(source(broken)));
    expect(error?.line).toBe(8);
    expect(error?.message).toMatch(/invalid JSON/);
    expect(errorsOf(parseLabelFile(source('[1, 2]')))[0]?.message).toMatch(/expected a label file/);
    expect(errorsOf(parseLabelFile(source('')))[0]?.message).toMatch(/empty/);
  });
});

describe('readCsv (RFC 4180)', () => {
  it('reads quoted commas, doubled quotes and newlines inside quotes', () => {
    const result = readCsv('a,b,c\n"x, y","say ""hi""","two\nlines"\nlast,,\n');
    expect(result).toEqual({
      ok: true,
      rows: [
        ['a', 'b', 'c'],
        ['x, y', 'say "hi"', 'two\nlines'],
        ['last', '', ''],
      ],
      lineOfRow: [1, 2, 4],
    });
  });

  it('accepts a BOM, CRLF and a missing final newline, and skips blank lines', () => {
    expect(readCsv('\ufeffa,b\r\n\r\n1,"2\r\n3"\r\n4,5')).toEqual({
      ok: true,
      rows: [
        ['a', 'b'],
        ['1', '2\r\n3'],
        ['4', '5'],
      ],
      lineOfRow: [1, 3, 5],
    });
    expect(readCsv('')).toEqual({ ok: true, rows: [], lineOfRow: [] });
    expect(readCsv('""\n')).toEqual({ ok: true, rows: [['']], lineOfRow: [1] });
  });

  it('keeps a quote inside an unquoted field, and refuses text after a closing quote or an unclosed quote', () => {
    expect(readCsv('5" screen,x')).toEqual({ ok: true, rows: [['5" screen', 'x']], lineOfRow: [1] });
    expect(readCsv('a\n"b"c,d')).toEqual({ ok: false, line: 2, message: expect.stringMatching(/after a closing quote/) });
    expect(readCsv('a\n"b\nc')).toEqual({ ok: false, line: 2, message: expect.stringMatching(/never closed/) });
  });
});

describe('label CSV', () => {
  const csv = (text: string) => parseLabelCsv({ name: 'labels.csv', text });

  it('reads columns in any order, ignores extra columns, normalises values', () => {
    const rows = valueOf(
      csv('\ufeffValue,unit,comment,Task,annotator\r\n"Yes.",s-1/1,"a, b",answer,ann-1\r\ncorrect,s-1/2,,match,ann-1\r\n 7 ,p-1,,difficulty,ann-2\r\n'),
    );
    expect(rows).toEqual([
      { line: 2, annotator: 'ann-1', unit: 's-1/1', task: 'answer', value: 'yes' },
      { line: 3, annotator: 'ann-1', unit: 's-1/2', task: 'match', value: 'matched' },
      { line: 4, annotator: 'ann-2', unit: 'p-1', task: 'difficulty', value: 7 },
    ]);
  });

  it('names the 1-based line of each bad row, counting newlines inside quotes', () => {
    const text = [
      'annotator,unit,task,value,comment',
      'ann-1,s-1/1,answer,yes,"multi',
      'line comment"',
      'ann-1,s-1/2,answer,perhaps',
      'ann-1,p-1,difficulty,12',
      'ann-1,s-1/3,vibe,yes',
      ',s-1/4,answer,no',
      'ann-1,s-1/5',
    ].join('\n');
    expect(errorsOf(csv(text)).map((error) => [error.line, error.path])).toEqual([
      [4, 'value'],
      [5, 'value'],
      [6, 'task'],
      [7, 'annotator'],
      [8, ''],
    ]);
  });

  it('rejects duplicates, a missing column, an empty file and broken quoting', () => {
    expect(errorsOf(csv('annotator,unit,task,value\nann-1,s-1/1,answer,yes\nann-2,s-1/1,answer,no\nann-1,s-1/1,answer,no\n'))).toEqual([
      { file: 'labels.csv', line: 4, path: '', message: 'duplicate answer label: annotator "ann-1" already labelled unit "s-1/1" on line 2' },
    ]);
    expect(errorsOf(csv('unit,rater,value\nu1,r1,yes\n'))).toEqual([
      { file: 'labels.csv', line: 1, path: '', message: 'the header lacks the columns annotator, task; expected a header row annotator,unit,task,value' },
    ]);
    expect(errorsOf(csv('\ufeff'))[0]?.message).toMatch(/empty/);
    expect(errorsOf(csv('annotator,unit,task,value\nann-1,"s-1,answer,yes\n'))[0]).toEqual(
      expect.objectContaining({ line: 2, message: expect.stringMatching(/invalid CSV/) }),
    );
  });
});
