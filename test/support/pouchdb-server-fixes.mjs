// Loaded into the tests' pouchdb-server (node --import) to mend one bug of its stand-in for
// CouchDB: pouchdb-validation overwrites a replicated document's `_revisions` with the stored
// document's before validate_doc_update, so an edited document pushed by replication (new_edits:
// false) is taken for the revision already stored and silently dropped. CouchDB keeps the sent
// history; so does this fix, which gives the stored history only to a write that sent none.

import Module from 'node:module';
import { readFileSync } from 'node:fs';

const TARGET = /pouchdb-validation[\\/]lib[\\/]index\.js$/;
const BUG = 'newDoc._revisions = (oldDoc || {})._revisions;';
const FIX = 'if (newDoc._revisions === undefined) newDoc._revisions = (oldDoc || {})._revisions;';

const loadJs = Module._extensions['.js'];
Module._extensions['.js'] = function load(module, filename) {
  if (!TARGET.test(filename)) return loadJs(module, filename);
  const source = readFileSync(filename, 'utf8');
  // A new pouchdb-validation without the line may have fixed it: the tests must be looked at again then.
  if (!source.includes(BUG)) throw new Error(`pouchdb-server-fixes.mjs: ${filename} no longer holds the line it mends`);
  module._compile(source.replace(BUG, FIX), filename);
};
