// When the report scores judges the TurtleBench way: only for a study of TurtleBench's shape,
// judges and one human rater on the answer units, with missing and unparseable labels wrong.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../../shared/report/build-report';
import { renderCsv } from '../../../../shared/report/render-csv';
import { renderMarkdown } from '../../../../shared/report/render-markdown';
import { NOW, oneSessionStudy } from './study-fixtures';

function report(humans: Array<Record<string, string>>) {
  const judges: Array<Record<string, string>> = [{ j1: 'yes', j2: 'no' }, { j1: 'irrelevant', j2: 'unparseable' }, { j1: 'no', j2: 'yes' }, { j1: 'yes' }];
  const data = oneSessionStudy(judges.map((judge, i) => ({ id: `t${i + 1}`, judges: judge, humans: humans[i] ?? {} })));
  return buildReport({ ...data, settings: { bootstrap: 0, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
}

describe('TurtleBench scoring in the report', () => {
  it('scores each judge against the one human rater, TurtleBench accuracy beside the three-way agreement', () => {
    // Human: yes, no, irrelevant, no. j1: yes (right, same), irrelevant (right, differs), no (right, differs), yes (wrong).
    // j2: no (wrong), unparseable (wrong), yes (wrong), none (wrong).
    const built = report([{ a: 'yes' }, { a: 'no' }, { a: 'irrelevant' }, { a: 'no' }]);
    expect(built.turtleBench).toEqual({
      annotator: 'a',
      judges: [
        { judge: 'j1', n: 4, correct: 3, accuracy: 0.75, agreements: 1, agreement: 0.25 },
        { judge: 'j2', n: 4, correct: 0, accuracy: 0, agreements: 0, agreement: 0 },
      ],
    });
    const markdown = renderMarkdown(built);
    expect(markdown).toContain('## R: judges scored the TurtleBench way');
    expect(markdown).toContain('| j1 | 75.0 (3/4) | 25.0 (1/4) |');
    const csv = renderCsv(built);
    expect(csv).toContain('turtlebench,answer,all,judge:j1,human:a,turtlebench_accuracy,0.75,4,');
    expect(csv).toContain('turtlebench,answer,all,judge:j2,human:a,three_way_agreement,0,4,');
  });

  it('is absent when the answer units have labels from more than one annotator, or none', () => {
    expect(report([{ a: 'yes' }, { b: 'no' }]).turtleBench).toBeUndefined();
    expect(report([]).turtleBench).toBeUndefined();
    expect(renderMarkdown(report([])).includes('TurtleBench')).toBe(false);
  });
});
