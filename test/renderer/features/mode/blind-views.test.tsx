// @vitest-environment happy-dom
// Annotator mode is blind by construction (SPEC §5): the transcript and the study overview of
// the demo study render no judge label, judge reply or judge model name, not even in an
// attribute, while lead mode shows all of them as before.

import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Label, Session, Turn } from '../../../../shared/domain/model';
import { blindSession, blindTurn } from '../../../../renderer/features/mode/blind';
import { StudyOverview } from '../../../../renderer/features/study/StudyOverview';
import { TranscriptView } from '../../../../renderer/features/transcript/TranscriptView';
import type { StudioDatabase } from '../../../../renderer/db/database';
import type { StudioMode } from '../../../../renderer/services/preferences-store';
import { closeDatabases, demoStudy, freshDatabase, renderWithServices, testServices, workers } from './mode-fixtures';

const demo = demoStudy();
const studyId = demo.study.id;
const judgeNames = [...new Set([...demo.sessions.map((session) => session.judge), ...demo.turns.flatMap((turn) => Object.keys(turn.judgements))])].sort();
const players = [...new Set(demo.sessions.map((session) => session.player))].sort();

function label(studyId: string, annotatorId: string, unitId: string, task: Label['task'], value: Label['value']): Label {
  return { studyId, annotatorId, unitId, task, value, at: '2026-11-24T09:00:00.000Z', rev: 1, unsure: false, note: '' };
}

function turnsOf(session: Session): Turn[] {
  return demo.turns.filter((turn) => turn.sessionId === session.id).sort((a, b) => a.index - b.index);
}

async function renderTranscript(db: StudioDatabase, mode: StudioMode, session: Session) {
  const services = testServices(db, mode);
  const view = renderWithServices(<TranscriptView studyId={studyId} sessionId={session.id} />, services);
  await screen.findByRole('list', { name: 'Turns' });
  return { ...view, services };
}

/** Elements that carry a judge label, a judge reply or the judge's side of a turn. */
function judgeElements(container: HTMLElement): Element[] {
  return [...container.querySelectorAll('[class*="label-"], .badge, .judge-bubble, .judge-reply')];
}

let db: StudioDatabase;

beforeEach(async () => {
  window.localStorage.clear();
  db = await freshDatabase([demo]);
});

afterEach(() => {
  cleanup();
  closeDatabases();
  vi.clearAllMocks();
});

describe('blinded records', () => {
  it('keep everything but the judge model, its labels and its replies', () => {
    const session = demo.sessions[0]!;
    const turn = demo.turns.find((candidate) => candidate.judgeReply !== undefined)!;
    expect(Object.keys(blindSession(session)).sort()).toEqual(['id', 'maxRounds', 'player', 'puzzleId', 'run', 'studyId', 'turnCount']);
    expect(Object.keys(blindTurn(turn)).sort()).toEqual(['id', 'index', 'puzzleId', 'sessionId', 'studyId', 'text', 'type']);
    expect(blindTurn(turn)).toMatchObject({ id: turn.id, text: turn.text, type: turn.type, index: turn.index });
  });
});

