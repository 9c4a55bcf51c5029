// @vitest-environment happy-dom
// The Judges page's prompt search, over a fake-indexeddb database and a mocked judge worker: Start is
// disabled, with the reason beside it, until the study has a judge split; Start stores a search of
// three candidates from the chosen version by default and runs it in the worker, a token budget with
// it, and a number of candidates that is not whole is refused in words; a search's versions show as
// a tree, each under its parent with its development figures, a refused step with its reason and the
// best marked; the best runs once on the test split, a second look only once the lead ticks that the
// report counts it; a search a closed window left offers Resume.

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JudgeSplitSetting, Study } from '../../../../shared/domain/model';
import type { DevelopmentScore, SearchStep } from '../../../../shared/judge-run/prompt-search';
import { builtInPrompt } from '../../../../shared/judge-run/prompts';
import type { PromptSearchRow } from '../../../../shared/judge-run/search-records';
import type { JudgeEndpoint } from '../../../../shared/judge-run/stored-records';
import { PromptSearchSection } from '../../../../renderer/features/judges/PromptSearchSection';
import { closeDatabases, renderWithServices, studyId, teamSetup, workers } from '../report/report-fixtures';

const NOW = '2026-01-01T00:00:00.000Z';
const ENDPOINT: JudgeEndpoint = {
  id: 'e-1',
  name: 'Local',
  url: 'http://127.0.0.1:9999/v1',
  model: 'tiny',
  temperature: 0,
  maxTokens: 64,
  concurrency: 2,
  rpm: null,
  timeoutSeconds: 30,
  hasKey: false,
  createdAt: NOW,
  updatedAt: NOW,
};
const SPLIT: JudgeSplitSetting = { seed: 7, shares: { examples: 0.2, development: 0.5, test: 0.3 }, setAt: NOW, developmentJudges: [], testRuns: [] };

