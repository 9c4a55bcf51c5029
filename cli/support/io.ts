// Where the command line writes: injected into every command so tests run them in-process
// and read what they printed. Owns no state; the real streams are the default.

export interface TextSink {
  write(text: string): unknown;
}

export interface CliIo {
  stdout: TextSink;
  stderr: TextSink;
}

export const processIo: CliIo = { stdout: process.stdout, stderr: process.stderr };
