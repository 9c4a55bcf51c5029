// What a judge run's answers come to (issue 17 points 3 and 4): each reply's content read by the
// importers' rule (judge-reply.ts), a reply cut off at max tokens before any verdict set apart (it
// gives no label), per turn the majority over its samples and how often the samples agree, and the
// study with the new judge's labels added under `<model>@<prompt version>` (with `~2`, `~3` for a
// run that differs from earlier judges of that name in endpoint, prompt or settings), replies kept as written
// with their reasoning (docs/formats.md#transcript-bundle) up to the readers' limit. Also the record of a run: what was
// asked, of whom, how, and with what outcome.

import { idProblem } from '../domain/ids';
import { UNPARSEABLE, type JudgeLabel, type LabelScheme, type StudyData, type Turn } from '../domain/model';
import { readJudgeReply } from '../formats/judge-reply';
import { keptJudgeReply } from '../formats/judge-reply-cut';
import { labelProbabilities } from './verdict-logprobs';
import type { JudgeAnswer, JudgeFailure, RunSummary } from './runner';

/** A judge's rater name: the model and the prompt version, so two prompts on one model are two judges. */
export function judgeName(model: string, promptName: string): string {
  const name = `${model}@${promptName}`;
  const problem = idProblem('model', name);
  if (problem !== undefined) throw new Error(`the judge's name ${problem}`);
  return name;
}

/** What decides a run's labels: runs that differ in any of these are different judges (issue 28 point 5). */
export interface JudgeIdentity {
  model: string;
  prompt: { name: string; hash: string };
  /** The endpoint's URL as recorded: no credentials, query or fragment. */
  endpoint: string;
  parameters: Pick<JudgeRunParameters, 'temperature' | 'maxTokens' | 'samples'>;
}

/** Whether two runs would give their labels by the same model, prompt, endpoint and label-changing settings. */
function sameJudgeIdentity(a: JudgeIdentity, b: JudgeIdentity): boolean {
  return (
    a.model === b.model &&
    a.prompt.name === b.prompt.name &&
    a.prompt.hash === b.prompt.hash &&
    a.endpoint === b.endpoint &&
    a.parameters.temperature === b.parameters.temperature &&
    a.parameters.maxTokens === b.parameters.maxTokens &&
    a.parameters.samples === b.parameters.samples
  );
}

/**
 * The rater name a new run's labels get, given the study's earlier runs: the name of an earlier
 * run identical in identity (a re-run replaces that judge's labels); else `<model>@<prompt>` when
 * no earlier run took it; else `<model>@<prompt>~2`, `~3`, ..., the first number free. A number
 * rather than the differing setting (`~k3`) because runs may differ in several settings at once
 * and a URL makes no short name; the run's record beside the name says what produced it.
 * `unknown` are judge names the study's labels carry with no run to say what produced them (an
 * imported bundle, a restored backup): taken, and never the same judge.
 */
export function distinctJudgeName(
  identity: JudgeIdentity,
  earlier: Iterable<JudgeIdentity & { judge: string }>,
  unknown: ReadonlySet<string> = new Set(),
): string {
  const base = judgeName(identity.model, identity.prompt.name);
  const taken = new Set(unknown);
  for (const run of earlier) {
    if (run.judge !== base && !run.judge.startsWith(`${base}~`)) continue;
    if (sameJudgeIdentity(run, identity)) return run.judge;
    taken.add(run.judge);
  }
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const name = `${base}~${n}`;
    if (!taken.has(name)) return judgeName(identity.model, `${identity.prompt.name}~${n}`);
  }
}

export interface TurnVerdict {
  turnId: string;
  label: JudgeLabel;
  /**
   * The reply as written of the first sample that gave the label, as it is stored: whole, or cut
   * in the middle when over the readers' limit (keptJudgeReply). The label is read before the cut.
   */
  reply: string;
  /** Characters cut out of the reply; 0 when it is whole. */
  cutChars: number;
  /** Samples answered (failed samples are not counted). */
  samples: number;
  /** Each answered sample's label, in sample order (cut-off samples give none). */
  sampleLabels: JudgeLabel[];
  /** Share of pairs of samples giving the same label; null with fewer than two samples. */
  selfAgreement: number | null;
  /** The probability the log-probabilities give the label, averaged over the samples that came with them; absent without any. */
  probability?: number;
}

