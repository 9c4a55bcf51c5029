// The libraries that read other programs' file types (YAML, Excel workbooks, SQLite), declared as
// what the importers call of them: shared/ imports no package but zod and @noble/hashes, so the
// command line, the import workers and the tests hand these in.

/** What the importers read of a YAML document: its syntax errors, its nodes (to count aliases and nesting before they are expanded), then its value. */
export interface YamlDocument {
  readonly errors: readonly { message: string; linePos?: readonly [{ line: number }, ...{ line: number }[]] }[];
  /** The root node as the `yaml` package composes it; read in yaml-settings.ts. */
  readonly contents: unknown;
  toJS(options: { maxAliasCount: number }): unknown;
}

/** A sheet's cells by row, each as the workbook typed it (text, number, boolean, date) or null. */
export type SheetRows = readonly (readonly unknown[])[];

/** SQLite as the GameArena importer uses it: open a database's bytes, step through a query's rows. */
export interface SqlJs {
  Database: new (data: Uint8Array | undefined) => {
    prepare(sql: string): { step(): boolean; getAsObject(): Record<string, SqlValue>; free(): boolean };
    close(): void;
  };
}

export type SqlValue = number | string | Uint8Array | null;

/** Starts SQLite (sql.js and its WebAssembly), which the host knows how to locate. */
export type LoadSqlJs = () => Promise<SqlJs>;

export interface FileReaders {
  /** YAML text as a document (the `yaml` package's parseDocument), for SPLAT's config.yaml. */
  parseYaml(text: string): YamlDocument;
  /** YAML text as its source tokens, one at a time, nothing built (the `yaml` package's Lexer), to measure nesting before parsing. */
  lexYaml(text: string): Iterable<string>;
  /** Every sheet of a workbook with its name (read-excel-file's default export), for SPLAT's puzzle sheet. */
  readWorkbook(bytes: ArrayBuffer, options: { trim: boolean }): Promise<readonly { sheet: string; data: SheetRows }[]>;
  /** One sheet by name or number from 1 (read-excel-file's readSheet), rejecting with a SheetNotFoundError when there is none. */
  readSheet(bytes: ArrayBuffer, sheet: string | number): Promise<SheetRows>;
  /** SQLite for GameArena's users.db; a build without it says it cannot read SQLite databases. */
  loadSqlJs?: LoadSqlJs;
}
