// The judge command's journal, `<out>.judge-journal.jsonl` (issue 17 point 5): a header line with
// the settings that decide the answers, then one line per answer, appended and fsynced as it
// arrives (those arriving during one fsync together, in the next), so a killed run loses no
// answer it counted and a rerun with the same settings asks nothing twice.
// A rerun with other settings is refused, naming what differs. Never holds the API key.

import { open, type FileHandle } from 'node:fs/promises';
import { batchedAppends } from '../../shared/judge-run/journal-batch';
import type { AnswerJournal, JudgeAnswer } from '../../shared/judge-run/runner';
import { journalLines } from './journal-lines';

const JUDGE_JOURNAL_FORMAT = 'agreement-studio.judge-journal/1';

/** What decides a run's answers; concurrency, rate and timeout only decide how fast they come. */
export interface JournalSettings {
  /** SHA-256 of the transcript bundle's text. */
  transcripts: string;
  endpoint: string;
  model: string;
  promptName: string;
  promptHash: string;
  temperature: number;
  maxTokens: number;
  samples: number;
  /** Which turns, in words: `all`, `labelled <hash of the unit ids>`, `sample 50 seed 7`. */
  selection: string;
  /** The few-shot examples, in words with their unit ids; absent in a run without (and in a journal from before examples). */
  examples?: string;
}

const SETTING_WORDS: Record<keyof JournalSettings, string> = {
  transcripts: 'transcript bundle (its SHA-256)',
  endpoint: 'endpoint',
  model: 'model',
  promptName: 'prompt name',
  promptHash: 'prompt text (its SHA-256)',
  temperature: 'temperature',
  maxTokens: 'max tokens',
  samples: 'samples',
  selection: 'turns asked',
  examples: 'few-shot examples',
};

export type JournalOpening = { ok: true; journal: FileJournal } | { ok: false; message: string };

export class FileJournal implements AnswerJournal {
  // Answers arriving during one fsync go to disk together in the next: one write and one fsync each.
  private readonly appends = batchedAppends<JudgeAnswer>((batch) =>
    this.write(batch.map((answer) => `${JSON.stringify({ type: 'answer', ...answer })}\n`).join('')),
  );

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    /** The answers the file held when opened: read once, for the runner's counts. */
    private readonly earlier: readonly JudgeAnswer[],
  ) {}

  /** Opens the journal at `path`, creating it with a header, or checks an existing one was written with the same settings. */
  static async open(path: string, settings: JournalSettings): Promise<JournalOpening> {
    const read = await readJournal(path);
    if (!read.ok) return read;
    if (read.settings !== undefined) {
      const differences = differingSettings(read.settings, settings);
      if (differences.length > 0)
        return {
          ok: false,
          message: `${path} was written by a run with other settings (${differences.join('; ')}); rerun with the same settings to resume it, or delete it (or choose another --out) to start afresh`,
        };
    }
    const handle = await open(path, 'a');
    const journal = new FileJournal(path, handle, read.answers);
    if (read.settings === undefined) await journal.write(`${JSON.stringify({ type: 'header', format: JUDGE_JOURNAL_FORMAT, settings })}\n`);
    return { ok: true, journal };
  }

  async readEarlier(visit: (answer: JudgeAnswer) => void): Promise<void> {
    for (const answer of this.earlier) visit(answer);
  }

  append(answer: JudgeAnswer): Promise<void> {
    return this.appends.append(answer);
  }

  /** Every answer the journal holds, read back from the file (the runner keeps none in memory). */
  async answers(): Promise<JudgeAnswer[]> {
    await this.appends.drained();
    const read = await readJournal(this.path);
    if (!read.ok) throw new Error(read.message);
    return read.answers;
  }

  async close(): Promise<void> {
    await this.appends.drained().catch(() => {});
    await this.handle.close();
  }

  /** Writes whole lines and waits until they are on disk (fsync); the batches call it one at a time. */
  private async write(lines: string): Promise<void> {
    await this.handle.write(lines);
    await this.handle.datasync();
  }
}

type JournalRead = { ok: true; settings?: JournalSettings; answers: JudgeAnswer[] } | { ok: false; message: string };

async function readJournal(path: string): Promise<JournalRead> {
  const read = await journalLines(path);
  if (!read.ok) return read;
  const { lines } = read;
  if (lines.length === 0) return { ok: true, answers: [] };
  const bad = (line: number) => ({ ok: false as const, message: `${path} line ${line} is not a judge journal entry; delete the file to start afresh` });
  const header = parseLine(lines[0] as string);
  if (header?.type !== 'header' || header.format !== JUDGE_JOURNAL_FORMAT || typeof header.settings !== 'object' || header.settings === null) return bad(1);
  const answers: JudgeAnswer[] = [];
  for (let i = 1; i < lines.length; i++) {
    const entry = parseLine(lines[i] as string);
    if (
      entry?.type !== 'answer' ||
      typeof entry.key !== 'string' ||
      typeof entry.turnId !== 'string' ||
      typeof entry.sample !== 'number' ||
      typeof entry.reply !== 'string'
    )
      return bad(i + 1);
    answers.push({
      key: entry.key,
      turnId: entry.turnId,
      sample: entry.sample,
      reply: entry.reply,
      ...(typeof entry.reasoning === 'string' ? { reasoning: entry.reasoning } : {}),
      ...(typeof entry.finishReason === 'string' ? { finishReason: entry.finishReason } : {}),
      ...verdictAlternativesOf(entry.verdictAlternatives),
      tokensIn: typeof entry.tokensIn === 'number' ? entry.tokensIn : 0,
      tokensOut: typeof entry.tokensOut === 'number' ? entry.tokensOut : 0,
      at: typeof entry.at === 'string' ? entry.at : '',
      ...(typeof entry.elapsedMs === 'number' ? { elapsedMs: entry.elapsedMs } : {}),
    });
  }
  return { ok: true, settings: header.settings as JournalSettings, answers };
}

/** The verdict's alternatives as a journal line keeps them; left out when they are not a list of {token, logprob}. */
function verdictAlternativesOf(value: unknown): Pick<JudgeAnswer, 'verdictAlternatives'> {
  if (!Array.isArray(value)) return {};
  const alternatives = value.flatMap((one: unknown) => {
    const entry = typeof one === 'object' && one !== null ? (one as Record<string, unknown>) : undefined;
    return typeof entry?.token === 'string' && typeof entry.logprob === 'number' ? [{ token: entry.token, logprob: entry.logprob }] : [];
  });
  return alternatives.length > 0 ? { verdictAlternatives: alternatives } : {};
}

function parseLine(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function differingSettings(was: JournalSettings, now: JournalSettings): string[] {
  return (Object.keys(SETTING_WORDS) as Array<keyof JournalSettings>)
    .filter((name) => was[name] !== now[name])
    .map((name) => `${SETTING_WORDS[name]} was ${JSON.stringify(was[name] ?? 'none')}, now ${JSON.stringify(now[name] ?? 'none')}`);
}
