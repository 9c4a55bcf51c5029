// Entry point of the `agreement-studio` command: dispatches to one module per command.
export async function main(argv: string[]): Promise<number> {
  process.stderr.write(`agreement-studio ${__APP_VERSION__}: unknown command ${argv[0] ?? ''}\n`);
  return 2;
}
