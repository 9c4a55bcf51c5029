// A judge's reply kept at or under the readers' limit (issue 26 point 3): a reply up to the limit is
// kept whole; a longer one is cut in the middle to exactly the limit, with a marker saying how many
// characters were cut and why, its start and its last KEPT_END_CHARS characters kept, no surrogate
// pair split at either edge, and a verdict at the end read the same from the kept reply.

import { describe, expect, it } from 'vitest';
import { readJudgeReply } from '../../../shared/formats/judge-reply';
import { KEPT_END_CHARS, keptJudgeReply } from '../../../shared/formats/judge-reply-cut';
import { INPUT_LIMITS } from '../../../shared/formats/limits';

const LIMIT = INPUT_LIMITS.maxStringChars;

/** Whether every surrogate in the text is half of a pair. */
function wellFormed(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

describe('keptJudgeReply', () => {
  it('keeps a reply up to the limit whole', () => {
    expect(keptJudgeReply('No.')).toEqual({ reply: 'No.', cutChars: 0 });
    const atLimit = 'x'.repeat(LIMIT);
    expect(keptJudgeReply(atLimit).reply).toBe(atLimit);
    expect(keptJudgeReply(atLimit).cutChars).toBe(0);
  });

  it('cuts a reply one character over the limit to the limit, saying how much and why', () => {
    const reply = 'a'.repeat(LIMIT - KEPT_END_CHARS) + 'z'.repeat(KEPT_END_CHARS + 1);
    const kept = keptJudgeReply(reply);
    expect(kept.reply.length).toBeLessThanOrEqual(LIMIT);
    expect(kept.reply.endsWith('z'.repeat(KEPT_END_CHARS))).toBe(true);
    expect(kept.reply).toContain(`[Agreement Studio cut ${kept.cutChars.toLocaleString('en')} characters here: the reply had 1,048,577`);
    expect(kept.reply).toContain('at most 1,048,576 (1 MB) to be read back. Its label was read from the whole reply.]');
    // What is kept and what is cut add up to the reply.
    const marker = /\n\n\[Agreement Studio cut [^\]]*\]\n\n/.exec(kept.reply)?.[0] ?? '';
    expect(kept.reply.length - marker.length + kept.cutChars).toBe(reply.length);
  });

  it('keeps the start and the last characters of a 2 MB reasoning reply, and its verdict reads the same', () => {
    const thinking = 'The man lived alone in the lighthouse; nobody else could have turned the lamp off. '.repeat(25_000);
    const reply = `<think>\n${thinking}\n</think>\n\nNo, he turned it off himself.`;
    expect(reply.length).toBeGreaterThan(2_000_000);
    const kept = keptJudgeReply(reply);
    expect(kept.reply.length).toBeLessThanOrEqual(LIMIT);
    expect(kept.reply.length).toBeGreaterThan(LIMIT - 300);
    expect(kept.cutChars).toBeGreaterThan(reply.length - LIMIT);
    expect(kept.reply.startsWith(reply.slice(0, 1000))).toBe(true);
    expect(kept.reply.endsWith(reply.slice(-KEPT_END_CHARS))).toBe(true);
    expect(readJudgeReply(reply, 'answer', { answerUnknown: false })).toBe('no');
    expect(readJudgeReply(kept.reply, 'answer', { answerUnknown: false })).toBe('no');
  });

  it('never splits a surrogate pair at either edge of the cut', () => {
    // Emoji are two UTF-16 code units: with an odd offset, every possible edge falls inside some pair.
    for (const offset of [0, 1]) {
      const reply = 'a'.repeat(offset) + '😀'.repeat(LIMIT);
      const kept = keptJudgeReply(reply);
      expect(kept.reply.length).toBeLessThanOrEqual(LIMIT);
      expect(wellFormed(kept.reply)).toBe(true);
      expect(kept.reply.endsWith('😀'.repeat(KEPT_END_CHARS / 2 - 1))).toBe(true);
    }
  });

  it('gives the same kept reply when cut again', () => {
    const kept = keptJudgeReply('b'.repeat(3 * LIMIT));
    expect(keptJudgeReply(kept.reply)).toEqual({ reply: kept.reply, cutChars: 0 });
  });
});
