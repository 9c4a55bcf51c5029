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

/** parseArgs explains the problem well but ends with advice about `--`; keep its first sentence. */
function usageErrorOf(error: unknown, command: string): UsageError {
  const message = error instanceof Error ? (error.message.split(/\.\s/)[0] ?? error.message) : String(error);
  return new UsageError(message.replace(/\.$/, ''), command);
}

const NEGATIVE_NUMBER = /^-\d+(?:\.\d+)?$/;

/**
 * parseArgs reads `--seed -5` as the option `-5`, not its value: an option that takes a value,
 * followed by a negative number, is given as `--seed=-5`, which it reads as meant.
 */
function withNegativeValues(args: readonly string[], options: Options): string[] {
  /** The option an argument names (`--seed`, or a declared short form such as `-s`), when it takes a value. */
  const valueOption = (arg: string): string | undefined => {
    const long = /^--([^=]+)$/.exec(arg)?.[1];
    const short = /^-([^-])$/.exec(arg)?.[1];
    const name = long ?? Object.keys(options).find((key) => short !== undefined && options[key]?.short === short);
    return name !== undefined && options[name]?.type === 'string' ? name : undefined;
  };
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    const name = valueOption(arg);
    if (name !== undefined && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(`--${name}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

export function parseCommandArgs<T extends Options>(command: string, args: string[], options: T) {
  try {
    return parseArgs({ args: withNegativeValues(args, options), options, strict: true, allowPositionals: true });
  } catch (error) {
    throw usageErrorOf(error, command);
  }
}

/**
 * For commands whose options take several files (`--transcripts a b --labels c d`): parseArgs
 * takes one value per option, so the files after the first arrive as positionals, and its
 * tokens tell which list option each one follows.
 */
export function parseArgsWithFileLists<T extends Options, L extends string>(command: string, args: string[], options: T, listNames: readonly L[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: withNegativeValues(args, options), options, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw usageErrorOf(error, command);
  }
  const files = Object.fromEntries(listNames.map((name) => [name, [] as string[]])) as Record<L, string[]>;
  const isList = (name: string): name is L => (listNames as readonly string[]).includes(name);
  let current: L | undefined;
  for (const token of parsed.tokens) {
    if (token.kind === 'option') {
      current = isList(token.name) ? token.name : undefined;
      if (current !== undefined && token.value !== undefined) files[current].push(token.value);
    } else if (token.kind === 'positional') {
      if (current === undefined)
        throw new UsageError(`unexpected argument ${JSON.stringify(token.value)}; files follow ${listNames.map((name) => `--${name}`).join(' or ')}`, command);
      files[current].push(token.value);
    } else {
      current = undefined;
    }
  }
  return { values: parsed.values, files };
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
