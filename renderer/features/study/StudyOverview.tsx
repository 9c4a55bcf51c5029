// A study at a glance: its puzzles (with difficulty and bucket in lead mode), and its sessions grouped by
// player and judge, each session opening its transcript. Annotator mode groups blinded
// sessions by player alone, so no judge model reaches the page (SPEC §5). The lead's own
// studies lead to the team page, the report and adjudication; the labelling annotator exports
// their labels from here.

import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { comparePuzzlesForPeople } from '../../../shared/domain/puzzle-order';
import { puzzleDifficulty } from '../../../shared/domain/difficulty';
import { preloadLeadPages } from '../../app/lead-pages';
import { useServices, useStudio } from '../../app/services';
import { usePuzzles, useSessions, useStudy } from '../../db/queries';
import { MAX_STUDY_NAME_CHARS, renameStudy } from '../../db/rename-study';
import { blindSession, useStudioMode, type BlindSession } from '../mode';
import { BucketBadge } from './BucketBadge';
import { LabelEntryPoints } from '../labelling';
import { ExportLabelsButton } from '../team';
import { BackupButton } from '../backup';

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

/**
 * Rows shown before "Show all": a study of thousands of sessions would otherwise build (and,
 * on leaving, tear down) thousands of rows in one task, freezing the window.
 */
const SESSIONS_SHOWN = 20;
const PUZZLES_SHOWN = 100;

/** Tells the annotator who just opened a pack of the demo study that it took the first start's demo copy's place. */
function SampleReplacedNotice({ studyId }: { studyId: string }) {
  const replaced = useStudio((state) => state.importState.status === 'done' && state.importState.studies.some((study) => study.id === studyId && study.pack?.replacedSample === true));
  if (!replaced) return null;
  return (
    <div className="notice notice-success" role="status" data-testid="sample-replaced">
      This is now your copy of the study: the pack replaced the untouched demo study that was loaded on first start.
    </div>
  );
}

