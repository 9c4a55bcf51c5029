// A prompt version's few-shot examples in the app (issue 34 point 2), against fake-indexeddb and the
// loopback chat server: the plan worker's choosing (choosePromptExamples) takes them from the
// examples part of the study's judge split where the judge and people disagree, and refuses in
// words without a split, without the judge's labels or without a correction to show; the judge
// worker (createJudgeRunner) runs a version with them, and the server's request log, searched for
// every example's text, shows no turn an example of its own puzzle and every other example of its
// task to every turn.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelValue, StudyData, Turn } from '../../../shared/domain/model';
import type { FewShotExample } from '../../../shared/judge-run/few-shot-examples';
import { builtInPrompt } from '../../../shared/judge-run/prompts';
import type { PromptExamples } from '../../../shared/judge-run/stored-records';
import { keyedUniform } from '../../../shared/random/keyed-uniform';
import { puzzleSplit } from '../../../shared/study/judge-splits';
import type { JudgeSplitSetting } from '../../../shared/domain/model';
import type { StudioDatabase } from '../../../renderer/db/database';
import { createJudgeRun } from '../../../renderer/db/judge-runs';
import { savePromptVersion } from '../../../renderer/db/prompt-versions';
import { createJudgeRunner } from '../../../renderer/workers/judge-runner';
import { choosePromptExamples } from '../../../renderer/workers/study-examples';
import { startFakeChatServer, type FakeChatServer } from '../../support/fake-chat-server';
import { closeDatabases, databaseWith, label } from '../db/db-fixtures';
import { hostSend, judgeDemo, savedEndpoint } from './judge-fixtures';

const STUDY = 'demo-study';
const JUDGE = 'arbiter-large';
const SPLIT: JudgeSplitSetting = {
  seed: 4,
  shares: { examples: 0.2, development: 0.5, test: 0.3 },
  setAt: '2026-11-28T10:00:00.000Z',
  developmentJudges: [],
  testRuns: [],
};
const ANSWERS = { question: ['yes', 'no', 'irrelevant'], final: ['matched', 'unmatched'] } as const;

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer();
});
afterAll(async () => {
  closeDatabases();
  await server.close();
});

/** People's label of a turn: the judge's, but for a seeded 40% of the turns, where they give the next answer. */
function peopleLabel(turn: Turn, agreeing: boolean): LabelValue {
  const answers: readonly LabelValue[] = ANSWERS[turn.type === 'question' ? 'question' : 'final'];
  const judged = (turn.judgements[JUDGE] ?? answers[0]) as LabelValue;
  if (agreeing || keyedUniform(34, turn.id) >= 0.4) return judged;
  return answers[(answers.indexOf(judged) + 1) % answers.length]!;
}

/** The demo study (each turn marked `[item:<id>]` for the server's log) with one person's label on every turn, and the split when given. */
async function studyWithLabels(data: StudyData, { agreeing = false, split = true } = {}): Promise<StudioDatabase> {
  const db = await databaseWith([data]);
  await db.annotators.put({ studyId: STUDY, id: 'ann', name: 'Ann' });
  await db.labels.bulkPut(data.turns.map((turn) => label(STUDY, 'ann', turn.id, turn.type === 'question' ? 'answer' : 'match', peopleLabel(turn, agreeing))));
  if (split) await db.studies.update(STUDY, { judgeSplit: SPLIT });
  return db;
}

/** An example as the prompt shows it (few-shot-block.ts): what a request must or must not hold. */
function shownText(example: FewShotExample): string {
  const turn = example.task === 'answer' ? `Question: ${example.question}` : `Final answer: ${example.finalAnswer}`;
  return `Story:\n${example.story}\n\nAnswer:\n${example.reference}\n\n${turn}\nReply: ${example.answer}`;
}

function contentOf(body: string): string {
  return (JSON.parse(body) as { messages: Array<{ content: string }> }).messages.map((message) => message.content).join('\n');
}

