// Every relative link and image in README.md and docs/*.md resolves (issue 35): the file or folder
// it names exists, and an #anchor names a heading of that page by GitHub's slug rule. A link to a
// page another document has not written yet fails here too rather than being passed over; a
// made-up page shows that a missing file, an unknown anchor and a missing image are each reported.

import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The text as GitHub renders it for links and headings: fenced blocks and code spans removed. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1 *$/gm, '').replace(/(`+)[\s\S]*?\1/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, each space a `-`. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** Every anchor a page's headings give, a repeated one numbered `-1`, `-2` as GitHub numbers them. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  const headings = markdown.replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1 *$/gm, '').match(/^#{1,6} .+$/gm) ?? [];
  for (const heading of headings) {
    const base = slug(heading.replace(/^#+ /, ''));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** The relative links and images of a page that do not resolve, each as `target: why`. */
function brokenLinks(page: string): string[] {
  const text = withoutCode(readFileSync(page, 'utf8'));
  const broken: string[] = [];
  for (const [, target = ''] of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path = '', anchor] = target.split('#');
    const file = path === '' ? page : resolve(dirname(page), decodeURIComponent(path));
    if (!existsSync(file)) {
      broken.push(`${target}: no such file (${relative(REPO_ROOT, file)})`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!file.endsWith('.md')) broken.push(`${target}: an anchor into a file that is not a page`);
    else if (!anchors(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${target}: no heading "${anchor}" in ${relative(REPO_ROOT, file)}`);
  }
  return broken;
}

const docs = join(REPO_ROOT, 'docs');
const pages = [join(REPO_ROOT, 'README.md'), ...readdirSync(docs).flatMap((name) => (name.endsWith('.md') ? [join(docs, name)] : []))];

describe('links between the documents', () => {
  it("names GitHub's anchors for headings with punctuation, code and other scripts", () => {
    expect(slug("Reading a judge's reply")).toBe('reading-a-judges-reply');
    expect(slug("The tests' pouchdb-server: what it is and is not")).toBe('the-tests-pouchdb-server-what-it-is-and-is-not');
    expect(slug('5. Use `ses.setPermissionRequestHandler()` in all sessions')).toBe('5-use-sessetpermissionrequesthandler-in-all-sessions');
    expect(slug('GuessTheRuleBench, GameArena and AR-Bench')).toBe('guesstherulebench-gamearena-and-ar-bench');
    expect(slug('Étude 标注员')).toBe('étude-标注员');
    expect([...anchors('# A\n\n## B\n\n```md\n## C\n```\n\n## B\n')]).toEqual(['a', 'b', 'b-1']);
  });

  it('reports a missing file, an unknown anchor and a missing image, and passes the links that resolve', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agreement-studio-links-'));
    writeFileSync(join(dir, 'other.md'), '# Other\n\n## Section two\n');
    const page = join(dir, 'page.md');
    writeFileSync(
      page,
      [
        '# Page',
        '[fine](other.md) [fine too](other.md#section-two) [here](#page) [web](https://example.org/x.md)',
        '[gone](missing.md) [wrong](other.md#section-three) ![shot](shot.png) `[in code](nowhere.md)`',
      ].join('\n'),
    );
    expect(brokenLinks(page)).toEqual([
      expect.stringMatching(/^missing\.md: no such file/),
      expect.stringMatching(/^other\.md#section-three: no heading "section-three"/),
      expect.stringMatching(/^shot\.png: no such file/),
    ]);
  });

  it('finds the README and the guides', () => {
    expect(pages.map((page) => relative(REPO_ROOT, page))).toEqual(expect.arrayContaining(['README.md', join('docs', 'lead.md'), join('docs', 'formats.md')]));
  });

  it.each(pages.map((page) => [relative(REPO_ROOT, page), page]))('%s: every relative link and image resolves', (_name, page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});
