// Reads a YAML settings file (SPLAT's or AgentBench's config.yaml) into plain values within the
// input limits: its size, its nesting (measured on the lexer's tokens before any node is built,
// then exactly on the nodes) and its aliases (counted as the value would expand them, a cycle
// refused), so a hostile file is refused at its line in words and never reaches an engine's stack.

import type { ParseResult } from '../errors';
import type { FileReaders } from './file-readers';
import { stripBom } from '../json-document';
import { checkFileSize, countWords, INPUT_LIMITS, type SourceFile } from '../limits';

export type YamlReaders = Pick<FileReaders, 'parseYaml' | 'lexYaml'>;

const MAX_DEPTH = INPUT_LIMITS.maxNestingDepth;
const MAX_ALIASES = INPUT_LIMITS.maxYamlAliases;

/**
 * The token measure before parsing may count a value at the end of a line as a level and miss a
 * list written at its key's own indentation (which halves the count at worst), so it refuses at
 * twice the limit: far below the few hundred levels where the `yaml` package's composing runs out
 * of stack (at 10,000 nested brackets it exhausts the process's memory), and the nodes are then
 * held to the limit exactly.
 */
const TOKEN_DEPTH_GUARD = 2 * MAX_DEPTH;

const tooDeep = `the YAML is nested deeper than ${MAX_DEPTH} levels (maps and lists in one another); the studio reads at most ${MAX_DEPTH}, and settings go a few levels deep`;

/** The value of a YAML settings file, or a located refusal in words; no engine message. */
export function readYamlSettings(file: SourceFile, readers: YamlReaders): ParseResult<unknown> {
  const fail = (message: string, line?: number): ParseResult<unknown> => ({
    ok: false,
    errors: [{ file: file.name, ...(line !== undefined ? { line } : {}), path: '', message }],
  });
  const sizeError = checkFileSize(file, { maxBytes: INPUT_LIMITS.maxYamlBytes, what: 'a YAML settings file' });
  if (sizeError !== undefined) return { ok: false, errors: [sizeError] };
  const text = stripBom(file.text);
  try {
    const deepLine = lineOverTokenDepth(readers.lexYaml(text));
    if (deepLine !== undefined) return fail(tooDeep, deepLine);
    const doc = readers.parseYaml(text);
    const syntax = doc.errors[0];
    if (syntax !== undefined) return fail(`not valid YAML: ${syntax.message.split('\n')[0] ?? ''}`, syntax.linePos?.[0].line);
    const problem = nodeProblem(doc.contents);
    if (problem !== undefined) return fail(problem.message, lineAt(text, problem.offset));
    // The package's own bound stays on as a second one; it counts an anchor's value once besides its aliases, so one more.
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIASES + 1 }) };
  } catch {
    // The checks above keep every known hostile shape from here; whatever else the reader throws is its own words.
    return fail("the YAML could not be read as settings (the reader stopped on it); check that it is the run's own config.yaml");
  }
}

/** Zero-width marks the lexer puts between source tokens: a document's start, a scalar's start, a flow collection's end. */
const DOCUMENT = '\x02';
const SCALAR = '\x1f';
const FLOW_END = '\x18';

/**
 * The line where the nesting first passes TOKEN_DEPTH_GUARD, from the lexer's tokens: each
 * bracket opens a level; outside brackets, the columns where a line's first value and each
 * `- `, `? ` or `: ` before it start are the levels open (a line at a smaller column closes the
 * deeper ones). The lexer is read one token at a time and left at the first line too deep.
 */
