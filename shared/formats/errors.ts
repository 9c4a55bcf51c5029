// Located errors for every input format: which file, where in it, and what was expected.
// Parsers return them as a complete list instead of throwing on the first one.

export interface FormatError {
  file: string;
  /** 1-based line, for line-oriented inputs (JSONL, CSV) and JSON syntax errors. */
  line?: number;
  /** JSON path such as `sessions[3].turns[2].judgements`, or '' for the whole file. */
  path: string;
  message: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: FormatError[] };

export function formatErrorText(error: FormatError): string {
  const where = [error.file, error.line !== undefined ? `line ${error.line}` : '', error.path]
    .filter((part) => part !== '')
    .join(': ');
  return `${where}: ${error.message}`;
}
