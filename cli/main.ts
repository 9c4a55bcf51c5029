// Entry point of the `agreement-studio` command (docs/command-line.md): reads the command word, hands
// the rest to one module per command, and maps the outcome to an exit code
// (0 success, 1 invalid input, 2 bad usage). Owns the top-level usage text.

import { UsageError } from './support/args';
import { processIo, type CliIo } from './support/io';

const USAGE = `Usage: agreement-studio <command> [options]

Commands (each command's --help lists all its options):
  validate FILE...        check transcript bundles, packs and label files; print every error
  import FILE... --out BUNDLE.json [options]
                          read a benchmark's own output files (TurtleBench, TurtleSoup-Bench,
                          SPLAT, GuessTheRuleBench, GameArena, AgentBench, DeepTurtle,
                          AR-Bench), or any records through a mapping preset, and write our
                          bundle, with one label file per human rater beside it
  report --transcripts FILE... --labels FILE... [options]
                          compute the agreement report: people with each other, each judge
                          with people
  dataset --transcripts FILE... --labels FILE... [options]
                          write the labelled dataset, with soft labels (people's shares,
                          Dawid-Skene's posterior, sets of acceptable answers)
  plan --transcripts FILE... --labels FILE... --target width=W|power=P|difference[=D] [options]
                          work out how many more puzzles (or people per puzzle) a target
                          needs, by simulation from the study's own estimates
  reliability FILE.csv [options]
                          compute reliability statistics of a unit,rater,value CSV, as JSON
  pack --transcripts FILE... --annotators a,b,c --overlap K --out DIR [options]
                          write blind work packs, one per annotator
  judge --transcripts FILE --endpoint URL --model M --out FILE [options]
                          run a judge model (OpenAI chat-completions endpoint; key in
                          AGREEMENT_STUDIO_API_KEY) on the turns, write the bundle with its
                          labels; a rerun resumes from FILE.judge-journal.jsonl
  tune --transcripts FILE --labels FILE... --endpoint URL --model M --budget K --out DIR [options]
                          search for a better judge prompt on the development split, run
                          the best once on the held-out test split, report both; a rerun
                          resumes from DIR
  demo --out DIR [options]
                          write a synthetic study (bundle + label files)

Options:
  -h, --help              show this help (or a command's, after the command)
  -v, --version           show the version

Exit codes: 0 success, 1 invalid input, 2 bad usage.
`;

/**
 * Every command, by the word that calls it, in the order the usage above lists them; its code is
 * loaded when it runs (its own chunk of the build): `reliability` on a large CSV need not first
 * load and initialise the report, the importers and zod (issue 30). The documentation
 * (docs/command-line.md) has a section for each.
 */
export const COMMANDS = {
  validate: async () => (await import('./commands/validate')).runValidate,
  import: async () => (await import('./commands/import')).runImport,
  report: async () => (await import('./commands/report')).runReport,
  dataset: async () => (await import('./commands/dataset')).runDataset,
  plan: async () => (await import('./commands/plan')).runPlan,
  reliability: async () => (await import('./commands/reliability')).runReliability,
  pack: async () => (await import('./commands/pack')).runPack,
  judge: async () => (await import('./commands/judge')).runJudge,
  tune: async () => (await import('./commands/tune')).runTune,
  demo: async () => (await import('./commands/demo')).runDemo,
} satisfies Record<string, () => Promise<(args: string[], io: CliIo) => Promise<number>>>;

function isCommand(word: string): word is keyof typeof COMMANDS {
  return Object.hasOwn(COMMANDS, word);
}

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case undefined:
        io.stderr.write(USAGE);
        return 2;
      case '-h':
      case '--help':
      case 'help':
        io.stdout.write(USAGE);
        return 0;
      case '-v':
      case '--version':
        io.stdout.write(`agreement-studio ${__APP_VERSION__}\n`);
        return 0;
    }
    if (!isCommand(command)) throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    const run = await COMMANDS[command]();
    return await run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      const prefix = error.command !== undefined ? `agreement-studio ${error.command}` : 'agreement-studio';
      io.stderr.write(`${prefix}: ${error.message}\nRun \`${prefix} --help\` for usage.\n`);
      return 2;
    }
    throw error;
  }
}