function lineOverTokenDepth(tokens: Iterable<string>): number | undefined {
  const columns: number[] = [];
  let flow = 0;
  let line = 1;
  let column = 0;
  let lineHead = true;
  let scalarNext = false;
  for (const token of tokens) {
    if (token === SCALAR) {
      scalarNext = true;
      continue;
    }
    if (token === DOCUMENT || token === FLOW_END) continue;
    if (token === '\n' || token === '\r\n') {
      line++;
      column = 0;
      lineHead = true;
      continue;
    }
    const isScalar = scalarNext;
    scalarNext = false;
    if (!isScalar && (token === '---' || token === '...')) {
      columns.length = 0;
      flow = 0;
    } else if (flow === 0 && lineHead && !/^[ \t]*$/.test(token) && !token.startsWith('#')) {
      while (columns.length > 0 && (columns[columns.length - 1] ?? 0) >= column) columns.pop();
      columns.push(column);
      if (columns.length > TOKEN_DEPTH_GUARD) return line;
      lineHead = !isScalar && (token === '-' || token === '?' || token === ':');
    }
    if (!isScalar && (token === '[' || token === '{')) {
      flow++;
      if (columns.length + flow > TOKEN_DEPTH_GUARD) return line;
    } else if (!isScalar && (token === ']' || token === '}')) {
      flow = Math.max(0, flow - 1);
    }
    const lastBreak = token.lastIndexOf('\n');
    if (lastBreak < 0) {
      column += token.length;
    } else {
      // A quoted or block scalar spanning lines.
      for (let i = 0; i <= lastBreak; i++) if (token.charCodeAt(i) === 0x0a) line++;
      column = token.length - lastBreak - 1;
      lineHead = false;
    }
  }
  return undefined;
}

/** What a walk of the nodes found first, at the offset of the node it is about. */
interface NodeProblem {
  message: string;
  offset: number;
}

/** An anchor as the walk has seen it: still being walked (an alias to it is a cycle), then how many alias uses its value expands to. */
interface Anchor {
  open: boolean;
  uses: number;
}

/**
 * Walks the document's nodes as the `yaml` package composed them (maps of pairs, lists, scalars,
 * aliases naming an anchor) in document order, as the package resolves aliases: nesting past the
 * limit, an alias inside the anchor it names, an alias before its anchor, and alias uses past the
 * limit, each alias counting once plus every use inside its anchor (a billion laughs counts its
 * billion) are refused at the node where the walk finds them. The walk stops there, so it
 * never expands anything.
 */
function nodeProblem(root: unknown): NodeProblem | undefined {
  const anchors = new Map<string, Anchor>();
  let uses = 0;
  const walk = (node: unknown, depth: number): NodeProblem | undefined => {
    if (typeof node !== 'object' || node === null) return undefined;
    const fields = node as Record<string, unknown>;
    const offset = offsetOf(fields);
    if ('key' in fields && 'value' in fields) return walk(fields.key, depth) ?? walk(fields.value, depth);
    if (typeof fields.source === 'string' && !('value' in fields) && !('items' in fields)) {
      const name = fields.source;
      const anchor = anchors.get(name);
      if (anchor === undefined) return { offset, message: `the alias *${name} names no anchor &${name} above it` };
      if (anchor.open)
        return {
          offset,
          message: `the alias *${name} refers to itself (an alias cycle: it stands inside the value it names, &${name}); a setting cannot contain itself`,
        };
      uses += 1 + anchor.uses;
      if (uses > MAX_ALIASES)
        return {
          offset,
          message: `the YAML uses aliases more than ${countWords(MAX_ALIASES)} times (each alias inside a value that is itself aliased counts every time); the studio expands at most ${countWords(MAX_ALIASES)}: write the settings out in full`,
        };
      return undefined;
    }
    const anchorName = typeof fields.anchor === 'string' ? fields.anchor : undefined;
    const anchor: Anchor = { open: true, uses: 0 };
    if (anchorName !== undefined) anchors.set(anchorName, anchor);
    const usesBefore = uses;
    if (Array.isArray(fields.items)) {
      if (depth + 1 > MAX_DEPTH) return { offset, message: tooDeep };
      for (const item of fields.items as unknown[]) {
        const problem = walk(item, depth + 1);
        if (problem !== undefined) return problem;
      }
    }
    anchor.open = false;
    anchor.uses = uses - usesBefore;
    return undefined;
  };
  return walk(root, 0);
}

/** Where a node starts in the text (its range's first offset). */
function offsetOf(fields: Record<string, unknown>): number {
  const range = fields.range;
  return Array.isArray(range) && typeof range[0] === 'number' ? range[0] : 0;
}

/** The 1-based line of `offset` in `text`. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 0x0a) line++;
  return line;
}
