// How the hostile-input suites read a file and judge an outcome: whether the errors hold the located error a case
// expects, whether the built-in prototypes are untouched, whether a payload survived as plain
// text, and the figure each suite prints (files tried, files handled correctly).

import { expect } from 'vitest';
import { parseBackup } from '../../shared/formats/backup';
import { formatErrorText, type FormatError, type ParseResult } from '../../shared/formats/errors';
import { parseLabelCsv, parseLabelFile } from '../../shared/formats/label-file';
import type { SourceFile } from '../../shared/formats/limits';
import { parsePack } from '../../shared/formats/pack';
import { parseReliabilityCsv } from '../../shared/formats/reliability-csv';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import type { ErrorPlace, HostileCase, InputKind, RejectionStage } from './generate';
import type { TamperKind } from './tamper';

/** A file of `kind` through the parser the app and the command line read it with. */
export function parseAs(kind: InputKind | TamperKind, file: SourceFile, now: string): ParseResult<unknown> {
  switch (kind) {
    case 'bundle-json':
    case 'bundle-jsonl':
      return parseTranscriptBundle(file, { now });
    case 'pack':
      return parsePack(file);
    case 'labels-json':
      return parseLabelFile(file);
    case 'labels-csv':
      return parseLabelCsv(file);
    case 'reliability-csv':
      return parseReliabilityCsv(file);
    case 'backup':
      return parseBackup(file);
  }
}

/** An error that says where: a line, or a JSON path. */
function isLocated(error: FormatError): boolean {
  return error.line !== undefined || error.path !== '';
}

/** Whether `error` is the one `place` describes; a path also matches the fields below it. */
function matchesPlace(error: FormatError, place: ErrorPlace): boolean {
  if (!error.message.includes(place.message)) return false;
  if (place.wholeFile) return error.line === undefined && error.path === '';
  if (place.line !== undefined && error.line !== place.line) return false;
  if (place.path !== undefined && error.path !== place.path && !error.path.startsWith(`${place.path}.`) && !error.path.startsWith(`${place.path}[`))
    return false;
  return isLocated(error);
}

/**
 * What is wrong with a rejection of `file`, or undefined when it is right: at least one error,
 * every one naming the file, and one of them at `place`.
 */
export function rejectionProblem(file: string, errors: readonly FormatError[], place: ErrorPlace): string | undefined {
  const got = () => `; got:\n  ${errors.map(formatErrorText).join('\n  ')}`;
  if (errors.length === 0) return 'rejected without an error';
  if (place.line === undefined && (place.path ?? '') === '' && !place.wholeFile) return 'the case expects an error that says nowhere';
  const other = errors.find((error) => error.file !== file);
  if (other) return `an error names ${JSON.stringify(other.file)}, not the file${got()}`;
  if (!errors.some((error) => matchesPlace(error, place))) return `no error at ${describePlace(place)}${got()}`;
  return undefined;
}

/** Whether a shown error line (formatErrorText: `file: line N: path: message`) is the expected one. */
export function showsPlace(text: string, file: string, place: ErrorPlace): boolean {
  if (!text.includes(place.message)) return false;
  if (place.wholeFile) return text.startsWith(`${file}: `) && !text.startsWith(`${file}: line `);
  const prefix = [file, place.line !== undefined ? `line ${place.line}` : '', place.path ?? ''].filter((part) => part !== '').join(': ');
  return text.startsWith(prefix);
}

function describePlace(place: ErrorPlace): string {
  const where = place.wholeFile
    ? 'the whole file'
    : [place.line !== undefined ? `line ${place.line}` : '', place.path ?? ''].filter((part) => part !== '').join(', ');
  return `${where} saying "${place.message}"`;
}

const BUILT_INS: ReadonlyArray<[string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['String.prototype', String.prototype],
  ['Function.prototype', Function.prototype],
];
const builtInMembers = new Map(BUILT_INS.map(([name, prototype]) => [name, Reflect.ownKeys(prototype).map(String).sort().join(',')]));

