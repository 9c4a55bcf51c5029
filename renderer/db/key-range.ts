// Key ranges over compound keys: every key that starts with a given prefix (all of a study, an
// annotator's labels in a study, one task of them), and pages of such a range by key.

import Dexie, { type IndexableType, type WhereClause } from 'dexie';

/**
 * The keys of `where`'s index that start with `prefix`, in key order; with `after`, only those
 * past that key, so a reader pages by key range and each page costs the same wherever it starts.
 * The bounds are the prefix with one more component: Dexie.maxKey may be an array, and one key
 * holding the same array twice is invalid, so a prefix is never padded to full length.
 */
export function withPrefix<T, K, I>(where: WhereClause<T, K, I>, prefix: readonly IndexableType[], after?: readonly IndexableType[]) {
  return where.between(after ?? [...prefix, Dexie.minKey], [...prefix, Dexie.maxKey], after === undefined, true);
}
