// Starts sql.js inside a worker for importing GameArena's SQLite users.db: Vite bundles the
// browser build of sql.js and copies its WebAssembly file into the build, whose URL this passes
// on (the policy's 'wasm-unsafe-eval' lets the worker compile it).

import initSqlJs from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import type { LoadSqlJs } from '../../shared/formats/importers/file-readers';

export const loadSqlJsInWorker: LoadSqlJs = () => initSqlJs({ locateFile: () => wasmUrl });
