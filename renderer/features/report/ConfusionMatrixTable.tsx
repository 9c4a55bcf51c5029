// A judge's labels against the human majority's as a table: the judge's label down, the majority
// across, each cell a count shaded by its share of the judge's row, the diagonal (agreement)
// outlined. Shared by the confusion section and each judge's card in the Judges section.

import type { ConfusionMatrix } from '../../../shared/report/model/report-model';

export function ConfusionMatrixTable({ categories, counts, labelledBy }: Pick<ConfusionMatrix, 'categories' | 'counts'> & { labelledBy: string }) {
  return (
    <table className="data-table confusion-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Judge ↓ / majority →</th>
          {categories.map((category) => (
            <th key={category} scope="col" className="num">
              {category}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {categories.map((judgeCategory, row) => {
          const rowCounts = counts[row] ?? [];
          const rowTotal = rowCounts.reduce((sum, count) => sum + count, 0);
          return (
            <tr key={judgeCategory}>
              <th scope="row">{judgeCategory}</th>
              {categories.map((humanCategory, column) => {
                const count = rowCounts[column] ?? 0;
                const share = rowTotal === 0 ? 0 : count / rowTotal;
                return (
                  <td
                    key={humanCategory}
                    className={`num confusion-cell${row === column ? ' diagonal' : ''}`}
                    data-judge-label={judgeCategory}
                    data-majority-label={humanCategory}
                    data-count={count}
                    style={{ backgroundColor: `rgba(59, 79, 216, ${(share * 0.45).toFixed(3)})` }}
                  >
                    {count.toLocaleString('en-US')}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
