// The options every command that asks a judge model shares (`judge`, `tune`): the endpoint and how
// it is asked, the API key from the environment only, and the split of the puzzles into examples,
// development and test. One parser and one usage text, so the commands cannot drift apart.

import type { ChatEndpoint } from '../../shared/judge-run/chat-completions';
import { TOP_LOGPROBS } from '../../shared/judge-run/verdict-logprobs';
import { checkSplitRule, type SplitRule } from '../../shared/study/judge-splits';
import { parseWholeNumber, UsageError } from './args';

/** The environment variable the key is read from: never an argument, which other users of the computer can see. */
export const API_KEY_VARIABLE = 'AGREEMENT_STUDIO_API_KEY';

// Max tokens is a ceiling, not a cost: a reasoning model (DeepSeek-R1, Qwen3) thinks for hundreds
// to thousands of tokens before its verdict, and 64 cut it off; a model that answers "No." stops at once.
export const ENDPOINT_DEFAULTS = { concurrency: 4, timeoutSeconds: 60, temperature: 0, maxTokens: 4096 };
const MAX_CONCURRENCY = 256;
/** The split unless told: the most the examples split may hold, and a test split kept apart for the held-out verdict. */
export const SPLIT_DEFAULTS = { seed: 1, examplesShare: 0.2, testShare: 0.3 };

export const ENDPOINT_OPTIONS = {
  endpoint: { type: 'string' },
  model: { type: 'string' },
  concurrency: { type: 'string' },
  rpm: { type: 'string' },
  timeout: { type: 'string' },
  temperature: { type: 'string' },
  'max-tokens': { type: 'string' },
  // The key is refused as an option so no one learns to put it where `ps` shows it.
  'api-key': { type: 'string' },
  key: { type: 'string' },
} as const;

export const SPLIT_OPTIONS = {
  'split-seed': { type: 'string' },
  'examples-share': { type: 'string' },
  'test-share': { type: 'string' },
} as const;

export const KEY_USAGE = `The API key, if the endpoint needs one, is read from the environment variable
${API_KEY_VARIABLE}; it is sent only in the Authorization header and written nowhere.`;

export const ENDPOINT_USAGE = `  --endpoint URL         the endpoint's base URL (http://localhost:11434/v1) or its full
                         /chat/completions URL
  --model M              the model name the endpoint knows`;

export const ASKING_USAGE = `  --concurrency N        requests at once (default ${ENDPOINT_DEFAULTS.concurrency})
  --rpm N                at most N requests a minute (default: no bound)
  --timeout SECONDS      per request (default ${ENDPOINT_DEFAULTS.timeoutSeconds})
  --temperature T        0 to 2 (default ${ENDPOINT_DEFAULTS.temperature})
  --max-tokens N         the longest reply asked for (default ${ENDPOINT_DEFAULTS.maxTokens}); a reasoning
                         model thinks before its verdict and needs thousands. A reply
                         cut off at this limit before a verdict gives no label and is
                         counted as cut off, not unparseable`;

export const SPLIT_USAGE = `  --split-seed S         whole number seeding the split of the puzzles into examples,
                         development and test (default ${SPLIT_DEFAULTS.seed}); a puzzle's split never changes
                         as labels arrive
  --examples-share X     the examples split's share of the puzzles, 0.1 to 0.2 (default ${SPLIT_DEFAULTS.examplesShare})
  --test-share Y         the test split's share (default ${SPLIT_DEFAULTS.testShare}); development gets the rest`;

export interface EndpointSettings {
  endpoint: string;
  model: string;
  concurrency: number;
  rpm?: number;
  timeoutSeconds: number;
  temperature: number;
  maxTokens: number;
}

type EndpointValues = Partial<Record<Exclude<keyof typeof ENDPOINT_OPTIONS, 'api-key' | 'key'>, string>> & { 'api-key'?: string; key?: string };

