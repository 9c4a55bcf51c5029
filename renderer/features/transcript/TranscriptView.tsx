// One played session as a conversation: the puzzle's story and reference answer, then each
// question and final answer. Lead mode adds the judges' labels as badges and the judge's
// replies; annotator mode gets blinded turns (features/mode/blind.ts), so it has none to show.
// Transcript text is untrusted and is only ever rendered as React text, never as HTML.

import type { ReactNode } from 'react';
import type { JudgeLabel, Turn } from '../../../shared/domain/model';
import { useSessionWithTurns } from '../../db/queries';
import { blindSession, blindTurn, type BlindSession, type BlindTurn } from '../mode/blind';
import { useStudioMode } from '../mode/useStudioMode';
import { PuzzlePanels } from './PuzzlePanels';

function JudgementBadges({ turn, primaryJudge }: { turn: Turn; primaryJudge: string }) {
  const entries = Object.entries(turn.judgements).sort(([a], [b]) => (a === primaryJudge ? -1 : b === primaryJudge ? 1 : a.localeCompare(b)));
  if (entries.length === 0) return <span className="muted small">no judgement</span>;
  return (
    <span className="badges">
      {entries.map(([judge, label]) => (
        <span key={judge} className={`badge label-${label}`} title={judge === primaryJudge ? `${judge} (judge of this session)` : judge}>
          <span className="badge-judge">{judge}</span> {label as JudgeLabel}
        </span>
      ))}
    </span>
  );
}

function SessionFacts({ session, judge }: { session: BlindSession; judge?: string }) {
  return (
    <p className="muted">
      Session {session.id} · player {session.player}
      {judge !== undefined ? ` · judge ${judge}` : ''}
      {session.maxRounds !== undefined ? ` · at most ${session.maxRounds} rounds` : ''}
    </p>
  );
}

/** A turn as the player took it; the judge's side, if any, comes in as children. */
function TurnItem({ turn, children }: { turn: BlindTurn; children?: ReactNode }) {
  return (
    <li className={`turn turn-${turn.type}`} data-turn-id={turn.id}>
      <div className="bubble player-bubble">
        <span className="turn-kind">{turn.type === 'final' ? 'Final answer' : `Question ${turn.index + 1}`}</span>
        <p className="prose">{turn.text}</p>
      </div>
      {children}
    </li>
  );
}

function LeadConversation({ turns, primaryJudge }: { turns: readonly Turn[]; primaryJudge: string }) {
  return (
    <ol className="conversation" aria-label="Turns">
      {turns.map((turn) => (
        <TurnItem key={turn.id} turn={turn}>
          <div className="bubble judge-bubble">
            <JudgementBadges turn={turn} primaryJudge={primaryJudge} />
            {turn.judgeReply !== undefined && <p className="prose judge-reply">{turn.judgeReply}</p>}
          </div>
        </TurnItem>
      ))}
    </ol>
  );
}

function AnnotatorConversation({ turns }: { turns: readonly BlindTurn[] }) {
  return (
    <ol className="conversation conversation-blind" aria-label="Turns">
      {turns.map((turn) => (
        <TurnItem key={turn.id} turn={turn} />
      ))}
    </ol>
  );
}

export function TranscriptView({ studyId, sessionId }: { studyId: string; sessionId: string }) {
  const mode = useStudioMode();
  const data = useSessionWithTurns(studyId, sessionId);
  if (data === undefined) return null;
  if (data === null) return <p className="empty">This session is not in the study.</p>;
  const { session, puzzle, turns } = data;

  return (
    <section className="page transcript" aria-labelledby="transcript-title">
      <div className="page-header">
        <h1 id="transcript-title">{puzzle?.title ?? session.puzzleId}</h1>
      </div>
      {mode === 'lead' ? <SessionFacts session={session} judge={session.judge} /> : <SessionFacts session={blindSession(session)} />}
      {puzzle && <PuzzlePanels puzzle={puzzle} showKeyClues={true} />}
      {mode === 'lead' ? <LeadConversation turns={turns} primaryJudge={session.judge} /> : <AnnotatorConversation turns={turns.map(blindTurn)} />}
    </section>
  );
}
