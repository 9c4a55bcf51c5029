// A prompt search's proposal request, asked again after a wait while the server is busy or down
// for a while, as the runner does for a judge's answers: the command line's `tune` and the app's
// search both send their proposals through it, each with its own wait.

import { isRetryable, type ChatEndpoint, type ChatMessage, type ChatOutcome, type ChatSender } from './chat-completions';

/** Attempts at one proposal before the search stops as failed. */
const PROPOSAL_ATTEMPTS = 4;
/** The first wait; each later one doubles, unless the server said how long (Retry-After). */
const FIRST_PROPOSAL_RETRY_MS = 1000;

export interface ProposalRetries {
  /** Waits `ms`; may resolve early when the search is cancelled, which is checked after. */
  sleep(ms: number): Promise<void>;
  /** The first wait (default FIRST_PROPOSAL_RETRY_MS); tests shorten it. */
  firstRetryMs?: number;
}

/** Sends the proposal, and again after each wait while it fails in a way worth retrying, up to PROPOSAL_ATTEMPTS in all; a cancel stops the waiting. */
export async function proposeWithRetries(
  send: ChatSender,
  endpoint: ChatEndpoint,
  messages: readonly ChatMessage[],
  signal: Parameters<ChatSender>[2],
  retries: ProposalRetries,
): Promise<ChatOutcome> {
  const firstRetryMs = retries.firstRetryMs ?? FIRST_PROPOSAL_RETRY_MS;
  // A call, not a property read: the signal can be aborted during each wait.
  const cancelled = () => signal?.aborted === true;
  let outcome = await send(endpoint, messages, signal);
  for (let attempt = 1; attempt < PROPOSAL_ATTEMPTS && !outcome.ok && isRetryable(outcome.failure) && !cancelled(); attempt++) {
    await retries.sleep(outcome.failure.retryAfterMs ?? firstRetryMs * 2 ** (attempt - 1));
    if (cancelled()) break;
    outcome = await send(endpoint, messages, signal);
  }
  return outcome;
}
