// Keeps every judge reply of an imported study at or under the readers' limit (keptJudgeReply), so
// the bundle it becomes reads back, and lists each reply cut with the study's leftovers. The
// importers read each label from the reply as the source holds it, before this.

import { keptJudgeReply } from '../judge-reply-cut';
import { INPUT_LIMITS } from '../limits';
import { LeftoverTally, type BenchmarkImport, type BundleTurn } from './imported-study';

export const CUT_REPLIES = 'judge replies over 1 MB: kept cut in the middle with a marker (each label was read from the whole reply)';

/** The import with its over-long judge replies cut, or as it was when none is over the limit. */
export function withRepliesKept(result: BenchmarkImport): BenchmarkImport {
  if (!result.ok) return result;
  const study = result.value;
  const file = study.layouts.map((layout) => layout.file).join(', ');
  const cut = new LeftoverTally();
  const sessions = study.bundle.sessions.map((session) =>
    session.turns.some(hasLongReply) ? { ...session, turns: session.turns.map((turn) => (hasLongReply(turn) ? keptTurn(turn, file, cut) : turn)) } : session,
  );
  const leftovers = cut.list();
  if (leftovers.length === 0) return result;
  return { ok: true, value: { ...study, bundle: { ...study.bundle, sessions }, leftovers: [...study.leftovers, ...leftovers] } };
}

function hasLongReply(turn: BundleTurn): boolean {
  return Object.values(turn.judgeReplies ?? {}).some((reply) => reply.length > INPUT_LIMITS.maxStringChars);
}

function keptTurn(turn: BundleTurn, file: string, cut: LeftoverTally): BundleTurn {
  const judgeReplies = Object.fromEntries(
    Object.entries(turn.judgeReplies ?? {}).map(([judge, reply]) => {
      const kept = keptJudgeReply(reply);
      if (kept.cutChars > 0) cut.add(file, CUT_REPLIES, `${turn.id} (${judge}): ${kept.cutChars.toLocaleString('en')} characters cut`);
      return [judge, kept.reply];
    }),
  );
  return { ...turn, judgeReplies };
}
