// The prompt search's pure core (issue 34 point 3): the development units a candidate is scored on,
// the score (Cohen's kappa against people's majority), the reflective request that asks the model
// for a revised template from the best version's disagreements (as GEPA does), the reading of its
// reply, and the hill-climbing loop over a budget of candidates and tokens. No I/O: the caller
// sends the requests, runs each version on the development units, journals and saves the steps.
//
// The search, step by step. Step 0 runs the base version. Then, for each step 1..candidates:
// - stop ('tokens') when the tokens spent so far (every proposal's and run's tokens in and out)
//   have reached the budget's tokens, checked before each new proposal;
// - the parent is the best scored step so far: the highest kappa, the earlier on a tie;
// - stop ('agrees') when the parent disagrees with people on no development unit;
// - the revised task is the one whose kappa is lower among the tasks with disagreements (a tie
//   revises `answer`); the request shows the parent's template of that task and up to 8 of its
//   disagreements of that task, drawn by keyedUniform(seed, `${step}:${turnId}`);
// - the reply's last fenced block is the revised template; a reply without a usable one is a
//   refused step, counted against the candidates and reported like the others;
// - the candidate is the parent with that template (its other template kept), run on the
//   development units and scored.
// A failed proposal request stops the search ('failed'), a cancelled or failed run stops it as the
// run stopped; a rerun resumes, because the search keeps no state of its own: given the same
// replies (the caller journals each proposal by step) and the same runs (each run's journal), it
// takes the same steps. The search sees only `units`, so the test split is never asked about.

import type { Puzzle, StudyData, Turn } from '../domain/model';
import { templateProblem, templateUses } from '../domain/prompt-template';
import { withoutReasoning } from '../formats/judge-reply';
import { keyedUniform } from '../random/keyed-uniform';
import type { ReportTask } from '../report/model/report-model';
import { kappaOfCounts } from '../stats/judge/clustered-kappa';
import { humanMajority } from '../stats/study/majority';
import type { StudyUnits } from '../stats/study/study-units';
import { puzzleSplit, type SplitRule } from '../study/judge-splits';
import type { ChatMessage, ChatOutcome } from './chat-completions';

// shared/ is typed without DOM or Node: the part of an AbortSignal the search and its caller's senders read.
interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

const TASKS: readonly ReportTask[] = ['answer', 'match'];

/** A development-split unit people labelled with a majority: what a candidate is scored on. */
export interface DevelopmentUnit {
  task: ReportTask;
  turnId: string;
  puzzleId: string;
  /** People's majority label. */
  answer: string;
}

/**
 * The answer and match units of the `development` part that have a human majority (a tie for
 * first place is none, so the unit is left out): the answer units, then the match units, each in
 * study order.
 */
export function developmentUnits(units: Pick<StudyUnits, 'units'>, split: SplitRule): DevelopmentUnit[] {
  const development: DevelopmentUnit[] = [];
  for (const task of TASKS)
    for (const unit of units.units[task]) {
      const answer = humanMajority(unit);
      if (answer === null || puzzleSplit(split, unit.puzzleId) !== 'development') continue;
      development.push({ task, turnId: unit.id, puzzleId: unit.puzzleId, answer });
    }
  return development;
}

export interface TaskScore {
  kappa: number | null;
  /** The share of the task's units whose label is people's. */
  agreement: number | null;
  n: number;
}

/**
 * `kappa`: the unit-weighted mean of the tasks' Cohen's kappas against people's majority; null
 * when no task has one. A missing, unparseable or cut-off label counts as a disagreement (one
 * extra category, which people never give), so no candidate wins by leaving hard units unread.
 */
export interface DevelopmentScore {
  kappa: number | null;
  tasks: Record<ReportTask, TaskScore>;
}

/** The score of one version's labels (turn id -> label) on the development units, over each task's categories. */
export function developmentScore(
  units: readonly DevelopmentUnit[],
  labels: ReadonlyMap<string, string>,
  categories: Readonly<Record<ReportTask, readonly string[]>>,
): DevelopmentScore {
  const tasks = { answer: taskScore(units, labels, categories, 'answer'), match: taskScore(units, labels, categories, 'match') };
  let weighted = 0;
  let n = 0;
  for (const task of TASKS) {
    const { kappa, n: taskN } = tasks[task];
    if (kappa === null) continue;
    weighted += kappa * taskN;
    n += taskN;
  }
  return { kappa: n === 0 ? null : weighted / n, tasks };
}

