// A model's family from its name (issue 31 point 3): the names benchmarks write, with provider
// prefixes, prompt versions and run numbers set aside; the lead's own assignment first.

import { describe, expect, it } from 'vitest';
import { modelFamily, modelOfRater } from '../../../shared/domain/model-family';

describe('modelFamily', () => {
  it('reads the family from the names benchmarks and endpoints write', () => {
    const cases: Array<[string, string | undefined]> = [
      ['gpt-4o', 'OpenAI'],
      ['gpt-4o-mini@SPLAT judge~2', 'OpenAI'],
      ['openai/o3-mini', 'OpenAI'],
      ['claude-3-5-sonnet-20241022', 'Anthropic'],
      ['anthropic/claude-sonnet-4', 'Anthropic'],
      ['Qwen/Qwen2.5-72B-Instruct', 'Qwen'],
      ['qwq-32b', 'Qwen'],
      ['deepseek-ai/DeepSeek-V3', 'DeepSeek'],
      ['deepseek-r1', 'DeepSeek'],
      ['meta-llama/Llama-3.1-70B-Instruct', 'Meta'],
      ['llama3.1:8b', 'Meta'],
      ['gemini-2.0-flash', 'Google'],
      ['mistral-large-latest', 'Mistral'],
      ['glm-4-plus', 'Zhipu GLM'],
      ['Yi-Lightning', '01.AI'],
      ['moonshotai/some-new-model', 'Moonshot'],
      ['synthetic-judge-a', undefined],
      ['player-7', undefined],
      ['yield-model', undefined],
    ];
    for (const [name, family] of cases) expect(modelFamily(name), name).toBe(family);
  });

  it("takes the lead's assignment, by model name, before the name's own", () => {
    expect(modelFamily('my-finetune@v1', { 'my-finetune': 'OpenAI' })).toBe('OpenAI');
    expect(modelFamily('gpt-4o', { 'gpt-4o': 'In-house' })).toBe('In-house');
    expect(modelFamily('constructor', {})).toBeUndefined();
  });

  it('sets the prompt version of a judge name aside', () => {
    expect(modelOfRater('openai/gpt-4o@SPLAT judge~2')).toBe('openai/gpt-4o');
    expect(modelOfRater('gpt-4o')).toBe('gpt-4o');
    expect(modelOfRater('arbiter-large (order swapped)')).toBe('arbiter-large');
  });
});
