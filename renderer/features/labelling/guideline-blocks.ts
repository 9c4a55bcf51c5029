// Reads Markdown-ish guideline text into blocks (headings, paragraphs, lists) that the panel
// renders as React text. Nothing here ever becomes HTML: the lead's text is shown as written.

export type GuidelineBlock = { kind: 'heading'; level: 1 | 2 | 3; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export function parseGuidelines(text: string): GuidelineBlock[] {
  const blocks: GuidelineBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | undefined;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    if (list) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = undefined;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: (heading[1] as string).length as 1 | 2 | 3, text: heading[2] as string });
    } else if (item) {
      if (paragraph.length > 0) flush();
      (list ??= []).push(item[1] as string);
    } else if (list) {
      // A line under a list item continues that item.
      list[list.length - 1] += `\n${line.trim()}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
