// PouchDB's packages have no types of their own; the sync code reaches them through
// pouchdb-api.ts, so each is declared here as the constructor (or plugin) it is.

declare module 'pouchdb-browser' {
  import type { PouchDatabase, PouchOpenOptions } from './pouchdb-api';
  const PouchDB: new (nameOrUrl: string, options?: PouchOpenOptions & { adapter?: string }) => PouchDatabase;
  export default PouchDB;
}
