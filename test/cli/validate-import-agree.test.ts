// `validate` and `import` agree on every file in test/fixtures (issue 26 point 7): a file validate
// accepts as transcripts or a puzzle list imports with the same counts; a benchmark file validate
// names by its layout imports under that layout (alone when it stands alone, else with the
// companion validate names); a file validate refuses, import refuses too; and our other formats
// (label files, packs) are named by import as what they are, never read as transcripts.

import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-cli';

const FIXTURES = join(__dirname, '..', 'fixtures');
const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(json|jsonl|csv|xlsx)$/i.test(name) ? [path] : [];
  });
}

/** `N puzzles, N sessions, N turns` and the questions and finals, from validate's or import's line. */
function counts(line: string): number[] {
  const match = /([\d,]+) puzzles?, ([\d,]+) sessions?, ([\d,]+) turns?(?: \(([\d,]+) questions?, ([\d,]+) final)?/.exec(line);
  if (match === null) throw new Error(`no counts in ${line}`);
  return match.slice(1).map((n) => (n === undefined ? 0 : Number(n.replaceAll(',', ''))));
}

const ALL = files(FIXTURES);

describe('validate and import on every fixture', () => {
  it('finds the fixtures', () => {
    expect(ALL.length).toBeGreaterThan(30);
  });

  it.each(ALL.map((path) => [relative(FIXTURES, path), path]))('%s', async (_name, path) => {
    const out = join(dir, `${relative(FIXTURES, path).replaceAll(/[\\/]/g, '_')}.bundle.json`);
    const validate = await runCli('validate', path);
    const imported = await runCli('import', path, '--out', out);
    const summary = validate.stdout.split('\n')[0] ?? '';
    if (validate.code !== 0) {
      // Refused by validate: refused by import too.
      expect(imported.code, `import took what validate refused: ${imported.stdout}`).not.toBe(0);
      return;
    }
    if (/: [\d,]+ puzzles?, [\d,]+ sessions?, [\d,]+ turns?/.test(summary)) {
      expect(imported.stderr).toBe('');
      expect(imported.code).toBe(0);
      const wrote = imported.stdout.split('\n').find((line) => line.startsWith(`wrote ${out}:`)) ?? '';
      expect(counts(wrote)).toEqual(counts(summary));
      // validate's warnings are import's "not read" lines, word for word.
      const notRead = (text: string) =>
        text
          .split('\n')
          .filter((line) => line.includes('not read: '))
          .map((line) => line.slice(line.indexOf('not read: ')));
      expect(notRead(imported.stdout)).toEqual(notRead(validate.stdout));
      return;
    }
    const layout = /^OK {2}[^:]*?: (.*?)(?::|$)/.exec(summary.replace(path, 'FILE'))?.[1] ?? '';
    if (/^(\d+ labels?|pack for|invitation for)/.test(summary.replace(`OK  ${path}: `, ''))) {
      // One of our other formats: import says what it is instead of reading it.
      expect(imported.code).toBe(1);
      expect(imported.stderr).toMatch(/this is a (label file|label CSV|pack|team server invitation)/);
      return;
    }
    // A benchmark's own file: import reads it under the layout validate named, or asks for the companion validate named.
    const companion = /import it with (its|the run's) ([^;]+)$/.exec(summary)?.[2];
    if (companion !== undefined) {
      expect(imported.code).not.toBe(0);
      return;
    }
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toContain(`read ${path}: ${layout}`);
  });
});