describe("a prompt version's few-shot examples", () => {
  it('are chosen from the examples part of the split where the judge and people disagree, at most as many as asked a task', async () => {
    const data = judgeDemo();
    const db = await studyWithLabels(data);
    const choice = await choosePromptExamples(db, STUDY, { from: JUDGE, count: 3 });
    if (!choice.ok) throw new Error(choice.reason);
    const { examples } = choice;
    expect(examples).toMatchObject({ studyId: STUDY, from: JUDGE, count: 3 });
    expect(examples.chosen.answer).toHaveLength(3);
    expect(examples.chosen.match.length).toBeGreaterThan(0);
    const turns = new Map(data.turns.map((turn) => [turn.id, turn]));
    for (const example of [...examples.chosen.answer, ...examples.chosen.match]) {
      const turn = turns.get(example.unitId)!;
      expect(puzzleSplit(SPLIT, turn.puzzleId)).toBe('examples');
      expect(example.answer).toBe(peopleLabel(turn, false));
      expect(example.judged).toBe(turn.judgements[JUDGE]);
      expect(example.answer).not.toBe(example.judged);
    }
  });

  it('are refused in words without a split, without labels of the judge, without a correction to show or with too many asked', async () => {
    const noSplit = await studyWithLabels(judgeDemo(), { split: false });
    expect(await choosePromptExamples(noSplit, STUDY, { from: JUDGE, count: 2 })).toEqual({
      ok: false,
      reason: 'the study has no judge split; set the split for improving the judge first',
    });
    const db = await studyWithLabels(judgeDemo());
    expect(await choosePromptExamples(db, STUDY, { from: 'nobody@studio-1', count: 2 })).toEqual({
      ok: false,
      reason: 'the study holds no labels of the judge "nobody@studio-1", whose corrections the examples are',
    });
    expect(await choosePromptExamples(db, STUDY, { from: JUDGE, count: 51 })).toEqual({
      ok: false,
      reason: 'the number of examples a task must be a whole number from 1 to 50, not 51',
    });
    const agreeing = await studyWithLabels(judgeDemo(), { agreeing: true });
    const none = await choosePromptExamples(agreeing, STUDY, { from: JUDGE, count: 2 });
    expect(none.ok).toBe(false);
    if (!none.ok)
      expect(none.reason).toMatch(
        /^no examples to give: the examples part of the split \(seed 4\) holds [1-9]\d* turns people labelled, of [1-9]\d* puzzles, and on none of them do "arbiter-large" and the people's majority disagree/,
      );
  });

  it('run in the judge worker: no turn is shown an example of its own puzzle, and every turn every other example of its task', async () => {
    const data = judgeDemo();
    const db = await studyWithLabels(data);
    const choice = await choosePromptExamples(db, STUDY, { from: JUDGE, count: 3 });
    if (!choice.ok) throw new Error(choice.reason);
    const examples: PromptExamples = choice.examples;
    const studio = builtInPrompt('studio-1')!;
    await savePromptVersion(db, { name: 'studio-1-examples', question: studio.question, final: studio.final, basedOn: 'studio-1', examples });
    const endpoint = await savedEndpoint(db, server.url, { timeoutSeconds: 30 });
    const run = await createJudgeRun(db, { studyId: STUDY, endpoint, promptName: 'studio-1-examples', selection: { kind: 'all' }, samples: 1 });
    const asked = server.log.length;
    const outcome = await createJudgeRunner(db, { backoffMs: 10 }).run(run.id, hostSend().send, () => undefined);
    if (!outcome.applied) throw new Error(outcome.reason);
    expect(outcome.record.counts).toMatchObject({ items: data.turns.length, failed: 0 });

    const turns = new Map(data.turns.map((turn) => [turn.id, turn]));
    const requests = server.log.slice(asked);
    expect(requests).toHaveLength(data.turns.length);
    const chosen = [...examples.chosen.answer, ...examples.chosen.match];
    let shown = 0;
    let withheld = 0;
    for (const request of requests) {
      const judged = turns.get(request.item ?? '');
      if (judged === undefined) throw new Error(`a request for no turn of the study: ${request.body.slice(-200)}`);
      const content = contentOf(request.body);
      const task = judged.type === 'question' ? 'answer' : 'match';
      for (const example of chosen) {
        if (example.puzzleId === judged.puzzleId || example.task !== task) {
          expect(content, `${judged.id} shown ${example.unitId}`).not.toContain(shownText(example));
          if (example.puzzleId === judged.puzzleId) withheld++;
        } else {
          expect(content, `${judged.id} not shown ${example.unitId}`).toContain(shownText(example));
          shown++;
        }
      }
    }
    // The guard had turns to keep examples from: the examples' own puzzles were judged too.
    expect(withheld).toBeGreaterThan(0);
    console.log(
      `a version with ${examples.chosen.answer.length} question and ${examples.chosen.match.length} final-answer examples over the demo study: ${requests.length} requests, examples shown ${shown} times, kept ${withheld} times from a turn of their own puzzle`,
    );
  });
});
