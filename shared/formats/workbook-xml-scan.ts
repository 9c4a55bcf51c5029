// Measures a workbook's unzipped XML parts in one pass over their bytes, before a spreadsheet
// reader builds anything from them: how deep the elements go, each sheet's rows and columns that
// hold a value, each cell's text, and each shared string's length with how often cells use it.

/** A part's elements nest this deep at most (SpreadsheetML goes about 6 deep). */
export interface XmlDepth {
  depth: number;
}

/** What one sheet holds, as the reader would build it. */
export interface SheetMeasure extends XmlDepth {
  /** The last row and column (1-based) with a value: the reader fills every cell inside them. */
  rows: number;
  columns: number;
  /** The longest cell: its text length in characters and its reference (e.g. "B7"). */
  longestCell: { chars: number; ref: string };
  /** The text of every cell, each shared string counted in every cell that uses it. */
  textChars: number;
  /** The shared string used by the most cells, and how many use it: the message names it. */
  mostShared: { index: number; cells: number };
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const QUOTE = 0x22;
const APOS = 0x27;

/** Characters (UTF-16 code units, as a JavaScript string counts them) that a UTF-8 byte adds: continuation bytes none, a 4-byte lead two. */
function charsOf(byte: number): number {
  return byte < 0x80 || byte >= 0xc0 ? (byte >= 0xf0 ? 2 : 1) : 0;
}

/** One element tag as the scan reads it: its name, where it ends, whether it closes itself, and its attributes' text. */
interface Tag {
  name: string;
  end: number;
  selfClosing: boolean;
  attributes: string;
}

/** The tag that opens at `at` (just after `<`): the name up to a space, `/` or `>`, then attributes up to a `>` outside quotes. */
function readTag(bytes: Uint8Array, at: number): Tag {
  let i = at;
  while (i < bytes.length && bytes[i] !== GT && bytes[i] !== SLASH && bytes[i] !== 0x20 && bytes[i] !== 0x09 && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
  const name = ascii(bytes, at, i);
  const attributesStart = i;
  let quote = 0;
  for (; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (quote !== 0) {
      if (b === quote) quote = 0;
    } else if (b === QUOTE || b === APOS) quote = b;
    else if (b === GT) break;
  }
  return { name, end: i, selfClosing: bytes[i - 1] === SLASH, attributes: ascii(bytes, attributesStart, Math.min(i, attributesStart + 200)) };
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let out = '';
  for (let i = from; i < to; i++) out += String.fromCharCode(bytes[i] as number);
  return out;
}

/** The element's local name (`x:row` is `row`). */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Where a comment, processing instruction, CDATA section or declaration that starts at `at` (just after `<`) ends. */
function skipSpecial(bytes: Uint8Array, at: number): number {
  const closing = ascii(bytes, at, at + 8).startsWith('!--') ? '-->' : ascii(bytes, at, at + 8).startsWith('![CDATA[') ? ']]>' : '>';
  for (let i = at; i < bytes.length; i++) {
    if (bytes[i] !== GT) continue;
    if (closing === '>' || ascii(bytes, i - 2, i + 1) === closing) return i;
  }
  return bytes.length;
}

/** Calls `onTag` for every element tag (opening, closing or both) and `onText` for each run of text, tracking the deepest nesting. */
function walk(bytes: Uint8Array, onTag: (tag: Tag, closing: boolean) => void, onText: (from: number, to: number) => void): number {
  let depth = 0;
  let deepest = 0;
  let text = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== LT) continue;
    if (i > text) onText(text, i);
    const next = bytes[i + 1];
    if (next === 0x3f /* ? */ || next === 0x21 /* ! */) {
      i = skipSpecial(bytes, i + 1);
    } else if (next === SLASH) {
      const tag = readTag(bytes, i + 2);
      onTag(tag, true);
      depth--;
      i = tag.end;
    } else {
      const tag = readTag(bytes, i + 1);
      onTag(tag, false);
      if (!tag.selfClosing) {
        depth++;
        if (depth > deepest) deepest = depth;
      }
      i = tag.end;
    }
    text = i + 1;
  }
  return deepest;
}

/** The nesting depth of any XML part. */
export function measureXml(bytes: Uint8Array): XmlDepth {
  return {
    depth: walk(
      bytes,
      () => undefined,
      () => undefined,
    ),
  };
}