/** What a parse or import changed on the built-in prototypes, or undefined when nothing. */
export function prototypeProblem(): string | undefined {
  const probe: Record<string, unknown> = {};
  if (probe.polluted !== undefined || Object.getPrototypeOf(probe) !== Object.prototype) return 'a new object inherits "polluted"';
  if (Object.getPrototypeOf(Object.prototype) !== null) return 'Object.prototype got a prototype';
  for (const [name, prototype] of BUILT_INS) {
    if (Reflect.ownKeys(prototype).map(String).sort().join(',') !== builtInMembers.get(name)) return `${name} gained or lost a member`;
  }
  return undefined;
}

/** Every string in `value`, keys included, depth first. */
function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') {
    yield value;
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) {
    yield key;
    yield* strings((value as Record<string, unknown>)[key]);
  }
}

/** Whether `payload` is in `value` as text, in a string or a key, exactly as written. */
export function holdsText(value: unknown, payload: string): boolean {
  for (const text of strings(value)) if (text.includes(payload)) return true;
  return false;
}

/** Whether any object in `value` has the own key `key`, or a key that reaches a prototype. */
export function holdsKey(value: unknown, key: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const keys = Object.keys(value);
  if ([key, '__proto__', 'constructor', 'prototype'].some((reached) => keys.includes(reached))) return true;
  return keys.some((k) => holdsKey((value as Record<string, unknown>)[k], key));
}

export type Verdict = 'rejected-by-parser' | 'rejected-by-study' | 'rejected-by-library' | 'parsed-for-library' | 'inert';

/** The verdict of a correct rejection by the app at each stage. */
export const REJECTION_VERDICTS: Record<RejectionStage, Verdict> = { parse: 'rejected-by-parser', study: 'rejected-by-study', library: 'rejected-by-library' };

const VERDICT_TEXT: Record<Verdict, string> = {
  'rejected-by-parser': 'rejected by their parser with a located error',
  'rejected-by-study': 'rejected against the study with a located error',
  'rejected-by-library': 'rejected by the library with a located error',
  'parsed-for-library': 'parsed, and rejected by the library in the import suite',
  inert: 'accepted as inert text',
};

/** The tally a suite prints: files tried, files handled correctly, and how. */
export class Figure {
  private readonly verdicts = new Map<Verdict, number>();
  private tried = 0;
  private readonly failures: string[] = [];

  /** `note` says what else every correct rejection showed, e.g. that the database was unchanged. */
  constructor(
    private readonly suite: string,
    private readonly note?: string,
  ) {}

  record(hostile: HostileCase, verdict: Verdict, problem: string | undefined): void {
    this.tried++;
    if (problem === undefined) this.verdicts.set(verdict, (this.verdicts.get(verdict) ?? 0) + 1);
    else this.failures.push(`${hostile.name} (${hostile.what}): ${problem}`);
  }

  get failed(): readonly string[] {
    return this.failures;
  }

  get triedCount(): number {
    return this.tried;
  }

  text(): string {
    const correct = this.tried - this.failures.length;
    const parts = Object.entries(VERDICT_TEXT)
      .flatMap(([verdict, text]) => {
        const count = this.verdicts.get(verdict as Verdict) ?? 0;
        return count > 0 ? [`${count} ${text}`] : [];
      })
      .join(', ');
    return `hostile-input suite (${this.suite}): ${this.tried} files tried, ${correct} handled correctly (${parts})${this.note ? `; ${this.note}` : ''}`;
  }
}

/** Records a case's outcome, or the prototype pollution it left, and fails the test on either. */
export function expectHandled(figure: Figure, hostile: HostileCase, outcome: { verdict: Verdict; problem?: string | undefined }): void {
  const pollution = prototypeProblem();
  figure.record(hostile, outcome.verdict, outcome.problem ?? pollution);
  expect(outcome.problem).toBeUndefined();
  expect(pollution).toBeUndefined();
}

/** Prints the suite's figure, and fails unless all `count` cases were tried and every one was handled correctly. */
export function expectAllHandled(figure: Figure, count: number): void {
  console.log(figure.text());
  expect(figure.failed).toEqual([]);
  expect(figure.triedCount).toBe(count);
}
