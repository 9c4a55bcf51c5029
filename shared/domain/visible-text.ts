// Text someone else wrote, as it is to be shown: every character that does not show as itself
// (controls, the bidirectional overrides that make "evil‮txt.exe" read backwards, zero-width and
// other format characters, lone surrogates, line and paragraph separators) shown as its code.

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/** `text` with each invisible or direction-changing character written out as `⟨U+202E⟩`. */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, (character) => `⟨U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}
