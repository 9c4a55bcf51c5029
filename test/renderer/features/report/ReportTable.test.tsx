// @vitest-environment happy-dom
// The report tables' shell: a table in a sideways-scrolling box, named by its caption, by the
// heading above it or by a label, with plain column heads or its own head rows and its data
// attributes where tests find them; and a layout table's block with title, caption and notes,
// the table left out when there is nothing to show.

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LayoutTableBlock, ReportTable } from '../../../../renderer/features/report/ReportTable';
import type { LayoutTable } from '../../../../shared/report/table-layout';

afterEach(cleanup);

const head = (
  <tr>
    <th scope="col">Judge</th>
  </tr>
);
const body = (
  <tr>
    <th scope="row">j1</th>
  </tr>
);

describe('ReportTable', () => {
  it('is named by its caption, a heading or a label, in a scrolling box', () => {
    render(
      <>
        <ReportTable name={{ caption: 'Per judge' }} data={{ 'data-testid': 'captioned' }} boxData={{ 'data-testid': 'box' }} head={head}>
          {body}
        </ReportTable>
        <h3 id="above">Above</h3>
        <ReportTable name={{ labelledBy: 'above' }} variant="compact" head={head}>
          {body}
        </ReportTable>
        <ReportTable name={{ label: 'Labelled' }} head={head}>
          {body}
        </ReportTable>
      </>,
    );
    expect(screen.getByRole('table', { name: 'Per judge' })).toBe(screen.getByTestId('captioned'));
    expect(screen.getByTestId('box').className).toBe('table-scroll');
    expect(screen.getByTestId('captioned').className).toBe('data-table report-table');
    expect(screen.getByRole('table', { name: 'Above' }).className).toBe('data-table compact-table');
    expect(screen.getByRole('table', { name: 'Labelled' }).querySelector('caption')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(6);
  });

  it('writes plain column heads, the figure columns right-aligned', () => {
    render(
      <ReportTable name={{ label: 'Columns' }} columns={['Player', { num: 'Sessions' }, 'Note']}>
        {body}
      </ReportTable>,
    );
    const heads = [...screen.getByRole('table').querySelectorAll('thead th')];
    expect(heads.map((th) => [th.textContent, th.getAttribute('scope'), th.getAttribute('class')])).toEqual([
      ['Player', 'col', null],
      ['Sessions', 'col', 'num'],
      ['Note', 'col', null],
    ]);
  });
});

describe('LayoutTableBlock', () => {
  const layout: LayoutTable = {
    id: 't',
    title: 'M: agreement',
    caption: 'The caption.',
    columns: ['Pair', 'All'],
    labelColumns: 1,
    rows: [],
    notes: ['A note.'],
  };

  it('shows the title, caption and notes around the table the title names', () => {
    render(
      <LayoutTableBlock layout={layout} data={{ 'data-report-table': 'answer' }} extraHeads={<th scope="col">Extra</th>}>
        {body}
      </LayoutTableBlock>,
    );
    const table = screen.getByRole('table', { name: 'M: agreement' });
    expect(table.getAttribute('data-report-table')).toBe('answer');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Pair', 'All', 'Extra']);
    expect(screen.getByText('The caption.')).toBeTruthy();
    expect(screen.getByText('A note.')).toBeTruthy();
  });

  it('leaves the table out and keeps the words when nothing is shown', () => {
    render(
      <LayoutTableBlock layout={layout} shown={false}>
        {body}
      </LayoutTableBlock>,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('A note.')).toBeTruthy();
  });
});
