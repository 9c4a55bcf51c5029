// @vitest-environment happy-dom
// The team page's work with files, over a mocked worker client and a fake host: packs written
// and saved into one folder, label files imported with a summary that lists each rejected file's
// located errors as text (never markup) and each member of an imported file that was not read,
// and the coverage dashboard with its missing-unit packs.

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignTeam } from '../../../../renderer/db/team-setup';
import { TeamView } from '../../../../renderer/features/team/TeamView';
import { LABEL_FILE_REQUEST } from '../../../../renderer/features/team/useLabelImport';
import type { LabelImportReport } from '../../../../renderer/workers/team-protocol';
import { closeDatabases, EMPTY_COVERAGE, renderWithServices, SAMPLE_COVERAGE, studyId, teamSetup, workers } from './team-fixtures';

beforeEach(() => {
  window.localStorage.clear();
  vi.mocked(workers.team.loadCoverage).mockResolvedValue(EMPTY_COVERAGE);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

async function renderTeam(assigned = true) {
  const setup = await teamSetup('lead');
  if (assigned)
    await assignTeam(setup.db, studyId, {
      annotators: [
        { id: 'ann-01', name: 'Ada' },
        { id: 'ann-02', name: 'Bea' },
      ],
      overlap: 2,
      seed: 1,
    });
  const view = renderWithServices(<TeamView studyId={studyId} />, setup.services);
  await screen.findByTestId('team-view');
  return { ...setup, ...view };
}

const PACKS = [
  { name: 'ann-01.pack.json', text: '{"pack":1}', mimeType: 'application/json' },
  { name: 'ann-02.pack.json', text: '{"pack":2}', mimeType: 'application/json' },
];

describe('packs', () => {
  it('writes every pack in the worker, with progress, and saves them into one folder', async () => {
    let finish: (files: typeof PACKS) => void = () => {};
    vi.mocked(workers.team.writePacks).mockImplementation((_db, _study, _request, onProgress) => {
      onProgress({ label: 'Writing pack 1 of 2', done: 1, total: 2 });
      return new Promise((resolve) => (finish = resolve));
    });
    const { db, platform } = await renderTeam();
    await waitFor(() => expect(screen.getByTestId('write-packs')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('write-packs'));

    const progress = await screen.findByRole('progressbar', { name: 'Pack progress' });
    expect(progress.getAttribute('value')).toBe('1');
    expect(screen.getByText('Writing pack 1 of 2…')).toBeTruthy();
    expect(workers.team.writePacks).toHaveBeenCalledWith(db.name, studyId, { missingOnly: false }, expect.any(Function));

    finish(PACKS);
    const status = await screen.findByTestId('packs-status');
    expect(status.textContent).toBe('2 packs saved to /home/lead/packs.');
    expect(platform.saveFiles).toHaveBeenCalledExactlyOnceWith({
      title: 'Choose a folder for 2 packs',
      files: PACKS.map(({ name, text, mimeType }) => ({ suggestedName: name, text, mimeType })),
    });
  });

  it('says so when no folder was chosen, and shows a worker failure', async () => {
    vi.mocked(workers.team.writePacks)
      .mockResolvedValueOnce(PACKS)
      .mockRejectedValueOnce(new Error('The study "demo-study" is not assigned to a team yet; assign it before writing packs.'));
    const { platform } = await renderTeam();
    platform.saveFiles.mockResolvedValueOnce({ saved: false });
    await waitFor(() => expect(screen.getByTestId('write-packs')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('write-packs'));
    expect((await screen.findByTestId('packs-status')).textContent).toBe('No folder chosen, so no pack was saved.');

    fireEvent.click(screen.getByTestId('write-packs'));
    await waitFor(() => expect(screen.getByTestId('packs-status').getAttribute('role')).toBe('alert'));
    expect(screen.getByTestId('packs-status').textContent).toMatch(/^No packs were saved: The study "demo-study" is not assigned/);
  });

  it('cannot write packs before the study is assigned', async () => {
    await renderTeam(false);
    expect(screen.getByTestId('write-packs')).toHaveProperty('disabled', true);
  });
});

const HOSTILE = '<img src=x onerror="window.pwned=1"><b>bold</b>';

const REPORT: LabelImportReport = {
  totals: { files: 2, labels: 40, added: 30, updated: 6, unchanged: 4, conflicts: 1, rejected: 1 },
  rejected: [
    {
      file: `${HOSTILE}.labels.json`,
      errors: [
        { file: `${HOSTILE}.labels.json`, path: 'labels[3].value', message: `expected one of yes, no, irrelevant, got the text "${HOSTILE}"` },
        { file: `${HOSTILE}.labels.json`, path: '', message: 'sha256 does not match the content: the file was changed or damaged' },
      ],
    },
  ],
};

describe('label files', () => {
  it('imports the chosen files in the worker and sums them up, listing every error of a rejected file as text', async () => {
    vi.mocked(workers.team.importLabelFiles).mockResolvedValue(REPORT);
    const { db, platform } = await renderTeam();
    const files = [
      { name: 'ann-01.labels.json', size: 10, text: '{}' },
      { name: 'team.csv', size: 25, text: 'annotator,unit,task,value\n' },
      { name: `${HOSTILE}.labels.json`, size: 2, text: '{}' },
    ];
    platform.openFiles.mockResolvedValue(files);
    const coverageLoads = vi.mocked(workers.team.loadCoverage).mock.calls.length;

    fireEvent.click(screen.getByTestId('import-labels'));
    const summary = await screen.findByTestId('label-import-summary');
    expect(platform.openFiles).toHaveBeenCalledExactlyOnceWith(LABEL_FILE_REQUEST);
    expect(LABEL_FILE_REQUEST).toEqual({ title: 'Import label files', extensions: ['json', 'csv'], multiple: true });
    expect(workers.team.importLabelFiles).toHaveBeenCalledWith(db.name, studyId, files, expect.any(Function));
    expect({
      files: summary.getAttribute('data-files'),
      added: summary.getAttribute('data-added'),
      updated: summary.getAttribute('data-updated'),
      unchanged: summary.getAttribute('data-unchanged'),
      conflicts: summary.getAttribute('data-conflicts'),
      rejected: summary.getAttribute('data-rejected'),
    }).toEqual({ files: '2', added: '30', updated: '6', unchanged: '4', conflicts: '1', rejected: '1' });
    expect(summary.textContent).toContain('2 files imported: 30 labels added, 6 updated, 4 unchanged, 1 conflict kept in the audit log. 1 file rejected.');

    const rejected = within(summary).getByTestId('rejected-files').querySelector('li[data-rejected-file]')!;
    expect(rejected.getAttribute('data-rejected-file')).toBe(`${HOSTILE}.labels.json`);
    const errors = [...rejected.querySelectorAll('.error-list li')].map((item) => item.textContent);
    expect(errors).toEqual([
      `${HOSTILE}.labels.json: labels[3].value: expected one of yes, no, irrelevant, got the text "${HOSTILE}"`,
      `${HOSTILE}.labels.json: sha256 does not match the content: the file was changed or damaged`,
    ]);
    // The hostile names and messages stayed text: no element came out of them.
    expect(summary.querySelector('img')).toBeNull();
    expect(summary.querySelector('b')).toBeNull();
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    await waitFor(() => expect(vi.mocked(workers.team.loadCoverage).mock.calls.length).toBeGreaterThan(coverageLoads));
  });

  it('names in words each top-level member of an imported file that was not read, and says nothing of it when there is none', async () => {
    const notRead = [
      { file: 'ann-01.labels.json', path: 'extra', message: 'a member a label file does not have (it has format, …); not read' },
      { file: 'ann-02.labels.json', path: 'reviewer', message: 'a member a label file does not have (it has format, …); not read' },
    ];
    const totals = { ...REPORT.totals, rejected: 0 };
    vi.mocked(workers.team.importLabelFiles).mockResolvedValue({ totals, rejected: [], notRead });
    const { platform } = await renderTeam();
    platform.openFiles.mockResolvedValue([{ name: 'ann-01.labels.json', size: 2, text: '{}' }]);
    fireEvent.click(screen.getByTestId('import-labels'));
    const summary = await screen.findByTestId('label-import-summary');
    expect([...within(summary).getByTestId('label-import-not-read').querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'ann-01.labels.json: not read: the member "extra" (this version of the studio does not know it)',
      'ann-02.labels.json: not read: the member "reviewer" (this version of the studio does not know it)',
    ]);

    vi.mocked(workers.team.importLabelFiles).mockResolvedValue({ totals, rejected: [] });
    fireEvent.click(screen.getByTestId('import-labels'));
    await waitFor(() => expect(screen.queryByTestId('label-import-not-read')).toBeNull());
    expect(screen.getByTestId('label-import-summary')).toBeTruthy();
  });

  it('does nothing when the lead chooses no file, and shows a worker failure', async () => {
    const { platform } = await renderTeam();
    fireEvent.click(screen.getByTestId('import-labels'));
    await waitFor(() => expect(platform.openFiles).toHaveBeenCalledOnce());
    expect(workers.team.importLabelFiles).not.toHaveBeenCalled();
    expect(screen.queryByTestId('label-import-summary')).toBeNull();

    platform.openFiles.mockResolvedValue([{ name: 'a.labels.json', size: 2, text: '{}' }]);
    vi.mocked(workers.team.importLabelFiles).mockRejectedValue(new Error('The disk or the browser storage quota is full, so nothing was saved.'));
    fireEvent.click(screen.getByTestId('import-labels'));
    expect((await screen.findByTestId('label-import-failed')).textContent).toBe(
      'The label files were not imported: The disk or the browser storage quota is full, so nothing was saved.',
    );
  });
});

describe('coverage', () => {
  it('shows each annotator and each task with its histogram, and whether everything is in', async () => {
    vi.mocked(workers.team.loadCoverage).mockResolvedValue(SAMPLE_COVERAGE);
    await renderTeam();
    const coverage = screen.getByTestId('coverage');
    const complete = await within(coverage).findByTestId('coverage-complete');
    await waitFor(() => expect(complete.getAttribute('data-complete')).toBe('false'));
    expect(complete.textContent).toBe('Not complete: 3 assigned labels are still missing.');

    const rows = [...coverage.querySelectorAll('[data-annotator-row]')].map((row) => ({
      id: row.getAttribute('data-annotator-row'),
      assigned: row.getAttribute('data-assigned'),
      labelled: row.getAttribute('data-labelled'),
      unsure: row.getAttribute('data-unsure'),
      missing: row.getAttribute('data-missing'),
    }));
    expect(rows).toEqual([
      { id: 'ann-01', assigned: '10', labelled: '10', unsure: '2', missing: '0' },
      { id: 'ann-02', assigned: '10', labelled: '7', unsure: '0', missing: '3' },
    ]);
    expect(coverage.querySelector('[data-annotator-row="ann-02"]')?.textContent).toContain('never');

    const answer = coverage.querySelector('[data-task-coverage="answer"]')!;
    expect(answer.getAttribute('data-units')).toBe('8');
    expect(answer.getAttribute('data-histogram')).toBe('0,2,6');
    expect([...answer.querySelectorAll('.histogram li')].map((item) => item.textContent)).toEqual(['0 labels0', '1 label2', '2+ labels6']);
    expect(coverage.querySelector('[data-task-coverage="difficulty"]')?.getAttribute('data-histogram')).toBe('0,1,0');

    expect(coverage.querySelector('button[data-export-missing="ann-01"]')).toBeNull();
    expect(coverage.querySelector('button[data-export-missing="ann-02"]')).not.toBeNull();
  });

  it("says that nothing is assigned yet, and still lists labels given outside any assignment (the lead's) with a word on how they count", async () => {
    const lead = {
      ...SAMPLE_COVERAGE.annotators[0]!,
      id: 'lead',
      name: 'The Lead',
      assigned: 0,
      labelled: 0,
      unsure: 0,
      outsideAssignment: 4,
      assignedByTask: { answer: 0, match: 0, difficulty: 0 },
      labelledByTask: { answer: 0, match: 0, difficulty: 0 },
      missing: { answer: [], match: [], difficulty: [] },
    };
    vi.mocked(workers.team.loadCoverage).mockResolvedValue({ annotators: [lead], tasks: [], complete: false });
    await renderTeam(false);
    const complete = await within(screen.getByTestId('coverage')).findByTestId('coverage-complete');
    await waitFor(() => expect(complete.textContent).toMatch(/^Nothing is assigned yet, so there is nothing to cover\. Name the annotators/));
    expect(complete.textContent).not.toMatch(/Not complete|missing/);
    const row = screen.getByTestId('coverage').querySelector('[data-annotator-row="lead"]');
    expect(row?.getAttribute('data-outside-assignment')).toBe('4');
    // The name is the row's header cell, marked as one (styled as a name in styles.css).
    expect(row?.querySelector('th[scope="row"]')?.textContent).toContain('The Lead');
    expect(screen.getByTestId('coverage-outside-note').textContent).toMatch(/Not assigned counts the labels they gave to other units \(4 in all/);
    expect(screen.queryByText('Labels per unit')).toBeNull();
  });

  it('reports a complete study', async () => {
    vi.mocked(workers.team.loadCoverage).mockResolvedValue({ ...SAMPLE_COVERAGE, annotators: [SAMPLE_COVERAGE.annotators[0]!], complete: true });
    await renderTeam();
    await waitFor(() => expect(screen.getByTestId('coverage-complete').getAttribute('data-complete')).toBe('true'));
  });

  it("saves a pack of an annotator's missing units", async () => {
    vi.mocked(workers.team.loadCoverage).mockResolvedValue(SAMPLE_COVERAGE);
    vi.mocked(workers.team.writePacks).mockResolvedValue([PACKS[1]!]);
    const { db, platform } = await renderTeam();
    const button = await waitFor(() => {
      const found = screen.getByTestId('coverage').querySelector<HTMLButtonElement>('button[data-export-missing="ann-02"]');
      if (!found) throw new Error('no button yet');
      return found;
    });
    fireEvent.click(button);
    expect((await screen.findByTestId('missing-status')).textContent).toBe('Saved ann-02.pack.json with the units ann-02 has not labelled yet.');
    expect(workers.team.writePacks).toHaveBeenCalledWith(db.name, studyId, { annotatorIds: ['ann-02'], missingOnly: true }, expect.any(Function));
    expect(platform.saveFile).toHaveBeenCalledExactlyOnceWith({ suggestedName: 'ann-02.pack.json', text: '{"pack":2}', mimeType: 'application/json' });
  });

  it('reloads on Refresh and shows a failure', async () => {
    await renderTeam();
    await waitFor(() => expect(workers.team.loadCoverage).toHaveBeenCalledOnce());
    vi.mocked(workers.team.loadCoverage).mockRejectedValueOnce(new Error('The study "demo-study" is not in the library.'));
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect((await within(screen.getByTestId('coverage')).findByRole('alert')).textContent).toBe(
      'The coverage could not be computed: The study "demo-study" is not in the library.',
    );
    expect(workers.team.loadCoverage).toHaveBeenCalledTimes(2);
  });
});
