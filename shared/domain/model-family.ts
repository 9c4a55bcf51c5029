// A model's family from its name (issue 31 point 3, self-preference): which maker's line of models
// a judge or a player belongs to, so the report can ask whether a judge favours players of its own
// family. Read from the name alone, as benchmarks write it: a provider prefix (`openai/gpt-4o`),
// the judge's prompt version (`gpt-4o@SPLAT judge`), its run number (`~2`) and an imported
// judge's order-swapped twin (`gpt-4o (order swapped)`) are set aside.

import { ORDER_SWAPPED } from './model';

/** Name prefixes (lower case, after any provider prefix) and the family each stands for; longer prefixes first where two overlap. */
const FAMILY_PREFIXES: ReadonlyArray<readonly [prefix: string, family: string]> = [
  ['chatgpt', 'OpenAI'],
  ['gpt', 'OpenAI'],
  ['o1', 'OpenAI'],
  ['o3', 'OpenAI'],
  ['o4', 'OpenAI'],
  ['claude', 'Anthropic'],
  ['gemini', 'Google'],
  ['gemma', 'Google'],
  ['palm', 'Google'],
  ['llama', 'Meta'],
  ['meta-llama', 'Meta'],
  ['qwq', 'Qwen'],
  ['qwen', 'Qwen'],
  ['deepseek', 'DeepSeek'],
  ['mixtral', 'Mistral'],
  ['mistral', 'Mistral'],
  ['ministral', 'Mistral'],
  ['codestral', 'Mistral'],
  ['magistral', 'Mistral'],
  ['chatglm', 'Zhipu GLM'],
  ['glm', 'Zhipu GLM'],
  ['phi', 'Microsoft Phi'],
  ['command', 'Cohere'],
  ['grok', 'xAI'],
  ['kimi', 'Moonshot'],
  ['moonshot', 'Moonshot'],
  ['yi-', '01.AI'],
  ['ernie', 'Baidu'],
  ['doubao', 'ByteDance'],
  ['internlm', 'Shanghai AI Lab'],
  ['minimax', 'MiniMax'],
  ['abab', 'MiniMax'],
];

/** Provider prefixes whose name is the family itself, used when the model's own name is not known here. */
const PROVIDER_FAMILIES: Readonly<Record<string, string>> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  'meta-llama': 'Meta',
  qwen: 'Qwen',
  deepseek: 'DeepSeek',
  'deepseek-ai': 'DeepSeek',
  mistralai: 'Mistral',
  thudm: 'Zhipu GLM',
  'zai-org': 'Zhipu GLM',
  microsoft: 'Microsoft Phi',
  cohere: 'Cohere',
  'x-ai': 'xAI',
  moonshotai: 'Moonshot',
};

/** The longest family name a lead may give a model (OpenAI, In-house fine-tunes). */
export const MAX_FAMILY_NAME_CHARS = 100;

/** The model of a rater name: `openai/gpt-4o@SPLAT judge~2` is `openai/gpt-4o`, as is an imported judge's order-swapped twin `openai/gpt-4o (order swapped)`. */
export function modelOfRater(name: string): string {
  const at = name.indexOf('@');
  if (at >= 0) return name.slice(0, at);
  return name.endsWith(ORDER_SWAPPED) ? name.slice(0, -ORDER_SWAPPED.length) : name;
}

/**
 * The family of a model or judge name, or undefined when the name matches no known family. A
 * lead's own assignment (`overrides`, by model name as `modelOfRater` gives it) comes first.
 */
export function modelFamily(name: string, overrides: Readonly<Record<string, string>> = {}): string | undefined {
  const model = modelOfRater(name).trim();
  if (Object.hasOwn(overrides, model)) return overrides[model];
  const lower = model.toLowerCase();
  const slash = lower.lastIndexOf('/');
  const own = lower.slice(slash + 1);
  for (const [prefix, family] of FAMILY_PREFIXES) if (own.startsWith(prefix)) return family;
  if (slash < 0) return undefined;
  const provider = lower.slice(0, lower.indexOf('/'));
  return Object.hasOwn(PROVIDER_FAMILIES, provider) ? PROVIDER_FAMILIES[provider] : undefined;
}
