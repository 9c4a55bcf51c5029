// The probability of a judge's verdict from the endpoint's log-probabilities (issue 31 point 1):
// read at the first word after any <think> block, its alternatives read as labels the way a whole
// reply is, the rest of the mass left out; and the tokens as readChatResponse takes them from a
// JSON body and from a stream, and chatRequest asks for them only when told.

import { describe, expect, it } from 'vitest';
import { chatRequest, readChatResponse } from '../../../shared/judge-run/chat-completions';
import { labelProbabilities, verdictAlternatives, type TokenLogprobs } from '../../../shared/judge-run/verdict-logprobs';

const SCHEME = { answerUnknown: false };
const token = (text: string, logprob = 0, alternatives: Array<[string, number]> = []): TokenLogprobs => ({
  token: text,
  logprob,
  alternatives: alternatives.map(([t, lp]) => ({ token: t, logprob: lp })),
});

describe('verdictAlternatives and labelProbabilities', () => {
  it('reads the first word after the thinking, and shares the mass of the alternatives read as labels', () => {
    const tokens = [
      token('<think>'),
      token('Yes'),
      token(' maybe'),
      token('</think>'),
      token('\n\n'),
      token('**'),
      token('No', Math.log(0.6), [
        ['No', Math.log(0.6)],
        [' Yes', Math.log(0.3)],
        ['The', Math.log(0.1)],
      ]),
    ];
    const alternatives = verdictAlternatives(tokens);
    expect(alternatives.map((one) => one.token)).toEqual(['No', ' Yes', 'The']);
    const probabilities = labelProbabilities(alternatives, 'answer', SCHEME);
    expect(probabilities.get('no')).toBeCloseTo(0.6 / 0.9, 12);
    expect(probabilities.get('yes')).toBeCloseTo(0.3 / 0.9, 12);
  });

  it("puts the verdict among its alternatives, leaves out OpenAI's -9999, and gives nothing without a word or a label", () => {
    expect(verdictAlternatives([token('Matched', Math.log(0.8), [['Unmatched', -9999]])]).map((one) => one.token)).toEqual(['Matched']);
    expect(labelProbabilities(verdictAlternatives([token('Matched', Math.log(0.8))]), 'match', SCHEME).get('matched')).toBe(1);
    expect(verdictAlternatives([token('\n'), token('...')])).toEqual([]);
    expect(labelProbabilities([{ token: 'The', logprob: -0.1 }], 'answer', SCHEME).size).toBe(0);
    // A server that sends a thousand alternatives: the journal keeps twenty.
    const many = Array.from({ length: 1000 }, (_, i): [string, number] => [`t${i}`, -i - 1]);
    expect(verdictAlternatives([token('Yes', -0.5, many)])).toHaveLength(20);
  });
});

describe('log-probabilities on the wire', () => {
  const endpoint = { url: 'http://127.0.0.1:9/v1', model: 'm', temperature: 0, maxTokens: 16, timeoutMs: 1000 };

  it('are asked for only when the endpoint says it can', () => {
    expect(JSON.parse(chatRequest(endpoint, [{ role: 'user', content: 'q' }]).body)).not.toHaveProperty('logprobs');
    expect(JSON.parse(chatRequest({ ...endpoint, topLogprobs: 10 }, [{ role: 'user', content: 'q' }]).body)).toMatchObject({
      logprobs: true,
      top_logprobs: 10,
    });
  });

  it('are read from a JSON body and put together from a stream', () => {
    const logprobs = {
      content: [
        {
          token: 'Yes',
          logprob: -0.1,
          bytes: null,
          top_logprobs: [
            { token: 'Yes', logprob: -0.1 },
            { token: 'No', logprob: -2.4 },
          ],
        },
      ],
    };
    const body = JSON.stringify({
      choices: [{ message: { content: 'Yes' }, logprobs, finish_reason: 'stop' }],
      usage: { prompt_tokens: 3, completion_tokens: 1 },
    });
    const read = readChatResponse(200, null, body, 0);
    expect(read.ok && read.logprobs).toEqual([
      {
        token: 'Yes',
        logprob: -0.1,
        alternatives: [
          { token: 'Yes', logprob: -0.1 },
          { token: 'No', logprob: -2.4 },
        ],
      },
    ]);
    const chunk = (delta: object, extra: object = {}) => `data: ${JSON.stringify({ choices: [{ index: 0, delta, ...extra }] })}\n\n`;
    const stream = `${chunk({ content: 'Ye' }, { logprobs: { content: [{ token: 'Ye', logprob: -0.2, top_logprobs: [] }] } })}${chunk({ content: 's' }, { logprobs: { content: [{ token: 's', logprob: 0, top_logprobs: [] }] } })}data: [DONE]\n\n`;
    const streamed = readChatResponse(200, null, stream, 0, 'text/event-stream');
    expect(streamed.ok && streamed.reply).toBe('Yes');
    expect(streamed.ok && streamed.logprobs?.map((one) => one.token)).toEqual(['Ye', 's']);
    // A server that sends none, or another shape, gives none.
    const without = readChatResponse(200, null, JSON.stringify({ choices: [{ message: { content: 'No' }, logprobs: { tokens: ['No'] } }] }), 0);
    expect(without.ok && without.logprobs).toBeUndefined();
  });
});
