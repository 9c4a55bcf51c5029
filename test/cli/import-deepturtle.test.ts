// DeepTurtle's file on the command line (issue 26 "Done when" and point 7): `validate` names its
// layout and gives the counts `import` writes (it said OK to 18 puzzles and 0 sessions while
// `import` refused the file), and `report --labels` shows the judge against the reviewer's
// corrections over exactly the questions both labelled. The newest commit's 3-record file is read
// from ../shared/real-data/ when present.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgreementReport } from '../../shared/report/model/report-model';
import { runCli, scratchDir } from './run-cli';

const FIXTURE = 'test/fixtures/real/DeepTurtle/at-a5d7696/data/deep_turtle_61.json';
const NEWEST = fileURLToPath(new URL('../../../shared/real-data/DeepTurtle/data/deep_turtle.json', import.meta.url));
const dir = scratchDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What validate's line and import's output say of one file: the layout and the counts. */
async function bothSay(path: string, out: string) {
  const validated = await runCli('validate', path);
  expect(validated.stderr).toBe('');
  expect(validated.code).toBe(0);
  const imported = await runCli('import', path, '--out', out);
  expect(imported.stderr).toBe('');
  expect(imported.code).toBe(0);
  const validateLine =
    /^OK {2}.*?: (DeepTurtle .*?\)): (\d+) puzzles?, (\d+) sessions?, (\d+) questions? .*?, (\d+) human labels? \((\d+) corrections? read as no label\)$/m.exec(
      validated.stdout,
    );
  const layout = /^read .*?: (.*)$/m.exec(imported.stdout)?.[1];
  const wrote = /^wrote .*?: (\d+) puzzles?, (\d+) sessions?, (\d+) turns? \(\d+ questions?, \d+ final answers?\), 1 judge$/m.exec(imported.stdout);
  const labels = /^wrote .*?: (\d+) labels? by deepturtle-reviewer/m.exec(imported.stdout)?.[1];
  const left = /human correction that reads as no answer label \(yes, no, irrelevant\): (\d+)/.exec(imported.stdout)?.[1] ?? '0';
  return {
    validate: validateLine?.slice(1),
    import: [layout, wrote?.[1], wrote?.[2], wrote?.[3], labels, left],
  };
}

describe('DeepTurtle on the command line', () => {
  it('validate and import agree on the real 61-record file: same layout, same counts, every record accounted for', async () => {
    const said = await bothSay(FIXTURE, join(dir, 'dt.json'));
    expect(said.validate).toEqual(said.import);
    const [, puzzles, sessions, questions, labels, left] = said.import;
    expect([puzzles, sessions, questions]).toEqual(['18', '61', '61']);
    expect(Number(labels) + Number(left)).toBe(61);
  });

  const newestPresent = existsSync(NEWEST);
  if (!newestPresent) console.log(`skipped: ${NEWEST} is absent (the real-data folder beside the repository)`);
  it.skipIf(!newestPresent)("validate and import agree on the newest commit's 3-record file", async () => {
    const said = await bothSay(NEWEST, join(dir, 'newest.json'));
    expect(said.validate).toEqual(said.import);
    expect(said.import.slice(1, 4)).toEqual(['3', '3', '3']);
  });

  it('reports the judge against the reviewer over the questions both labelled', async () => {
    const bundlePath = join(dir, 'report.json');
    const labelsPath = join(dir, 'report.deepturtle-reviewer.labels.json');
    expect((await runCli('import', FIXTURE, '--out', bundlePath)).code).toBe(0);
    const run = await runCli('report', '--transcripts', bundlePath, '--labels', labelsPath, '--bootstrap', '0');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as AgreementReport;
    const row = report.tables.answer.find((cell) => cell.bucket === 'all' && cell.a === 'judge:DeepSeek' && cell.b === 'human');

    // Counted from the written files: questions with a readable judge label and a reviewer label, and those that agree.
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8')) as { sessions: Array<{ turns: Array<{ id: string; judgements: Record<string, string> }> }> };
    const human = new Map(
      (JSON.parse(readFileSync(labelsPath, 'utf8')) as { labels: Array<{ unit: string; value: string }> }).labels.map((l) => [l.unit, l.value]),
    );
    const pairs = bundle.sessions
      .flatMap((s) => s.turns)
      .flatMap((turn) => {
        const judged = turn.judgements.DeepSeek;
        const labelled = human.get(turn.id);
        return judged !== undefined && judged !== 'unparseable' && labelled !== undefined ? [judged === labelled] : [];
      });
    expect(pairs.length).toBeGreaterThan(0);
    expect(row).toMatchObject({ n: pairs.length, agreement: pairs.filter(Boolean).length / pairs.length });
  });
});