function taskScore(
  units: readonly DevelopmentUnit[],
  labels: ReadonlyMap<string, string>,
  categories: Readonly<Record<ReportTask, readonly string[]>>,
  task: ReportTask,
): TaskScore {
  // People's labels are categories of the task; one the scheme does not list still gets a place of its own.
  const known = [...categories[task]];
  for (const unit of units) if (unit.task === task && !known.includes(unit.answer)) known.push(unit.answer);
  const k = known.length + 1;
  const counts = new Float64Array(k * k);
  let n = 0;
  let agree = 0;
  for (const unit of units) {
    if (unit.task !== task) continue;
    const label = labels.get(unit.turnId);
    const judged = label === undefined ? -1 : known.indexOf(label);
    const row = judged < 0 ? k - 1 : judged;
    const column = known.indexOf(unit.answer);
    counts[row * k + column] = (counts[row * k + column] as number) + 1;
    n++;
    if (row === column) agree++;
  }
  return { kappa: kappaOfCounts(counts, k), agreement: n === 0 ? null : agree / n, n };
}

export interface SearchVersion {
  name: string;
  /** The version it was revised from; null for the base. */
  parent: string | null;
  question: string;
  final: string;
}

export interface CandidateEvaluation {
  /** Turn id -> the version's label; a turn without a verdict (cut off, failed) is missing. */
  labels: ReadonlyMap<string, string>;
  /** Turn id -> the reply as kept, shown in the next proposals beside its label. */
  replies: ReadonlyMap<string, string>;
  /** The run's tokens in and out. */
  tokens: number;
}

export interface SearchStep {
  /** 0 = the base version, 1.. = candidates. */
  step: number;
  /** For a refused proposal: the parent's text, named as nameOf gave. */
  version: SearchVersion;
  /** Which template the proposal revised (null for the base). */
  revised: ReportTask | null;
  proposalTokens: number;
  /** Absent on a refused step. */
  score?: DevelopmentScore;
  evaluationTokens: number;
  /** Why the proposal gave no candidate, in a lead's words. */
  refused?: string;
  /** What the model said it changed: the text outside the fenced block, trimmed, at most 1000 characters. */
  rationale?: string;
}

export interface SearchProgress {
  phase: 'evaluating' | 'proposing';
  step: number;
  steps: readonly SearchStep[];
  tokens: number;
  /** The best version's name so far. */
  best: string;
}

export interface PromptSearchOptions {
  base: SearchVersion;
  data: Pick<StudyData, 'puzzles' | 'turns'>;
  units: readonly DevelopmentUnit[];
  categories: Readonly<Record<ReportTask, readonly string[]>>;
  /** Candidates to propose (refused ones count), and tokens to spend, or null for no bound. */
  budget: { candidates: number; tokens: number | null };
  /** Draws the disagreements each proposal shows. */
  seed: number;
  nameOf(step: number): string;
  /** One reflective request; the caller journals it by step, so a resumed search replays it. */
  propose(step: number, messages: readonly ChatMessage[], signal?: AbortSignalLike): Promise<ChatOutcome>;
  /** Runs a version on the development units; resolves when its run ends. */
  evaluate(version: SearchVersion, step: number, signal?: AbortSignalLike): Promise<CandidateEvaluation | { stopped: 'cancelled' | 'failed'; reason: string }>;
  /** Each step once complete, before the next starts (the caller saves the version and its score). */
  onStep(step: SearchStep): Promise<void> | void;
  onProgress?(progress: SearchProgress): void;
  signal?: AbortSignalLike;
}

/**
 * `best` is the best scored step; when the base's own run stopped, no step is complete and `best`
 * is the base, unscored.
 */
export interface SearchResult {
  steps: SearchStep[];
  best: SearchStep;
  stoppedBy: 'candidates' | 'tokens' | 'agrees' | 'cancelled' | 'failed';
  reason?: string;
  tokens: number;
}

