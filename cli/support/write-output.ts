// A command's text result, printed or written to its `--out` file, as `report` and `dataset` give it.

import { writeFile } from 'node:fs/promises';
import type { CliIo } from './io';

/** Prints `text`, or writes it to `out` and says so; 1 with the reason when the file cannot be written. */
export async function writeOutput(io: CliIo, command: string, out: string | undefined, text: string): Promise<number> {
  if (out === undefined) {
    io.stdout.write(text);
    return 0;
  }
  try {
    await writeFile(out, text);
  } catch (error) {
    io.stderr.write(`agreement-studio ${command}: cannot write ${out}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  io.stdout.write(`wrote ${out}\n`);
  return 0;
}