/** The endpoint options, checked; throws a UsageError naming the option. */
export function parseEndpointSettings(command: string, values: EndpointValues): EndpointSettings {
  if (values['api-key'] !== undefined || values.key !== undefined)
    throw new UsageError(`the API key is never an argument (other users of the computer can read arguments); set ${API_KEY_VARIABLE} instead`, command);
  const endpoint = values.endpoint;
  if (endpoint === undefined || endpoint.trim() === '') throw new UsageError('--endpoint URL is required', command);
  if (!/^https?:\/\/[^/]/i.test(endpoint)) throw new UsageError(`--endpoint takes an http:// or https:// URL, not ${JSON.stringify(endpoint)}`, command);
  const model = values.model;
  if (model === undefined || model.trim() === '') throw new UsageError('--model M is required', command);
  const temperature = values.temperature === undefined ? ENDPOINT_DEFAULTS.temperature : Number(values.temperature);
  if (!/^\d+(\.\d+)?$/.test(values.temperature ?? '0') || !(temperature >= 0 && temperature <= 2))
    throw new UsageError(`--temperature takes a number from 0 to 2, not ${JSON.stringify(values.temperature)}`, command);
  return {
    endpoint,
    model,
    concurrency: parseWholeNumber(command, 'concurrency', values.concurrency, ENDPOINT_DEFAULTS.concurrency, 1, MAX_CONCURRENCY),
    ...(values.rpm !== undefined ? { rpm: parseWholeNumber(command, 'rpm', values.rpm, 60, 1, 1_000_000) } : {}),
    timeoutSeconds: parseWholeNumber(command, 'timeout', values.timeout, ENDPOINT_DEFAULTS.timeoutSeconds, 1, 3600),
    temperature,
    maxTokens: parseWholeNumber(command, 'max-tokens', values['max-tokens'], ENDPOINT_DEFAULTS.maxTokens, 1, 1_000_000),
  };
}

/** The endpoint as the sender takes it, with the key from the environment when one is set. */
export function chatEndpointOf(settings: EndpointSettings, env: Readonly<Record<string, string | undefined>>, logprobs = false): ChatEndpoint {
  const apiKey = env[API_KEY_VARIABLE];
  return {
    url: settings.endpoint,
    model: settings.model,
    ...(apiKey !== undefined && apiKey !== '' ? { apiKey } : {}),
    temperature: settings.temperature,
    maxTokens: settings.maxTokens,
    timeoutMs: settings.timeoutSeconds * 1000,
    ...(logprobs ? { topLogprobs: TOP_LOGPROBS } : {}),
  };
}

/** The split options, checked by checkSplitRule; throws a UsageError with its words. */
export function parseSplitRule(command: string, values: Partial<Record<keyof typeof SPLIT_OPTIONS, string>>): SplitRule {
  const share = (name: 'examples-share' | 'test-share', fallback: number): number => {
    const text = values[name];
    if (text === undefined) return fallback;
    const value = /^(0?\.\d+|0|1)$/.test(text.trim()) ? Number(text) : Number.NaN;
    if (Number.isNaN(value)) throw new UsageError(`--${name} takes a share from 0 to 1 (such as 0.2), not ${JSON.stringify(text)}`, command);
    return value;
  };
  const examples = share('examples-share', SPLIT_DEFAULTS.examplesShare);
  const test = share('test-share', SPLIT_DEFAULTS.testShare);
  // Rounded so 1 - 0.2 - 0.3 reads 0.5 in the record and the journal, not 0.49999999999999994.
  const split: SplitRule = {
    seed: parseWholeNumber(command, 'split-seed', values['split-seed'], SPLIT_DEFAULTS.seed, -(2 ** 31), 2 ** 32 - 1),
    shares: { examples, development: Number((1 - examples - test).toFixed(12)), test },
  };
  try {
    checkSplitRule(split);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), command);
  }
  return split;
}

/** The split in words, as journals keep it and stderr shows it. */
export function splitText({ seed, shares }: SplitRule): string {
  return `seed ${seed}, examples ${shares.examples}, development ${shares.development}, test ${shares.test}`;
}
