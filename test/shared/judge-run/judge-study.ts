// Test helper: a small study read from a bundle, with turns whose texts carry the loopback
// server's `[item:ID]` and `[fake:...]` directives, so a test knows what each turn will get.

import type { StudyData } from '../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';

export interface TurnSpec {
  id: string;
  type: 'question' | 'final';
  /** `[fake:...]` directives for the loopback server, without the brackets. */
  fake?: string;
  judgements?: Record<string, string>;
}

export function judgeStudyBundle(sessions: Array<{ id: string; turns: TurnSpec[] }>): string {
  return JSON.stringify({
    format: 'agreement-studio.transcripts/1',
    id: 'judge-study',
    name: 'Judge study',
    puzzles: [
      {
        id: 'p-lamp',
        story: 'A woman reads a novel in a room with no light.',
        reference: 'She is blind and reads braille.',
        keyClues: ['She needs no light.'],
      },
    ],
    sessions: sessions.map((session) => ({
      id: session.id,
      puzzleId: 'p-lamp',
      player: 'model-a',
      judge: 'model-j',
      turns: session.turns.map((turn) => ({
        id: turn.id,
        type: turn.type,
        text: `${turn.type === 'question' ? 'Is it about light?' : 'She is blind.'} [item:${turn.id}]${turn.fake ? ` [fake:${turn.fake}]` : ''}`,
        judgements: turn.judgements ?? {},
      })),
    })),
  });
}

export function judgeStudy(sessions: Array<{ id: string; turns: TurnSpec[] }>): StudyData {
  const parsed = parseTranscriptBundle({ name: 'judge-study.json', text: judgeStudyBundle(sessions) }, { now: '2026-11-24T10:00:00.000Z' });
  if (!parsed.ok) throw new Error(parsed.errors.map((error) => error.message).join('; '));
  return parsed.value;
}