/** The disagreements one proposal shows, at most. */
export const SHOWN_DISAGREEMENTS = 8;
/** A reply shown beside its label is cut to this many characters. */
const SHOWN_REPLY_CHARS = 500;
const MAX_RATIONALE_CHARS = 1000;
const CANCELLED = 'the search was cancelled';

/** The first line of every reflective request: how a request log (and the tests' loopback server) tells it from a judge's. */
export const PROPOSAL_MARKER = 'You are revising the prompt of a judge model that labels the turns of situation puzzles.';

const TURN_PLACEHOLDER: Record<ReportTask, 'question' | 'finalAnswer'> = { answer: 'question', match: 'finalAnswer' };
const TEMPLATE_OF: Record<ReportTask, 'question' | 'final'> = { answer: 'question', match: 'final' };
const TURN_WORDS: Record<ReportTask, { turns: string; heading: string }> = {
  answer: { turns: "a player's yes/no question", heading: 'Question' },
  match: { turns: "a player's final answer", heading: 'Final answer' },
};

/** One development unit where the parent's label is not people's, with what the request shows of it. */
export interface Disagreement {
  unit: DevelopmentUnit;
  /** The parent's label, absent when its run gave none. */
  label?: string;
  reply?: string;
}

/** The search as the module's opening comment tells it; throws a RangeError, before any request, on no units or a budget that is not one. */
export async function runPromptSearch(options: PromptSearchOptions): Promise<SearchResult> {
  const { base, units, categories, budget, signal } = options;
  if (units.length === 0) throw new RangeError('the development split holds no unit people labelled with a majority: a candidate has nothing to be scored on');
  if (!Number.isSafeInteger(budget.candidates) || budget.candidates < 0)
    throw new RangeError(`the number of candidates must be a whole number, 0 or more, not ${budget.candidates}`);
  if (budget.tokens !== null && !(budget.tokens > 0)) throw new RangeError(`the token budget must be more than 0, not ${budget.tokens}`);
  const steps: SearchStep[] = [];
  // Each scored step's labels and replies, by step: the next proposals show its disagreements.
  const evaluations = new Map<number, CandidateEvaluation>();
  let tokens = 0;
  let best: SearchStep = { step: 0, version: base, revised: null, proposalTokens: 0, evaluationTokens: 0 };
  // A copy of the steps, so a listener may keep what it is handed.
  const progress = (phase: SearchProgress['phase'], step: number) => options.onProgress?.({ phase, step, steps: [...steps], tokens, best: best.version.name });
  const stop = (stoppedBy: SearchResult['stoppedBy'], reason?: string): SearchResult => ({
    steps,
    best,
    stoppedBy,
    ...(reason === undefined ? {} : { reason }),
    tokens,
  });
  const complete = async (done: SearchStep) => {
    steps.push(done);
    tokens += done.proposalTokens + done.evaluationTokens;
    if (done.score !== undefined && (best.score === undefined || kappaRank(done.score) > kappaRank(best.score))) best = done;
    await options.onStep(done);
  };

  if (signal?.aborted) return stop('cancelled', CANCELLED);
  progress('evaluating', 0);
  const evaluated = await options.evaluate(base, 0, signal);
  if ('stopped' in evaluated) return stop(evaluated.stopped, evaluated.reason);
  evaluations.set(0, evaluated);
  await complete({
    step: 0,
    version: base,
    revised: null,
    proposalTokens: 0,
    score: developmentScore(units, evaluated.labels, categories),
    evaluationTokens: evaluated.tokens,
  });

  for (let step = 1; step <= budget.candidates; step++) {
    if (budget.tokens !== null && tokens >= budget.tokens)
      return stop('tokens', `the search spent ${tokens.toLocaleString('en')} tokens, reaching its budget of ${budget.tokens.toLocaleString('en')}`);
    if (signal?.aborted) return stop('cancelled', CANCELLED);
    const parent = best;
    const parentEvaluation = evaluations.get(parent.step) as CandidateEvaluation;
    const task = revisedTask(parent.score as DevelopmentScore);
    if (task === null) return stop('agrees', `${parent.version.name} agrees with people's majority on every development unit`);
    const template = parent.version[TEMPLATE_OF[task]];
    const disagreements = shownDisagreements(units, parentEvaluation, task, options.seed, step);
    progress('proposing', step);
    const proposed = await options.propose(step, proposalMessages(options.data, task, template, disagreements), signal);
    if (signal?.aborted) return stop('cancelled', CANCELLED);
    if (!proposed.ok) return stop('failed', `the proposal for candidate ${step} failed: ${proposed.failure.reason}`);
    const proposalTokens = proposed.tokensIn + proposed.tokensOut;
    const reading = readProposal(proposed.reply, template, task);
    const rationale = reading.rationale === undefined ? {} : { rationale: reading.rationale };
    const name = options.nameOf(step);
    if ('refused' in reading) {
      await complete({
        step,
        version: { name, parent: parent.version.name, question: parent.version.question, final: parent.version.final },
        revised: task,
        proposalTokens,
        evaluationTokens: 0,
        refused: reading.refused,
        ...rationale,
      });
      continue;
    }
    const version: SearchVersion = { ...parent.version, name, parent: parent.version.name, [TEMPLATE_OF[task]]: reading.template };
    progress('evaluating', step);
    const run = await options.evaluate(version, step, signal);
    if ('stopped' in run) return stop(run.stopped, run.reason);
    evaluations.set(step, run);
    await complete({
      step,
      version,
      revised: task,
      proposalTokens,
      score: developmentScore(units, run.labels, categories),
      evaluationTokens: run.tokens,
      ...rationale,
    });
  }
  return stop('candidates');
}

