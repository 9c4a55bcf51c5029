// docs/methods.md against the report it describes (issue 35): reports that between them hold every
// optional section are walked for every figure (a number, or an interval `[lower, upper]`), each
// figure's name must be a line of the document's index, and each line's anchor a heading of it.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../../shared/report/build-report';
import type { AgreementReport } from '../../shared/report/model/report-model';
import { reportInput, SPLIT, splitStudyData, withSplit } from '../shared/report/held-out-fixture';
import { biasStudy } from '../shared/stats/study/bias-study';
import { setStudy } from '../shared/stats/study/set-study';
import { NOW, oneSessionStudy } from '../shared/stats/study/study-fixtures';

const METHODS = new URL('../../docs/methods.md', import.meta.url);

/** The objects whose keys are data (a task, a bucket, a category, a player), written `*` in the index. */
const KEYED_BY_DATA = new Set([
  'tables',
  'pairwise',
  'statistics',
  'statistics.*',
  'statistics.*.*.prevalence',
  'players.ranking.sessions',
  'judges.rankings[].ranking.sessions',
]);

/**
 * Every figure's name in the index's notation: keys joined by `.`, an array's elements as `[]`,
 * a key that is data as `*`; an interval (a key ending in `ci95`, two numbers) is one figure.
 */
function figureNames(value: unknown, path = '', names = new Set<string>()): Set<string> {
  if (typeof value === 'number') names.add(path);
  else if (Array.isArray(value)) {
    if (/ci95$/i.test(path) && value.length === 2 && value.every((end) => typeof end === 'number')) names.add(path);
    else for (const item of value) figureNames(item, `${path}[]`, names);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      // `statistics.difficulty` is a fixed key beside the tasks.
      const name = KEYED_BY_DATA.has(path) && !(path === 'statistics' && key === 'difficulty') ? '*' : key;
      figureNames(child, path === '' ? name : `${path}.${name}`, names);
    }
  }
  return names;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function readMethods(): { index: Map<string, string>; anchors: Set<string>; links: string[] } {
  const text = readFileSync(METHODS, 'utf8');
  const index = new Map<string, string>();
  for (const [, name, anchor] of text.matchAll(/^\| `([^`]+)` \| \[[^\]]+\]\(#([^)]+)\) \|$/gm)) index.set(name as string, anchor as string);
  const anchors = new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading as string)));
  const links = [...text.matchAll(/\]\(#([^)]+)\)/g)].map(([, anchor]) => anchor as string);
  return { index, anchors, links };
}

/**
 * Reports that between them hold every optional section: a judge with samples, its order-swapped
 * twin and the estimated truth; a judge split with test runs; sets of answers with gold; one
 * annotator (TurtleBench's shape) with unparseable replies, an unsure and a conflicting label and
 * imported samples; people's labels on a third of the puzzles (prediction-powered estimates).
 */
function reports(): AgreementReport[] {
  const base = { inputs: [], app: 'test', now: NOW };
  const settings = { bootstrap: 20, seed: 1, average: 'micro' as const };
  const bias = biasStudy({ seed: 8, puzzles: 40, samples: 3, judgeErrorRate: 0.25, orderSwapFlips: 0.3 });
  const split = splitStudyData({ puzzles: 30, seed: 5 });
  const third = splitStudyData({ puzzles: 30, seed: 6 });
  const puzzleOfUnit = new Map(
    third.study.turns.map((turn) => [turn.id, third.study.sessions.find((session) => session.id === turn.sessionId)?.puzzleId ?? '']),
  );
  const labelledPuzzles = new Set(third.study.puzzles.filter((_, index) => index % 3 === 0).map((puzzle) => puzzle.id));
  const single = oneSessionStudy([
    { id: 't1', judges: { j1: 'yes', j2: 'unparseable' }, humans: { a: 'yes' } },
    { id: 't2', judges: { j1: 'no', j2: 'no' }, humans: { a: 'no' } },
    { id: 'f1', final: true, judges: { j1: 'unparseable' }, humans: { a: 'matched' } },
  ]);
  const judgeSamples = [{ judge: 'j1', samples: 3, source: 'config.yaml: game.judge_times' }];
  return [
    buildReport({ ...bias, ...base, settings: { ...settings, estimatedTruth: 'people-and-judges' } }),
    buildReport(reportInput(withSplit(split.study, SPLIT), split.labels, 20)),
    buildReport({ ...setStudy(8), ...base, settings }),
    buildReport({
      study: { ...single.study, study: { ...single.study.study, judgeSamples } },
      labels: [...single.labels, { annotatorId: 'a', unitId: 't2', task: 'answer', value: 'yes', unsure: true }],
      conflictingLabels: 1,
      ...base,
      settings: { ...settings, unsure: 'left-out' },
    }),
    buildReport({
      ...base,
      study: third.study,
      labels: third.labels.filter((label) => label.task === 'difficulty' || labelledPuzzles.has(puzzleOfUnit.get(label.unitId) ?? '')),
      settings,
    }),
  ];
}

describe('docs/methods.md', () => {
  const built = reports();
  const names = new Set(built.flatMap((report) => [...figureNames(report)]));
  const { index, anchors, links } = readMethods();

  it('is checked on reports that hold every optional section of the report', () => {
    const sections = (keys: (report: AgreementReport) => object | undefined) => new Set(built.flatMap((report) => Object.keys(keys(report) ?? {})));
    expect([...sections((report) => report)]).toEqual(
      expect.arrayContaining(['unparseableJudgeReplies', 'judgeSamples', 'turtleBench', 'judges', 'fewClusters', 'estimatedTruth', 'setAware', 'heldOut']),
    );
    expect([...sections((report) => report.judges)]).toEqual(
      expect.arrayContaining([
        'biasChecks',
        'humanLikeness',
        'rankings',
        'calibration',
        'selfConsistency',
        'judgePairs',
        'fitness',
        'predictionPowered',
        'selectiveEvaluation',
      ]),
    );
    expect([...sections((report) => report.settings)]).toEqual(
      expect.arrayContaining(['goldLabels', 'unsureLabelsLeftOut', 'conflictingLabelsLeftOut', 'judgeSplit']),
    );
    expect(built.some((report) => report.statistics.difficulty !== undefined)).toBe(true);
    expect(built.some((report) => report.judges?.predictionPowered?.some((row) => row.estimate !== null && row.labelShares?.yes.ci95))).toBe(true);
  });

  it('has a line in its index for every figure of the report', () => {
    const missing = [...names].filter((name) => !index.has(name)).sort();
    console.log(`${names.size} figure names in the reports, ${index.size} lines in the index`);
    expect(missing, 'figures of the report with no line in the index of docs/methods.md').toEqual([]);
  });

  it("has no line for a figure the report does not hold, and every line's anchor and every link within it is a heading of it", () => {
    expect([...index.keys()].filter((name) => !names.has(name))).toEqual([]);
    expect([...index].filter(([, anchor]) => !anchors.has(anchor)).map(([name, anchor]) => `${name} -> #${anchor}`)).toEqual([]);
    // The links between its sections too.
    expect(links.filter((anchor) => !anchors.has(anchor))).toEqual([]);
  });

  it('would miss a figure added to the report', () => {
    const [first] = built;
    if (first === undefined) throw new Error('no report');
    const grown = { ...first, tables: { ...first.tables, answer: first.tables.answer.map((row) => ({ ...row, newShare: 0.5, newCi95: [0.4, 0.6] })) } };
    const added = [...figureNames(grown)].filter((name) => !index.has(name));
    expect(added.sort()).toEqual(['tables.*[].newCi95', 'tables.*[].newShare']);
  });
});
