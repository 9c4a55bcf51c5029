// The prompt search's pure core (issue 34 point 3): the development score against a plainly
// written Cohen's kappa, the refusals of a proposal's reply, and the search with an in-process
// model: the tree (each candidate's parent the best step before it), the candidate and token
// budgets, 'agrees', 'cancelled', 'failed' and its resumption, the same steps on every run, and
// no request that shows a unit outside the development split.

import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatOutcome } from '../../../shared/judge-run/chat-completions';
import { builtInPrompt } from '../../../shared/judge-run/prompts';
import {
  developmentScore,
  developmentUnits,
  fencedBlocks,
  PROPOSAL_MARKER,
  proposalMessages,
  readProposal,
  runPromptSearch,
  SHOWN_DISAGREEMENTS,
  type CandidateEvaluation,
  type DevelopmentScore,
  type DevelopmentUnit,
  type PromptSearchOptions,
  type SearchStep,
  type SearchVersion,
} from '../../../shared/judge-run/prompt-search';
import { keyedUniform } from '../../../shared/random/keyed-uniform';
import type { ReportTask } from '../../../shared/report/model/report-model';
import { humanMajority } from '../../../shared/stats/study/majority';
import type { TaskUnit } from '../../../shared/stats/study/study-units';
import { puzzleSplit, type SplitRule } from '../../../shared/study/judge-splits';
import { searchStudy } from './search-study';

const SPLIT: SplitRule = { seed: 3, shares: { examples: 0.2, development: 0.5, test: 0.3 } };
const CATEGORIES: Record<ReportTask, readonly string[]> = { answer: ['yes', 'no', 'irrelevant'], match: ['matched', 'unmatched'] };
/** The text that makes the in-process model answer as people do more often. */
const HELP = 'Read the answer twice before you reply.';

/** Cohen's kappa as the textbook writes it: observed agreement against the chance the two marginals give. */
function plainKappa(pairs: ReadonlyArray<{ judge: string; people: string }>): number {
  const n = pairs.length;
  const labels = [...new Set(pairs.flatMap((pair) => [pair.judge, pair.people]))];
  const observed = pairs.filter((pair) => pair.judge === pair.people).length / n;
  let chance = 0;
  for (const label of labels) chance += (pairs.filter((pair) => pair.judge === label).length / n) * (pairs.filter((pair) => pair.people === label).length / n);
  return (observed - chance) / (1 - chance);
}

const { data, units: studyUnits } = searchStudy(14, 34);
const units = developmentUnits(studyUnits, SPLIT);
const studio = builtInPrompt('studio-1')!;
const BASE: SearchVersion = { name: 'studio-1', parent: null, question: studio.question, final: studio.final };

/**
 * An in-process judge: each unit's label is people's when a draw fixed by the version's template
 * of the unit's task and the turn falls below 0.95 with HELP in that template, else below 0.5;
 * otherwise the next category. Each run costs 100 tokens.
 */
function evaluateIn(version: SearchVersion, right: (template: string) => number = (template) => (template.includes(HELP) ? 0.95 : 0.5)): CandidateEvaluation {
  const labels = new Map<string, string>();
  const replies = new Map<string, string>();
  for (const unit of units) {
    const template = unit.task === 'answer' ? version.question : version.final;
    const categories = CATEGORIES[unit.task];
    const label =
      keyedUniform(11, `${template}\u0000${unit.turnId}`) < right(template)
        ? unit.answer
        : (categories[(categories.indexOf(unit.answer) + 1) % categories.length] as string);
    labels.set(unit.turnId, label);
    replies.set(unit.turnId, `${label[0]!.toUpperCase()}${label.slice(1)}. ${'The reference says otherwise. '.repeat(30)}`);
  }
  return { labels, replies, tokens: 100 };
}

/** A model that puts the step's paragraph before the template the request shows, as the loopback server does. */
function proposeWith(paragraphs: ReadonlyMap<number, string>) {
  return async (step: number, messages: readonly ChatMessage[]): Promise<ChatOutcome> => {
    const template = fencedBlocks(messages[0]!.content)[0]!;
    const paragraph = paragraphs.get(step) ?? `Paragraph of step ${step}.`;
    return { ok: true, reply: `I added a paragraph.\n\n\`\`\`\n${paragraph}\n\n${template}\n\`\`\``, tokensIn: 10, tokensOut: 5 };
  };
}