/** A score's place in the ranking: its kappa, an undefined kappa below every other. */
function kappaRank(score: DevelopmentScore): number {
  return score.kappa ?? Number.NEGATIVE_INFINITY;
}

/** The task to revise: among the tasks with a disagreement, the one with the lower kappa (`answer` on a tie); null when there is none. */
function revisedTask(score: DevelopmentScore): ReportTask | null {
  let chosen: ReportTask | null = null;
  for (const task of TASKS) {
    const { agreement } = score.tasks[task];
    if (agreement === null || agreement === 1) continue;
    const kappa = score.tasks[task].kappa ?? Number.NEGATIVE_INFINITY;
    if (chosen === null || kappa < (score.tasks[chosen].kappa ?? Number.NEGATIVE_INFINITY)) chosen = task;
  }
  return chosen;
}

/** Up to SHOWN_DISAGREEMENTS of the task's disagreements, in the order of their draws for this step. */
function shownDisagreements(units: readonly DevelopmentUnit[], evaluation: CandidateEvaluation, task: ReportTask, seed: number, step: number): Disagreement[] {
  return units
    .filter((unit) => unit.task === task && evaluation.labels.get(unit.turnId) !== unit.answer)
    .map((unit) => ({ unit, draw: keyedUniform(seed, `${step}:${unit.turnId}`) }))
    .sort((a, b) => a.draw - b.draw || (a.unit.turnId < b.unit.turnId ? -1 : 1))
    .slice(0, SHOWN_DISAGREEMENTS)
    .map(({ unit }) => {
      const label = evaluation.labels.get(unit.turnId);
      const reply = evaluation.replies.get(unit.turnId);
      return { unit, ...(label === undefined ? {} : { label }), ...(reply === undefined ? {} : { reply }) };
    });
}

/**
 * The reflective request: the marker line, the parent's template of the task in a fence longer
 * than any run of backticks in it, each disagreement's story, answer, turn, the judge's label and
 * reply (cut to 500 characters) and people's label, and the ask for the whole revised template in
 * one fenced block with the placeholders kept.
 */
