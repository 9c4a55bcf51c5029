// The study's sessions grouped by player and judge, each opening its transcript. Annotator mode
// groups blinded sessions by player alone, so no judge model reaches the page (SPEC §5).

import { useMemo, useState } from 'react';
import type { Session } from '../../../shared/domain/model';
import { useServices } from '../../services/services';
import { blindSession, type BlindSession } from '../mode';

/**
 * Sessions shown per group before "Show all": a study of thousands of sessions would otherwise
 * build (and, on leaving, tear down) thousands of rows in one task, freezing the window.
 */
const SESSIONS_SHOWN = 20;

interface SessionGroup {
  player: string;
  /** Absent when grouping by player alone (annotator mode). */
  judge?: string;
  sessions: BlindSession[];
}

function groupSessions<S extends BlindSession>(sessions: readonly S[], judgeOf?: (session: S) => string): SessionGroup[] {
  const groups = new Map<string, SessionGroup>();
  for (const session of sessions) {
    const judge = judgeOf?.(session);
    const key = judge === undefined ? session.player : `${session.player}\u0000${judge}`;
    let group = groups.get(key);
    if (!group) {
      group = judge === undefined ? { player: session.player, sessions: [] } : { player: session.player, judge, sessions: [] };
      groups.set(key, group);
    }
    group.sessions.push(session);
  }
  return [...groups.values()].sort((a, b) => a.player.localeCompare(b.player) || (a.judge ?? '').localeCompare(b.judge ?? ''));
}

export function SessionGroups({ studyId, sessions, lead }: { studyId: string; sessions: readonly Session[] | undefined; lead: boolean }) {
  const { store } = useServices();
  const groups = useMemo(
    () => (lead ? groupSessions(sessions ?? [], (session) => session.judge) : groupSessions((sessions ?? []).map(blindSession))),
    [sessions, lead],
  );
  const [sessionsShown, setSessionsShown] = useState(SESSIONS_SHOWN);
  const open = (sessionId: string) => store.getState().navigate({ view: 'transcript', studyId, sessionId });
  return (
    <>
      <h2>{lead ? 'Sessions by player and judge' : 'Sessions by player'}</h2>
      {groups.length === 0 ? (
        <p className="empty">This study has puzzles only (no played sessions).</p>
      ) : (
        <div className="session-groups">
          {groups.map((group) => (
            <div className="card" key={`${group.player}/${group.judge ?? ''}`}>
              <div className="card-title">
                {group.player}
                {group.judge !== undefined && (
                  <>
                    {' '}
                    <span className="muted">judged by</span> {group.judge}
                  </>
                )}
              </div>
              <div className="muted small">{group.sessions.length} sessions</div>
              <ul className="session-list">
                {group.sessions.slice(0, sessionsShown).map((session) => (
                  <li key={session.id}>
                    <button type="button" className="link-button" onClick={() => open(session.id)}>
                      {session.id}
                    </button>{' '}
                    <span className="muted small">
                      {session.puzzleId} · {session.turnCount} turns
                    </span>
                  </li>
                ))}
              </ul>
              {group.sessions.length > sessionsShown && (
                <button type="button" className="chip" onClick={() => setSessionsShown(Number.POSITIVE_INFINITY)}>
                  Show all {group.sessions.length.toLocaleString('en-US')} sessions
                </button>
              )}
            </div>
          ))}
        </div>
      )}
    </>
  );
}