interface Recorded {
  steps: SearchStep[];
  asked: Array<{ step: number; content: string }>;
  evaluated: string[];
}

function searchOptions(overrides: Partial<PromptSearchOptions> = {}, recorded: Recorded = { steps: [], asked: [], evaluated: [] }): PromptSearchOptions {
  const propose = overrides.propose ?? proposeWith(new Map([[2, HELP]]));
  return {
    base: BASE,
    data,
    units,
    categories: CATEGORIES,
    budget: { candidates: 4, tokens: null },
    seed: 9,
    nameOf: (step) => `studio-1 search ${step}`,
    evaluate: async (version) => {
      recorded.evaluated.push(version.name);
      return evaluateIn(version);
    },
    onStep: (step) => void recorded.steps.push(step),
    ...overrides,
    propose: (step, messages, signal) => {
      recorded.asked.push({ step, content: messages.map((message) => message.content).join('\n') });
      return propose(step, messages, signal);
    },
  };
}

/** The best scored step among these: the highest kappa, the earlier on a tie. */
function bestOf(steps: readonly SearchStep[]): SearchStep {
  let best: SearchStep | undefined;
  for (const step of steps) if (step.score && (best === undefined || (step.score.kappa ?? -Infinity) > (best.score!.kappa ?? -Infinity))) best = step;
  return best!;
}

function unit(id: string, puzzleId: string, humans: readonly string[]): TaskUnit {
  return { id, puzzleId, bucket: 'easy', judgements: new Map(), humans: humans.map((value, i) => ({ annotator: `a${i}`, value })) };
}

/** A puzzle id of the split part, found by trying names in turn. */
function puzzleOf(part: 'examples' | 'development' | 'test', after = 0): string {
  for (let i = after; ; i++) if (puzzleSplit(SPLIT, `puzzle-${i}`) === part) return `puzzle-${i}`;
}

describe('development units and their score', () => {
  it('keeps the development units with a human majority, answer units first, each in study order', () => {
    const dev = puzzleOf('development');
    const test = puzzleOf('test');
    const examples = puzzleOf('examples');
    const indexed = {
      units: {
        answer: [
          unit('q1', dev, ['yes', 'yes', 'no']),
          unit('q2', test, ['no']),
          unit('q3', dev, ['yes', 'no']),
          unit('q4', examples, ['no']),
          unit('q5', dev, ['irrelevant']),
        ],
        match: [unit('f1', dev, ['matched', 'unmatched', 'unmatched']), unit('f2', test, ['matched'])],
      },
    };
    expect(developmentUnits(indexed, SPLIT)).toEqual([
      { task: 'answer', turnId: 'q1', puzzleId: dev, answer: 'yes' },
      { task: 'answer', turnId: 'q5', puzzleId: dev, answer: 'irrelevant' },
      { task: 'match', turnId: 'f1', puzzleId: dev, answer: 'unmatched' },
    ]);
    for (const one of units) {
      expect(puzzleSplit(SPLIT, one.puzzleId)).toBe('development');
      expect(one.answer).toBe(humanMajority(studyUnits.unitsById[one.task].get(one.turnId)!));
    }
  });

  it('is each task’s Cohen’s kappa with a missing or unparseable label as one more category, weighted by units', () => {
    const hand: DevelopmentUnit[] = [
      ['q1', 'yes'],
      ['q2', 'yes'],
      ['q3', 'no'],
      ['q4', 'no'],
      ['q5', 'irrelevant'],
      ['q6', 'no'],
    ].map(([turnId, answer]) => ({ task: 'answer' as const, turnId: turnId!, puzzleId: 'p', answer: answer! }));
    hand.push(
      ...[
        ['f1', 'matched'],
        ['f2', 'unmatched'],
        ['f3', 'unmatched'],
        ['f4', 'matched'],
      ].map(([turnId, answer]) => ({ task: 'match' as const, turnId: turnId!, puzzleId: 'p', answer: answer! })),
    );
    const labels = new Map([
      ['q1', 'yes'],
      ['q2', 'no'],
      ['q3', 'no'],
      ['q5', 'irrelevant'],
      ['q6', 'unparseable'],
      ['f1', 'matched'],
      ['f2', 'unmatched'],
      ['f3', 'matched'],
    ]);
    const score = developmentScore(hand, labels, CATEGORIES);
    // By hand: questions agree on 3 of 6, chance (1·2 + 2·3 + 1·1) / 36 = 1/4, kappa (1/2 - 1/4) / (3/4) = 1/3;
    // finals agree on 2 of 4, chance (2·2 + 1·2) / 16 = 3/8, kappa (1/2 - 3/8) / (5/8) = 1/5; weighted (6/3 + 4/5) / 10 = 0.28.
    expect(score.tasks.answer).toEqual({ kappa: expect.closeTo(1 / 3, 12), agreement: 0.5, n: 6 });
    expect(score.tasks.match).toEqual({ kappa: expect.closeTo(0.2, 12), agreement: 0.5, n: 4 });
    expect(score.kappa).toBeCloseTo(0.28, 12);
    const pairs = (task: ReportTask) =>
      hand
        .filter((one) => one.task === task)
        .map((one) => {
          const label = labels.get(one.turnId);
          return { judge: label !== undefined && CATEGORIES[task].includes(label) ? label : 'none', people: one.answer };
        });
    expect(score.tasks.answer.kappa).toBeCloseTo(plainKappa(pairs('answer')), 12);
    expect(score.tasks.match.kappa).toBeCloseTo(plainKappa(pairs('match')), 12);
  });

  it('counts leaving a unit unlabelled against a version, and gives no kappa without units', () => {
    const all = new Map(units.map((one) => [one.turnId, one.answer]));
    expect(developmentScore(units, all, CATEGORIES).kappa).toBe(1);
    const hard = units.filter((one) => one.task === 'answer').slice(0, 5);
    const unread = new Map([...all].filter(([turnId]) => !hard.some((one) => one.turnId === turnId)));
    expect(developmentScore(units, unread, CATEGORIES).kappa).toBeLessThan(1);
    expect(developmentScore(units, unread, CATEGORIES).tasks.answer.agreement).toBeCloseTo(1 - 5 / units.filter((one) => one.task === 'answer').length, 12);
    expect(developmentScore([], all, CATEGORIES)).toEqual({
      kappa: null,
      tasks: { answer: { kappa: null, agreement: null, n: 0 }, match: { kappa: null, agreement: null, n: 0 } },
    });
  });
});

