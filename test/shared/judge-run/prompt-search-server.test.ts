// The prompt search against the loopback judge server (issue 34 "Done when"), run as the command
// line runs a judge: the server answers people's label more often when the prompt holds a helping
// instruction, and proposes templates with a paragraph of its list put first, the helping one
// among them. The search finds that candidate and keeps it (or a child of it), its development
// kappa clearly above the base's, and the server's log shows no request about a turn or story
// outside the development split. And the server's grading and proposals on their own: the turn
// whose text comes last is the one graded, a helping text changes the odds, proposals cycle.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchSender, type ChatEndpoint, type FetchLike } from '../../../shared/judge-run/chat-completions';
import { itemPromptSource, judgeAsker } from '../../../shared/judge-run/item-prompt';
import { judgeItems } from '../../../shared/judge-run/items';
import { developmentUnits, fencedBlocks, PROPOSAL_MARKER, runPromptSearch, type SearchStep, type SearchVersion } from '../../../shared/judge-run/prompt-search';
import { builtInPrompt } from '../../../shared/judge-run/prompts';
import { answerIsCutOff, tallyAnswers } from '../../../shared/judge-run/results';
import { startJudgeRun, type JudgeAnswer } from '../../../shared/judge-run/runner';
import { humanMajority } from '../../../shared/stats/study/majority';
import { puzzleSplit, type SplitRule } from '../../../shared/study/judge-splits';
import { defaultReply, startFakeChatServer, type FakeChatServer } from '../../support/fake-chat-server';
import { searchStudy } from './search-study';

const SPLIT: SplitRule = { seed: 7, shares: { examples: 0.2, development: 0.4, test: 0.4 } };
const HELP = 'Before you reply, read the answer again and check the question against it, word by word.';
const PROPOSALS = ['Reply in English.', HELP];

const { data, units } = searchStudy(24, 34);
const development = developmentUnits(units, SPLIT);
const turns = new Map(data.turns.map((turn) => [turn.id, turn]));

/** People's majority of every labelled turn, in every split, as the reply word that is right. */
function truth(): Map<string, string> {
  const words = new Map<string, string>();
  for (const task of ['answer', 'match'] as const)
    for (const unit of units.units[task]) {
      const majority = humanMajority(unit);
      if (majority !== null) words.set(turns.get(unit.id)!.text, `${majority[0]!.toUpperCase()}${majority.slice(1)}`);
    }
  return words;
}

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer({ grading: { truth: truth(), helps: [HELP], rightShare: { helped: 0.95, unhelped: 0.5 } }, proposals: PROPOSALS });
});
afterAll(() => server.close());

const endpoint: ChatEndpoint = { url: '', model: 'fake-judge', temperature: 0, maxTokens: 512, timeoutMs: 30_000 };
const send = createFetchSender(fetch as unknown as FetchLike);
const clock = { now: Date.now, sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };

/** A version run on the development units as `judge` runs one: the runner, the version's prompts, the answers tallied. */
async function evaluate(version: SearchVersion) {
  const answers: JudgeAnswer[] = [];
  const run = startJudgeRun({
    items: judgeItems(data, { kind: 'labelled', unitIds: new Set(development.map((unit) => unit.turnId)) }),
    ask: judgeAsker(itemPromptSource(data, version), { ...endpoint, url: server.url }, send),
    journal: { readEarlier: async () => {}, append: async (answer) => void answers.push(answer) },
    concurrency: 8,
    clock,
    isCutOff: (answer, item) => answerIsCutOff(answer, item.task, data.study.scheme),
  });
  const { progress, failures } = await run.done;
  if (progress.state === 'cancelled') return { stopped: 'cancelled' as const, reason: 'the run was cancelled' };
  expect(failures).toEqual([]);
  const verdicts = tallyAnswers(answers, turns, data.study.scheme);
  return {
    labels: new Map([...verdicts].map(([turnId, verdict]) => [turnId, verdict.label])),
    replies: new Map([...verdicts].map(([turnId, verdict]) => [turnId, verdict.reply])),
    tokens: progress.tokensIn + progress.tokensOut,
  };
}

const holdsHelp = (step: SearchStep) => step.version.question.includes(HELP) || step.version.final.includes(HELP);

