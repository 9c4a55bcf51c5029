// Guideline text as blocks: headings, lists and paragraphs, with markup left as plain text.

import { describe, expect, it } from 'vitest';
import { DEFAULT_GUIDELINES } from '../../../../shared/domain/default-guidelines';
import { parseGuidelines } from '../../../../renderer/features/labelling/guideline-blocks';

describe('parseGuidelines', () => {
  it('reads headings, list items and paragraphs', () => {
    expect(parseGuidelines('# Title\n\nFirst line\nsecond line\n\n- one\n- two\n  more of two\n\n## Sub\nEnd')).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'paragraph', text: 'First line\nsecond line' },
      { kind: 'list', items: ['one', 'two\nmore of two'] },
      { kind: 'heading', level: 2, text: 'Sub' },
      { kind: 'paragraph', text: 'End' },
    ]);
  });

  it('keeps HTML as text', () => {
    expect(parseGuidelines('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'paragraph', text: '<img src=x onerror=alert(1)>' }]);
  });

  it('finds a section for every task and every label value in the default guidelines', () => {
    const headings = parseGuidelines(DEFAULT_GUIDELINES)
      .filter((block) => block.kind === 'heading')
      .map((block) => block.text);
    expect(headings).toHaveLength(4);
    for (const word of ['yes:', 'no:', 'irrelevant:', 'unknown', 'matched:', 'unmatched:', '1 to 3', '7 to 9']) expect(DEFAULT_GUIDELINES).toContain(word);
  });
});
