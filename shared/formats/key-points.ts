// A list of key points written as numbered or bulleted lines ("1. He is blind\n2. …", "- …"), as
// LatEval's clues and AgentBench's answer keys are, read as one key clue per point.

// "1.", "2)", "3、", "-", "*", "•" before a point: list markup, not part of the clue.
const MARKER = /^(?:\d+\s*[.)、．]|[-*•])\s*/u;

/** Each non-blank line without its number or bullet; a text with no line breaks is one point. */
export function splitKeyPoints(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(MARKER, '').trim())
    .filter((point) => point !== '');
}