describe('reading a proposal', () => {
  const parent = 'Story: {{story}}\nQuestion: {{question}}';

  it('takes the last fenced block as the template and the rest, without its thinking, as the rationale', () => {
    const reply = `<think>I could write \`\`\`\nsomething\n\`\`\` here.</think>\nI asked for care.\n\n\`\`\`text\nA draft {{question}}\n\`\`\`\n\n\`\`\`\nBe careful.\n${parent}\n\`\`\`\nThat is all.`;
    expect(readProposal(reply, parent, 'answer')).toEqual({
      template: `Be careful.\n${parent}`,
      rationale: 'I asked for care.\n\n```text\nA draft {{question}}\n```\n\nThat is all.',
    });
    const long = readProposal(`${'why '.repeat(400)}\n\`\`\`\nNew. {{question}}\n\`\`\``, parent, 'answer');
    expect(long.rationale).toHaveLength(1000);
    expect('template' in long && long.template).toBe('New. {{question}}');
    // A template with backticks of its own comes in a longer fence.
    expect(readProposal('````\nSay `yes`:\n```\n{{question}}\n````', parent, 'answer')).toEqual({ template: 'Say `yes`:\n```\n{{question}}' });
  });

  it("reads no template from a reasoning model's thinking, only from what it answered", () => {
    // Qwen3 and DeepSeek-R1 served without a reasoning parser draft in fences while they think.
    const draft = '<think>A draft:\n```\nDraft. {{question}}\n```\nNo, better not.</think>\nI would keep the prompt as it is.';
    expect(readProposal(draft, parent, 'answer')).toEqual({
      refused: 'the model gave no revised template: its reply holds no fenced ``` block',
      rationale: 'I would keep the prompt as it is.',
    });
    // A chat template that opens the thinking in the prompt leaves only its closing tag in the reply.
    const opened = 'Draft:\n```\nDraft. {{question}}\n```\n</THINKING>\nHere it is.\n```\nKept. {{question}}\n```';
    expect(readProposal(opened, parent, 'answer')).toEqual({ template: 'Kept. {{question}}', rationale: 'Here it is.' });
  });

  it('refuses a reply without a template, with an unknown placeholder, without the turn or the same as its parent', () => {
    const refused = (reply: string, task: ReportTask = 'answer') => {
      const reading = readProposal(reply, parent, task);
      return 'refused' in reading ? reading.refused : 'accepted';
    };
    expect(refused('Be more careful with {{question}}.')).toBe('the model gave no revised template: its reply holds no fenced ``` block');
    expect(refused('Here:\n```\nBe careful. {{question}}')).toMatch(/no fenced/);
    expect(refused('```\nBe careful. {{question}} {{answer}}\n```')).toMatch(/^the revised template cannot be used: unknown placeholder \{\{answer\}\}/);
    expect(refused('```\nBe careful. {{story}}\n```')).toBe("the revised template leaves out {{question}}, where a player's yes/no question goes");
    expect(refused('```\nBe careful. {{question}}\n```', 'match')).toBe("the revised template leaves out {{finalAnswer}}, where a player's final answer goes");
    expect(refused(`Unchanged.\n\`\`\`\n\n${parent}\n\n\`\`\``)).toBe('the model gave its parent template back unchanged');
    expect(refused('```\nBe careful. {{finalAnswer}}\n```', 'match')).toBe('accepted');
  });
});

