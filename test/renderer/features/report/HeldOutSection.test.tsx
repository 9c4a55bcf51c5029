// @vitest-environment happy-dom
// The report page's Held-out verdict over a real report of a study with a judge split: the verdict
// judge and the denominator, development beside test row for row as the exports lay them out, the
// notes, the split in the settings line and the section's jump button; nothing of it without a split.

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeldOutSection } from '../../../../renderer/features/report/HeldOutSection';
import { ReportView } from '../../../../renderer/features/report/ReportView';
import { buildReport } from '../../../../shared/report/build-report';
import { heldOutTables } from '../../../../shared/report/held-out-layout';
import type { AgreementReport } from '../../../../shared/report/model/report-model';
import { NOW, reportInput, splitStudyData, SPLIT, withSplit } from '../../../shared/report/held-out-fixture';
import { demo } from '../team/team-fixtures';
import { closeDatabases, renderWithServices, sampleLabels, sampleReport, studyId, teamSetup, workers } from './report-fixtures';

const { study, labels } = splitStudyData({ puzzles: 30, seed: 7 });
const HELD_OUT = buildReport(reportInput(withSplit(study, SPLIT), labels, 20));

/** The page keeps a report of its own study alone: the demo study, its first judge run once on the test split. */
function demoReport(): AgreementReport {
  const judge = Object.keys(demo.turns[0]?.judgements ?? {})[0] ?? '';
  const split = { ...SPLIT, developmentJudges: [judge], testRuns: [{ judge, at: NOW }] };
  return buildReport(reportInput(withSplit(demo, split), sampleLabels(), 20));
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

describe('the Held-out verdict section', () => {
  it('names the verdict and the denominator, and shows each figure on development beside test', () => {
    render(<HeldOutSection report={HELD_OUT} />);
    const section = screen.getByTestId('held-out-section');
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Held-out verdict');
    expect(screen.getByTestId('held-out-denominator').textContent).toBe(
      'The verdict is judge-v2 on the test split: 3 versions tried on the development split; 3 runs on the test split, the first the verdict.',
    );
    const layout = heldOutTables(HELD_OUT)[0];
    expect(layout?.columns).toEqual(['Judge', 'Task', 'Figure', 'Development', 'Test']);
    const rows = [...section.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(layout?.rows.length ?? -1);
    expect(rows.length).toBe(16);
    const agreement = section.querySelector('tr[data-held-out-judge="judge-v2"][data-held-out-task="answer"][data-held-out-figure="agreement"]');
    const figures = HELD_OUT.heldOut?.judges[0]?.tasks.find((one) => one.task === 'answer');
    const cells = [...(agreement?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
    expect(cells[0]).toMatch(new RegExp(`^${(100 * (figures?.development.agreement.value ?? 0)).toFixed(1)} \\(n=${figures?.development.agreement.n}\\) \\[`));
    expect(cells[1]).toMatch(new RegExp(`^${(100 * (figures?.test.agreement.value ?? 0)).toFixed(1)} \\(n=${figures?.test.agreement.n}\\) \\[`));
    expect(section.textContent).toContain('so they are optimistic; the test figures, on puzzles no version was tuned on, are the result.');
    expect(section.textContent).toContain('Choosing among versions by their test figures makes those optimistic too.');
  });

  it('is absent from a report without a split', () => {
    render(<HeldOutSection report={sampleReport().report} />);
    expect(screen.queryByTestId('held-out-section')).toBeNull();
  });
});

describe('the report page with a held-out verdict', () => {
  beforeEach(() => window.localStorage.clear());

  async function readyPage(report: AgreementReport) {
    vi.mocked(workers.report.computeReport).mockResolvedValue({ report, ratingsByLevel: [] });
    const setup = await teamSetup('lead');
    renderWithServices(<ReportView studyId={studyId} />, setup.services);
    await waitFor(() => expect(screen.getByTestId('report-view').getAttribute('data-state')).toBe('ready'));
  }

  it('shows the section after the Judges, its jump button, and the split in the settings', async () => {
    await readyPage(demoReport());
    const section = await screen.findByTestId('held-out-section');
    expect(screen.getByTestId('judges').compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Report sections' })).getByRole('button', { name: 'Held-out verdict' })).toBeTruthy();
    expect(screen.getByTestId('judge-split-setting').textContent).toBe(', judge split seed 34 (examples 15%, development 45%, test 40% of the puzzles)');
  });

  it('has neither without a split', async () => {
    await readyPage(sampleReport().report);
    expect(screen.queryByTestId('held-out-section')).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Report sections' })).queryByRole('button', { name: 'Held-out verdict' })).toBeNull();
    expect(screen.queryByTestId('judge-split-setting')).toBeNull();
  });
});
