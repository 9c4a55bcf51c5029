// Argument parsing for the commands: Node's strict `util.parseArgs`, with every mistake turned
// into a UsageError (exit 2) whose message says which option was wrong and what it takes.

import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how the command was called; main prints it with a pointer to --help and exits 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose usage applies, or undefined for the top level. */
    readonly command?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseCommandArgs<T extends Options>(command: string, args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    // parseArgs explains the problem well but ends with advice about `--`; keep its first sentence.
    const message = error instanceof Error ? (error.message.split(/\.\s/)[0] ?? error.message) : String(error);
    throw new UsageError(message.replace(/\.$/, ''), command);
  }
}

export function parseWholeNumber(command: string, flag: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = /^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${flag} takes a whole number from ${min} to ${max}, not ${JSON.stringify(text)}`, command);
  }
  return value;
}

/** A probability such as 0.08. */
export function parseRate(command: string, flag: string, text: string): number {
  const trimmed = text.trim();
  const number = /^(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(number >= 0 && number <= 1)) throw new UsageError(`--${flag} takes a rate from 0 to 1 (such as 0.08), not ${JSON.stringify(text)}`, command);
  return number;
}