/**
 * The majority label of a turn's samples, in sample order. Every reply counts, `unparseable`
 * too. A tie goes to the tied label whose first sample came first: a rule that needs no extra
 * request and gives the same label on every machine; the self-agreement rate shows how close it was.
 */
export function majorityLabel(labels: readonly JudgeLabel[]): { label: JudgeLabel; firstIndex: number } | undefined {
  const tally = new Map<JudgeLabel, { count: number; firstIndex: number }>();
  labels.forEach((label, index) => {
    const entry = tally.get(label);
    if (entry) entry.count++;
    else tally.set(label, { count: 1, firstIndex: index });
  });
  let best: { label: JudgeLabel; count: number; firstIndex: number } | undefined;
  // Map order is first-appearance order, so a later label only wins with strictly more votes.
  for (const [label, entry] of tally) if (best === undefined || entry.count > best.count) best = { label, ...entry };
  return best && { label: best.label, firstIndex: best.firstIndex };
}

/** Agreeing pairs over all pairs of samples (the per-unit agreement of Fleiss' kappa); null under two samples. */
export function selfAgreement(labels: readonly JudgeLabel[]): number | null {
  const k = labels.length;
  if (k < 2) return null;
  const counts = new Map<JudgeLabel, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  let agreeing = 0;
  for (const count of counts.values()) agreeing += count * (count - 1);
  return agreeing / (k * (k - 1));
}

type ReadAnswer = Pick<JudgeAnswer, 'turnId' | 'sample' | 'reply' | 'reasoning' | 'finishReason' | 'verdictAlternatives'>;

/**
 * An answer that ended at the request's max tokens (`finish_reason: length`) with no verdict in
 * its content: the model was stopped, not wrong, so it gives no label and is counted apart. One
 * that still holds a verdict (cut off after "No.") gives that verdict.
 */
export function answerIsCutOff(answer: Pick<JudgeAnswer, 'reply' | 'finishReason'>, task: 'answer' | 'match', scheme: LabelScheme): boolean {
  return answer.finishReason === 'length' && readJudgeReply(answer.reply, task, scheme) === UNPARSEABLE;
}

/** The reply as the lead reads it: reasoning the server sent apart put back before the content, in a `<think>` block. */
export function replyAsWritten(answer: Pick<JudgeAnswer, 'reply' | 'reasoning'>): string {
  return answer.reasoning === undefined ? answer.reply : `<think>${answer.reasoning}</think>\n${answer.reply}`;
}

function taskOf(turn: Pick<Turn, 'type'>): 'answer' | 'match' {
  return turn.type === 'question' ? 'answer' : 'match';
}

/** The answers of each known turn, one per sample (should a journal hold two, the first stands), in sample order. */
function answersByTurn<A extends ReadAnswer>(answers: Iterable<A>, turns: ReadonlyMap<string, Pick<Turn, 'type'>>): Map<string, A[]> {
  const byTurn = new Map<string, Map<number, A>>();
  for (const answer of answers) {
    if (!turns.has(answer.turnId)) continue;
    const samples = byTurn.get(answer.turnId) ?? new Map<number, A>();
    if (!samples.has(answer.sample)) samples.set(answer.sample, answer);
    byTurn.set(answer.turnId, samples);
  }
  return new Map([...byTurn].map(([turnId, samples]) => [turnId, [...samples.entries()].sort(([a], [b]) => a - b).map(([, answer]) => answer)]));
}

/**
 * Every answered turn's verdict, in the order turns first appear among the answers. The label is
 * read from each reply's content alone; cut-off answers take no part, so a turn whose every
 * sample was cut off has no verdict.
 */
