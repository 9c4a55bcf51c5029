// The third hostile round's workbook, SQLite, text and YAML cases (issue 27, findings 1, 2, 3 and
// 6) through `agreement-studio import`: each hostile file is refused whole with the limit and the
// file's own figure (or the encoding, or the YAML's line) in words, naming the file, and no engine
// message or stack trace reaches the output; the 48 MB blob in a table that is not imported and the workbook whose part names
// lie past its first 4 kB import. Time and memory per case are the bench's (hostile readers).

import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { READER_CASES } from '../hostile/readers';
import { runCli, scratchDir, scratchWriter } from './run-cli';

const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = scratchWriter(dir);
const ENGINE_WORDS =
  /Maximum call stack|Invalid array length|Failed to fetch|Unexpected token|RangeError|TypeError|ReferenceError|Excessive alias|resource exhaustion|\bat .+:\d+:\d+/;

describe('agreement-studio import of the hostile readers cases', () => {
  it.each(READER_CASES.map((hostile) => [hostile.name, hostile] as const))('%s', async (_name, hostile) => {
    const path = write(hostile.name, await hostile.bytes());
    const companions = (hostile.companions?.() ?? []).map((file) => write(file.name, file.bytes));
    const out = join(dir, `${hostile.name}.bundle.json`);
    const run = await runCli('import', ...companions, path, '--out', out);
    expect(run.stderr + run.stdout).not.toMatch(ENGINE_WORDS);
    if ('refused' in hostile.expect) {
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(`${path}: `);
      expect(run.stderr).toMatch(hostile.expect.refused);
      expect(existsSync(out)).toBe(false);
    } else {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`wrote ${out}: ${hostile.expect.imported.puzzles} puzzle`);
    }
    for (const file of [path, ...companions]) rmSync(file);
  });
});
