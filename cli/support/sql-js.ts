// Starts sql.js in Node for the command line, which reads GameArena's SQLite users.db. Its
// WebAssembly is read from the installed package here and handed over as bytes, because the
// bundled command line cannot rely on sql.js finding the file next to itself.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import initSqlJs, { type SqlJsStatic } from 'sql.js';

/** Typed as sql.js itself, so tests can also build databases with it. */
export const loadSqlJsInNode = async (): Promise<SqlJsStatic> => {
  const bytes = await readFile(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm'));
  return initSqlJs({ wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
};