describe('TranscriptView', () => {
  it('in annotator mode shows the story, the reference and every player turn, and nothing of the judges', async () => {
    expect(judgeNames).toEqual(['arbiter-large', 'arbiter-large (order swapped)', 'arbiter-mini']);
    for (const session of demo.sessions) {
      const turns = turnsOf(session);
      const { container, unmount } = await renderTranscript(db, 'annotator', session);
      const text = container.textContent ?? '';
      const puzzle = demo.puzzles.find((candidate) => candidate.id === session.puzzleId)!;

      expect(screen.getByTestId('story').textContent).toBe(puzzle.story);
      expect(screen.getByTestId('reference').textContent).toBe(puzzle.reference);
      expect(container.querySelectorAll('li[data-turn-id]')).toHaveLength(turns.length);
      expect(text).toContain(`player ${session.player}`);
      for (const turn of turns) {
        expect(text).toContain(turn.text);
        if (turn.judgeReply !== undefined) expect(text, `${turn.id} reply`).not.toContain(turn.judgeReply);
      }
      for (const name of judgeNames) expect(container.innerHTML, `${session.id} ${name}`).not.toContain(name);
      expect(text).not.toContain('judge');
      expect(judgeElements(container)).toEqual([]);
      unmount();
    }
  });

  it('in lead mode shows every judgement as a badge, the judge replies and the judge of the session', async () => {
    for (const session of demo.sessions) {
      const turns = turnsOf(session);
      const { container, unmount } = await renderTranscript(db, 'lead', session);
      const text = container.textContent ?? '';

      expect(text).toContain(`player ${session.player} · judge ${session.judge}`);
      for (const turn of turns) {
        const item = container.querySelector(`li[data-turn-id="${turn.id}"]`)!;
        const badges = [...item.querySelectorAll('.badge')].map((badge) => badge.textContent);
        expect(badges.sort()).toEqual(
          Object.entries(turn.judgements)
            .map(([judge, label]) => `${judge} ${label}`)
            .sort(),
        );
        expect(item.querySelector('.judge-reply')?.textContent).toBe(turn.judgeReply);
      }
      unmount();
    }
  });

  it("in lead mode shows a judge's reply as written beside its label where it says more than the label; annotator mode shows none", async () => {
    const session = demo.sessions[0]!;
    const turns = turnsOf(session);
    const [first, second] = turns;
    // The same study under its own id, with replies as an imported benchmark keeps them.
    const replies = new Map([
      [
        first!.id,
        Object.fromEntries(
          Object.entries(first!.judgements).map(([judge, label]) => [
            judge,
            label === 'unparseable' ? 'Invalid' : `${label.charAt(0).toUpperCase()}${label.slice(1)}.`,
          ]),
        ),
      ],
      [second!.id, Object.fromEntries(Object.keys(second!.judgements).map((judge) => [judge, 'Correct, well done']))],
    ]);
    const withReplies = { ...demo, turns: demo.turns.map((turn) => (replies.has(turn.id) ? { ...turn, judgeReplies: replies.get(turn.id)! } : turn)) };
    const replyDb = await freshDatabase([withReplies]);

    const lead = await renderTranscript(replyDb, 'lead', session);
    const shown = (turnId: string) => [...lead.container.querySelectorAll(`li[data-turn-id="${turnId}"] .badge-reply`)].map((reply) => reply.textContent);
    // "Yes." says no more than yes: not repeated.
    expect(shown(first!.id)).toEqual(
      Object.values(first!.judgements)
        .filter((label) => label === 'unparseable')
        .map(() => 'Invalid'),
    );
    expect(shown(second!.id)).toEqual(Object.keys(second!.judgements).map(() => 'Correct, well done'));
    lead.unmount();

    const annotator = await renderTranscript(replyDb, 'annotator', session);
    expect(annotator.container.textContent).not.toContain('Correct, well done');
    expect(annotator.container.querySelectorAll('.badge-reply')).toHaveLength(0);
    annotator.unmount();
  });

  it("in lead mode shows each annotator's label beside the judges', by display name; annotator mode shows none, and reads none", async () => {
    const session = demo.sessions[0]!;
    const [question, second] = turnsOf(session).filter((turn) => turn.type === 'question');
    const final = turnsOf(session).find((turn) => turn.type === 'final')!;
    await db.annotators.bulkPut([
      { studyId, id: 'ann-ada', name: 'Ada Lovelace' },
      { studyId, id: 'ann-bo', name: 'Bo Peep' },
    ]);
    await db.labels.bulkPut([
      { ...label(studyId, 'ann-ada', question!.id, 'answer', 'yes') },
      { ...label(studyId, 'ann-bo', question!.id, 'answer', 'no'), unsure: true },
      label(studyId, 'ann-bo', final.id, 'match', 'unmatched'),
      // A label of the other task on the same unit id is not this turn's label.
      label(studyId, 'ann-ada', final.id, 'answer', 'yes'),
    ]);
    const humanBadges = (container: HTMLElement, turnId: string) =>
      [...container.querySelectorAll(`li[data-turn-id="${turnId}"] [data-raters="annotators"] .badge`)].map((badge) => badge.textContent);

    const reads = vi.spyOn(db.labels, 'bulkGet');
    const lead = await renderTranscript(db, 'lead', session);
    await expect.poll(() => humanBadges(lead.container, question!.id)).toEqual(['Ada Lovelace yes', 'Bo Peep no (unsure)']);
    expect(reads).toHaveBeenCalled();
    expect(humanBadges(lead.container, final.id)).toEqual(['Bo Peep unmatched']);
    expect(humanBadges(lead.container, second!.id)).toEqual([]);
    expect(lead.container.querySelector(`li[data-turn-id="${second!.id}"] [data-raters="annotators"]`)?.textContent).toContain('no annotator label yet');
    // The judges' badges are still there, on their own line.
    expect(lead.container.querySelectorAll(`li[data-turn-id="${question!.id}"] [data-raters="judges"] .badge`)).toHaveLength(
      Object.keys(question!.judgements).length,
    );

    act(() => lead.services.preferences.getState().setMode('annotator'));
    for (const name of ['Ada Lovelace', 'Bo Peep', 'ann-ada', 'ann-bo', 'Annotators']) expect(lead.container.innerHTML).not.toContain(name);
    expect(judgeElements(lead.container)).toEqual([]);
    lead.unmount();

    reads.mockClear();
    const blind = await renderTranscript(db, 'annotator', session);
    await screen.findByText(question!.text);
    for (const name of ['Ada Lovelace', 'Bo Peep', 'ann-ada', 'ann-bo']) expect(blind.container.innerHTML).not.toContain(name);
    expect(judgeElements(blind.container)).toEqual([]);
    expect(reads).not.toHaveBeenCalled();
  });

  it('drops the judges from an open transcript the moment the mode turns to annotator', async () => {
    const session = demo.sessions.find((candidate) => turnsOf(candidate).some((turn) => turn.judgeReply !== undefined))!;
    const { container, services } = await renderTranscript(db, 'lead', session);
    expect(judgeElements(container).length).toBeGreaterThan(0);

    act(() => services.preferences.getState().setMode('annotator'));
    expect(judgeElements(container)).toEqual([]);
    for (const name of judgeNames) expect(container.innerHTML).not.toContain(name);
  });
});

