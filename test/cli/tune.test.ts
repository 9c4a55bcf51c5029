// `agreement-studio tune` against the loopback judge server (issue 34 points 3-5, "Done when"):
// the server answers people's label more often when the prompt holds a helping instruction, and
// proposes templates with one paragraph of its list first, the helping one second. The search
// keeps the candidate that holds it; the best is run once on the test split, and the report
// gives its test figures beside its development ones with the number of versions tried. No
// request asks about a test turn before the held-out run, and none about an examples turn. A
// rerun asks nothing; a larger budget goes on, and a new best is a second look, counted.

import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSyntheticStudy } from '../../shared/demo/synthetic-study';
import { serializeBundleDocument } from '../../shared/formats/importers/imported-study';
import { serializeLabelFile } from '../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { PROPOSAL_MARKER } from '../../shared/judge-run/prompt-search';
import { humanMajority } from '../../shared/stats/study/majority';
import { indexStudy } from '../../shared/stats/study/study-units';
import { puzzleSplit, type SplitRule } from '../../shared/study/judge-splits';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-chat-server';
import { runCli, scratchDir, scratchWriter } from './run-cli';

const SPLIT: SplitRule = { seed: 7, shares: { examples: 0.2, development: 0.4, test: 0.4 } };
const HELP = 'Before you reply, read the answer again and check the question against it, word by word.';
const PROPOSALS = ['Reply in English.', HELP, 'Be brief.'];

const dir = scratchDir();
const write = scratchWriter(dir);

// A synthetic study whose every turn's text is its own, so the server tells which turn a prompt is about.
const generated = generateSyntheticStudy({ puzzles: 24, annotators: 3, seed: 34, app: 'test' });
for (const session of generated.bundle.sessions) for (const turn of session.turns) turn.text = `${turn.text} (turn ${turn.id})`;
const transcripts = write('study.json', serializeBundleDocument(generated.bundle));
const labels = generated.labelFiles.map((file) => write(`${file.annotator.id}.labels.json`, serializeLabelFile(file)));
const parsed = parseTranscriptBundle({ name: transcripts, text: readFileSync(transcripts, 'utf8') }, { now: '2026-11-28T10:00:00.000Z' });
if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
const study = parsed.value;
const units = indexStudy(
  study,
  generated.labelFiles.flatMap((file) =>
    file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  ),
);
const turnsById = new Map(study.turns.map((turn) => [turn.id, turn]));

/** People's majority of every labelled turn, as the reply word that is right. */
function truth(): Map<string, string> {
  const words = new Map<string, string>();
  for (const task of ['answer', 'match'] as const)
    for (const unit of units.units[task]) {
      const majority = humanMajority(unit);
      if (majority !== null) words.set(turnsById.get(unit.id)!.text, `${majority[0]!.toUpperCase()}${majority.slice(1)}`);
    }
  return words;
}

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer({ grading: { truth: truth(), helps: [HELP], rightShare: { helped: 0.95, unhelped: 0.5 } }, proposals: PROPOSALS });
});
afterAll(() => server.close());

const splitArgs = ['--split-seed', String(SPLIT.seed), '--examples-share', String(SPLIT.shares.examples), '--test-share', String(SPLIT.shares.test)];
const tune = (out: string, budget: number, model = 'fake') =>
  runCli(
    'tune',
    '--transcripts',
    transcripts,
    '--labels',
    ...labels,
    '--endpoint',
    server.url,
    '--model',
    model,
    '--budget',
    String(budget),
    '--out',
    out,
    '--concurrency',
    '8',
    ...splitArgs,
  );

/** The turn a judge request is about: the one whose text comes last in it. */
function askedTurn(body: string) {
  const content = (JSON.parse(body) as { messages: Array<{ content: string }> }).messages.map((message) => message.content).join('\n');
  if (content.startsWith(PROPOSAL_MARKER)) return 'proposal';
  let found: { id: string; at: number } | undefined;
  for (const turn of study.turns) {
    const at = content.lastIndexOf(turn.text);
    if (at >= 0 && (found === undefined || at + turn.text.length > found.at)) found = { id: turn.id, at: at + turn.text.length };
  }
  if (found === undefined) throw new Error(`a request about no turn: ${content.slice(-200)}`);
  return turnsById.get(found.id)!;
}

