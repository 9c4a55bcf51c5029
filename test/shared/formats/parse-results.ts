// A parse result unwrapped for the format tests: the value of an accepted input, or the errors of
// a rejected one, failing with what the parser said when the result is the other way round.

import type { FormatError, ParseResult } from '../../../shared/formats/errors';

export function valueOf<T>(result: ParseResult<T>): T {
  if (!result.ok) throw new Error(`expected the input to be accepted: ${JSON.stringify(result.errors)}`);
  return result.value;
}

export function errorsOf<T>(result: ParseResult<T>): FormatError[] {
  if (result.ok) throw new Error('expected the input to be rejected');
  return result.errors;
}
