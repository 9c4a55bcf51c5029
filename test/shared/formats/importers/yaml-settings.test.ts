// A YAML settings file is read within the input limits (issue 27, finding 1): a billion laughs, a
// doubling chain of aliases, an alias cycle, maps past 64 levels, brackets 10,000 deep and a 10 MB
// list in a SPLAT run's config.yaml (and in an AgentBench run's) are each refused at their line
// with the limit in words, never an engine's message, the brackets before the `yaml` package
// parses anything; settings with a few aliases, or nested to the limit, still read.

import { describe, expect, it } from 'vitest';
import { FILE_READERS } from '../../../../cli/support/file-readers';
import { importAgentBenchRuns } from '../../../../shared/formats/importers/agentbench-ltp';
import { importSplat } from '../../../../shared/formats/importers/splat';
import { INPUT_LIMITS } from '../../../../shared/formats/limits';
import { readYamlSettings, type YamlReaders } from '../../../../shared/formats/importers/yaml-settings';
import { HOSTILE_YAML, hostileConfig } from '../../../hostile/readers';
import { CONFIG_YAML, runsJsonl } from './agentbench-run';
import { sampleRun } from './splat-run';

const ALIASES = `the YAML uses aliases more than ${INPUT_LIMITS.maxYamlAliases} times (each alias inside a value that is itself aliased counts every time); the studio expands at most ${INPUT_LIMITS.maxYamlAliases}: write the settings out in full`;
const TOO_DEEP = `the YAML is nested deeper than ${INPUT_LIMITS.maxNestingDepth} levels (maps and lists in one another); the studio reads at most ${INPUT_LIMITS.maxNestingDepth}, and settings go a few levels deep`;
const ENGINE_WORDS = /Maximum call stack|Excessive alias|ReferenceError|RangeError|resource exhaustion|Unresolved alias/;

/** The real readers, counting how often the YAML is parsed (the lexer's guard must stop deep brackets before that). */
function countingReaders(): YamlReaders & { parses: number } {
  const readers = {
    parses: 0,
    lexYaml: FILE_READERS.lexYaml,
    parseYaml: (text: string) => {
      readers.parses++;
      return FILE_READERS.parseYaml(text);
    },
  };
  return readers;
}

const read = (text: string, readers: YamlReaders = FILE_READERS) => readYamlSettings({ name: 'run/config.yaml', text }, readers);

describe('a YAML settings file within the limits', () => {
  it.each([
    ['a billion laughs', HOSTILE_YAML.billionLaughs, 4, ALIASES],
    ['a doubling chain', HOSTILE_YAML.doublingChain, 6, ALIASES],
    [
      'an alias cycle',
      HOSTILE_YAML.aliasCycle,
      1,
      'the alias *l refers to itself (an alias cycle: it stands inside the value it names, &l); a setting cannot contain itself',
    ],
    ['maps 100 deep', HOSTILE_YAML.deepMaps, 65, TOO_DEEP],
    ['brackets 10,000 deep', HOSTILE_YAML.deepBrackets, 1, TOO_DEEP],
  ])('refuses %s at its line, in words', (_name, text, line, message) => {
    expect(read(text)).toEqual({ ok: false, errors: [{ file: 'run/config.yaml', line, path: '', message }] });
  });

  it('refuses a 10 MB list by its size before reading it', () => {
    const readers = countingReaders();
    expect(read(HOSTILE_YAML.bigList, readers)).toEqual({
      ok: false,
      errors: [{ file: 'run/config.yaml', path: '', message: 'file is 9.5 MB; the limit for a YAML settings file is 1 MB' }],
    });
    expect(readers.parses).toBe(0);
  });

  it('stops brackets nested past the guard on the tokens, before any parse', () => {
    const readers = countingReaders();
    expect(read(`a: ${'{b: '.repeat(100_000)}1${'}'.repeat(100_000)}`, readers)).toMatchObject({ ok: false, errors: [{ line: 1, message: TOO_DEEP }] });
    expect(read(`${'- '.repeat(50_000)}x`, readers)).toMatchObject({ ok: false, errors: [{ line: 1, message: TOO_DEEP }] });
    expect(readers.parses).toBe(0);
  });

  it('refuses an alias with no anchor above it, and counts uses of a plain value one each', () => {
    expect(read('a: *nowhere\n')).toMatchObject({ ok: false, errors: [{ line: 1, message: 'the alias *nowhere names no anchor &nowhere above it' }] });
    const uses = (n: number) => `x: &x 1\n${Array.from({ length: n }, (_, i) => `k${i}: *x`).join('\n')}\n`;
    expect(read(uses(INPUT_LIMITS.maxYamlAliases))).toMatchObject({ ok: true });
    expect(read(uses(INPUT_LIMITS.maxYamlAliases + 1))).toMatchObject({ ok: false, errors: [{ line: INPUT_LIMITS.maxYamlAliases + 2, message: ALIASES }] });
  });

  it('reads settings with aliases under the limit, and nesting up to the limit', () => {
    expect(read('base: &b {model: gpt-4, temperature: 0}\nplayer: *b\njudge: *b\n')).toEqual({
      ok: true,
      value: { base: { model: 'gpt-4', temperature: 0 }, player: { model: 'gpt-4', temperature: 0 }, judge: { model: 'gpt-4', temperature: 0 } },
    });
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(read(nested(INPUT_LIMITS.maxNestingDepth))).toMatchObject({ ok: true });
    expect(read(nested(INPUT_LIMITS.maxNestingDepth + 1))).toMatchObject({ ok: false, errors: [{ line: 1, message: TOO_DEEP }] });
    const maps = (levels: number) => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n') + ' 1\n';
    expect(read(maps(INPUT_LIMITS.maxNestingDepth))).toMatchObject({ ok: true });
    expect(read(hostileConfig('a: &a [1, 2]\nb: [*a, *a]'))).toMatchObject({ ok: true });
  });
});

describe("a run's hostile config.yaml through the importers", () => {
  const log = { name: 'run/log.json', text: sampleRun().logJson };

  it.each(Object.entries(HOSTILE_YAML))('SPLAT refuses %s with the located words and no engine message', (_name, text) => {
    const result = importSplat([log, { name: 'run/config.yaml', text }], {}, FILE_READERS);
    const alone = read(text);
    expect(alone.ok).toBe(false);
    expect(result).toEqual({ ok: false, errors: alone.ok ? [] : alone.errors });
    expect(JSON.stringify(result)).not.toMatch(ENGINE_WORDS);
  });

  it('AgentBench refuses a run whose config.yaml holds an alias cycle, and still reads its own', async () => {
    const runs = { name: 'outputs/2024-01-02-03-04-00/gpt-4/ltp-dev/runs.jsonl', text: runsJsonl() };
    const config = (text: string) => ({ name: 'outputs/2024-01-02-03-04-00/config.yaml', text });
    const cycle = await importAgentBenchRuns([runs, config(`loop: &l {self: *l}\n${CONFIG_YAML}`)], {}, FILE_READERS);
    expect(cycle).toMatchObject({
      ok: false,
      errors: [{ file: 'outputs/2024-01-02-03-04-00/config.yaml', line: 1, message: expect.stringContaining('an alias cycle') }],
    });
    expect((await importAgentBenchRuns([runs, config(CONFIG_YAML)], {}, FILE_READERS)).ok).toBe(true);
  });
});
