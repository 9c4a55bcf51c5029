// The third hostile round's files for the workbook and SQLite readers and the text checks (issue
// 27, findings 2, 3 and 6), built in memory: a shared string filling 150,000 cells, a million-row
// sheet, a 10 MB cell, zip bombs (one whose directory says 1.2 GB, one whose directory says 1 MB
// and which inflates to 300 MB), elements nested 200,000 deep, a GameArena users.db with a 150 MB
// blob in another table (over the database's limit) and one with a 48 MB blob (read), a workbook whose part names come after its first 4 kB, an encrypted
// workbook's container, UTF-16 without a byte-order mark and a doubled byte-order mark; and for the
// YAML reader (finding 1) a SPLAT run's config.yaml holding a billion laughs, a doubling chain of
// aliases, an alias cycle, maps 100 deep, brackets 10,000 deep and a 10 MB list, each given with the
// run's log.json. Each case says what the studio must do: refuse it whole with words matching
// `refused`, or import it.

import { constants, deflateRawSync } from 'node:zlib';
import { loadSqlJsInNode } from '../../cli/support/sql-js';
import { byteWords, countWords, INPUT_LIMITS } from '../../shared/formats/limits';
import { readZip, writeZip, ZIP_DEFLATED, ZIP_STORED, type ZipEntry } from '../../shared/formats/zip-archive';
import { gameArenaDatabase } from '../shared/formats/importers/game-arena-run';
import { configYaml, sampleRun, SETTINGS } from '../shared/formats/importers/splat-run';
import { writeWorkbook } from '../shared/formats/importers/workbook-writer';

export interface ReaderCase {
  name: string;
  /** The finding of issue 27 it reproduces, in its words. */
  finding: string;
  bytes: () => Promise<Uint8Array>;
  /** Files given with it, as the lead would choose them together (a SPLAT run's log.json with its config.yaml). */
  companions?: () => ReadonlyArray<{ name: string; bytes: Uint8Array }>;
  /** Refused whole with a message matching this, or imported (its puzzles counted). */
  expect: { refused: RegExp } | { imported: { puzzles: number } };
}

const MB = 1024 * 1024;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** A small valid workbook whose parts are then replaced or added to. */
function baseWorkbook(): ZipEntry[] {
  return readZip(
    writeWorkbook(
      [
        {
          name: 'Sheet1',
          rows: [
            ['title', 'story', 'answer', 'level of difficulty'],
            ['Lamp', 'A man lights a lamp.', 'It burns oil.', 3],
          ],
        },
      ],
      { asExcel: true },
    ),
  );
}

/** The workbook with `parts` put in place of (or beside) its own, deflated. */
function withParts(parts: Record<string, string | Uint8Array>, entries = baseWorkbook()): Uint8Array {
  const replaced = new Map(Object.entries(parts).map(([name, content]) => [name, typeof content === 'string' ? new TextEncoder().encode(content) : content]));
  const kept = entries.filter((entry) => !replaced.has(entry.name));
  const added = [...replaced].map(([name, data]): ZipEntry => ({
    name,
    method: ZIP_DEFLATED,
    crc: 0,
    size: data.length,
    data: new Uint8Array(deflateRawSync(data)),
  }));
  return writeZip([...kept, ...added]);
}

