// The probability a judge's log-probabilities give its verdict (issue 31 point 1). An
// OpenAI-compatible endpoint asked for `logprobs` returns, per token of the content, its
// log-probability and the most likely alternatives at that place (`top_logprobs`). The verdict is
// read at the first token with a letter or digit (after a `</think>` block the content may hold):
// its alternatives are read as labels the way a whole reply is, their probabilities summed per
// label and divided by those of every alternative read as a label (the mass of the rest, like
// "The" opening an explanation, says nothing of yes or no).

import type { JudgeLabel, LabelScheme } from '../domain/model';
import { UNPARSEABLE } from '../domain/model';
import { readJudgeReply } from '../formats/judge-reply';

/** One alternative at a place of the content: the token and its natural log-probability. */
export interface TokenAlternative {
  token: string;
  logprob: number;
}

/** One token of the content as the endpoint returns it, with the alternatives at its place. */
export interface TokenLogprobs extends TokenAlternative {
  alternatives: TokenAlternative[];
}

/** OpenAI writes -9999 for a token outside the top 20: no probability at all. */
const NOT_IN_TOP = -9999;

/** How many alternatives a run asks for at each place: OpenAI, vLLM and Ollama allow up to 20. */
export const TOP_LOGPROBS = 10;

/** The most alternatives kept of the verdict's place, the most any of those servers sends: a server that sends thousands costs the journal no more. */
const MAX_ALTERNATIVES = 20;

/** The alternatives at the verdict's place (itself among them, at most 20): the first token with a letter or digit after any `</think>`; none without one. */
export function verdictAlternatives(tokens: readonly TokenLogprobs[]): TokenAlternative[] {
  let start = 0;
  let text = '';
  tokens.forEach((token, t) => {
    text += token.token;
    if (text.includes('</think>') && start === 0) start = t + 1;
  });
  const verdict = tokens.slice(start).find((token) => /[\p{L}\p{N}]/u.test(token.token));
  if (verdict === undefined) return [];
  const alternatives = verdict.alternatives.some((one) => one.token === verdict.token)
    ? verdict.alternatives
    : [{ token: verdict.token, logprob: verdict.logprob }, ...verdict.alternatives];
  return alternatives.filter((one) => Number.isFinite(one.logprob) && one.logprob > NOT_IN_TOP).slice(0, MAX_ALTERNATIVES);
}

/** Each label's share of the probability of the alternatives read as labels; empty when none is. */
export function labelProbabilities(alternatives: readonly TokenAlternative[], task: 'answer' | 'match', scheme: LabelScheme): Map<JudgeLabel, number> {
  const mass = new Map<JudgeLabel, number>();
  let total = 0;
  for (const { token, logprob } of alternatives) {
    const label = readJudgeReply(token.trim(), task, scheme);
    if (label === UNPARSEABLE) continue;
    const p = Math.exp(logprob);
    mass.set(label, (mass.get(label) ?? 0) + p);
    total += p;
  }
  if (!(total > 0)) return new Map();
  return new Map([...mass].map(([label, p]) => [label, p / total]));
}
