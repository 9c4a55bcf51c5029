// Converts zod validation issues into located FormatErrors with readable JSON paths,
// e.g. `sessions[3].turns[2].judgements`.

import type { z } from 'zod';
import type { FormatError } from './errors';

export function jsonPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

export function issuesToErrors(fileName: string, issues: readonly z.core.$ZodIssue[], options: { line?: number; pathPrefix?: string } = {}): FormatError[] {
  return issues.map((issue) => ({
    file: fileName,
    ...(options.line !== undefined ? { line: options.line } : {}),
    path: jsonPath(issue.path, options.pathPrefix ?? ''),
    message: issue.message,
  }));
}