const sheetXml = (rows: string) => `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

/** `cells` cells (in rows of 100) that all use shared string 0, which is `chars` long. */
function sharedStringBomb(chars: number, cells: number): Uint8Array {
  const rows: string[] = [];
  for (let r = 1; r <= cells / 100; r++) rows.push(`<row r="${r}">${'<c t="s"><v>0</v></c>'.repeat(100)}</row>`);
  return withParts({
    'xl/sharedStrings.xml': `${XML_HEAD}<sst xmlns="${MAIN}" count="${cells}" uniqueCount="1"><si><t>${'x'.repeat(chars)}</t></si></sst>`,
    'xl/worksheets/sheet1.xml': sheetXml(rows.join('')),
  });
}

/**
 * Raw deflate data that inflates to `bytes` spaces: one 1 MB block flushed so that it stands
 * alone, repeated, and a final empty block. Built without inflating or deflating gigabytes.
 */
function spacesDeflated(bytes: number): Uint8Array {
  const block = new Uint8Array(deflateRawSync(Buffer.alloc(MB, 0x20), { finishFlush: constants.Z_FULL_FLUSH }));
  const count = Math.ceil(bytes / MB);
  const out = new Uint8Array(block.length * count + 2);
  for (let i = 0; i < count; i++) out.set(block, i * block.length);
  // A final block of fixed codes holding only its end: bits 1 (final), 01 (fixed), then code 256.
  out.set([0x03, 0x00], block.length * count);
  return out;
}

/** The base workbook with its sheet replaced by deflated data, its directory giving `claimed` bytes. */
function bomb(inflated: number, claimed: number): Uint8Array {
  const entries = baseWorkbook().map((entry) =>
    entry.name === 'xl/worksheets/sheet1.xml' ? { ...entry, method: ZIP_DEFLATED, size: claimed, data: spacesDeflated(inflated) } : entry,
  );
  return writeZip(entries);
}

/** An Office compound file (the container Excel saves an encrypted workbook in) naming its EncryptionInfo stream. */
function encryptedWorkbook(): Uint8Array {
  const bytes = new Uint8Array(4096);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const name = 'EncryptionInfo';
  for (let i = 0; i < name.length; i++) bytes[1024 + 2 * i] = name.charCodeAt(i);
  return bytes;
}

/** A workbook whose first part is 8 kB of stored padding, so no part name of its own is in its first 4 kB. */
function partsPastFourKilobytes(): Uint8Array {
  const padding = new Uint8Array(8192).map((_, i) => (i * 7919) & 0xff);
  return writeZip([{ name: 'docProps/thumbnail.jpeg', method: ZIP_STORED, crc: 0, size: padding.length, data: padding }, ...baseWorkbook()]);
}

/** GameArena's users.db with a table the importer does not read holding one blob of `blobBytes`. */
async function databaseWithBlob(blobBytes: number): Promise<Uint8Array> {
  const SQL = await loadSqlJsInNode();
  const db = new SQL.Database(await gameArenaDatabase());
  try {
    db.run('CREATE TABLE avatars (id INTEGER PRIMARY KEY, image BLOB)');
    db.run(`INSERT INTO avatars (image) VALUES (zeroblob(${blobBytes}))`);
    return db.export();
  } finally {
    db.close();
  }
}

const encode = (text: string) => new TextEncoder().encode(text);

/** SPLAT's config.yaml with `hostile` lines before its own, so the refusal's line numbers are those of `hostile`. */
export function hostileConfig(hostile: string): string {
  return `${hostile}\n${configYaml(SETTINGS)}`;
}

/** The run's log.json, given with each hostile config.yaml so that the config is what the import reads and refuses. */
function splatLog(caseName: string): ReadonlyArray<{ name: string; bytes: Uint8Array }> {
  return [{ name: `${caseName}.log.json`, bytes: encode(sampleRun().logJson) }];
}

const laugh = (name: string, item: string) => `${name}: &${name} [${Array.from({ length: 9 }, () => item).join(', ')}]`;

/** The YAML texts of the hostile config.yaml cases, for the parser's tests too. */
export const HOSTILE_YAML = {
  /** Nine of each alias in one another, six times: 9^6 = 531,441 copies of "lol" once expanded; refused at line 4, the first alias past 100 uses. */
  billionLaughs: hostileConfig(
    [laugh('a', '"lol"'), laugh('b', '*a'), laugh('c', '*b'), laugh('d', '*c'), laugh('e', '*d'), laugh('f', '*e'), laugh('g', '*f')].join('\n'),
  ),
  /** Each anchor two aliases of the one before, 40 times: 2^40 leaves once expanded; the 101st use is on line 6. */
  doublingChain: hostileConfig(Array.from({ length: 40 }, (_, i) => (i === 0 ? 'a0: &a0 [x, x]' : `a${i}: &a${i} [*a${i - 1}, *a${i - 1}]`)).join('\n')),
  /** An alias inside the map it names, on line 1. */
  aliasCycle: hostileConfig('loop: &l {self: *l}'),
  /** Maps 100 deep, one a line: the 65th level opens on line 65. */
  deepMaps: hostileConfig(Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n') + ' 1'),
  /** Lists 10,000 deep on line 1 (the `yaml` package ran out of memory on it, ending the process). */
  deepBrackets: hostileConfig(`deep: ${'['.repeat(10_000)}${']'.repeat(10_000)}`),
  /** A list of 1.25 million settings, 10 million bytes (13 s and 1.2 GB for the `yaml` package to build). */
  bigList: hostileConfig(`list:\n${'- xyzzy\n'.repeat(1_250_000)}`),
};

const yamlCase = (name: string, finding: string, text: string, refused: RegExp): ReaderCase => ({
  name,
  finding,
  bytes: () => Promise.resolve(encode(text)),
  companions: () => splatLog(name),
  expect: { refused },
});

const ALIAS_LIMIT = `the YAML uses aliases more than ${countWords(INPUT_LIMITS.maxYamlAliases)} times`;
const TOO_DEEP = `the YAML is nested deeper than ${INPUT_LIMITS.maxNestingDepth} levels`;

const YAML_CASES: readonly ReaderCase[] = [
  yamlCase('billion-laughs.yaml', "a billion laughs in a SPLAT run's config.yaml", HOSTILE_YAML.billionLaughs, new RegExp(`line 4: ${ALIAS_LIMIT}`)),
  yamlCase('doubling-chain.yaml', "a doubling chain of aliases in a SPLAT run's config.yaml", HOSTILE_YAML.doublingChain, new RegExp(`line 6: ${ALIAS_LIMIT}`)),
  yamlCase(
    'alias-cycle.yaml',
    "an alias cycle (loop: &l {self: *l}) in a SPLAT run's config.yaml",
    HOSTILE_YAML.aliasCycle,
    /line 1: the alias \*l refers to itself \(an alias cycle/,
  ),
  yamlCase('deep-maps.yaml', "maps 100 deep in a SPLAT run's config.yaml", HOSTILE_YAML.deepMaps, new RegExp(`line 65: ${TOO_DEEP}`)),
  yamlCase('deep-brackets.yaml', "lists 10,000 deep in a SPLAT run's config.yaml", HOSTILE_YAML.deepBrackets, new RegExp(`line 1: ${TOO_DEEP}`)),
  yamlCase(
    'big-list.yaml',
    "a 10 MB list in a SPLAT run's config.yaml",
    HOSTILE_YAML.bigList,
    new RegExp(`file is 9\\.5 MB; the limit for a YAML settings file is ${INPUT_LIMITS.maxYamlBytes / MB} MB`),
  ),
];

const bundleText = '{"format": "agreement-studio.transcripts/1", "id": "s", "name": "S", "puzzles": [], "sessions": []}';

export const READER_CASES: readonly ReaderCase[] = [
  {
    name: 'shared-string-bomb.xlsx',
    finding: 'one 900 kB shared string fills 150,000 cells',
    bytes: () => Promise.resolve(sharedStringBomb(900 * 1024, 150_000)),
    expect: {
      refused: new RegExp(
        `the cells of the sheet sheet1 hold ${countWords(900 * 1024 * 150_000)} characters of text \\(its shared string 1, ${countWords(900 * 1024)} characters, is used in 150,000 cells\\); the studio reads at most ${countWords(INPUT_LIMITS.maxWorkbookTextChars)} characters`,
      ),
    },
  },
  {
    name: 'million-rows.xlsx',
    finding: 'a sheet of a million rows',
    bytes: () => Promise.resolve(withParts({ 'xl/worksheets/sheet1.xml': sheetXml('<row><c><v>1</v></c></row>'.repeat(1_000_000)) })),
    expect: { refused: new RegExp(`the sheet sheet1 has 1,000,000 rows; the studio reads at most ${countWords(INPUT_LIMITS.maxSheetRows)}`) },
  },
  {
    name: 'ten-megabyte-cell.xlsx',
    finding: 'one 10 MB cell',
    bytes: () =>
      Promise.resolve(
        withParts({ 'xl/worksheets/sheet1.xml': sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'y'.repeat(10 * MB)}</t></is></c></row>`) }),
      ),
    expect: {
      refused: new RegExp(
        `the cell A1 of the sheet sheet1 holds ${countWords(10 * MB)} characters; the studio reads at most ${countWords(INPUT_LIMITS.maxCellChars)} in one cell`,
      ),
    },
  },
  {
    name: 'zip-bomb-1.2GB.xlsx',
    finding: 'a 1.2 MB file inflating to 1.2 GB',
    bytes: () => Promise.resolve(bomb(1229 * MB, 1229 * MB)),
    expect: {
      refused: new RegExp(
        `its part xl/worksheets/sheet1\\.xml unpacks to ${byteWords(1229 * MB)}; the studio reads at most ${byteWords(INPUT_LIMITS.maxWorkbookPartBytes)} in one part`,
      ),
    },
  },
  {
    name: 'zip-bomb-300MB-lying.xlsx',
    finding: 'a file inflating to 300 MB (its directory saying 1 MB)',
    bytes: () => Promise.resolve(bomb(300 * MB, MB)),
    expect: { refused: /its part xl\/worksheets\/sheet1\.xml is damaged \(it unpacks to more bytes than the directory gives\)/ },
  },
  {
    name: 'deep-elements.xlsx',
    finding: 'a sheet of elements nested 200,000 deep',
    bytes: () => Promise.resolve(withParts({ 'xl/worksheets/sheet1.xml': sheetXml(`${'<x>'.repeat(200_000)}${'</x>'.repeat(200_000)}`) })),
    expect: {
      refused: new RegExp(`its part xl/worksheets/sheet1\\.xml nests elements 200,002 deep; the studio reads at most ${INPUT_LIMITS.maxNestingDepth} levels`),
    },
  },
  {
    name: 'blob-150MB-users.db',
    finding: "a 150 MB blob in another table of GameArena's users.db",
    bytes: () => databaseWithBlob(150 * MB),
    expect: { refused: new RegExp(`the database is 150\\.\\d MB; the studio reads SQLite databases of at most ${byteWords(INPUT_LIMITS.maxSqliteBytes)}`) },
  },
  {
    name: 'blob-48MB-users.db',
    finding: "a 48 MB blob in another table of GameArena's users.db (under the database's limit)",
    bytes: () => databaseWithBlob(48 * MB),
    expect: { imported: { puzzles: 3 } },
  },
  {
    name: 'content-types-past-4kB.xlsx',
    finding: 'a workbook whose [Content_Types].xml is not in its first 4 kB',
    bytes: () => Promise.resolve(partsPastFourKilobytes()),
    expect: { imported: { puzzles: 1 } },
  },
  {
    name: 'encrypted.xlsx',
    finding: 'a password-protected workbook',
    bytes: () => Promise.resolve(encryptedWorkbook()),
    expect: { refused: /a password-protected \(encrypted\) Excel workbook: open it in Excel and save it again without a password/ },
  },
  {
    name: 'utf16-no-bom.json',
    finding: 'UTF-16 without a byte-order mark',
    bytes: () => Promise.resolve(new Uint8Array(Buffer.from(bundleText, 'utf16le'))),
    expect: { refused: /UTF-16 text \(without a byte-order mark: a zero byte in every other place\); save it as UTF-8/ },
  },
  {
    name: 'doubled-bom.json',
    finding: 'a doubled byte-order mark',
    bytes: () => Promise.resolve(new Uint8Array(Buffer.from(`\uFEFF\uFEFF${bundleText}`, 'utf8'))),
    expect: { refused: /the file starts with two byte-order marks \(the invisible mark U\+FEFF .*\); save it as UTF-8 with one or none/ },
  },
  ...YAML_CASES,
];
