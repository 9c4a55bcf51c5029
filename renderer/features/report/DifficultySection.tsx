// Puzzle difficulty as the report sees it: how well the raters agree (Krippendorff's alpha,
// ordinal and interval), the ratings by level, and per puzzle its mean, level, bucket and
// where that bucket came from (human ratings, the bundle, or nothing). 975 puzzles are listed
// a page at a time, so the report never renders thousands of rows at once.

import { memo, useId, useState } from 'react';
import type { DifficultySource } from '../../../shared/domain/difficulty';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { formatStatistic, undefinedNote, undefinedReplicatesWarning } from '../../../shared/report/table-layout';
import { BucketBadge } from '../study';
import { DifficultyHistogram } from './DifficultyHistogram';
import { IntervalWarning } from './IntervalWarning';
import { statisticText, UNDEFINED_FIGURE } from './report-text';
import { ReportTable } from './ReportTable';

const PAGE = 50;

const SOURCE_TEXT: Record<DifficultySource, string> = { human: 'human ratings', bundle: 'the bundle', none: 'none' };

interface Props {
  difficulty: AgreementReport['difficulty'];
  statistics: AgreementReport['statistics']['difficulty'];
  /** The report's bootstrap replicates B, against which undefined replicates are counted. */
  replicates: number;
  ratingsByLevel: readonly number[];
}

export const DifficultySection = memo(function DifficultySection({ difficulty, statistics, replicates, ratingsByLevel }: Props) {
  const id = useId();
  const ordinalWarning = undefinedReplicatesWarning(statistics?.undefinedReplicates?.ordinalAlpha, replicates, statistics?.ordinalAlphaCi95);
  const intervalWarning = undefinedReplicatesWarning(statistics?.undefinedReplicates?.intervalAlpha, replicates, statistics?.intervalAlphaCi95);
  const [shown, setShown] = useState(PAGE);
  return (
    <section className="report-section" data-testid="difficulty-section" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        Difficulty
      </h2>
      <dl className="figure-list" data-ordinal-alpha={statistics?.ordinalAlpha ?? ''}>
        <div>
          <dt>Ordinal α</dt>
          <dd>
            {statisticText(statistics?.ordinalAlpha, statistics?.ordinalAlphaCi95)}
            {ordinalWarning !== undefined && <IntervalWarning text={ordinalWarning} />}
          </dd>
        </div>
        <div>
          <dt>Interval α</dt>
          <dd>
            {statisticText(statistics?.intervalAlpha, statistics?.intervalAlphaCi95)}
            {intervalWarning !== undefined && <IntervalWarning text={intervalWarning} />}
          </dd>
        </div>
        <div>
          <dt>Ratings</dt>
          <dd>{(statistics?.ratings ?? 0).toLocaleString('en-US')}</dd>
        </div>
      </dl>
      {undefinedNote('Difficulty ratings', statistics?.undefinedReasons ?? {}).map((note) => (
        <p key={note} className="muted small">
          {note}
        </p>
      ))}
      <DifficultyHistogram ratingsByLevel={ratingsByLevel} />
      <h3>Puzzles</h3>
      <p className="muted small">
        A puzzle&apos;s difficulty is the mean of its human ratings; where no one rated it, the bundle&apos;s difficulty; else it is unrated.
      </p>
      <ReportTable
        name={{ label: 'Difficulty of each puzzle' }}
        columns={['Puzzle', { num: 'Mean' }, { num: 'Level' }, 'Bucket', 'Source', { num: 'Ratings' }]}
      >
        {difficulty.slice(0, shown).map((puzzle) => (
          <tr key={puzzle.puzzleId} data-puzzle={puzzle.puzzleId} data-source={puzzle.source} data-bucket={puzzle.bucket}>
            <th scope="row">
              <div className="strong">{puzzle.title ?? puzzle.puzzleId}</div>
              {puzzle.title !== undefined && <div className="muted small">{puzzle.puzzleId}</div>}
            </th>
            <td className="num">{puzzle.mean === null ? UNDEFINED_FIGURE : formatStatistic(puzzle.mean, 2)}</td>
            <td className="num">{puzzle.level ?? UNDEFINED_FIGURE}</td>
            <td>
              <BucketBadge bucket={puzzle.bucket} />
            </td>
            <td>{SOURCE_TEXT[puzzle.source]}</td>
            <td className="num">{puzzle.ratings.toLocaleString('en-US')}</td>
          </tr>
        ))}
      </ReportTable>
      {difficulty.length > shown && (
        <button type="button" className="chip show-more" onClick={() => setShown((count) => count + PAGE)}>
          Show {Math.min(PAGE, difficulty.length - shown)} more of {difficulty.length.toLocaleString('en-US')} puzzles
        </button>
      )}
    </section>
  );
});