describe('the prompt search against the loopback judge server', () => {
  it('finds the candidate whose proposal holds the helping instruction, asking about development turns only', { timeout: 120_000 }, async () => {
    const studio = builtInPrompt('studio-1')!;
    const asked = server.log.length;
    const result = await runPromptSearch({
      base: { name: 'studio-1', parent: null, question: studio.question, final: studio.final },
      data,
      units: development,
      categories: units.categories,
      budget: { candidates: 4, tokens: null },
      seed: 1,
      nameOf: (step) => `studio-1 tuned ${step}`,
      propose: (_, messages, signal) => send({ ...endpoint, url: server.url }, messages, signal),
      evaluate,
      onStep: () => {},
    });
    console.log(
      `prompt search over ${development.length} development units: ${result.steps
        .map(
          (step) =>
            `${step.version.name} (from ${step.version.parent ?? '-'}, ${step.revised ?? 'base'}${holdsHelp(step) ? ', helped' : ''}) kappa ${step.score?.kappa?.toFixed(3) ?? step.refused}`,
        )
        .join('; ')}; best ${result.best.version.name}`,
    );
    expect(result.stoppedBy).toBe('candidates');
    expect(result.steps).toHaveLength(5);
    expect(result.steps.every((step) => step.score !== undefined)).toBe(true);

    // Step 2 got the second proposal, the helping one: it beats every version without it, and the best holds it.
    const helped = result.steps[2]!;
    expect(helped.rationale).toBe(`I put one paragraph first: ${HELP}`);
    expect(holdsHelp(helped)).toBe(true);
    const unhelped = result.steps.filter((step) => !holdsHelp(step));
    expect(unhelped.length).toBeGreaterThanOrEqual(2);
    for (const step of unhelped) expect(helped.score!.kappa!).toBeGreaterThan(step.score!.kappa! + 0.1);
    // A later proposal puts it in the other template too: the best holds it in both, far above the base.
    expect(result.best.version.question).toContain(HELP);
    expect(result.best.version.final).toContain(HELP);
    expect(result.best.score!.kappa!).toBeGreaterThan(result.steps[0]!.score!.kappa! + 0.4);
    for (const step of result.steps.slice(3)) expect(step.version.parent).not.toBe('studio-1');

    // The log: each step's run asked every development turn once, each proposal once; nothing outside the development split.
    const contents = server.log.slice(asked).map((request) => (JSON.parse(request.body) as { messages: Array<{ content: string }> }).messages[0]!.content);
    const proposals = contents.filter((content) => content.startsWith(PROPOSAL_MARKER));
    expect(proposals).toHaveLength(4);
    expect(contents).toHaveLength(5 * development.length + 4);
    const outside = data.turns.filter((turn) => puzzleSplit(SPLIT, turn.puzzleId) !== 'development');
    const stories = data.puzzles.filter((puzzle) => puzzleSplit(SPLIT, puzzle.id) !== 'development').map((puzzle) => puzzle.story);
    expect(outside.filter((turn) => puzzleSplit(SPLIT, turn.puzzleId) === 'test').length).toBeGreaterThan(50);
    for (const content of contents) {
      for (const turn of outside) expect(content.includes(turn.text)).toBe(false);
      for (const story of stories) expect(content.includes(story)).toBe(false);
    }
  });

  it('grades the turn whose text comes last, helped or not, and proposes its list in turn', async () => {
    const grading = await startFakeChatServer({
      grading: {
        truth: new Map([
          ['Is she blind?', 'Yes'],
          ['Is the room dark?', 'Irrelevant'],
        ]),
        helps: ['Reply: irrelevant'],
        rightShare: { helped: 1, unhelped: 0 },
      },
      proposals: ['First.', 'Second.'],
    });
    const ask = async (content: string) => {
      const outcome = await send({ ...endpoint, url: grading.url }, [{ role: 'user', content }]);
      if (!outcome.ok) throw new Error(outcome.failure.reason);
      return outcome.reply;
    };
    try {
      expect(await ask('Question: Is she blind?\nReply: irrelevant\n\nQuestion: Is the room dark?')).toBe('Irrelevant');
      expect(await ask('Question: Is the room dark?\n\nQuestion: Is she blind?')).toMatch(/^(No|Irrelevant)$/);
      expect(await ask('Question: Is she blind?\nReply: irrelevant')).toBe('Yes');
      expect(await ask('Question: anything else? [item:plain]')).toBe(defaultReply('plain'));
      const template = 'Story: {{story}}\nQuestion: {{question}}';
      const proposal = `${PROPOSAL_MARKER}\n\nThe current template:\n\`\`\`\n${template}\n\`\`\`\n\nQuestion: Is she blind?`;
      const replies = [await ask(proposal), await ask(proposal), await ask(proposal)];
      expect(replies.map((reply) => fencedBlocks(reply))).toEqual([[`First.\n\n${template}`], [`Second.\n\n${template}`], [`First.\n\n${template}`]]);
      expect(grading.log).toHaveLength(7);
    } finally {
      await grading.close();
    }
  });
});