describe('the search', () => {
  it('revises the best step so far, the task with the lower kappa, from its disagreements, and keeps the best', async () => {
    const recorded: Recorded = { steps: [], asked: [], evaluated: [] };
    const progress: string[] = [];
    const result = await runPromptSearch(
      searchOptions({ onProgress: ({ phase, step, steps, best }) => void progress.push(`${phase} ${step} after ${steps.length}, best ${best}`) }, recorded),
    );
    expect(result.stoppedBy).toBe('candidates');
    expect(progress.slice(0, 4)).toEqual([
      'evaluating 0 after 0, best studio-1',
      'proposing 1 after 1, best studio-1',
      'evaluating 1 after 1, best studio-1',
      `proposing 2 after 2, best ${bestOf(result.steps.slice(0, 2)).version.name}`,
    ]);
    expect(progress).toHaveLength(9);
    expect(result.steps.map((step) => step.step)).toEqual([0, 1, 2, 3, 4]);
    expect(recorded.steps).toEqual(result.steps);
    expect(result.best).toBe(bestOf(result.steps));
    for (const step of result.steps.slice(1)) {
      const parent = bestOf(result.steps.slice(0, step.step));
      expect(step.version.parent).toBe(parent.version.name);
      const { answer, match } = parent.score!.tasks;
      expect(step.revised).toBe((match.kappa ?? -Infinity) < (answer.kappa ?? -Infinity) ? 'match' : 'answer');
      const revised = step.revised === 'answer' ? 'question' : 'final';
      const kept = step.revised === 'answer' ? 'final' : 'question';
      const paragraph = step.step === 2 ? HELP : `Paragraph of step ${step.step}.`;
      expect(step.version[revised]).toBe(`${paragraph}\n\n${parent.version[revised]}`);
      expect(step.version[kept]).toBe(parent.version[kept]);
      expect(step.rationale).toBe('I added a paragraph.');
      expect(step.proposalTokens).toBe(15);
    }
    // The helping paragraph lifts its template's task, and the search keeps that version or a child of it.
    expect(result.best.step).toBeGreaterThanOrEqual(2);
    expect(result.best.version.question + result.best.version.final).toContain(HELP);
    expect(result.best.score!.kappa!).toBeGreaterThan(result.steps[0]!.score!.kappa! + 0.1);
    expect(result.tokens).toBe(5 * 100 + 4 * 15);

    // Each request: the marker first, the parent's template, and up to 8 of its disagreements of the task, people's label beside.
    for (const { step, content } of recorded.asked) {
      const done = result.steps[step]!;
      const parent = result.steps.find((one) => one.version.name === done.version.parent)!;
      expect(content.split('\n')[0]).toBe(PROPOSAL_MARKER);
      expect(fencedBlocks(content)[0]).toBe(parent.version[done.revised === 'answer' ? 'question' : 'final']);
      const shown = units.filter((one) => content.includes(data.turns.find((turn) => turn.id === one.turnId)!.text));
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.length).toBeLessThanOrEqual(SHOWN_DISAGREEMENTS);
      const parentLabels = evaluateIn(parent.version).labels;
      for (const one of shown) {
        expect(one.task).toBe(done.revised);
        expect(parentLabels.get(one.turnId)).not.toBe(one.answer);
      }
      // Replies are cut to 500 characters.
      expect(content).toMatch(/The judge's reply: [^\n]{499}…\n/);
    }
    console.log(
      `search over ${units.length} development units: ${result.steps.map((step) => `${step.step} (parent ${step.version.parent ?? '-'}, ${step.revised ?? 'base'}): kappa ${step.score!.kappa!.toFixed(3)}`).join('; ')}; best ${result.best.version.name}`,
    );
  });

  it('shows no unit outside the development split in any request', async () => {
    const recorded: Recorded = { steps: [], asked: [], evaluated: [] };
    await runPromptSearch(searchOptions({ budget: { candidates: 6, tokens: null } }, recorded));
    const outside = data.turns.filter((turn) => puzzleSplit(SPLIT, turn.puzzleId) !== 'development');
    expect(outside.length).toBeGreaterThan(20);
    const stories = data.puzzles.filter((puzzle) => puzzleSplit(SPLIT, puzzle.id) !== 'development').map((puzzle) => puzzle.story);
    expect(recorded.asked).toHaveLength(6);
    for (const { content } of recorded.asked) {
      for (const turn of outside) expect(content).not.toContain(turn.text);
      for (const story of stories) expect(content).not.toContain(story);
    }
  });

  it('counts a refused proposal against the candidates, reports it, and revises the same parent next', async () => {
    const propose = proposeWith(new Map([[2, HELP]]));
    const recorded: Recorded = { steps: [], asked: [], evaluated: [] };
    const result = await runPromptSearch(
      searchOptions(
        {
          budget: { candidates: 3, tokens: null },
          propose: async (step, messages) =>
            step === 1 ? { ok: true, reply: 'I would not change a thing.', tokensIn: 40, tokensOut: 7 } : propose(step, messages),
        },
        recorded,
      ),
    );
    expect(result.stoppedBy).toBe('candidates');
    expect(result.steps).toHaveLength(4);
    const refused = result.steps[1]!;
    expect(refused).toEqual({
      step: 1,
      version: { name: 'studio-1 search 1', parent: 'studio-1', question: BASE.question, final: BASE.final },
      revised: refused.revised,
      proposalTokens: 47,
      evaluationTokens: 0,
      refused: 'the model gave no revised template: its reply holds no fenced ``` block',
      rationale: 'I would not change a thing.',
    });
    expect(recorded.steps[1]).toEqual(refused);
    expect(recorded.evaluated).toEqual(['studio-1', 'studio-1 search 2', 'studio-1 search 3']);
    expect(result.steps[2]!.version.parent).toBe('studio-1');
    expect(result.tokens).toBe(3 * 100 + 47 + 2 * 15);
  });

  it('stops when the tokens spent reach the budget before a proposal', async () => {
    // Base 100; candidate 1 brings 215; candidate 2 330, over 250: no third proposal.
    const result = await runPromptSearch(searchOptions({ budget: { candidates: 10, tokens: 250 } }));
    expect(result).toMatchObject({ stoppedBy: 'tokens', reason: 'the search spent 330 tokens, reaching its budget of 250' });
    expect(result.steps.map((step) => step.step)).toEqual([0, 1, 2]);
    expect(result.tokens).toBe(330);
    const exact = await runPromptSearch(searchOptions({ budget: { candidates: 10, tokens: 215 } }));
    expect(exact.steps).toHaveLength(2);
    expect(exact.stoppedBy).toBe('tokens');
  });

  it('stops when the best version agrees with people on every unit', async () => {
    const recorded: Recorded = { steps: [], asked: [], evaluated: [] };
    const result = await runPromptSearch(searchOptions({ evaluate: async (version) => evaluateIn(version, () => 1) }, recorded));
    expect(result).toMatchObject({ stoppedBy: 'agrees', reason: "studio-1 agrees with people's majority on every development unit" });
    expect(result.steps).toHaveLength(1);
    expect(result.best.score!.kappa).toBe(1);
    expect(recorded.asked).toHaveLength(0);
  });

  it('stops when cancelled, between steps or in a run, keeping the steps complete', async () => {
    const controller = new AbortController();
    const recorded: Recorded = { steps: [], asked: [], evaluated: [] };
    const between = await runPromptSearch(
      searchOptions({ signal: controller.signal, onStep: (step) => void (recorded.steps.push(step), step.step === 1 && controller.abort()) }, recorded),
    );
    expect(between).toMatchObject({ stoppedBy: 'cancelled', reason: 'the search was cancelled' });
    expect(between.steps.map((step) => step.step)).toEqual([0, 1]);
    expect(recorded.asked).toHaveLength(1);

    const inRun = await runPromptSearch(
      searchOptions({
        evaluate: async (version, step) => (step === 2 ? { stopped: 'cancelled', reason: 'the lead cancelled the run' } : evaluateIn(version)),
      }),
    );
    expect(inRun).toMatchObject({ stoppedBy: 'cancelled', reason: 'the lead cancelled the run', tokens: 215 });
    expect(inRun.steps.map((step) => step.step)).toEqual([0, 1]);

    const base = await runPromptSearch(searchOptions({ evaluate: async () => ({ stopped: 'failed', reason: 'every item failed' }) }));
    expect(base).toMatchObject({ steps: [], stoppedBy: 'failed', reason: 'every item failed', tokens: 0 });
    expect(base.best).toEqual({ step: 0, version: BASE, revised: null, proposalTokens: 0, evaluationTokens: 0 });
  });

  it('stops on a failed proposal, and a rerun with the journalled replies takes the same steps and goes on', async () => {
    const journal = new Map<number, ChatOutcome>();
    const model = proposeWith(new Map([[2, HELP]]));
    const journalled =
      (failAt: number | null) =>
      async (step: number, messages: readonly ChatMessage[]): Promise<ChatOutcome> => {
        const earlier = journal.get(step);
        if (earlier) return earlier;
        if (step === failAt) return { ok: false, failure: { kind: 'server-error', reason: 'the endpoint failed (HTTP 500)' } };
        const outcome = await model(step, messages);
        journal.set(step, outcome);
        return outcome;
      };
    const first = await runPromptSearch(searchOptions({ propose: journalled(3) }));
    expect(first).toMatchObject({ stoppedBy: 'failed', reason: 'the proposal for candidate 3 failed: the endpoint failed (HTTP 500)' });
    expect(first.steps.map((step) => step.step)).toEqual([0, 1, 2]);
    const rerun = await runPromptSearch(searchOptions({ propose: journalled(null) }));
    expect(rerun.stoppedBy).toBe('candidates');
    expect(rerun.steps.slice(0, 3)).toEqual(first.steps);
    expect(rerun.steps).toHaveLength(5);
  });

  it('takes the same steps on every run, and shows other disagreements with another seed', async () => {
    const one: Recorded = { steps: [], asked: [], evaluated: [] };
    const two: Recorded = { steps: [], asked: [], evaluated: [] };
    const three: Recorded = { steps: [], asked: [], evaluated: [] };
    const first = await runPromptSearch(searchOptions({}, one));
    const second = await runPromptSearch(searchOptions({}, two));
    expect(second).toEqual(first);
    expect(two.asked).toEqual(one.asked);
    await runPromptSearch(searchOptions({ seed: 10 }, three));
    expect(three.asked[0]!.content).not.toBe(one.asked[0]!.content);
  });

  it('refuses a search with nothing to score or a budget that is not one', async () => {
    await expect(runPromptSearch(searchOptions({ units: [] }))).rejects.toThrow(/development split holds no unit/);
    await expect(runPromptSearch(searchOptions({ budget: { candidates: 1.5, tokens: null } }))).rejects.toThrow(/whole number/);
    await expect(runPromptSearch(searchOptions({ budget: { candidates: 3, tokens: 0 } }))).rejects.toThrow(/token budget/);
  });
});

describe('the reflective request', () => {
  it('names the judge’s missing label and shows the reply it gave', () => {
    const [first, second] = units.filter((one) => one.task === 'match');
    const [message] = proposalMessages(data, 'match', BASE.final, [
      { unit: first!, reply: 'Matched, since the fact explains it.' },
      { unit: second!, label: 'matched' },
    ]);
    const content = message!.content;
    expect(content).toContain(`\`\`\`\n${BASE.final}\n\`\`\``);
    expect(content).toContain(
      `The judge's label: (none: its reply gave no verdict)\nThe judge's reply: Matched, since the fact explains it.\nPeople's label: ${first!.answer}`,
    );
    expect(content).toContain(`The judge's label: matched\nPeople's label: ${second!.answer}`);
    expect(content).toContain('{{finalAnswer}}');
  });

  it('scores against a development score the search itself reports', async () => {
    const result = await runPromptSearch(searchOptions({ budget: { candidates: 1, tokens: null } }));
    const expected: DevelopmentScore = developmentScore(units, evaluateIn(BASE).labels, CATEGORIES);
    expect(result.steps[0]!.score).toEqual(expected);
  });
});
