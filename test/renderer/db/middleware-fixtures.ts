// Dexie middlewares for the data-layer tests, so a test can see or refuse what reaches the disk:
// every write handed to a test's function with the table's name, and every transaction reported
// as it opens. A test's function decides; the middleware is the same DBCore wrapping each time.

import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTransaction, Middleware } from 'dexie';

/** Calls `intercept` for every write (a DBCore mutate) of every table; `write` passes it on to the disk. */
export function interceptWrites(
  name: string,
  intercept: (table: string, request: DBCoreMutateRequest, write: () => Promise<DBCoreMutateResponse>) => Promise<DBCoreMutateResponse>,
): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name,
    create: (down) => ({
      ...down,
      table: (table) => {
        const inner = down.table(table);
        return { ...inner, mutate: (request) => intercept(table, request, () => inner.mutate(request)) };
      },
    }),
  };
}

/** Calls `opened` with each transaction as it opens, its mode and the options it was asked for. */
export function watchTransactions(
  name: string,
  opened: (transaction: IDBTransaction, mode: 'readonly' | 'readwrite', options: { durability?: string } | undefined) => void,
): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name,
    create: (down) => ({
      ...down,
      transaction: (stores, mode, options): DBCoreTransaction => {
        const transaction = down.transaction(stores, mode, options);
        opened(transaction as unknown as IDBTransaction, mode, options);
        return transaction;
      },
    }),
  };
}
