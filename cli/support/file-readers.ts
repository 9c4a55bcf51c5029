// The libraries the importers read other programs' files with (YAML, Excel workbooks, SQLite),
// handed to shared/ by the command line; the importer tests use the same set. Workbooks are
// unpacked within the input limits first (shared/formats/workbook-parts.ts), as in the app.

import readXlsxFile, { readSheet } from 'read-excel-file/universal';
import { Lexer, parseDocument } from 'yaml';
import type { FileReaders } from '../../shared/formats/importers/file-readers';
import { storedWorkbook } from '../../shared/formats/workbook-parts';
import { loadSqlJsInNode } from './sql-js';
import { inflateInNode } from './workbook-inflate';

export const FILE_READERS: FileReaders = {
  parseYaml: parseDocument,
  lexYaml: (text) => new Lexer().lex(text),
  readWorkbook: async (bytes, options) => readXlsxFile(await storedWorkbook(bytes, inflateInNode), options),
  readSheet: async (bytes, sheet) => readSheet(await storedWorkbook(bytes, inflateInNode), sheet),
  loadSqlJs: loadSqlJsInNode,
};
