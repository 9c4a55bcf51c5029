// A study as a transcript bundle document (docs/formats.md#transcript-bundle), the inverse of parseTranscriptBundle: what
// a command that changes a study (adding a judge's labels) writes back, through the writer the
// importers use. Reading the document again gives the same study.

import type { StudyData, Turn } from '../../domain/model';
import type { BundleDocument, BundlePuzzle, BundleSession, BundleTurn } from './imported-study';
import { TRANSCRIPTS_FORMAT } from '../transcript-bundle';

export function studyBundleDocument(data: StudyData): BundleDocument {
  const turnsBySession = new Map<string, Turn[]>();
  for (const turn of data.turns) {
    const list = turnsBySession.get(turn.sessionId);
    if (list) list.push(turn);
    else turnsBySession.set(turn.sessionId, [turn]);
  }
  const puzzles: BundlePuzzle[] = data.puzzles.map(({ studyId: _study, keyClues, ...puzzle }) => (keyClues.length > 0 ? { ...puzzle, keyClues } : puzzle));
  const sessions: BundleSession[] = data.sessions.map((session) => ({
    id: session.id,
    puzzleId: session.puzzleId,
    player: session.player,
    judge: session.judge,
    ...(session.maxRounds !== undefined ? { maxRounds: session.maxRounds } : {}),
    ...(session.run !== undefined ? { run: session.run } : {}),
    turns: (turnsBySession.get(session.id) ?? []).sort((a, b) => a.index - b.index).map(bundleTurn),
  }));
  const { study } = data;
  return {
    format: TRANSCRIPTS_FORMAT,
    id: study.id,
    name: study.name,
    ...(study.guidelines !== undefined ? { guidelines: study.guidelines } : {}),
    scheme: study.scheme,
    ...(data.judgePrompts !== undefined ? { judgePrompts: data.judgePrompts } : {}),
    ...(study.judgeSamples !== undefined ? { judgeSamples: study.judgeSamples } : {}),
    puzzles,
    sessions,
  };
}

function bundleTurn(turn: Turn): BundleTurn & { judgeReply?: string } {
  return {
    id: turn.id,
    type: turn.type,
    text: turn.text,
    judgements: turn.judgements,
    ...(turn.judgeReply !== undefined ? { judgeReply: turn.judgeReply } : {}),
    ...(turn.judgeReplies !== undefined ? { judgeReplies: turn.judgeReplies } : {}),
    ...(turn.judgeConfidence !== undefined ? { judgeConfidence: turn.judgeConfidence } : {}),
  };
}
