// `agreement-studio judge --examples N` over the demo study against the loopback server (issue 34
// points 2 and 5): the leakage check searches every request the server received for the text of
// every example, and finds none of the judged turn's own puzzle and every other one; a rerun
// resumes with the same examples, other example settings are refused naming them, and a run
// without people's labels, without the judge's labels or without a correction to show is refused.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelValue, StudyData, Turn } from '../../shared/domain/model';
import { buildLabelFile, serializeLabelFile } from '../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { itemPromptSource } from '../../shared/judge-run/item-prompt';
import { builtInPrompt } from '../../shared/judge-run/prompts';
import { keyedUniform } from '../../shared/random/keyed-uniform';
import { puzzleSplit, type SplitRule } from '../../shared/study/judge-splits';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-chat-server';
import { runCli, scratchDir, scratchWriter } from './run-cli';

const DEMO = join(__dirname, '../../assets/demo-study.json');
const JUDGE = 'arbiter-large';
const SPLIT: SplitRule = { seed: 4, shares: { examples: 0.2, development: 0.5, test: 0.3 } };
const ANSWERS = { question: ['yes', 'no', 'irrelevant'], final: ['matched', 'unmatched'] } as const;

const dir = scratchDir();
const write = scratchWriter(dir);
const study = demoStudy();

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer();
});
afterAll(() => server.close());