beforeEach(() => {
  workers.judge.runSearch.mockReturnValue(new Promise(() => undefined));
  workers.judge.run.mockReturnValue(new Promise(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

async function searchPage(options: { split?: boolean } = {}) {
  const setup = await teamSetup('lead');
  await setup.db.judgeEndpoints.put(ENDPOINT);
  if (options.split !== false) await setup.db.studies.update(studyId, { judgeSplit: SPLIT });
  const study = (await setup.db.studies.get(studyId)) as Study;
  renderWithServices(<PromptSearchSection study={study} />, setup.services);
  const form = await screen.findByRole('form', { name: 'Search for a better prompt' });
  await within(form).findByRole('option', { name: 'Local (tiny)' });
  return { ...setup, form };
}

function score(answer: [number, number, number], match: [number, number, number]): DevelopmentScore {
  const [aKappa, aAgreement, aN] = answer;
  const [mKappa, mAgreement, mN] = match;
  return {
    kappa: (aKappa * aN + mKappa * mN) / (aN + mN),
    tasks: { answer: { kappa: aKappa, agreement: aAgreement, n: aN }, match: { kappa: mKappa, agreement: mAgreement, n: mN } },
  };
}

const studio = builtInPrompt('studio-1')!;
const STEPS: SearchStep[] = [
  {
    step: 0,
    version: { name: 'studio-1', parent: null, question: studio.question, final: studio.final },
    revised: null,
    proposalTokens: 0,
    evaluationTokens: 900,
    score: score([0.3, 0.6, 20], [0.5, 0.8, 10]),
  },
  {
    step: 1,
    version: { name: 'studio-1 search 1.1', parent: 'studio-1', question: `Be careful.\n\n${studio.question}`, final: studio.final },
    revised: 'answer',
    proposalTokens: 400,
    evaluationTokens: 950,
    score: score([0.6, 0.8, 20], [0.5, 0.8, 10]),
    rationale: 'I put one paragraph first: Be careful.',
  },
  {
    step: 2,
    version: { name: 'studio-1 search 1.2', parent: 'studio-1 search 1.1', question: `Be careful.\n\n${studio.question}`, final: studio.final },
    revised: 'match',
    proposalTokens: 300,
    evaluationTokens: 0,
    refused: 'the model gave no revised template: its reply holds no fenced ``` block',
  },
];

function searchRow(more: Partial<PromptSearchRow> = {}): PromptSearchRow {
  return {
    id: 'search-1',
    studyId,
    endpointId: 'e-1',
    model: 'tiny',
    base: 'studio-1',
    number: 1,
    budget: { candidates: 2, tokens: null },
    seed: 1,
    state: 'finished',
    proposals: {},
    runs: {},
    steps: STEPS,
    best: 'studio-1 search 1.1',
    stoppedBy: 'candidates',
    tokens: 2550,
    createdAt: NOW,
    updatedAt: NOW,
    ...more,
  };
}

describe('the prompt search on the Judges page', () => {
  it('disables Start, saying why, while the study has no judge split', async () => {
    const { form, db } = await searchPage({ split: false });
    const start = within(form).getByRole('button', { name: 'Start the search' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    const why = document.getElementById(start.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Set the split for improving the judge first: the search tunes on its development split and keeps its test split held out.');
    fireEvent.click(start);
    expect(await db.promptSearches.count()).toBe(0);
  });

  it('starts a search of three candidates from the chosen version by default, in the worker; a token budget goes with it', async () => {
    const { form, db } = await searchPage();
    fireEvent.change(within(form).getByLabelText('Token budget (empty: none)'), { target: { value: '5000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start the search' }));
    await waitFor(() => expect(workers.judge.runSearch).toHaveBeenCalledTimes(1));
    const [search] = await db.promptSearches.toArray();
    expect(search).toMatchObject({
      studyId,
      endpointId: 'e-1',
      model: 'tiny',
      base: 'studio-1',
      budget: { candidates: 3, tokens: 5000 },
      seed: 1,
      state: 'running',
    });
    expect(workers.judge.runSearch.mock.calls[0]?.[0]).toBe(search?.id);
  });

  it('refuses a number of candidates that is not whole, in words', async () => {
    const { form, db } = await searchPage();
    fireEvent.change(within(form).getByLabelText('Candidates'), { target: { value: '2.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start the search' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Candidates must be a whole number of at least 1.');
    expect(await db.promptSearches.count()).toBe(0);
  });

  it('shows the versions as a tree with their figures, a refused step with its reason and the best marked, and runs the best once on the test split', async () => {
    const { db } = await searchPage();
    await db.promptSearches.put(searchRow());
    await db.promptVersions.add({
      name: 'studio-1 search 1.1',
      question: STEPS[1]!.version.question,
      final: studio.final,
      hash: 'h',
      basedOn: 'studio-1',
      createdAt: NOW,
    });
    const tree = await screen.findByTestId('search-tree');
    const root = within(tree).getByText('studio-1').closest('li')!;
    expect(root.getAttribute('data-version')).toBe('studio-1');
    expect(root.textContent).toContain('κ 0.37 · questions: κ 0.30, agreement 60% (n = 20) · final answers: κ 0.50, agreement 80% (n = 10)');
    const best = within(tree).getByTestId('search-best');
    expect(best.getAttribute('data-version')).toBe('studio-1 search 1.1');
    // Each under its parent: the candidate under the base, the refused step under the candidate.
    expect(best.parentElement?.closest('li')).toBe(root);
    const refused = tree.querySelector('[data-refused="true"]')!;
    expect(refused.parentElement?.closest('li')).toBe(best);
    expect(refused.textContent).toContain('refused: the model gave no revised template');
    expect(within(tree).getAllByTestId('search-tree-item')).toHaveLength(2);

    expect(screen.queryByTestId('confirm-search-test-look')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Run the best on the held-out test split' }));
    await waitFor(() => expect(workers.judge.run).toHaveBeenCalledTimes(1));
    const [run] = await db.judgeRuns.toArray();
    expect(run).toMatchObject({ studyId, endpointId: 'e-1', prompt: { name: 'studio-1 search 1.1' }, selection: { kind: 'split', part: 'test' } });
    expect(workers.judge.run.mock.calls[0]?.[0]).toBe(run?.id);
  });

  it('runs the best on a test split looked at before only once the lead ticks that the report counts another look', async () => {
    const setup = await teamSetup('lead');
    await setup.db.judgeEndpoints.put(ENDPOINT);
    const testRuns = [
      { judge: 'tiny@studio-1', at: NOW },
      { judge: 'tiny@studio-1 search 1.1', at: NOW },
    ];
    await setup.db.studies.update(studyId, { judgeSplit: { ...SPLIT, testRuns } });
    await setup.db.promptSearches.put(searchRow({ id: 'search-looked' }));
    await setup.db.promptVersions.add({
      name: 'studio-1 search 1.1',
      question: STEPS[1]!.version.question,
      final: studio.final,
      hash: 'h',
      basedOn: 'studio-1',
      createdAt: NOW,
    });
    renderWithServices(<PromptSearchSection study={(await setup.db.studies.get(studyId)) as Study} />, setup.services);
    const button = (await screen.findByTestId('search-run-best-on-test')) as HTMLButtonElement;
    const confirm = screen.getByTestId('confirm-search-test-look');
    expect(confirm.closest('label')?.textContent).toContain(
      'The held-out test split has been looked at 2 times already. Run on it again: the report counts this run as look 3.',
    );
    expect(button.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(workers.judge.run).toHaveBeenCalledTimes(1));
    expect(await setup.db.judgeRuns.toArray()).toMatchObject([{ prompt: { name: 'studio-1 search 1.1' }, selection: { kind: 'split', part: 'test' } }]);
  });

  it('shows a search a closed window left as interrupted, and Resume runs it in the worker again', async () => {
    const { db } = await searchPage();
    await db.promptSearches.put(searchRow({ state: 'running', stoppedBy: undefined, steps: STEPS.slice(0, 1), best: 'studio-1' }));
    const entry = await screen.findByTestId('prompt-search');
    await waitFor(() => expect(entry.textContent).toContain('interrupted (the window closed while it ran)'));
    expect(screen.queryByRole('button', { name: 'Run the best on the held-out test split' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resume the search from studio-1' }));
    await waitFor(() => expect(workers.judge.runSearch).toHaveBeenCalledTimes(1));
    expect(workers.judge.runSearch.mock.calls[0]?.[0]).toBe('search-1');
  });

  it('offers no run on the test split for a search cancelled before its base was measured, only Resume', async () => {
    const { db } = await searchPage();
    // An id of its own: live searches are kept per worker client, which the tests share, and the test before left its search live.
    await db.promptSearches.put(
      searchRow({ id: 'search-cancelled', state: 'cancelled', steps: [], best: 'studio-1', stoppedBy: 'cancelled', reason: 'the lead cancelled the search' }),
    );
    const entry = await screen.findByTestId('prompt-search');
    await waitFor(() => expect(entry.textContent).toContain('cancelled: the lead cancelled the search'));
    expect(within(entry).getByRole('button', { name: 'Resume the search from studio-1' })).toBeTruthy();
    expect(screen.queryByTestId('search-run-best-on-test')).toBeNull();
  });
});
