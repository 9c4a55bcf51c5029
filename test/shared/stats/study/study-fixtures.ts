// Hand-built studies for the study-level figures: puzzles, sessions and turns written with
// their judge and human labels side by side, turned into a parsed StudyData and a label list.

import type { LabelValue, StudyData, Task } from '../../../../shared/domain/model';
import { formatErrorText } from '../../../../shared/formats/errors';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import type { StudyLabel } from '../../../../shared/stats/study/study-units';

export interface PuzzleSpec {
  id: string;
  /** The bundle's own difficulty. */
  difficulty?: number;
  /** Human difficulty ratings, annotator -> rating. */
  ratings?: Record<string, number>;
}

export interface TurnSpec {
  id: string;
  final?: boolean;
  /** The question or final answer as the player put it; `Turn <id>.` when not given. */
  text?: string;
  judges: Record<string, string>;
  /** Human labels, annotator -> label. */
  humans?: Record<string, string>;
  /** Judge -> its samples' labels and its label's probability, as a run keeps them. */
  confidence?: Record<string, { samples?: string[]; probability?: number }>;
}

export interface SessionSpec {
  id: string;
  puzzleId: string;
  player: string;
  judge: string;
  maxRounds?: number;
  turns: TurnSpec[];
}

export const NOW = '2026-11-22T10:00:00.000Z';