describe('agreement-studio tune', () => {
  it(
    'keeps the version that helps, runs it once on the test split, and reports test beside development with the versions tried',
    { timeout: 120_000 },
    async () => {
      const out = join(dir, 'search');
      const asked = server.log.length;
      const run = await tune(out, 3);
      expect(run.stderr).not.toContain('agreement-studio tune:');
      expect(run.code).toBe(0);
      const summary = JSON.parse(run.stdout);
      expect(summary.versionsTried).toBe(4);
      expect(summary.testLooks).toBe(1);
      const steps = summary.steps as Array<{ name: string; parent: string | null; question: string; final: string; developmentScore?: { kappa: number } }>;
      expect(steps.map((step) => step.name)).toEqual(['studio-1 tune 0', 'studio-1 tune 1', 'studio-1 tune 2', 'studio-1 tune 3']);
      const helped = steps.filter((step) => step.question.includes(HELP) || step.final.includes(HELP));
      expect(helped.length).toBeGreaterThan(0);
      expect(summary.best.version).toBe(helped[0]!.name);
      // The instruction helps the template it is in, so one revised template lifts about half the units.
      expect(summary.best.developmentKappa).toBeGreaterThan(steps[0]!.developmentScore!.kappa + 0.1);
      for (const step of steps) if (!helped.includes(step)) expect(step.developmentScore?.kappa ?? -1).toBeLessThan(summary.best.developmentKappa);

      // Every request before the held-out run is a proposal or about a development turn; the held-out run asks about test turns only.
      const requests = server.log.slice(asked).map((request) => askedTurn(request.body));
      const judged = requests.filter((turn) => turn !== 'proposal');
      const parts = judged.map((turn) => puzzleSplit(SPLIT, turn.puzzleId));
      const firstTest = parts.indexOf('test');
      expect(firstTest).toBeGreaterThan(0);
      expect(parts.slice(0, firstTest).every((part) => part === 'development')).toBe(true);
      expect(parts.slice(firstTest).every((part) => part === 'test')).toBe(true);
      expect(requests.filter((turn) => turn === 'proposal')).toHaveLength(3);

      // Each version is a prompt file with its parent; the report has the held-out verdict with the denominator.
      const version = JSON.parse(readFileSync(join(out, 'versions', 'step-2.json'), 'utf8'));
      expect(version).toMatchObject({ name: 'studio-1 tune 2', step: 2 });
      expect(typeof version.parent).toBe('string');
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
      expect(report.settings.judgeSplit).toEqual({ seed: SPLIT.seed, shares: SPLIT.shares });
      expect(report.heldOut).toMatchObject({ versionsTried: 4, testLooks: 1, verdictJudge: summary.best.judge });
      expect(summary.heldOut).toEqual(report.heldOut);
      const markdown = readFileSync(join(out, 'report.md'), 'utf8');
      expect(markdown).toContain('Held-out verdict');
      const kappas = (report.heldOut.judges[0].tasks as Array<{ task: string; development: { kappa: { value: number } }; test: { kappa: { value: number } } }>)
        .map((task) => `${task.task} kappa development ${task.development.kappa.value.toFixed(3)}, test ${task.test.kappa.value.toFixed(3)}`)
        .join('; ');
      console.log(
        `tune --budget 3: ${steps.map((step) => `${step.name} ${step.developmentScore?.kappa.toFixed(3) ?? 'refused'}`).join('; ')}; best ${summary.best.version}; ${judged.length - firstTest} test requests; held out: ${kappas}`,
      );

      // A rerun asks nothing and reports the same single look.
      const before = server.log.length;
      const again = await tune(out, 3);
      expect(again.code).toBe(0);
      expect(server.log.length).toBe(before);
      expect(JSON.parse(again.stdout)).toMatchObject({ versionsTried: 4, testLooks: 1, best: summary.best });
    },
  );

  it('goes on with a larger budget, and counts a new best run on the test split as a second look', { timeout: 120_000 }, async () => {
    const out = join(dir, 'longer');
    // One candidate: the first proposal does not help, so the best is one that does not hold the instruction.
    const first = await tune(out, 1);
    expect(first.code).toBe(0);
    const firstBest = JSON.parse(first.stdout).best.version;
    const asked = server.log.length;
    const longer = await tune(out, 3);
    expect(longer.code).toBe(0);
    const summary = JSON.parse(longer.stdout);
    const proposals = server.log.slice(asked).filter((request) => askedTurn(request.body) === 'proposal');
    expect(proposals).toHaveLength(2);
    expect(summary.best.version).not.toBe(firstBest);
    expect(summary.testLooks).toBe(2);
    expect(longer.stderr).toContain('look 2');
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report.heldOut).toMatchObject({ versionsTried: 4, testLooks: 2 });
  });

  it('refuses other settings in the same folder, and a search without people’s labels', async () => {
    const out = join(dir, 'settings');
    expect((await tune(out, 1)).code).toBe(0);
    const other = await tune(out, 1, 'other');
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/search-journal\.jsonl was written by a search with other settings \(model: "fake" then, "other" now\)/);
    const usage = await runCli('tune', '--transcripts', transcripts, '--endpoint', server.url, '--model', 'fake', '--budget', '1', '--out', out);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--labels FILE... is required');
  });

  it('refuses a search journal or a test-looks file it did not write, naming the file and line, and changes neither', async () => {
    const out = join(dir, 'damaged');
    expect((await tune(out, 1)).code).toBe(0);
    const journal = join(out, 'search-journal.jsonl');
    appendFileSync(journal, '{"type":"proposal","step":"two","reply":7}\n');
    const journalText = readFileSync(journal, 'utf8');
    const asked = server.log.length;
    const refused = await tune(out, 1);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${journal} line 3 is not a proposal this program wrote: choose another --out`);
    expect(readFileSync(journal, 'utf8')).toBe(journalText);
    expect(server.log.length).toBe(asked);

    const again = join(dir, 'damaged-looks');
    expect((await tune(again, 1)).code).toBe(0);
    const looks = join(again, 'test-looks.jsonl');
    writeFileSync(looks, `${readFileSync(looks, 'utf8')}not json\n`);
    const looksText = readFileSync(looks, 'utf8');
    const refusedLooks = await tune(again, 1);
    expect(refusedLooks.code).toBe(1);
    expect(refusedLooks.stderr).toContain(`${looks} line 2 is not a test look this program wrote (judge, version, step, at): choose another --out`);
    expect(readFileSync(looks, 'utf8')).toBe(looksText);
  });
});
