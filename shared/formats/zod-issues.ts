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

/** One error per issue; a member an allow-list refuses is named in the path, one error per member. */
export function issuesToErrors(fileName: string, issues: readonly z.core.$ZodIssue[], options: { line?: number; pathPrefix?: string } = {}): FormatError[] {
  const at = options.line !== undefined ? { line: options.line } : {};
  return issues.flatMap((issue) => {
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    return paths.map((path) => ({ file: fileName, ...at, path: jsonPath(path, options.pathPrefix ?? ''), message: issue.message }));
  });
}