export function handStudy(
  puzzles: readonly PuzzleSpec[],
  sessions: readonly SessionSpec[],
  options: { answerUnknown?: boolean } = {},
): { study: StudyData; labels: StudyLabel[] } {
  const bundle = {
    format: 'agreement-studio.transcripts/1',
    id: 'hand-study',
    name: 'Hand-built study',
    ...(options.answerUnknown ? { scheme: { answerUnknown: true } } : {}),
    puzzles: puzzles.map((puzzle) => ({
      id: puzzle.id,
      title: `Puzzle ${puzzle.id}`,
      story: `Story of ${puzzle.id}.`,
      reference: `Reference of ${puzzle.id}.`,
      ...(puzzle.difficulty !== undefined ? { difficulty: puzzle.difficulty } : {}),
    })),
    sessions: sessions.map((session) => ({
      id: session.id,
      puzzleId: session.puzzleId,
      player: session.player,
      judge: session.judge,
      ...(session.maxRounds !== undefined ? { maxRounds: session.maxRounds } : {}),
      turns: session.turns.map((turn) => ({
        id: turn.id,
        type: turn.final ? 'final' : 'question',
        text: turn.text ?? `Turn ${turn.id}.`,
        judgements: turn.judges,
        ...unparseableReplies(turn.judges),
        ...(turn.confidence === undefined ? {} : { judgeConfidence: turn.confidence }),
      })),
    })),
  };
  const parsed = parseTranscriptBundle({ name: 'hand.json', text: JSON.stringify(bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error(`the hand-built bundle does not parse:\n${parsed.errors.map(formatErrorText).join('\n')}`);
  const labels: StudyLabel[] = [];
  const add = (annotatorId: string, unitId: string, task: Task, value: LabelValue) => labels.push({ annotatorId, unitId, task, value });
  for (const puzzle of puzzles) for (const [annotator, rating] of Object.entries(puzzle.ratings ?? {})) add(annotator, puzzle.id, 'difficulty', rating);
  for (const session of sessions) {
    for (const turn of session.turns) {
      for (const [annotator, value] of Object.entries(turn.humans ?? {})) add(annotator, turn.id, turn.final ? 'match' : 'answer', value as LabelValue);
    }
  }
  return { study: parsed.value, labels };
}

/** An `unparseable` judgement keeps the reply it stands for, as an importer writes it. */
function unparseableReplies(judges: Record<string, string>): { judgeReplies?: Record<string, string> } {
  const replies = Object.entries(judges).filter(([, label]) => label === 'unparseable');
  return replies.length === 0 ? {} : { judgeReplies: Object.fromEntries(replies.map(([model]) => [model, `Reply of ${model} nobody could read`])) };
}

/** The smallest study a judge-reply case needs: puzzle p1 and its one session s1 (player "player", judge j1). */
export function oneSessionStudy(turns: TurnSpec[]): { study: StudyData; labels: StudyLabel[] } {
  return handStudy([{ id: 'p1' }], [{ id: 's1', puzzleId: 'p1', player: 'player', judge: 'j1', turns }]);
}

/**
 * A study with a puzzle in every bucket, two judges (j1 plays judge, j2 re-judges) and three
 * annotators. pE's human ratings (2, 3, 3: mean 8/3, level 3, easy) override its bundle
 * difficulty 9; pM has only its bundle difficulty 5 (medium); pH's ratings 7 and 8 (mean 7.5)
 * round half up to level 8 (hard); pU has neither (unrated). The per-unit figures are worked
 * out beside each turn and summed in the tests.
 */
/** One session s of player P on an easy puzzle p (difficulty 2), judged by `judge`. */
export function easySessionStudy(judge: string, turns: TurnSpec[]): { study: StudyData; labels: StudyLabel[] } {
  return handStudy([{ id: 'p', difficulty: 2 }], [{ id: 's', puzzleId: 'p', player: 'P', judge, turns }]);
}

/**
 * SPEC §4 worked example B: two answer units. Unit 1: humans yes, yes, no, judge yes;
 * unit 2: humans irrelevant, irrelevant, judge no.
 */
export function workedExampleB(): { study: StudyData; labels: StudyLabel[] } {
  return easySessionStudy('j', [
    { id: 'u1', judges: { j: 'yes' }, humans: { a: 'yes', b: 'yes', c: 'no' } },
    { id: 'u2', judges: { j: 'no' }, humans: { a: 'irrelevant', b: 'irrelevant' } },
  ]);
}

export function bucketStudy(): { study: StudyData; labels: StudyLabel[] } {
  return handStudy(
    [{ id: 'pE', difficulty: 9, ratings: { a1: 2, a2: 3, a3: 3 } }, { id: 'pM', difficulty: 5 }, { id: 'pH', ratings: { a1: 7, a2: 8 } }, { id: 'pU' }],
    [
      {
        id: 'sE',
        puzzleId: 'pE',
        player: 'P1',
        judge: 'j1',
        maxRounds: 10,
        turns: [
          // HJ j1 2/3, j2 2/3; HH 1/3; JJ 1/1; majority yes.
          { id: 'e1', judges: { j1: 'yes', j2: 'yes' }, humans: { a1: 'yes', a2: 'yes', a3: 'no' } },
          // HJ j1 2/2, j2 0/2; HH 1/1; JJ 0/1; majority irrelevant.
          { id: 'e2', judges: { j1: 'irrelevant', j2: 'no' }, humans: { a1: 'irrelevant', a2: 'irrelevant' } },
          // Worked example A: HJ j1 2/3, j2 2/3; HH 1/3; majority matched. Solved in round 3 under both sources.
          { id: 'e3', final: true, judges: { j1: 'matched', j2: 'matched' }, humans: { a1: 'matched', a2: 'matched', a3: 'unmatched' } },
        ],
      },
      {
        id: 'sM',
        puzzleId: 'pM',
        player: 'P2',
        judge: 'j1',
        maxRounds: 10,
        turns: [
          // HJ j1 1/3, j2 1/3; HH 0/3; JJ 1/1; no majority (three-way tie).
          { id: 'm1', judges: { j1: 'no', j2: 'no' }, humans: { a1: 'no', a2: 'yes', a3: 'irrelevant' } },
          // HJ j1 1/2, j2 1/2; HH 0/1; no majority. Unsolved (10 rounds) for the judge; no human verdict.
          { id: 'm2', final: true, judges: { j1: 'unmatched', j2: 'matched' }, humans: { a1: 'unmatched', a2: 'matched' } },
        ],
      },
      {
        id: 'sH',
        puzzleId: 'pH',
        player: 'P1',
        judge: 'j1',
        turns: [
          // HJ j1 0/1, j2 1/1; no HH (k = 1); JJ 0/1; majority no.
          { id: 'h1', judges: { j1: 'yes', j2: 'no' }, humans: { a1: 'no' } },
          // HJ j1 2/2, j2 2/2; HH 1/1; majority unmatched.
          { id: 'h2', final: true, judges: { j1: 'unmatched', j2: 'unmatched' }, humans: { a1: 'unmatched', a2: 'unmatched' } },
          // HJ j1 1/3, j2 1/3; HH 1/3; majority unmatched. The judge says solved in round 3; the
          // humans say unsolved, charged the session's 3 turns (no maxRounds).
          { id: 'h3', final: true, judges: { j1: 'matched', j2: 'matched' }, humans: { a1: 'matched', a2: 'unmatched', a3: 'unmatched' } },
        ],
      },
      {
        id: 'sU',
        puzzleId: 'pU',
        player: 'P2',
        judge: 'j1',
        turns: [
          // No human labels: only JJ 1/1.
          { id: 'u1', judges: { j1: 'no', j2: 'no' } },
          // Judge: solved in round 2 (JJ 0/1). No human verdict.
          { id: 'u2', final: true, judges: { j1: 'matched', j2: 'unmatched' } },
        ],
      },
    ],
  );
}

/**
 * Five sessions on one easy puzzle p, j1 their judge and j2 re-judging, annotator a labelling all
 * but the last: each final is a session's only one. P1 plays s1-s2, P2 s3-s5. For corrected scores.
 */
export function rejudgedFinalsStudy(maxRounds?: number): { study: StudyData; labels: StudyLabel[] } {
  const final = (id: string, j1: string, j2: string, human?: string) => ({ id, final: true, judges: { j1, j2 }, ...(human ? { humans: { a: human } } : {}) });
  const session = (id: string, player: string, turn: TurnSpec): SessionSpec => ({
    id,
    puzzleId: 'p',
    player,
    judge: 'j1',
    ...(maxRounds !== undefined ? { maxRounds } : {}),
    turns: [turn],
  });
  return handStudy(
    [{ id: 'p', difficulty: 2 }],
    [
      session('s1', 'P1', final('f1', 'matched', 'unmatched', 'matched')),
      session('s2', 'P1', final('f2', 'unmatched', 'unmatched', 'unmatched')),
      session('s3', 'P2', final('f3', 'matched', 'matched', 'matched')),
      session('s4', 'P2', final('f4', 'matched', 'unmatched', 'unmatched')),
      session('s5', 'P2', final('f5', 'unmatched', 'matched')),
    ],
  );
}

/**
 * Issue 28's minimal case for corrected scores: one player P, one judge j, annotator a, four
 * sessions on one easy puzzle. s1 final matched (judge) / matched (person), s2 unmatched /
 * unmatched, s3 matched / unmatched, s4 one question and no final (it hit its round limit).
 */
export function noFinalStudy(): { study: StudyData; labels: StudyLabel[] } {
  const withFinal = (id: string, judge: string, person: string): SessionSpec => ({
    id,
    puzzleId: 'p',
    player: 'P',
    judge: 'j',
    maxRounds: 1,
    turns: [{ id: `f${id}`, final: true, judges: { j: judge }, humans: { a: person } }],
  });
  return handStudy(
    [{ id: 'p', difficulty: 2 }],
    [
      withFinal('s1', 'matched', 'matched'),
      withFinal('s2', 'unmatched', 'unmatched'),
      withFinal('s3', 'matched', 'unmatched'),
      { id: 's4', puzzleId: 'p', player: 'P', judge: 'j', maxRounds: 1, turns: [{ id: 'q4', judges: { j: 'no' }, humans: { a: 'no' } }] },
    ],
  );
}
