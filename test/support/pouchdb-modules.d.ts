// The PouchDB packages the Node tests assemble (see node-pouchdb.ts), declared as what they are.

declare module 'pouchdb-core' {
  import type { PouchDatabase, PouchOpenOptions } from '../../renderer/sync/pouchdb-api';
  interface PouchConstructor {
    new (nameOrUrl: string, options?: PouchOpenOptions & { adapter?: string }): PouchDatabase;
    plugin(plugin: unknown): PouchConstructor;
  }
  const PouchDB: PouchConstructor;
  export default PouchDB;
}
declare module 'pouchdb-adapter-http' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-adapter-memory' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-replication' {
  const plugin: unknown;
  export default plugin;
}
