// The tune command's journal of the model's proposals, `DIR/search-journal.jsonl` (issue 34 point
// 5): a header with the settings that decide the search, then one line per proposal as it arrives,
// fsynced, so a rerun replays every proposal already made (the search is replayable: the same
// proposals and answers give the same versions) and asks only for the next. A rerun with other
// settings is refused, naming what differs; the budget is not among them, so a larger one goes on.

import { open } from 'node:fs/promises';
import type { ChatAnswer } from '../../shared/judge-run/chat-completions';
import { journalLines } from './journal-lines';

const SEARCH_JOURNAL_FORMAT = 'agreement-studio.search-journal/1';

export interface SearchJournalSettings {
  /** SHA-256 of the transcript bundle's text. */
  transcripts: string;
  /** SHA-256 of each label file's text, in the order given. */
  labels: string[];
  endpoint: string;
  model: string;
  promptName: string;
  promptHash: string;
  temperature: number;
  maxTokens: number;
  /** The split in words (splitText). */
  split: string;
  seed: number;
}

/** What a proposal kept: enough to give the search the same answer again. */
export type JournalledProposal = Pick<ChatAnswer, 'reply' | 'tokensIn' | 'tokensOut'>;

export type SearchJournalOpening = { ok: true; journal: SearchJournal } | { ok: false; message: string };

export class SearchJournal {
  private constructor(
    readonly path: string,
    private readonly proposals: Map<number, JournalledProposal>,
  ) {}

  static async open(path: string, settings: SearchJournalSettings): Promise<SearchJournalOpening> {
    const read = await journalLines(path);
    if (!read.ok) return read;
    const proposals = new Map<number, JournalledProposal>();
    const lines = read.lines.filter((line) => line !== '');
    for (const [index, line] of lines.entries()) {
      let record: unknown;
      try {
        record = JSON.parse(line);
      } catch {
        return { ok: false, message: `${path} line ${index + 1} is not JSON; it is not a search journal this program wrote: choose another --out` };
      }
      const entry = (typeof record === 'object' && record !== null ? record : {}) as Record<string, unknown>;
      if (index === 0) {
        if (entry.type !== 'header' || entry.format !== SEARCH_JOURNAL_FORMAT)
          return { ok: false, message: `${path} does not start with a search journal's header; it is not a journal this program wrote: choose another --out` };
        const differences = differingSettings(entry.settings as SearchJournalSettings, settings);
        if (differences.length > 0)
          return {
            ok: false,
            message: `${path} was written by a search with other settings (${differences.join('; ')}); rerun with the same settings to go on, or choose another --out to start afresh`,
          };
        continue;
      }
      const { step, reply, tokensIn, tokensOut } = entry;
      if (
        entry.type !== 'proposal' ||
        !Number.isSafeInteger(step) ||
        typeof reply !== 'string' ||
        typeof tokensIn !== 'number' ||
        typeof tokensOut !== 'number'
      )
        return { ok: false, message: `${path} line ${index + 1} is not a proposal this program wrote: choose another --out` };
      proposals.set(step as number, { reply, tokensIn, tokensOut });
    }
    if (lines.length === 0) await appendLine(path, { type: 'header', format: SEARCH_JOURNAL_FORMAT, settings });
    return { ok: true, journal: new SearchJournal(path, proposals) };
  }

  /** The proposal of this step from an earlier sitting, if there was one. */
  proposal(step: number): JournalledProposal | undefined {
    return this.proposals.get(step);
  }

  /** Keeps a proposal on disk before the search reads it. */
  async record(step: number, proposal: JournalledProposal): Promise<void> {
    await appendLine(this.path, { type: 'proposal', step, reply: proposal.reply, tokensIn: proposal.tokensIn, tokensOut: proposal.tokensOut });
    this.proposals.set(step, proposal);
  }
}

async function appendLine(path: string, record: unknown): Promise<void> {
  const handle = await open(path, 'a');
  try {
    await handle.write(`${JSON.stringify(record)}\n`);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

const SETTING_WORDS: Record<keyof SearchJournalSettings, string> = {
  transcripts: 'transcript bundle (its SHA-256)',
  labels: 'label files (their SHA-256)',
  endpoint: 'endpoint',
  model: 'model',
  promptName: 'prompt name',
  promptHash: 'prompt text (its SHA-256)',
  temperature: 'temperature',
  maxTokens: 'max tokens',
  split: 'split',
  seed: 'seed',
};

function differingSettings(earlier: SearchJournalSettings | undefined, now: SearchJournalSettings): string[] {
  return (Object.keys(SETTING_WORDS) as Array<keyof SearchJournalSettings>)
    .filter((key) => JSON.stringify(earlier?.[key]) !== JSON.stringify(now[key]))
    .map((key) => `${SETTING_WORDS[key]}: ${JSON.stringify(earlier?.[key])} then, ${JSON.stringify(now[key])} now`);
}
