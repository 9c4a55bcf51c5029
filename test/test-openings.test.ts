// Every test file under test/ opens with a comment saying what it proves: walks the folder on disk
// and fails naming each *.test.ts(x) file whose first line is not a `//` or `/*` comment.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const testRoot = fileURLToPath(new URL('.', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('test file openings', () => {
  it('finds the test files, this one among them', () => {
    expect(testFiles(testRoot).map((path) => relative(testRoot, path))).toContain('test-openings.test.ts');
  });

  it('has every test file open with a comment', () => {
    const withoutOpening = testFiles(testRoot)
      .filter((path) => !/^(\/\/|\/\*)/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(testRoot, path));
    expect(withoutOpening).toEqual([]);
  });
});
