// Test helper: writes a minimal .xlsx (a ZIP of the five parts Excel needs, cells as inline strings
// or numbers), so workbook imports are tested on files whose every cell is known. With `asExcel`,
// text goes into a shared-strings part and every part is deflated, as Excel and WPS save a
// workbook; read-excel-file then inflates a large part (over 512 KB) as the real puzzles.xlsx makes
// it. No spreadsheet writer is a dependency; this is enough for read-excel-file to read.

import { deflateRawSync } from 'node:zlib';
import { writeZip, ZIP_DEFLATED, ZIP_STORED, type ZipEntry } from '../../../../shared/formats/zip-archive';

type Cell = string | number | null;

export interface SheetSpec {
  name: string;
  rows: ReadonlyArray<readonly Cell[]>;
}

export interface WorkbookOptions {
  /** Text in xl/sharedStrings.xml and every part deflated, as Excel writes a workbook. */
  asExcel?: boolean;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP entry of the text, stored or deflated. */
function zipEntry(name: string, text: string, deflate: boolean): ZipEntry {
  const data = new TextEncoder().encode(text);
  const crc = crc32(data);
  return deflate
    ? { name, method: ZIP_DEFLATED, crc, size: data.length, data: new Uint8Array(deflateRawSync(data)) }
    : { name, method: ZIP_STORED, crc, size: data.length, data };
}

const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'http://schemas.openxmlformats.org/';

function column(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The sheet's XML; text cells inline, or as indexes into `shared` when it is given (adding new strings to it). */
function sheetXml(rows: ReadonlyArray<readonly Cell[]>, shared?: Map<string, number>): string {
  const rowXml = rows.map((row, r) => {
    const cells = row.map((cell, c) => {
      const ref = `${column(c)}${r + 1}`;
      if (cell === null) return '';
      if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
      if (shared === undefined) return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`;
      if (!shared.has(cell)) shared.set(cell, shared.size);
      return `<c r="${ref}" t="s"><v>${shared.get(cell)}</v></c>`;
    });
    return `<row r="${r + 1}">${cells.join('')}</row>`;
  });
  return `${XML_HEAD}<worksheet xmlns="${NS}spreadsheetml/2006/main"><sheetData>${rowXml.join('')}</sheetData></worksheet>`;
}

function sharedStringsXml(shared: Map<string, number>): string {
  // As Excel: xml:space="preserve" only where spaces at either end would otherwise be dropped.
  const items = [...shared.keys()].map((text) => `<si><t${/^\s|\s$/.test(text) ? ' xml:space="preserve"' : ''}>${xmlText(text)}</t></si>`);
  return `${XML_HEAD}<sst xmlns="${NS}spreadsheetml/2006/main" count="${shared.size}" uniqueCount="${shared.size}">${items.join('')}</sst>`;
}

/** An .xlsx holding the given sheets, in order. */
export function writeWorkbook(sheets: readonly SheetSpec[], options: WorkbookOptions = {}): Uint8Array {
  const shared = options.asExcel === true ? new Map<string, number>() : undefined;
  const sheetParts = sheets.map((sheet, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, text: sheetXml(sheet.rows, shared) }));
  const sharedId = sheets.length + 1;
  const parts = [
    {
      name: '[Content_Types].xml',
      text: `${XML_HEAD}<Types xmlns="${NS}package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}${shared ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    },
    {
      name: '_rels/.rels',
      text: `${XML_HEAD}<Relationships xmlns="${NS}package/2006/relationships"><Relationship Id="rId1" Type="${NS}officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      text: `${XML_HEAD}<workbook xmlns="${NS}spreadsheetml/2006/main" xmlns:r="${NS}officeDocument/2006/relationships"><sheets>${sheets.map((sheet, i) => `<sheet name="${xmlText(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `${XML_HEAD}<Relationships xmlns="${NS}package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${NS}officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}${shared ? `<Relationship Id="rId${sharedId}" Type="${NS}officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    },
    ...sheetParts,
    ...(shared ? [{ name: 'xl/sharedStrings.xml', text: sharedStringsXml(shared) }] : []),
  ];
  return writeZip(parts.map((part) => zipEntry(part.name, part.text, shared !== undefined)));
}
