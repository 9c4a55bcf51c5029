// A full disk to inject into a Dexie database (a DBCore middleware), in the two forms the app
// must recognise: a QuotaExceededError itself, and Dexie's AbortError carrying it as `inner`,
// which is how Dexie reports a transaction the browser aborted at commit for lack of space.

import Dexie, { type DBCore, type Middleware } from 'dexie';
import { interceptWrites } from './middleware-fixtures';

export const QUOTA_FAILURES = {
  direct: () => new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
  inner: () => new Dexie.AbortError('Transaction aborted', new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
} as const;

export type QuotaForm = keyof typeof QUOTA_FAILURES;

/** Every write to a table fails in the form `failing(table)` names; none fails where it returns undefined. */
export function quotaMiddleware(failing: (table: string) => QuotaForm | undefined): Middleware<DBCore> {
  return interceptWrites('full-disk', (table, _request, write) => {
    const form = failing(table);
    return form ? Promise.reject(QUOTA_FAILURES[form]()) : write();
  });
}
