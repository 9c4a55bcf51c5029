// What annotator mode may show of a session and its turns (SPEC §5): the records rebuilt field
// by field without the judge model, its labels and its replies. An allow-list, so a judge field
// added to the model later stays out of annotator views until someone decides otherwise.

import type { Session, Turn } from '../../../shared/domain/model';

export type BlindSession = Pick<Session, 'studyId' | 'id' | 'puzzleId' | 'player' | 'maxRounds' | 'run' | 'turnCount'>;

export type BlindTurn = Pick<Turn, 'studyId' | 'id' | 'sessionId' | 'puzzleId' | 'index' | 'type' | 'text'>;

export function blindSession({ studyId, id, puzzleId, player, maxRounds, run, turnCount }: Session): BlindSession {
  return { studyId, id, puzzleId, player, maxRounds, run, turnCount };
}

export function blindTurn({ studyId, id, sessionId, puzzleId, index, type, text }: Turn): BlindTurn {
  return { studyId, id, sessionId, puzzleId, index, type, text };
}