export function tallyAnswers(answers: Iterable<ReadAnswer>, turns: ReadonlyMap<string, Pick<Turn, 'type'>>, scheme: LabelScheme): Map<string, TurnVerdict> {
  const verdicts = new Map<string, TurnVerdict>();
  for (const [turnId, samples] of answersByTurn(answers, turns)) {
    const task = taskOf(turns.get(turnId) as Pick<Turn, 'type'>);
    const read = samples.filter((answer) => !answerIsCutOff(answer, task, scheme));
    const labels = read.map((answer) => readJudgeReply(answer.reply, task, scheme));
    const majority = majorityLabel(labels);
    if (majority === undefined) continue;
    const kept = keptJudgeReply(replyAsWritten(read[majority.firstIndex] as ReadAnswer));
    const probability = meanProbability(read, majority.label, task, scheme);
    verdicts.set(turnId, {
      turnId,
      label: majority.label,
      reply: kept.reply,
      cutChars: kept.cutChars,
      samples: labels.length,
      sampleLabels: labels,
      selfAgreement: selfAgreement(labels),
      ...(probability === undefined ? {} : { probability }),
    });
  }
  return verdicts;
}

/** The mean over the samples with log-probabilities of the probability they give `label`; undefined when none came with them. */
function meanProbability(answers: readonly ReadAnswer[], label: JudgeLabel, task: 'answer' | 'match', scheme: LabelScheme): number | undefined {
  let sum = 0;
  let n = 0;
  for (const answer of answers) {
    if (answer.verdictAlternatives === undefined) continue;
    const probabilities = labelProbabilities(answer.verdictAlternatives, task, scheme);
    if (probabilities.size === 0) continue;
    sum += probabilities.get(label) ?? 0;
    n++;
  }
  return n === 0 ? undefined : sum / n;
}

/** The answers cut off at max tokens before a verdict, each with the reason the record gives. */
export function cutOffAnswers(
  answers: Iterable<ReadAnswer & Pick<JudgeAnswer, 'key'>>,
  turns: ReadonlyMap<string, Pick<Turn, 'type'>>,
  scheme: LabelScheme,
  maxTokens: number,
): JudgeFailure[] {
  const cut: JudgeFailure[] = [];
  for (const [turnId, samples] of answersByTurn(answers, turns)) {
    const task = taskOf(turns.get(turnId) as Pick<Turn, 'type'>);
    for (const answer of samples)
      if (answerIsCutOff(answer, task, scheme)) cut.push({ key: answer.key, turnId, sample: answer.sample, reason: cutOffReason(maxTokens) });
  }
  return cut;
}

/** Why a cut-off reply gave no label, and what to do. */
function cutOffReason(maxTokens: number): string {
  return `cut off at ${maxTokens.toLocaleString('en')} tokens before a verdict (raise Max tokens: a reasoning model thinks first)`;
}

/** The mean self-agreement over turns with two or more samples; null when there are none. */
export function meanSelfAgreement(verdicts: Iterable<TurnVerdict>): number | null {
  let sum = 0;
  let n = 0;
  for (const verdict of verdicts) {
    if (verdict.selfAgreement === null) continue;
    sum += verdict.selfAgreement;
    n++;
  }
  return n === 0 ? null : sum / n;
}

/**
 * The study with the judge's labels: `judgements[judge]` on every turn with a verdict, its reply
 * in `judgeReplies[judge]` (the format requires it for `unparseable`; kept for every label so a
 * lead can read why), and in `judgeConfidence[judge]` its samples' labels (two or more) and the
 * probability its log-probabilities give its label (the report's calibration and stability). A turn without a verdict keeps nothing of this judge, from
 * an earlier run either, so the labels are this run's. With a `scope` of turn ids (a run on one part
 * of the judge split) only those turns change, so the judge's labels on the other part survive.
 */