describe('StudyOverview', () => {
  it('in annotator mode groups sessions by player alone and names no judge', async () => {
    const { container } = renderWithServices(<StudyOverview studyId={studyId} />, testServices(db, 'annotator'));
    await screen.findByRole('heading', { name: 'Sessions by player' });
    await screen.findByRole('button', { name: demo.sessions[0]!.id });

    const titles = [...container.querySelectorAll('.session-groups .card-title')].map((title) => title.textContent);
    expect(titles).toEqual(players);
    for (const session of demo.sessions) expect(screen.getByRole('button', { name: session.id })).toBeTruthy();
    for (const name of judgeNames) expect(container.innerHTML).not.toContain(name);
    expect(container.textContent).not.toContain('judge');
    // Annotators rate difficulty themselves: the bundle's rating and bucket must not anchor them.
    await screen.findByRole('table', { name: 'Puzzles' });
    expect(screen.queryByRole('columnheader', { name: 'Difficulty' })).toBeNull();
    expect(container.querySelector('.badge[class*="bucket-"]')).toBeNull();
    // No report for an annotator, so no report worker warmed for one.
    expect(workers.report.prepare).not.toHaveBeenCalled();
  });

  it('in lead mode groups sessions by player and judge', async () => {
    const { container } = renderWithServices(<StudyOverview studyId={studyId} />, testServices(db, 'lead'));
    await screen.findByRole('heading', { name: 'Sessions by player and judge' });
    await screen.findByRole('button', { name: demo.sessions[0]!.id });

    const titles = [...container.querySelectorAll('.session-groups .card-title')].map((title) => title.textContent);
    expect(titles).toEqual(players.map((player) => `${player} judged by arbiter-large`));
    await screen.findByRole('table', { name: 'Puzzles' });
    expect(screen.getByRole('columnheader', { name: 'Difficulty' })).toBeTruthy();
    // The lead's Report entry shows, so the report worker warms for a study of this size.
    expect(workers.report.prepare).toHaveBeenCalledWith(demo.study.counts.turns);
  });
});
