// The one rule for annotator ids. They name pack and label files (`<id>.pack.json`) and key
// stored labels, so they are kept to characters safe in any file system and never a
// prototype name. The command line, the team setup and the settings all use it.

const ANNOTATOR_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const RESERVED_IDS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The rule in words, for messages. */
export const ANNOTATOR_ID_RULE = '1 to 100 letters, digits, ".", "_" and "-", starting with a letter or digit';

export function isAnnotatorId(id: string): boolean {
  return ANNOTATOR_ID.test(id) && !RESERVED_IDS.has(id);
}
