// The libraries the importers read other programs' files with (YAML, Excel workbooks, SQLite),
// handed to shared/ by the command line; the importer tests use the same set.

import readXlsxFile, { readSheet } from 'read-excel-file/universal';
import { parseDocument } from 'yaml';
import type { FileReaders } from '../../shared/formats/importers/file-readers';
import { loadSqlJsInNode } from './sql-js';

export const FILE_READERS: FileReaders = { parseYaml: parseDocument, readWorkbook: readXlsxFile, readSheet, loadSqlJs: loadSqlJsInNode };