export function applyJudgeResults(data: StudyData, judge: string, verdicts: ReadonlyMap<string, TurnVerdict>, scope?: ReadonlySet<string>): StudyData {
  const turns = data.turns.map((turn) => {
    if (scope !== undefined && !scope.has(turn.id)) return turn;
    const verdict = verdicts.get(turn.id);
    const judgements = Object.fromEntries(Object.entries(turn.judgements).filter(([model]) => model !== judge));
    const replies = Object.entries(turn.judgeReplies ?? {}).filter(([model]) => model !== judge);
    const confidence = Object.entries(turn.judgeConfidence ?? {}).filter(([model]) => model !== judge);
    if (verdict !== undefined) {
      judgements[judge] = verdict.label;
      replies.push([judge, verdict.reply]);
      const kept = {
        ...(verdict.sampleLabels.length >= 2 ? { samples: verdict.sampleLabels } : {}),
        ...(verdict.probability === undefined ? {} : { probability: verdict.probability }),
      };
      if (kept.samples !== undefined || kept.probability !== undefined) confidence.push([judge, kept]);
    }
    const next: Turn = { ...turn, judgements };
    if (replies.length > 0) next.judgeReplies = Object.fromEntries(replies);
    else delete next.judgeReplies;
    if (confidence.length > 0) next.judgeConfidence = Object.fromEntries(confidence);
    else delete next.judgeConfidence;
    return next;
  });
  return { ...data, turns };
}

export interface JudgeRunParameters {
  temperature: number;
  maxTokens: number;
  samples: number;
  concurrency: number;
  /** Requests a minute; null: no bound. */
  rpm: number | null;
  timeoutSeconds: number;
}

/** What one run did, kept beside its labels: enough to say which prompt, model and settings gave them. */
export interface JudgeRunRecord {
  judge: string;
  model: string;
  prompt: { name: string; hash: string };
  /** The endpoint's URL, never its key. */
  endpoint: string;
  parameters: JudgeRunParameters;
  /** Which turns were asked, in words (`all`, `labelled`, `sample of 50, seed 7`). */
  selection: string;
  startedAt: string;
  finishedAt: string;
  cancelled: boolean;
  counts: {
    items: number;
    /** Answered by an earlier run and read from the journal. */
    alreadyAnswered: number;
    answered: number;
    failed: number;
    /** Answers cut off at max tokens before a verdict: no label, and not counted as unparseable. Absent in records from before it was counted. */
    cutOff?: number;
    turnsLabelled: number;
    unparseable: number;
    /** Stored replies cut in the middle for being over the readers' limit; absent in records from before it was counted. */
    repliesCut?: number;
    tokensIn: number;
    tokensOut: number;
    /** Working time, earlier sittings of a resumed run included (not the days it lay paused). Absent in records from before it was kept. */
    elapsedMs?: number;
  };
  /** Mean over turns with two or more samples; null with one sample each. */
  selfAgreement: number | null;
  /** Items still without an answer, each with why. */
  failures: JudgeFailure[];
  /** Answers cut off at max tokens before a verdict, each with that reason; kept in the run's journal. Absent in records from before. */
  cutOff?: JudgeFailure[];
}

function countVerdicts(verdicts: Iterable<TurnVerdict>, which: (verdict: TurnVerdict) => boolean): number {
  let n = 0;
  for (const verdict of verdicts) if (which(verdict)) n++;
  return n;
}

/** The record of a finished run, from what the caller asked and what the runner and the tally gave. */
export function judgeRunRecord(
  run: Pick<JudgeRunRecord, 'judge' | 'model' | 'prompt' | 'endpoint' | 'parameters' | 'selection' | 'startedAt' | 'finishedAt'> & {
    summary: RunSummary;
    verdicts: ReadonlyMap<string, TurnVerdict>;
    cutOff: JudgeFailure[];
  },
): JudgeRunRecord {
  const { summary, verdicts, cutOff } = run;
  const { progress } = summary;
  return {
    judge: run.judge,
    model: run.model,
    prompt: run.prompt,
    endpoint: run.endpoint,
    parameters: run.parameters,
    selection: run.selection,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    cancelled: progress.state === 'cancelled',
    counts: {
      items: progress.total,
      alreadyAnswered: progress.alreadyAnswered,
      answered: progress.done,
      failed: progress.failed,
      cutOff: cutOff.length,
      turnsLabelled: verdicts.size,
      unparseable: countVerdicts(verdicts.values(), (verdict) => verdict.label === UNPARSEABLE),
      repliesCut: countVerdicts(verdicts.values(), (verdict) => verdict.cutChars > 0),
      tokensIn: progress.tokensIn,
      tokensOut: progress.tokensOut,
      elapsedMs: progress.elapsedMs,
    },
    selfAgreement: meanSelfAgreement(verdicts.values()),
    failures: summary.failures,
    cutOff,
  };
}