/** The length in characters of each shared string (`<si>` of xl/sharedStrings.xml), text outside tags counted as written. */
export function measureSharedStrings(bytes: Uint8Array): XmlDepth & { lengths: number[] } {
  const lengths: number[] = [];
  let current = -1;
  const depth = walk(
    bytes,
    (tag, closing) => {
      if (localName(tag.name) !== 'si') return;
      if (!closing) {
        lengths.push(0);
        current = tag.selfClosing ? -1 : lengths.length - 1;
      } else current = -1;
    },
    (from, to) => {
      if (current < 0) return;
      let chars = 0;
      for (let i = from; i < to; i++) chars += charsOf(bytes[i] as number);
      lengths[current] = (lengths[current] ?? 0) + chars;
    },
  );
  return { depth, lengths };
}

const ATTRIBUTE_R = /(?:^|\s)r\s*=\s*["']([^"']*)["']/;
const ATTRIBUTE_T = /(?:^|\s)t\s*=\s*["']([^"']*)["']/;

/** The column number (1-based) and row number of a reference such as "AB12"; 0 where it gives none. */
function cellRef(ref: string): { column: number; row: number } {
  let column = 0;
  let i = 0;
  for (; i < ref.length && i < 4; i++) {
    const c = ref.charCodeAt(i) & ~0x20;
    if (c < 0x41 || c > 0x5a) break;
    column = column * 26 + (c - 0x40);
  }
  const row = Number.parseInt(ref.slice(i), 10);
  return { column, row: Number.isFinite(row) ? row : 0 };
}

function refName(column: number, row: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return `${name}${row}`;
}

/** A sheet's extent, cell text and nesting, with each shared-string cell counted at its string's length. */
export function measureSheet(bytes: Uint8Array, sharedLengths: readonly number[]): SheetMeasure {
  let row = 0;
  let column = 0;
  let rows = 0;
  let columns = 0;
  let inCell = false;
  let cellShared = false;
  let cellHasValue = false;
  let cellChars = 0;
  let inValue = false;
  let valueText = '';
  let textChars = 0;
  const longestCell = { chars: 0, ref: '' };
  const uses = new Map<number, number>();
  const endCell = () => {
    if (cellShared && valueText !== '') {
      const index = Number.parseInt(valueText, 10);
      cellChars = sharedLengths[index] ?? 0;
      uses.set(index, (uses.get(index) ?? 0) + 1);
    }
    textChars += cellChars;
    if (cellChars > longestCell.chars) {
      longestCell.chars = cellChars;
      longestCell.ref = refName(column, row);
    }
    if (cellHasValue) {
      if (row > rows) rows = row;
      if (column > columns) columns = column;
    }
    inCell = false;
  };
  const depth = walk(
    bytes,
    (tag, closing) => {
      const name = localName(tag.name);
      if (name === 'row' && !closing) {
        const r = ATTRIBUTE_R.exec(tag.attributes)?.[1];
        row = r !== undefined ? cellRef(r).row : row + 1;
        column = 0;
      } else if (name === 'c' && !closing) {
        const r = ATTRIBUTE_R.exec(tag.attributes)?.[1];
        column = r !== undefined ? cellRef(r).column : column + 1;
        if (r !== undefined && cellRef(r).row > 0) row = cellRef(r).row;
        inCell = true;
        cellShared = ATTRIBUTE_T.exec(tag.attributes)?.[1] === 's';
        cellHasValue = false;
        cellChars = 0;
        valueText = '';
        if (tag.selfClosing) endCell();
      } else if (name === 'c' && closing) {
        if (inCell) endCell();
      } else if (inCell && (name === 'v' || name === 'is') && !closing) {
        cellHasValue = true;
        inValue = name === 'v' && !tag.selfClosing;
      } else if (name === 'v' && closing) {
        inValue = false;
      }
    },
    (from, to) => {
      if (!inCell) return;
      // A shared-string cell's value is the string's index: short, and read as such.
      if (cellShared && inValue && valueText.length < 12) valueText += ascii(bytes, from, Math.min(to, from + 12));
      else if (!cellShared) for (let i = from; i < to; i++) cellChars += charsOf(bytes[i] as number);
    },
  );
  let mostShared = { index: -1, cells: 0 };
  for (const [index, cells] of uses) if (cells > mostShared.cells) mostShared = { index, cells };
  return { depth, rows, columns, longestCell, textChars, mostShared };
}
