// docs/command-line.md holds every command's usage exactly as the command prints it with --help:
// the top-level usage and each command the dispatcher knows, one section each, none left over.
// A usage text changed without `npm run docs:cli` fails here, naming the command.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../cli/main';
import { runCli } from '../cli/run-cli';

const page = readFileSync(new URL('../../docs/command-line.md', import.meta.url), 'utf8');

/** The fenced block of each `## ` section that has one, by the section's heading. */
function blocksByHeading(markdown: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const section of markdown.split(/^## /m).slice(1)) {
    const block = /^(`{3,})text\n([\s\S]*?)^\1$/m.exec(section);
    if (block !== null) blocks.set(section.slice(0, section.indexOf('\n')), block[2] as string);
  }
  return blocks;
}

const blocks = blocksByHeading(page);
const commands = Object.keys(COMMANDS);
const REGENERATE = 'docs/command-line.md differs from what the command prints: run `npm run docs:cli`';

describe('docs/command-line.md', () => {
  it('has one usage section for the command and for each command the dispatcher knows, in its order', () => {
    expect([...blocks.keys()], REGENERATE).toEqual(['agreement-studio', ...commands.map((command) => `agreement-studio ${command}`)]);
  });

  it('holds the top-level usage byte for byte', async () => {
    const run = await runCli('--help');
    expect(run.code).toBe(0);
    expect(blocks.get('agreement-studio'), REGENERATE).toBe(run.stdout);
  });

  it.each(commands)('holds `agreement-studio %s --help` byte for byte', async (command) => {
    const run = await runCli(command, '--help');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(blocks.get(`agreement-studio ${command}`), REGENERATE).toBe(run.stdout);
  });
});