function demoStudy(): StudyData {
  const parsed = parseTranscriptBundle({ name: DEMO, text: readFileSync(DEMO, 'utf8') }, { now: '2026-11-28T10:00:00.000Z' });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

/** People's label of a turn: the judge's, but for a seeded 40% of the turns, where all three annotators give the next answer. */
function peopleLabel(turn: Turn, agreeing = false): LabelValue {
  const answers: readonly LabelValue[] = ANSWERS[turn.type === 'question' ? 'question' : 'final'];
  const judged = (turn.judgements[JUDGE] ?? answers[0]) as LabelValue;
  if (agreeing || keyedUniform(34, turn.id) >= 0.4) return judged;
  return answers[(answers.indexOf(judged) + 1) % answers.length]!;
}

function labelFiles(prefix: string, agreeing = false): string[] {
  return ['ann', 'bea', 'cem'].map((annotator) =>
    write(
      `${prefix}-${annotator}.labels.json`,
      serializeLabelFile(
        buildLabelFile({
          studyId: 'demo-study',
          annotator: { id: annotator, name: annotator },
          exportedAt: '2026-11-28T10:00:00.000Z',
          app: 'test',
          labels: study.turns.map((turn) => ({
            unit: turn.id,
            task: turn.type === 'question' ? 'answer' : 'match',
            value: peopleLabel(turn, agreeing),
            at: '2026-11-28T10:00:00.000Z',
            rev: 1,
            unsure: false,
            note: '',
          })),
        }),
      ),
    ),
  );
}

const labels = labelFiles('people');
const splitArgs = ['--split-seed', String(SPLIT.seed), '--examples-share', String(SPLIT.shares.examples), '--test-share', String(SPLIT.shares.test)];
const judge = (out: string, ...more: string[]) =>
  runCli('judge', '--transcripts', DEMO, '--endpoint', server.url, '--model', 'fake', '--out', out, '--concurrency', '8', ...more);

/** What the request asked the model. */
function contentOf(body: string): string {
  return (JSON.parse(body) as { messages: Array<{ content: string }> }).messages.map((message) => message.content).join('\n');
}

describe('agreement-studio judge --examples', () => {
  it('never shows a turn an example of its own puzzle, and shows every other example to every turn of its task', async () => {
    const out = join(dir, 'examples.json');
    const asked = server.log.length;
    const run = await judge(out, '--labels', ...labels, '--examples', '3', '--examples-from', JUDGE, ...splitArgs);
    expect(run.code).toBe(0);
    const record = JSON.parse(run.stdout);
    expect(record).toMatchObject({ judge: 'fake@studio-1 +3 examples', examples: { count: 3, from: JUDGE, split: SPLIT } });
    const byId = new Map(study.turns.map((turn) => [turn.id, turn]));
    const puzzles = new Map(study.puzzles.map((puzzle) => [puzzle.id, puzzle]));
    const chosen = [...record.examples.units.answer, ...record.examples.units.match].map((id: string) => byId.get(id)!);
    expect(record.examples.units.answer).toHaveLength(3);
    expect(record.examples.units.match.length).toBeGreaterThan(0);
    for (const turn of chosen) {
      expect(puzzleSplit(SPLIT, turn.puzzleId)).toBe('examples');
      expect(peopleLabel(turn)).not.toBe(turn.judgements[JUDGE]);
    }
    const examplePuzzles = new Set(chosen.map((turn) => turn.puzzleId));
    expect(examplePuzzles.size).toBeGreaterThan(1);

    // Each request's turn, found by the prompt studio-1 gives it without examples, which ends the request.
    const plain = itemPromptSource(study, builtInPrompt('studio-1')!);
    const requests = server.log.slice(asked).map((request) => contentOf(request.body));
    expect(requests).toHaveLength(study.turns.length);
    let shown = 0;
    for (const content of requests) {
      const turns = study.turns.filter((turn) => content.endsWith(plain.textFor(turn.id)));
      const judged = turns[0];
      if (judged === undefined) throw new Error(`a request for no turn of the study: ${content.slice(-200)}`);
      expect(new Set(turns.map((turn) => turn.puzzleId)).size).toBe(1);
      // The judged turn's own story is told once, as its own; an example of its puzzle would tell it again.
      const story = puzzles.get(judged.puzzleId)!.story;
      expect(content.split(story).length - 1).toBe(1);
      for (const example of chosen) {
        const puzzle = puzzles.get(example.puzzleId)!;
        const text = `Story:\n${puzzle.story}\n\nAnswer:\n${puzzle.reference}\n\n${example.type === 'question' ? 'Question' : 'Final answer'}: ${example.text}\nReply: ${peopleLabel(example)}`;
        if (example.puzzleId === judged.puzzleId || example.type !== judged.type) expect(content).not.toContain(text);
        else {
          expect(content).toContain(text);
          shown++;
        }
      }
    }
    console.log(
      `judge --examples 3 over the demo study: ${requests.length} requests, examples ${chosen.map((turn) => turn.id).join(', ')} of puzzles ${[...examplePuzzles].join(', ')}, shown ${shown} times, never to a turn of their own puzzle`,
    );
  });

  it('resumes with the same examples, and refuses a rerun with other examples or none, naming them', async () => {
    const out = join(dir, 'resume.json');
    const first = await judge(out, '--labels', ...labels, '--examples', '2', '--examples-from', JUDGE, ...splitArgs);
    expect(first.code).toBe(0);
    const asked = server.log.length;
    const again = await judge(out, '--labels', ...labels, '--examples', '2', '--examples-from', JUDGE, ...splitArgs);
    expect(again.code).toBe(0);
    expect(server.log.length).toBe(asked);
    expect(JSON.parse(again.stdout).counts).toMatchObject({ alreadyAnswered: study.turns.length, answered: 0 });

    const more = await judge(out, '--labels', ...labels, '--examples', '3', '--examples-from', JUDGE, ...splitArgs);
    expect(more.code).toBe(1);
    expect(more.stderr).toContain(`${out}.judge-journal.jsonl was written by a run with other settings (few-shot examples was "2 examples a task`);
    const none = await judge(out);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/few-shot examples was "2 examples a task from people's corrections of \\"arbiter-large\\", split seed 4, .*", now "none"/);
    expect(server.log.length).toBe(asked);
  });

  it('refuses examples without people’s labels, without the judge’s labels, or with no correction to show', async () => {
    const out = join(dir, 'refused.json');
    const noLabels = await judge(out, '--examples', '2');
    expect(noLabels.code).toBe(2);
    expect(noLabels.stderr).toContain('--examples chooses its examples by people’s labels: give their label files with --labels FILE...');
    const noJudge = await judge(out, '--labels', ...labels, '--examples', '2');
    expect(noJudge.code).toBe(1);
    expect(noJudge.stderr).toContain(
      `holds no labels of "fake@studio-1": give --examples-from with one of "arbiter-large", "arbiter-large (order swapped)", "arbiter-mini"`,
    );
    const agreeing = await judge(out, '--labels', ...labelFiles('agreeing', true), '--examples', '2', '--examples-from', JUDGE, ...splitArgs);
    expect(agreeing.code).toBe(1);
    expect(agreeing.stderr).toMatch(
      /no examples to give: the examples split \(seed 4, examples 0.2, development 0.5, test 0.3\) holds \d+ turns people labelled, of \d+ puzzles/,
    );
    const share = await judge(out, '--labels', ...labels, '--examples', '2', '--examples-share', '0.5');
    expect(share.code).toBe(2);
    expect(share.stderr).toContain('the examples split must hold 10% to 20% of the puzzles, not 50%');
    const labelsAlone = await judge(out, '--labels', ...labels);
    expect(labelsAlone.code).toBe(2);
    expect(labelsAlone.stderr).toContain('--labels gives people’s labels for --examples; give --examples N too');
    const stray = await judge(out, '--split-seed', '3');
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain('--split-seed goes with --examples N; give --examples too');
  });
});
