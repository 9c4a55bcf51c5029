// Test helper: runs the command line in-process with captured output, and makes scratch folders.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../cli/main';
import { scratchDir as makeScratchDir } from '../scratch-dir';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(...argv: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/** A scratch folder, removed when the test file finishes. */
export function scratchDir(): string {
  return makeScratchDir('agreement-studio-cli-');
}

/** Writes a file into `dir` and returns its path: inputs made up on the spot for a command. */
export function scratchWriter(dir: string): (name: string, text: string | Uint8Array) => string {
  return (name, text) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
}
