// A study with no final answer (TurtleBench's, questions only) has no Acc, Rnd or O/A: the stats
// give nulls with the reason, buildReport keeps them, and JSON, Markdown, CSV and LaTeX say it in
// words instead of printing Acc 0.0 and O/A 0.00; a study with finals keeps its figures.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../shared/report/build-report';
import { renderCsv } from '../../../shared/report/render-csv';
import { renderLatex } from '../../../shared/report/render-latex';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import { compareRankings, NO_FINAL_ANSWERS, playerOutcomes, sessionGames } from '../../../shared/stats/study/player-outcomes';
import { indexStudy } from '../../../shared/stats/study/study-units';
import { handStudy, NOW, type SessionSpec } from '../stats/study/study-fixtures';

/** Two players, two sessions each on two puzzles, of two questions; with `finals`, each session ends with a matched final. */
function study(finals: boolean) {
  const sessions = ['A', 'B'].flatMap((player) =>
    ['p1', 'p2'].map((puzzleId): SessionSpec => ({
      id: `${player}-${puzzleId}`,
      puzzleId,
      player,
      judge: 'j',
      maxRounds: 20,
      turns: [
        { id: `${player}-${puzzleId}-q1`, judges: { j: 'yes' }, humans: { a: 'yes', b: 'yes' } },
        { id: `${player}-${puzzleId}-q2`, judges: { j: 'no' }, humans: { a: 'no', b: 'no' } },
        ...(finals ? [{ id: `${player}-${puzzleId}-f`, final: true, judges: { j: 'matched' }, humans: { a: 'matched', b: 'matched' } }] : []),
      ],
    })),
  );
  return handStudy([{ id: 'p1' }, { id: 'p2' }], sessions);
}

const report = (finals: boolean) => {
  const data = study(finals);
  return buildReport({ study: data.study, labels: data.labels, settings: { bootstrap: 0, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
};

describe('player outcomes of a study without final answers', () => {
  it('the stats: null Acc, Rnd and O/A with the reason, and no ranking', () => {
    const data = study(false);
    const games = sessionGames(data.study, indexStudy(data.study, data.labels));
    const rows = playerOutcomes(games, ['unrated', 'all']);
    expect(rows.length).toBe(8);
    for (const row of rows) {
      expect(row).toMatchObject({ acc: null, rnd: null, oa: null, undefinedReasons: { acc: NO_FINAL_ANSWERS, rnd: NO_FINAL_ANSWERS, oa: NO_FINAL_ANSWERS } });
    }
    expect(compareRankings(games, 1)).toBeNull();
  });

  it('the JSON report: nulls with the reason', () => {
    const built = report(false);
    expect(built.players.ranking).toBeNull();
    const all = built.players.outcomes.filter((o) => o.bucket === 'all');
    expect(all.map((o) => [o.player, o.verdicts, o.sessions, o.acc, o.rnd, o.oa, o.undefinedReasons?.oa])).toEqual([
      ['A', 'judge', 2, null, null, null, NO_FINAL_ANSWERS],
      ['B', 'judge', 2, null, null, null, NO_FINAL_ANSWERS],
      ['A', 'human', 2, null, null, null, NO_FINAL_ANSWERS],
      ['B', 'human', 2, null, null, null, NO_FINAL_ANSWERS],
    ]);
    expect(JSON.parse(JSON.stringify(built)).players.outcomes[0].undefinedReasons.acc).toBe(NO_FINAL_ANSWERS);
  });

  it('Markdown, CSV and LaTeX say it in words, and print no 0.0 or 0.00', () => {
    const built = report(false);
    const words = `No Acc, Rnd or O/A: ${NO_FINAL_ANSWERS}.`;
    const markdown = renderMarkdown(built);
    expect(markdown).toContain(words);
    // Up to the Judges section, whose percentages (a net leniency of 20.0 pp) are no player figures.
    const playerSection = markdown.slice(markdown.indexOf('Player outcomes under judge and human verdicts'), markdown.indexOf('## Judges'));
    expect(playerSection).not.toMatch(/\| 0\.0 \||\| 0\.00 \||20\.0/);
    expect(renderLatex(built)).toContain(words);
    const csv = renderCsv(built);
    expect(csv).toContain(`# player outcomes: no acc, rnd or oa: ${NO_FINAL_ANSWERS}\r\n`);
    const playerLines = csv.split('\r\n').filter((line) => line.startsWith('player,') && ['acc', 'rnd', 'oa'].includes(line.split(',')[5] ?? ''));
    expect(playerLines.length).toBeGreaterThan(0);
    for (const line of playerLines) expect(line.split(',')[6]).toBe('');
  });

  it('a study with final answers keeps its figures and says nothing of it', () => {
    const built = report(true);
    const all = built.players.outcomes.find((o) => o.bucket === 'all' && o.player === 'A' && o.verdicts === 'judge');
    expect(all).toMatchObject({ acc: 1, rnd: 3, sessions: 2 });
    expect(all?.undefinedReasons).toBeUndefined();
    expect(renderMarkdown(built)).not.toContain('No Acc, Rnd or O/A');
    expect(renderCsv(built)).not.toContain('player outcomes: no acc');
  });
});
