// The hostile-input suite at the parsers: every generated file, read from its bytes as the app
// reads them, through the shared parser of its kind (and label files through the check against
// the demo study). Rejected files give located errors naming the file; inert payloads stay text;
// no prototype changes. Prints the figure: files tried, files handled correctly.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatErrorText, type FormatError } from '../../../shared/formats/errors';
import type { SourceFile } from '../../../shared/formats/limits';
import { readReliabilityCsv } from '../../../shared/formats/reliability-csv';
import { sourceFileFromBytes } from '../../../shared/formats/utf8';
import { loadStudyInputs } from '../../../shared/report/load-study-inputs';
import { computeReliabilityOfColumns } from '../../../shared/stats/reliability';
import { expectAllHandled, expectHandled, Figure, holdsKey, holdsText, parseAs, rejectionProblem, type Verdict } from '../../hostile/check';
import { hostileCases, INPUT_KINDS, type HostileCase } from '../../hostile/generate';

const NOW = '2026-11-22T10:00:00.000Z';
const demoBundle: SourceFile = {
  name: 'demo-study.json',
  text: readFileSync(fileURLToPath(new URL('../../../assets/demo-study.json', import.meta.url)), 'utf8'),
};

const cases = hostileCases();
const figure = new Figure('parsers');

function errorsText(errors: readonly FormatError[]): string {
  return errors.map(formatErrorText).join('; ');
}

/** Reliability data goes on to the statistics, which must read hostile ids as plain strings too. */
function statisticsProblem(file: SourceFile): string | undefined {
  const read = readReliabilityCsv(file);
  if (!read.ok) return 'the CSV that parsed does not read';
  const result = computeReliabilityOfColumns(read.value.columns);
  return Number.isInteger(result.units) && result.units > 0 ? undefined : `the statistics counted ${result.units} units`;
}

/** The case's verdict, and what went wrong (undefined when it was handled correctly). */
function judge(hostile: HostileCase): { verdict: Verdict; problem: string | undefined } {
  const file = sourceFileFromBytes(hostile.name, hostile.bytes());
  const result = parseAs(hostile.kind, file, NOW);
  const { expect: expectation } = hostile;
  if (expectation.outcome === 'inert') {
    if (!result.ok) return { verdict: 'inert', problem: `the parser rejected it: ${errorsText(result.errors)}` };
    const kept = expectation.keeps === 'text' ? holdsText(result.value, expectation.payload) : !holdsKey(result.value, expectation.payload);
    if (!kept)
      return {
        verdict: 'inert',
        problem: expectation.keeps === 'text' ? 'the payload is not in the parsed value as text' : 'the hostile key reached the parsed value',
      };
    return { verdict: 'inert', problem: hostile.kind === 'reliability-csv' ? statisticsProblem(file) : undefined };
  }
  switch (expectation.stage) {
    case 'parse':
      return {
        verdict: 'rejected-by-parser',
        problem: result.ok ? 'the parser accepted it' : rejectionProblem(hostile.name, result.errors, expectation.error),
      };
    case 'study': {
      if (!result.ok) return { verdict: 'rejected-by-study', problem: `the parser rejected what only the study should: ${errorsText(result.errors)}` };
      const loaded = loadStudyInputs([demoBundle], [file], { now: NOW });
      return {
        verdict: 'rejected-by-study',
        problem: loaded.ok ? 'the check against the study accepted it' : rejectionProblem(hostile.name, loaded.errors, expectation.error),
      };
    }
    case 'library':
      return { verdict: 'parsed-for-library', problem: result.ok ? undefined : 'the parser rejected what only the library should' };
  }
}

describe('hostile-input suite: the parsers', () => {
  it('has at least 200 cases, of every kind', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(new Set(cases.map((hostile) => hostile.kind))).toEqual(new Set(INPUT_KINDS));
  });

  it.each(cases.map((hostile) => [hostile.name, hostile] as const))('%s', (_name, hostile) => {
    expectHandled(figure, hostile, judge(hostile));
  });

  it('prints its figure: every file handled correctly', () => {
    expectAllHandled(figure, cases.length);
  });
});