export function proposalMessages(
  data: Pick<StudyData, 'puzzles' | 'turns'>,
  task: ReportTask,
  template: string,
  disagreements: readonly Disagreement[],
): ChatMessage[] {
  const puzzles = new Map<string, Puzzle>(data.puzzles.map((puzzle) => [puzzle.id, puzzle]));
  const turns = new Map<string, Turn>(data.turns.map((turn) => [turn.id, turn]));
  const fence = '`'.repeat(Math.max(3, ...[...template.matchAll(/`+/g)].map((run) => run[0].length + 1)));
  const { turns: turnWords, heading } = TURN_WORDS[task];
  const shown = disagreements.map(({ unit, label, reply }, i) => {
    const turn = turns.get(unit.turnId);
    const puzzle = puzzles.get(unit.puzzleId);
    if (!turn || !puzzle) throw new Error(`the study holds no turn ${JSON.stringify(unit.turnId)} with its puzzle`);
    const said = reply === undefined ? '' : `\nThe judge's reply: ${reply.length > SHOWN_REPLY_CHARS ? `${reply.slice(0, SHOWN_REPLY_CHARS - 1)}…` : reply}`;
    return `Disagreement ${i + 1}\nStory:\n${puzzle.story}\n\nAnswer:\n${puzzle.reference}\n\n${heading}: ${turn.text}\nThe judge's label: ${label ?? '(none: its reply gave no verdict)'}${said}\nPeople's label: ${unit.answer}`;
  });
  const content = [
    PROPOSAL_MARKER,
    `The judge reads the template below, filled in for ${turnWords}, and replies with one word. People labelled the same turns; on the turns after the template, the judge's label differs from theirs.`,
    `The current template:\n${fence}\n${template}\n${fence}`,
    ...shown,
    `Revise the template so the judge labels turns like these as people do, without fitting these turns alone. Keep its placeholders ({{story}}, {{reference}}, {{${TURN_PLACEHOLDER[task]}}} and the others it uses), written the same way, and use no new ones. Say in a line or two what you changed, then give the complete revised template in one fenced ${'```'} block.`,
  ].join('\n\n');
  return [{ role: 'user', content }];
}

/** The contents of the text's fenced blocks (a line of three or more backticks to a line of at least as many), in order; an unclosed block is none. */
export function fencedBlocks(text: string): string[] {
  const lines = text.split(/\r?\n/);
  return fences(lines).map(({ from, to }) => lines.slice(from + 1, to).join('\n'));
}

/** Each fenced block's lines: from its opening fence to its closing one. */
function fences(lines: readonly string[]): Array<{ from: number; to: number }> {
  const found: Array<{ from: number; to: number }> = [];
  let open: { from: number; fence: number } | null = null;
  lines.forEach((line, at) => {
    if (open === null) {
      const opening = /^ {0,3}(`{3,})[^`]*$/.exec(line);
      if (opening) open = { from: at, fence: (opening[1] as string).length };
      return;
    }
    const closing = /^ {0,3}(`{3,})\s*$/.exec(line);
    if (closing && (closing[1] as string).length >= open.fence) {
      found.push({ from: open.from, to: at });
      open = null;
    }
  });
  return found;
}

/** A reply read as a revised template of the task, or why it gives none; with what the model said besides. */
export type ProposalReading = { template: string; rationale?: string } | { refused: string; rationale?: string };

/**
 * The reply's last fenced block as the revised template, refused when there is none, when it names
 * a placeholder we do not know, when it leaves out the turn's placeholder, or when it is the
 * parent's template again. The rationale is the rest of the reply, a reasoning model's `<think>`
 * block left out.
 */
export function readProposal(reply: string, parentTemplate: string, task: ReportTask): ProposalReading {
  // A reasoning model's thinking may hold drafts in fences of its own: only what it answered counts.
  const lines = withoutReasoning(reply).split(/\r?\n/);
  const last = fences(lines).pop();
  const template = last === undefined ? undefined : lines.slice(last.from + 1, last.to).join('\n');
  const outside = last === undefined ? lines : [...lines.slice(0, last.from), ...lines.slice(last.to + 1)];
  const said = outside.join('\n').trim();
  const rationale = said === '' ? {} : { rationale: said.length > MAX_RATIONALE_CHARS ? `${said.slice(0, MAX_RATIONALE_CHARS - 1)}…` : said };
  if (template === undefined) return { refused: 'the model gave no revised template: its reply holds no fenced ``` block', ...rationale };
  const problem = templateProblem(template);
  if (problem !== undefined) return { refused: `the revised template cannot be used: ${problem}`, ...rationale };
  const placeholder = TURN_PLACEHOLDER[task];
  if (!templateUses(template, placeholder))
    return { refused: `the revised template leaves out {{${placeholder}}}, where ${TURN_WORDS[task].turns} goes`, ...rationale };
  if (template.trim() === parentTemplate.trim()) return { refused: 'the model gave its parent template back unchanged', ...rationale };
  return { template, ...rationale };
}
