// A judge's samples and probability in a transcript bundle (issue 31): read with the turn, written
// back by the study export unchanged, kept by a backup, and refused with the file, the place and
// what was expected where they cannot be right.

import { describe, expect, it } from 'vitest';
import { formatErrorText } from '../../../shared/formats/errors';
import { studyBundleDocument } from '../../../shared/formats/importers/study-bundle';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { errorsOf, valueOf } from './parse-results';

const NOW = '2026-11-22T10:00:00.000Z';

function bundle(turn: Record<string, unknown>) {
  return {
    format: 'agreement-studio.transcripts/1',
    id: 'conf-study',
    name: 'Confidence',
    puzzles: [{ id: 'p1', story: 'S.', reference: 'R.' }],
    sessions: [
      { id: 's1', puzzleId: 'p1', player: 'player', judge: 'j', turns: [{ id: 't1', type: 'question', text: 'Q?', judgements: { j: 'yes' }, ...turn }] },
    ],
  };
}

const parse = (turn: Record<string, unknown>) => parseTranscriptBundle({ name: 'conf.json', text: JSON.stringify(bundle(turn)) }, { now: NOW });

describe('judgeConfidence in a transcript bundle', () => {
  it('is read with the turn, its samples normalised, and written back by the study export', () => {
    const data = valueOf(parse({ judgeConfidence: { j: { samples: ['Yes', 'no', 'yes'], probability: 0.8 } } }));
    expect(data.turns[0]?.judgeConfidence).toEqual({ j: { samples: ['yes', 'no', 'yes'], probability: 0.8 } });
    const written = studyBundleDocument(data);
    expect(written.sessions[0]?.turns[0]?.judgeConfidence).toEqual({ j: { samples: ['yes', 'no', 'yes'], probability: 0.8 } });
    expect(valueOf(parseTranscriptBundle({ name: 'again.json', text: JSON.stringify(written) }, { now: NOW })).turns[0]?.judgeConfidence).toEqual(
      data.turns[0]?.judgeConfidence,
    );
  });

  it('refuses samples whose most common label is not the judge’s, too few samples, a probability outside 0 to 1 and a judge without a label', () => {
    const messages = (turn: Record<string, unknown>) => errorsOf(parse(turn)).map(formatErrorText);
    expect(messages({ judgeConfidence: { j: { samples: ['no', 'no', 'yes'] } } })).toEqual([
      `conf.json: sessions[0].turns[0].judgeConfidence.j.samples: the judge's label "yes" is not the most common of its samples`,
    ]);
    expect(messages({ judgeConfidence: { j: { samples: ['yes'] } } })[0]).toMatch(/judgeConfidence\.j\.samples: expected a list of 2 to 99 answer labels/);
    expect(messages({ judgeConfidence: { j: { samples: ['yes', 'maybe'] } } })[0]).toMatch(
      /judgeConfidence\.j\.samples: expected a list of 2 to 99 answer labels/,
    );
    expect(messages({ judgeConfidence: { j: { probability: 1.2 } } })[0]).toMatch(/judgeConfidence\.j\.probability: expected a number from 0 to 1/);
    expect(messages({ judgeConfidence: { other: { probability: 0.5 } } })[0]).toMatch(/judgeConfidence\.other: is a judge without a label on this turn/);
    // A tie the judge's label is part of stands: a run keeps the first of the tied labels.
    expect(valueOf(parse({ judgeConfidence: { j: { samples: ['no', 'yes'] } } })).turns[0]?.judgeConfidence?.j?.samples).toEqual(['no', 'yes']);
  });
});
