// @vitest-environment happy-dom
// The app's player outcomes over buildReport's figures: a study without a final answer says in
// words that it has no Acc, Rnd or O/A, with no table of zeros and no empty chart; a study with
// finals shows the table and the chart.

import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlayerOutcomesSection } from '../../../../renderer/features/report/PlayerOutcomesSection';
import { buildReport } from '../../../../shared/report/build-report';
import { reportTables } from '../../../../shared/report/table-layout';
import { NO_FINAL_ANSWERS } from '../../../../shared/stats/study/player-outcomes';
import { handStudy, NOW } from '../../../shared/stats/study/study-fixtures';

afterEach(cleanup);

function section(finals: boolean) {
  const turns = [
    { id: 'q1', judges: { j: 'yes' }, humans: { a: 'yes', b: 'yes' } },
    ...(finals ? [{ id: 'f1', final: true, judges: { j: 'matched' }, humans: { a: 'matched', b: 'matched' } }] : []),
  ];
  const data = handStudy([{ id: 'p' }], [{ id: 's', puzzleId: 'p', player: 'P', judge: 'j', maxRounds: 20, turns }]);
  const report = buildReport({
    study: data.study,
    labels: data.labels,
    settings: { bootstrap: 0, seed: 1, average: 'micro' },
    inputs: [],
    app: 'test',
    now: NOW,
  });
  render(<PlayerOutcomesSection players={report.players} layout={reportTables(report).find((table) => table.id === 'players')} />);
  return screen.getByTestId('player-outcomes');
}

describe('the player outcomes section', () => {
  it('says there are no figures, and why, when no session has a final answer', () => {
    const players = section(false);
    expect(within(players).getByTestId('player-outcomes-undefined').textContent).toBe(`No Acc, Rnd or O/A: ${NO_FINAL_ANSWERS}.`);
    expect(players.querySelector('table')).toBeNull();
    expect(players.querySelector('svg')).toBeNull();
    expect(players.textContent).not.toMatch(/20\.0|0\.00/);
  });

  it('shows the table and the chart when sessions have finals', () => {
    const players = section(true);
    expect(within(players).queryByTestId('player-outcomes-undefined')).toBeNull();
    expect(players.querySelector('table')).not.toBeNull();
    expect(players.querySelector('svg')).not.toBeNull();
  });
});