/** The study's name as the page title, with an inline rename (audited; the id stays). */
function StudyTitle({ studyId, name }: { studyId: string; name: string }) {
  const { db } = useServices();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState('');
  if (draft === undefined) {
    return (
      <div className="study-title">
        <h1 id="study-title">{name}</h1>
        <button type="button" className="link-button" data-testid="rename-study" onClick={() => setDraft(name)}>
          Rename
        </button>
      </div>
    );
  }
  const save = (event: FormEvent) => {
    event.preventDefault();
    renameStudy(db, studyId, draft).then(
      () => {
        setDraft(undefined);
        setProblem('');
      },
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <form className="study-title" onSubmit={save}>
      <h1 id="study-title" className="visually-hidden">
        {name}
      </h1>
      <input
        aria-label="Study name"
        data-testid="study-name-input"
        value={draft}
        maxLength={MAX_STUDY_NAME_CHARS}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDraft(undefined);
        }}
      />
      <button type="submit" className="primary">
        Save name
      </button>
      <button type="button" className="chip" onClick={() => setDraft(undefined)}>
        Cancel
      </button>
      {problem !== '' && (
        <span className="error-text" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}

export function StudyOverview({ studyId }: { studyId: string }) {
  const { store } = useServices();
  const mode = useStudioMode(studyId);
  // Annotators rate difficulty themselves; a rating shown beforehand would anchor theirs.
  const showDifficulty = mode === 'lead';
  const study = useStudy(studyId);
  const stored = usePuzzles(studyId);
  const puzzles = useMemo(() => stored && [...stored].sort(comparePuzzlesForPeople), [stored]);
  const sessions = useSessions(studyId);
  const groups = useMemo(
    () => (mode === 'lead' ? groupSessions(sessions ?? [], (session) => session.judge) : groupSessions((sessions ?? []).map(blindSession))),
    [sessions, mode],
  );
  const sessionsByPuzzle = useMemo(() => {
    const counts = new Map<string, number>();
    for (const session of sessions ?? []) counts.set(session.puzzleId, (counts.get(session.puzzleId) ?? 0) + 1);
    return counts;
  }, [sessions]);

  const [sessionsShown, setSessionsShown] = useState(SESSIONS_SHOWN);
  const [puzzlesShown, setPuzzlesShown] = useState(PUZZLES_SHOWN);
  const leadPages = mode === 'lead' && study?.origin === undefined;
  useEffect(() => {
    if (leadPages) preloadLeadPages();
  }, [leadPages]);

  if (study === undefined) return null;
  if (study === null) return <p className="empty">This study is not in the library.</p>;
  const open = (sessionId: string) => store.getState().navigate({ view: 'transcript', studyId, sessionId });

  return (
    <section className="page" aria-labelledby="study-title">
      <div className="page-header">
        <StudyTitle studyId={studyId} name={study.name} />
        <BackupButton studyId={studyId} studyName={study.name} className="chip" />
      </div>
      <p className="muted">
        {study.counts.puzzles} puzzles · {study.counts.sessions} sessions · {study.counts.questions} questions · {study.counts.finals} final answers
      </p>
      <SampleReplacedNotice studyId={studyId} />

      {mode === 'lead' && study.origin === undefined && (
        <div className="card team-entry">
          <button type="button" className="link-button strong" data-testid="team-entry" onClick={() => store.getState().navigate({ view: 'team', studyId })}>
            Team: assign, packs, label files, coverage
          </button>
          <div className="muted small">{study.setup ? `Assigned with overlap ${study.setup.overlap} and seed ${study.setup.seed}.` : 'Not assigned to annotators yet.'}</div>
        </div>
      )}

      {mode === 'lead' && study.origin === undefined && (
        <div className="lead-entries">
          <div className="card">
            <button type="button" className="link-button strong" data-testid="report-entry" onClick={() => store.getState().navigate({ view: 'report', studyId })}>
              Report: agreement of judges and annotators
            </button>
            <div className="muted small">The M and R tables, chance-corrected statistics, pairwise agreement, difficulty and player outcomes; exports.</div>
          </div>
          <div className="card">
            <button type="button" className="link-button strong" data-testid="adjudicate-entry" onClick={() => store.getState().navigate({ view: 'adjudicate', studyId })}>
              Adjudicate disagreements
            </button>
            <div className="muted small">Set a gold label, with a note, where the raters disagree.</div>
          </div>
        </div>
      )}

      <div className="section-header">
        <h2>Label</h2>
        <ExportLabelsButton studyId={studyId} className="chip" />
      </div>
      <LabelEntryPoints study={study} />

      <h2>{mode === 'lead' ? 'Sessions by player and judge' : 'Sessions by player'}</h2>
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

      <h2>Puzzles</h2>
      <table className="data-table" aria-label="Puzzles">
        <thead>
          <tr>
            <th>Puzzle</th>
            {showDifficulty && <th className="num">Difficulty</th>}
            {showDifficulty && <th>Bucket</th>}
            <th>Genre</th>
            <th className="num">Sessions</th>
          </tr>
        </thead>
        <tbody>
          {(puzzles ?? []).slice(0, puzzlesShown).map((puzzle) => {
            const difficulty = puzzleDifficulty([], puzzle.difficulty);
            return (
              <tr key={puzzle.id}>
                <td>
                  <div className="strong">{puzzle.title ?? puzzle.id}</div>
                  <div className="muted small clamp">{puzzle.story}</div>
                </td>
                {showDifficulty && <td className="num">{difficulty.level ?? '–'}</td>}
                {showDifficulty && (
                  <td>
                    <BucketBadge bucket={difficulty.bucket} />
                  </td>
                )}
                <td>{puzzle.genre ?? ''}</td>
                <td className="num">{sessionsByPuzzle.get(puzzle.id) ?? 0}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {(puzzles?.length ?? 0) > puzzlesShown && (
        <button type="button" className="chip" onClick={() => setPuzzlesShown(Number.POSITIVE_INFINITY)}>
          Show all {(puzzles?.length ?? 0).toLocaleString('en-US')} puzzles
        </button>
      )}
    </section>
  );
}
