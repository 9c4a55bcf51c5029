// Keeps a judge's reply at or under the readers' string limit (INPUT_LIMITS.maxStringChars) before it
// is stored: a longer reply in a study would make its bundle and backup unreadable by our own
// readers. The middle is cut, with a marker saying how much and why; the start and the end stay.

import { INPUT_LIMITS } from './limits';

/** The characters kept from the end, so a verdict after a long explanation stays readable and reads the same again. */
export const KEPT_END_CHARS = 4000;

export interface KeptJudgeReply {
  /** The reply to store: as written, or cut in the middle with the marker. */
  reply: string;
  /** Characters cut out; 0 when the reply is kept whole. */
  cutChars: number;
}

function marker(cutChars: number, replyChars: number): string {
  const limit = INPUT_LIMITS.maxStringChars;
  return (
    `\n\n[Agreement Studio cut ${cutChars.toLocaleString('en')} characters here: the reply had ${replyChars.toLocaleString('en')}, ` +
    `and a stored reply may have at most ${limit.toLocaleString('en')} (1 MB) to be read back. Its label was read from the whole reply.]\n\n`
  );
}

/**
 * The reply as it may be stored. A reply at or under the limit is kept whole; a longer one keeps
 * its start and its last KEPT_END_CHARS characters around the marker, at most the limit in all,
 * and never splits a surrogate pair (an emoji or a rare CJK character stays whole or goes whole).
 * Length is counted in UTF-16 code units, as the readers count a string's characters.
 */
export function keptJudgeReply(reply: string): KeptJudgeReply {
  const limit = INPUT_LIMITS.maxStringChars;
  if (reply.length <= limit) return { reply, cutChars: 0 };
  // The marker with the largest count it could carry, so the one written is no longer.
  const room = limit - KEPT_END_CHARS - marker(reply.length, reply.length).length;
  const headEnd = isHighSurrogate(reply.charCodeAt(room - 1)) ? room - 1 : room;
  const tailStart = isLowSurrogate(reply.charCodeAt(reply.length - KEPT_END_CHARS)) ? reply.length - KEPT_END_CHARS + 1 : reply.length - KEPT_END_CHARS;
  const cutChars = tailStart - headEnd;
  return { reply: reply.slice(0, headEnd) + marker(cutChars, reply.length) + reply.slice(tailStart), cutChars };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
