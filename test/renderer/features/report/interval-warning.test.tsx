// @vitest-environment happy-dom
// The warning mark of an interval that left out more than 5% of its bootstrap replicates, on the
// report page's difficulty figures (the agreement and chance-corrected tables are checked end to end).

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DifficultySection } from '../../../../renderer/features/report/DifficultySection';

afterEach(cleanup);

const statistics = {
  ordinalAlpha: 0.6,
  intervalAlpha: 0.62,
  ordinalAlphaCi95: [0.4, 0.75] as [number, number],
  intervalAlphaCi95: [0.41, 0.78] as [number, number],
  ratings: 30,
  undefinedReasons: {},
};

describe('the warning on an interval with many undefined replicates', () => {
  it('marks difficulty alpha above 5% undefined, with the count in its tooltip and for screen readers', () => {
    render(
      <DifficultySection
        difficulty={[]}
        statistics={{ ...statistics, undefinedReplicates: { ordinalAlpha: 120, intervalAlpha: 50 } }}
        replicates={1000}
        ratingsByLevel={new Array<number>(9).fill(0)}
      />,
    );
    const marks = document.querySelectorAll('[data-interval-warning]');
    // Ordinal alpha: 12% undefined; interval alpha: 5%, not above it.
    expect(marks).toHaveLength(1);
    expect(marks[0]?.getAttribute('title')).toBe('120 of 1000 replicates undefined; the interval is over the other 880');
    expect(screen.getByText('(warning: 120 of 1000 replicates undefined; the interval is over the other 880)', { exact: false })).toBeTruthy();
  });
});
