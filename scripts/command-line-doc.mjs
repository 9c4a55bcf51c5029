// Writes docs/command-line.md (`npm run docs:cli`): the usage text every command prints with
// --help, verbatim, each after what the command is for in the top-level usage's own words. Runs
// the built command line (build/cli); test/docs/command-line-doc.test.ts keeps the page equal to it.
import { writeFileSync } from 'node:fs';

const { main, COMMANDS } = await import(new URL('../build/cli/main.mjs', import.meta.url).href);
const page = new URL('../docs/command-line.md', import.meta.url);

// The top-level usage gives each command's purpose in a column of its own, after its synopsis.
const DESCRIPTION_COLUMN = 26;

/** What `agreement-studio ARGV...` prints on stdout; anything but a clean exit stops the page. */
async function printed(argv) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: { write: (text) => (stdout += text) }, stderr: { write: (text) => (stderr += text) } });
  if (code !== 0 || stderr !== '') throw new Error(`agreement-studio ${argv.join(' ')} exited with ${code}: ${stderr}`);
  return stdout;
}

/** Each command's purpose, as the top-level usage's Commands list words it (in lower case, without a full stop). */
function purposes(usage, names) {
  const lines = new Map();
  let current;
  for (const line of usage.split('\n')) {
    // An entry opens with its command word two spaces in; a blank line or another heading ends it.
    const word = /^ {2}(\S+)/.exec(line)?.[1];
    if (word !== undefined) current = names.includes(word) ? word : undefined;
    if (!line.startsWith(' ')) current = undefined;
    // A synopsis has no run of two spaces, so one ending at the column opens the description.
    const description = line.length > DESCRIPTION_COLUMN && line.slice(DESCRIPTION_COLUMN - 2, DESCRIPTION_COLUMN) === '  ' && line[DESCRIPTION_COLUMN] !== ' ';
    if (current !== undefined && description) lines.set(current, [...(lines.get(current) ?? []), line.slice(DESCRIPTION_COLUMN)]);
  }
  return new Map(
    names.map((name) => {
      const text = lines.get(name)?.join(' ');
      if (text === undefined) throw new Error(`the top-level usage (cli/main.ts) does not say what ${name} is for: add it to the Commands list`);
      return [name, text];
    }),
  );
}

/** GitHub's anchor for a heading of lower-case words. */
function anchor(heading) {
  return `#${heading.replaceAll(' ', '-')}`;
}

// Each usage ends in a newline, so the closing fence starts a line of its own.
const FENCE = '```';

function section(heading, purpose, argv, usage) {
  return `## ${heading}\n\n${purpose[0].toUpperCase()}${purpose.slice(1)}. \`agreement-studio ${argv.join(' ')}\` prints:\n\n${FENCE}text\n${usage}${FENCE}\n`;
}

const TOP_LEVEL_PURPOSE = 'the command itself: its commands, the options they share and its exit codes';
const names = Object.keys(COMMANDS);
const usage = await printed(['--help']);
const purposeOf = purposes(usage, names);
const sections = [section('agreement-studio', TOP_LEVEL_PURPOSE, ['--help'], usage)];
for (const name of names) sections.push(section(`agreement-studio ${name}`, purposeOf.get(name), [name, '--help'], await printed([name, '--help'])));

const text = `# The command line

This page is for whoever runs a study's steps from a terminal or a script instead of the app:
importing a benchmark's files, checking them, giving out packs, running a judge, and computing the
report and the labelled dataset. Read it to find the command for a step, to see exactly what a
command takes and writes, or to quote the command you ran in a paper's methods section.

After \`npm install\` in the repository, \`npx agreement-studio <command>\` runs a command with the
same code as the app, and \`npx agreement-studio <command> --help\` prints its section of this page.
Each section below holds that text exactly as the command prints it: the page is generated from it
(\`npm run docs:cli\`), and a test fails when the two differ, so a change belongs in the usage text
in \`cli/\`, not here.

## Commands

${[['agreement-studio', TOP_LEVEL_PURPOSE], ...names.map((name) => [`agreement-studio ${name}`, purposeOf.get(name)])]
  .map(([heading, purpose]) => `- [\`${heading}\`](${anchor(heading)}): ${purpose}`)
  .join('\n')}

${sections.join('\n')}`;

writeFileSync(page, text);
process.stdout.write('wrote docs/command-line.md\n');
