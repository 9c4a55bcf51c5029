// The `pack` command, run in-process on the demo study: one blind pack per annotator that
// `validate` accepts, puzzles balanced at overlap 1 and the same for a seed, --difficulty-overlap,
// its exit codes and help, and a tampered pack reported by `validate` as damaged.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GUIDELINES } from '../../shared/domain/default-guidelines';
import { parsePack } from '../../shared/formats/pack';
import { runCli, scratchDir } from './run-cli';

const demo = 'assets/demo-study.json';

function readPack(path: string) {
  const result = parsePack({ name: path, text: readFileSync(path, 'utf8') });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

describe('agreement-studio pack', () => {
  it('writes one blind pack per annotator that validate accepts, and prints a summary', async () => {
    const out = join(scratchDir(), 'packs');
    const run = await runCli('pack', '--transcripts', demo, '--annotators', 'ann-01=Ada Lovelace,ann-02,ann-03', '--overlap', '3', '--seed', '7', '--out', out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['ann-01.pack.json', 'ann-02.pack.json', 'ann-03.pack.json']);
    expect(run.stdout).toContain(`wrote 3 packs to ${out}`);
    expect(run.stdout).toMatch(/annotator\s+puzzles\s+answer units\s+match units\s+difficulty units/);
    expect(run.stdout).toMatch(/ann-01\s+15\s+\d+\s+\d+\s+15/);

    const first = readPack(join(out, 'ann-01.pack.json'));
    expect(first.annotator).toEqual({ id: 'ann-01', name: 'Ada Lovelace' });
    expect(readPack(join(out, 'ann-02.pack.json')).annotator).toEqual({ id: 'ann-02', name: 'ann-02' });
    // The demo study has no guidelines of its own: the pack carries the default text, since it is all the annotator has.
    expect(first.guidelines).toBe(DEFAULT_GUIDELINES);
    for (const name of readdirSync(out)) {
      const text = readFileSync(join(out, name), 'utf8');
      expect(text).not.toContain('arbiter-large');
      expect(text).not.toContain('"judgements"');
      expect(text).not.toContain('Correct!');
    }

    const files = readdirSync(out).map((name) => join(out, name));
    const validated = await runCli('validate', ...files);
    expect(validated.stderr).toBe('');
    expect(validated.code).toBe(0);
    const units = first.tasks.answer.length + first.tasks.match.length + first.tasks.difficulty.length;
    expect(validated.stdout).toContain(
      `OK  ${files[0]}: pack for ann-01, ${units} units (${first.tasks.answer.length} answer, ${first.tasks.match.length} match, 15 difficulty)`,
    );
  });

  it('balances puzzles with overlap 1, is deterministic for a seed, and honours --difficulty-overlap', async () => {
    const runOnce = async (seed: string) => {
      const out = scratchDir();
      const run = await runCli(
        'pack',
        '--transcripts',
        demo,
        '--annotators',
        'a,b,c,d',
        '--overlap',
        '1',
        '--difficulty-overlap',
        '4',
        '--seed',
        seed,
        '--out',
        out,
      );
      expect(run.code).toBe(0);
      return ['a', 'b', 'c', 'd'].map((id) => readPack(join(out, `${id}.pack.json`)));
    };
    const packs = await runOnce('3');
    const puzzleCounts = packs.map((pack) => new Set(pack.sessions.map((s) => s.puzzleId)).size);
    expect(puzzleCounts.reduce((a, b) => a + b, 0)).toBe(15);
    expect(Math.max(...puzzleCounts) - Math.min(...puzzleCounts)).toBeLessThanOrEqual(1);
    for (const pack of packs) expect(pack.tasks.difficulty).toHaveLength(15);
    const again = await runOnce('3');
    expect(again.map((pack) => pack.tasks)).toEqual(packs.map((pack) => pack.tasks));
    const other = await runOnce('4');
    expect(other.map((pack) => pack.tasks)).not.toEqual(packs.map((pack) => pack.tasks));
  });

  it.each([
    [['--annotators', 'a,b', '--overlap', '3', '--out', 'x'], '--overlap takes a whole number from 1 to 2, not "3"'],
    [['--annotators', 'a,b', '--overlap', '1', '--difficulty-overlap', '3', '--out', 'x'], '--difficulty-overlap takes a whole number from 1 to 2'],
    [['--annotators', 'a,b', '--out', 'x'], '--overlap K is required'],
    [['--overlap', '1', '--out', 'x'], '--annotators a,b,c is required'],
    [['--annotators', 'a,b', '--overlap', '1'], '--out DIR is required'],
    [['--annotators', 'a,A', '--overlap', '1', '--out', 'x'], '--annotators names "A" twice'],
    [['--annotators', 'a,../b', '--overlap', '1', '--out', 'x'], '--annotators: "../b" is not a usable annotator id'],
  ])('exits 2 on bad usage: %j', async (args, message) => {
    const run = await runCli('pack', '--transcripts', demo, ...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`agreement-studio pack: ${message}`);
  });

  it('exits 2 without transcripts, 1 on invalid transcripts, and prints help', async () => {
    expect((await runCli('pack', '--annotators', 'a', '--overlap', '1', '--out', 'x')).stderr).toContain('--transcripts FILE... is required');
    const bad = await runCli('pack', '--transcripts', 'no-such-file.json', '--annotators', 'a', '--overlap', '1', '--out', scratchDir());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('no-such-file.json: no such file');
    const help = await runCli('pack', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: agreement-studio pack');
  });

  it('validate reports a tampered pack as damaged', async () => {
    const out = scratchDir();
    await runCli('pack', '--transcripts', demo, '--annotators', 'a', '--overlap', '1', '--out', out);
    const path = join(out, 'a.pack.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('"maxRounds":', '"maxRounds":1'));
    const run = await runCli('validate', path);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path}: sha256: the pack is damaged or was edited: checksum mismatch`);
  });
});
