// Text from others shown as written (issue 29 point 5): controls, bidirectional overrides,
// zero-width and other format characters, lone surrogates and line separators are written out as
// their code, and everything else, other scripts and emoji included, is left as it is.

import { describe, expect, it } from 'vitest';
import { visibleText } from '../../../shared/domain/visible-text';

describe('visibleText', () => {
  it('writes out every character that does not show as itself', () => {
    expect(visibleText('Bea\u202Egnp.exe')).toBe('Bea⟨U+202E⟩gnp.exe');
    expect(visibleText('a\u0000b\u0007c\u007F\u200B\u2066\u2028\uFEFF')).toBe('a⟨U+0000⟩b⟨U+0007⟩c⟨U+007F⟩⟨U+200B⟩⟨U+2066⟩⟨U+2028⟩⟨U+FEFF⟩');
    expect(visibleText('lone \uD800 half')).toBe('lone ⟨U+D800⟩ half');
  });

  it('leaves visible text alone', () => {
    for (const text of ['Ann One', 'Zoë Müller', 'نور', '李雷', 'team 🚀 2', 'tab-free line']) expect(visibleText(text)).toBe(text);
  });
});
