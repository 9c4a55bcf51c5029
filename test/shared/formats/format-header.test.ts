// Proves the readers that share format-header.ts's "not an object" error keep their own words:
// each names its kind and the format it expects.

import { describe, expect, it } from 'vitest';
import { parseBackup } from '../../../shared/formats/backup';
import { parseLabelFile } from '../../../shared/formats/label-file';
import { parsePack } from '../../../shared/formats/pack';

describe('a file whose JSON is not an object', () => {
  it.each([
    [
      'a label file',
      (name: string) => parseLabelFile({ name, text: '[1]' }),
      'expected a label file: a JSON object with "format": "agreement-studio.labels/2"',
    ],
    ['a pack', (name: string) => parsePack({ name, text: '[1]' }), 'expected a pack: a JSON object with "format": "agreement-studio.pack/2"'],
    ['a backup', (name: string) => parseBackup({ name, text: '[1]' }), 'expected a backup: a JSON object with "format": "agreement-studio.backup/2"'],
  ])('is refused as %s, naming its format', (_kind, parse, message) => {
    expect(parse('x.json')).toEqual({ ok: false, errors: [{ file: 'x.json', path: '', message }] });
  });
});
