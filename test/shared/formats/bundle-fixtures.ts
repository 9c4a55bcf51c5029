// Helpers for the transcript bundle tests: fixture files as SourceFiles, and parse results
// unwrapped so a failing test shows the errors it got.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StudyData } from '../../../shared/domain/model';
import { formatErrorText, type FormatError, type ParseResult } from '../../../shared/formats/errors';
import type { SourceFile } from '../../../shared/formats/limits';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';

export const BUNDLE_FIXTURES = fileURLToPath(new URL('../../fixtures/bundles/', import.meta.url));
export const NOW = '2026-11-22T10:00:00.000Z';

export function fixture(relativePath: string): SourceFile {
  return { name: relativePath.split('/').pop() ?? relativePath, text: readFileSync(BUNDLE_FIXTURES + relativePath, 'utf8') };
}

export function parse(name: string, text: string): ParseResult<StudyData> {
  return parseTranscriptBundle({ name, text }, { now: NOW });
}

export function parsed(result: ParseResult<StudyData>): StudyData {
  if (!result.ok) throw new Error(`expected the bundle to parse, got:\n${result.errors.map(formatErrorText).join('\n')}`);
  return result.value;
}

export function rejected(result: ParseResult<StudyData>): FormatError[] {
  if (result.ok) throw new Error('expected the bundle to be rejected, but it parsed');
  return result.errors;
}

/** Errors as `path: message` lines (with `line N: ` first when there is a line), for exact comparisons. */
export function errorLines(result: ParseResult<StudyData>): string[] {
  return rejected(result).map((error) => `${error.line !== undefined ? `line ${error.line}: ` : ''}${error.path}: ${error.message}`);
}

export const FORMAT = 'agreement-studio.transcripts/1';

/** A small valid native bundle to break one field at a time. */
export function bundle(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: FORMAT,
    id: 'test-study',
    puzzles: [{ id: 'p-1', story: 'A man laughs at a funeral.', reference: 'The deceased asked everyone to laugh.' }],
    sessions: [
      {
        id: 's-1',
        puzzleId: 'p-1',
        player: 'model-a',
        judge: 'model-j',
        turns: [
          { id: 's-1/1', type: 'question', text: 'Was it a joke?', judgements: { 'model-j': 'no' } },
          { id: 's-1/2', type: 'final', text: 'He was asked to.', judgements: { 'model-j': 'matched' } },
        ],
      },
    ],
    ...overrides,
  };
}

export function parseBundle(value: unknown, name = 'bundle.json'): ParseResult<StudyData> {
  return parse(name, JSON.stringify(value));
}
