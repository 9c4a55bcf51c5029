// One played session as a conversation: the puzzle's story and reference answer, then each
// question and final answer. Lead mode adds the judges' labels as badges (with a judge's reply as
// written where it says more than the label), the judge's replies, and the annotators' labels by
// display name beside them; annotator mode gets blinded turns
// (features/mode/blind.ts) and never reads anyone's labels, so it has none to show.
// Transcript text is untrusted and is only ever rendered as React text, never as HTML.

import type { ReactNode } from 'react';
import type { JudgeLabel, Turn } from '../../../shared/domain/model';
import { useSessionWithTurns, useTurnHumanLabels, type TurnHumanLabel } from '../../services/queries';
import { blindSession, blindTurn, useStudioMode, type BlindSession, type BlindTurn } from '../mode';
import { PuzzlePanels } from './PuzzlePanels';

const MAX_REPLY_SHOWN = 80;

/** The reply as the judge wrote it, when it differs from its label ("Yes." beside yes, "Invalid" beside unparseable); long ones shortened. */
function replyBesideLabel(label: JudgeLabel, reply: string | undefined): string | undefined {
  if (
    reply === undefined ||
    reply
      .trim()
      .toLowerCase()
      .replace(/[.!。！]+$/u, '') === label
  )
    return undefined;
  return reply.length > MAX_REPLY_SHOWN ? `${reply.slice(0, MAX_REPLY_SHOWN - 1)}…` : reply;
}

function JudgementBadges({ turn, primaryJudge }: { turn: Turn; primaryJudge: string }) {
  const entries = Object.entries(turn.judgements).sort(([a], [b]) => (a === primaryJudge ? -1 : b === primaryJudge ? 1 : a.localeCompare(b)));
  if (entries.length === 0) return <span className="muted small">no judgement</span>;
  return (
    <span className="badges">
      {entries.map(([judge, label]) => {
        const reply = replyBesideLabel(label, turn.judgeReplies?.[judge]);
        return (
          <span key={judge} className={`badge label-${label}`} title={judge === primaryJudge ? `${judge} (judge of this session)` : judge}>
            <span className="badge-judge">{judge}</span> {label}
            {reply !== undefined && (
              <q className="badge-reply" title={`${judge}'s reply as written: ${turn.judgeReplies?.[judge] ?? ''}`}>
                {reply}
              </q>
            )}
          </span>
        );
      })}
    </span>
  );
}

function HumanLabelBadges({ labels }: { labels: readonly TurnHumanLabel[] | undefined }) {
  if (!labels || labels.length === 0) return <span className="muted small">no annotator label yet</span>;
  return (
    <span className="badges">
      {labels.map((label) => (
        <span
          key={label.annotatorId}
          className={`badge label-${label.value}`}
          title={label.name === label.annotatorId ? label.name : `${label.name} (${label.annotatorId})`}
          data-annotator={label.annotatorId}
        >
          <span className="badge-judge">{label.name}</span> {label.acceptable?.join(' + ') ?? label.value}
          {label.unsure ? ' (unsure)' : ''}
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

function LeadConversation({ studyId, turns, primaryJudge }: { studyId: string; turns: readonly Turn[]; primaryJudge: string }) {
  const human = useTurnHumanLabels(studyId, turns);
  return (
    <ol className="conversation" aria-label="Turns">
      {turns.map((turn) => (
        <TurnItem key={turn.id} turn={turn}>
          <div className="bubble judge-bubble">
            <div className="rater-line" data-raters="judges">
              <span className="rater-kind">Judges</span>
              <JudgementBadges turn={turn} primaryJudge={primaryJudge} />
            </div>
            <div className="rater-line" data-raters="annotators">
              <span className="rater-kind">Annotators</span>
              {human === undefined ? <span className="muted small">reading…</span> : <HumanLabelBadges labels={human.get(turn.id)} />}
            </div>
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
      {mode === 'lead' ? (
        <LeadConversation studyId={studyId} turns={turns} primaryJudge={session.judge} />
      ) : (
        <AnnotatorConversation turns={turns.map(blindTurn)} />
      )}
    </section>
  );
}
