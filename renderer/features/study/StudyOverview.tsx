// A study at a glance: its puzzles with difficulty and bucket, and its sessions grouped by
// player and judge, each session opening its transcript.

import { useMemo } from 'react';
import { puzzleDifficulty } from '../../../shared/domain/difficulty';
import type { Session } from '../../../shared/domain/model';
import { useServices } from '../../app/services';
import { usePuzzles, useSessions, useStudy } from '../../db/queries';
import { BucketBadge } from './BucketBadge';

interface SessionGroup {
  player: string;
  judge: string;
  sessions: Session[];
}

function groupSessions(sessions: readonly Session[]): SessionGroup[] {
  const groups = new Map<string, SessionGroup>();
  for (const session of sessions) {
    const key = `${session.player}\u0000${session.judge}`;
    let group = groups.get(key);
    if (!group) {
      group = { player: session.player, judge: session.judge, sessions: [] };
      groups.set(key, group);
    }
    group.sessions.push(session);
  }
  return [...groups.values()].sort((a, b) => a.player.localeCompare(b.player) || a.judge.localeCompare(b.judge));
}

export function StudyOverview({ studyId }: { studyId: string }) {
  const { store } = useServices();
  const study = useStudy(studyId);
  const puzzles = usePuzzles(studyId);
  const sessions = useSessions(studyId);
  const groups = useMemo(() => groupSessions(sessions ?? []), [sessions]);
  const sessionsByPuzzle = useMemo(() => {
    const counts = new Map<string, number>();
    for (const session of sessions ?? []) counts.set(session.puzzleId, (counts.get(session.puzzleId) ?? 0) + 1);
    return counts;
  }, [sessions]);

  if (study === undefined) return null;
  if (study === null) return <p className="empty">This study is not in the library.</p>;
  const open = (sessionId: string) => store.getState().navigate({ view: 'transcript', studyId, sessionId });

  return (
    <section className="page" aria-labelledby="study-title">
      <div className="page-header">
        <h1 id="study-title">{study.name}</h1>
      </div>
      <p className="muted">
        {study.counts.puzzles} puzzles · {study.counts.sessions} sessions · {study.counts.questions} questions · {study.counts.finals} final answers
      </p>

      <h2>Sessions by player and judge</h2>
      {groups.length === 0 ? (
        <p className="empty">This study has puzzles only (no played sessions).</p>
      ) : (
        <div className="session-groups">
          {groups.map((group) => (
            <div className="card" key={`${group.player}/${group.judge}`}>
              <div className="card-title">
                {group.player} <span className="muted">judged by</span> {group.judge}
              </div>
              <div className="muted small">{group.sessions.length} sessions</div>
              <ul className="session-list">
                {group.sessions.map((session) => (
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
            </div>
          ))}
        </div>
      )}

      <h2>Puzzles</h2>
      <table className="data-table" aria-label="Puzzles">
        <thead>
          <tr>
            <th>Puzzle</th>
            <th className="num">Difficulty</th>
            <th>Bucket</th>
            <th>Genre</th>
            <th className="num">Sessions</th>
          </tr>
        </thead>
        <tbody>
          {(puzzles ?? []).map((puzzle) => {
            const difficulty = puzzleDifficulty([], puzzle.difficulty);
            return (
              <tr key={puzzle.id}>
                <td>
                  <div className="strong">{puzzle.title ?? puzzle.id}</div>
                  <div className="muted small clamp">{puzzle.story}</div>
                </td>
                <td className="num">{difficulty.level ?? '–'}</td>
                <td>
                  <BucketBadge bucket={difficulty.bucket} />
                </td>
                <td>{puzzle.genre ?? ''}</td>
                <td className="num">{sessionsByPuzzle.get(puzzle.id) ?? 0}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
