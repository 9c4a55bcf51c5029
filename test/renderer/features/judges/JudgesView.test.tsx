// @vitest-environment happy-dom
// The Judges page's way in and its run and prompt-version forms, over a fake-indexeddb database
// and a mocked judge worker: the lead's study overview offers "Judges" (annotator mode and a pack
// study do not); Start stores a run of the chosen endpoint and prompt version over the turns people
// labelled by default, one sample per item, and runs it in the worker; a seeded sample is stored
// with its size and seed; an edit saved under a name in use is refused in words; a benchmark's
// judge prompt imported with a study shows where it came from and its note, and runs like any. Few-
// shot examples (issue 34 point 2) wait for the study's judge split; once it is set, a save asks the
// plan worker for them, stores them with the version and says how many of how many asked, a
// refusal is shown in words, and a version of another study's examples is not offered to run.
// The split for improving the judge (issue 34): a share out of bounds is refused with the rule's own
// words and nothing stored; the split choices of a run wait for a split; a second run on the
// held-out test split waits for the box that says the report counts it.

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StudyOverview } from '../../../../renderer/features/study/StudyOverview';
import { JudgesView } from '../../../../renderer/features/judges/JudgesView';
import type { FewShotExample } from '../../../../shared/judge-run/few-shot-examples';
import { builtInPrompt, promptHash } from '../../../../shared/judge-run/prompts';
import type { JudgeEndpoint, PromptExamples } from '../../../../shared/judge-run/stored-records';
import { closeDatabases, renderWithServices, studyId, teamSetup, workers } from '../report/report-fixtures';

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
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  window.localStorage.clear();
  workers.report.computeReport.mockReturnValue(new Promise(() => undefined));
  workers.judge.run.mockReturnValue(new Promise(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

async function judgesPage() {
  const setup = await teamSetup('lead');
  await setup.db.judgeEndpoints.put(ENDPOINT);
  renderWithServices(<JudgesView studyId={studyId} />, setup.services);
  // The run's form and the prompt search's both offer the endpoint.
  await screen.findAllByRole('option', { name: 'Local (tiny)' });
  return setup;
}

describe('the Judges page', () => {
  it("is offered on the lead's study overview only", async () => {
    const lead = await teamSetup('lead');
    const { unmount } = renderWithServices(<StudyOverview studyId={studyId} />, lead.services);
    fireEvent.click(await screen.findByTestId('judges-entry'));
    expect(lead.services.store.getState().route).toEqual({ view: 'judges', studyId });
    unmount();
    for (const setup of [await teamSetup('annotator'), await teamSetup('lead', { pack: true })]) {
      const view = renderWithServices(<StudyOverview studyId={studyId} />, setup.services);
      await screen.findByText('Puzzles');
      expect(screen.queryByTestId('judges-entry')).toBeNull();
      view.unmount();
    }
  });

  it('starts a run of the labelled turns with one sample per item by default, in the worker', async () => {
    const { db } = await judgesPage();
    fireEvent.click(screen.getByRole('button', { name: 'Start the run' }));
    await waitFor(() => expect(workers.judge.run).toHaveBeenCalledTimes(1));
    const [run] = await db.judgeRuns.toArray();
    expect(run).toMatchObject({ studyId, endpointId: 'e-1', judge: 'tiny@studio-1', selection: { kind: 'labelled' }, state: 'running' });
    expect(run?.parameters.samples).toBe(1);
    expect(workers.judge.run.mock.calls[0]?.[0]).toBe(run?.id);
    expect(await screen.findByTestId('judge-run-live')).toBeTruthy();
  });

  it('stores a seeded sample with its size and seed, and k samples per item', async () => {
    const { db } = await judgesPage();
    fireEvent.click(screen.getByLabelText('A seeded sample of turns'));
    fireEvent.change(screen.getByLabelText('Turns in the sample'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Seed'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Samples per item'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the run' }));
    await waitFor(() => expect(workers.judge.run).toHaveBeenCalledTimes(1));
    const [run] = await db.judgeRuns.toArray();
    expect(run?.selection).toEqual({ kind: 'sample', size: 12, seed: 7 });
    expect(run?.parameters.samples).toBe(3);
  });

  it('refuses samples per item that are not a whole number, in words', async () => {
    const { db } = await judgesPage();
    fireEvent.change(screen.getByLabelText('Samples per item'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the run' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Samples per item must be a whole number from 1 to 99.');
    expect(await db.judgeRuns.count()).toBe(0);
  });

  it('saves an edited prompt version under a new name and refuses a name in use, in words', async () => {
    const { db } = await judgesPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit studio-1 as new version' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('{{story}}');
    fireEvent.change(within(dialog).getByLabelText("New version's name"), { target: { value: 'studio-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as new version' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already exists');

    fireEvent.change(within(dialog).getByLabelText("New version's name"), { target: { value: 'terse' } });
    const question = within(dialog).getByLabelText(/Question template/) as HTMLTextAreaElement;
    fireEvent.change(question, { target: { value: `${question.value}\nOne word.` } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as new version' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await db.promptVersions.get('terse'))?.basedOn).toBe('studio-1');
    // Offered to run and to search from.
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'terse' })).toHaveLength(2));
  });

  it("shows a benchmark's imported judge prompt with its study, its source and its note, and runs it", async () => {
    const setup = await teamSetup('lead');
    await setup.db.judgeEndpoints.put(ENDPOINT);
    await setup.db.promptVersions.add({
      name: 'SPLAT judge (config.yaml)',
      question: 'Rules.\n\nThe story is {{story}} Why?.\n\n{{question}}',
      final: 'Rules.\n\nThe story is {{story}} Why?.\n\n{{finalAnswer}}',
      hash: 'h',
      basedOn: 'config.yaml: prompt.prompt_judge_init',
      createdAt: '2026-01-01T00:00:00.000Z',
      importedWith: { studyId, studyName: 'SPLAT (player p)' },
      note: 'SPLAT sends its judge a conversation.',
    });
    renderWithServices(<JudgesView studyId={studyId} />, setup.services);
    const item = await waitFor(() => {
      const found = document.querySelector('[data-prompt-version="SPLAT judge (config.yaml)"]');
      if (found === null) throw new Error('not listed yet');
      return found;
    });
    expect(item.textContent).toContain('Imported with the study SPLAT (player p), from config.yaml: prompt.prompt_judge_init');
    expect(item.textContent).toContain('Not run exactly as its source ran itSPLAT sends its judge a conversation.');
    fireEvent.change(await screen.findByLabelText('Prompt version'), { target: { value: 'SPLAT judge (config.yaml)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the run' }));
    await waitFor(() => expect(workers.judge.run).toHaveBeenCalledTimes(1));
    const [run] = await setup.db.judgeRuns.toArray();
    expect(run).toMatchObject({ judge: 'tiny@SPLAT judge (config.yaml)', prompt: { name: 'SPLAT judge (config.yaml)' } });
  });

  it("saves a version with few-shot examples once the study has its split, says how many were chosen, and offers no other study's to run", async () => {
    const { db } = await judgesPage();
    const studio = builtInPrompt('studio-1')!;
    const elsewhere = { studyId: 'other-study', from: 'arbiter-large', count: 1, chosen: { answer: [], match: [] } };
    await db.promptVersions.add({
      ...studio,
      name: 'elsewhere',
      hash: promptHash({ ...studio, examples: elsewhere }),
      basedOn: 'studio-1',
      createdAt: '2026-01-01T00:00:00.000Z',
      examples: elsewhere,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit studio-1 as new version' }));
    const dialog = screen.getByRole('dialog');
    const fields = within(dialog).getByTestId('prompt-examples-fields') as HTMLFieldSetElement;
    expect(fields.disabled).toBe(true);
    expect(fields.textContent).toContain('Set the split for improving the judge first.');

    await db.studies.update(studyId, {
      judgeSplit: { seed: 3, shares: { examples: 0.2, development: 0.5, test: 0.3 }, setAt: '2026-01-01T00:00:00.000Z', developmentJudges: [], testRuns: [] },
    });
    await waitFor(() => expect(fields.disabled).toBe(false));
    fireEvent.change(within(dialog).getByLabelText("New version's name"), { target: { value: 'studio-1-examples' } });
    fireEvent.change(within(dialog).getByLabelText(/Examples a task/), { target: { value: '2' } });
    const judge = within(dialog).getByLabelText('The judge people corrected') as HTMLSelectElement;
    expect(judge.value).toBe(judge.options[0]?.value);
    fireEvent.change(judge, { target: { value: 'arbiter-mini' } });

    workers.plan.chooseExamples.mockResolvedValueOnce({ ok: false, reason: 'no examples to give: none disagree' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as new version' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Not saved: no examples to give: none disagree.');
    expect(await db.promptVersions.get('studio-1-examples')).toBeUndefined();

    const example: FewShotExample = {
      task: 'answer',
      unitId: 't',
      puzzleId: 'p',
      story: 'S',
      reference: 'R',
      keyClues: [],
      question: 'Q?',
      finalAnswer: '',
      answer: 'no',
      judged: 'yes',
    };
    const examples: PromptExamples = { studyId, from: 'arbiter-mini', count: 2, chosen: { answer: [example], match: [] } };
    workers.plan.chooseExamples.mockResolvedValueOnce({ ok: true, examples });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as new version' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(workers.plan.chooseExamples).toHaveBeenLastCalledWith(db.name, studyId, { from: 'arbiter-mini', count: 2 });
    expect((await db.promptVersions.get('studio-1-examples'))?.examples).toEqual(examples);
    const told = "1 of 2 question examples and 0 of 2 final-answer examples, from people's corrections of arbiter-mini";
    expect((await screen.findByTestId('prompt-version-saved')).textContent).toBe(`Saved studio-1-examples with ${told}.`);
    const studyName = (await db.studies.get(studyId))?.name;
    const item = await waitFor(() => {
      const found = document.querySelector('[data-prompt-version="studio-1-examples"]');
      if (found === null) throw new Error('not listed yet');
      return found;
    });
    expect(item.textContent).toContain('Edited from studio-1');
    await waitFor(() =>
      expect(within(item as HTMLElement).getByTestId('prompt-version-examples').textContent).toBe(
        `Few-shot examples: ${told}, in the study ${studyName}; runs on that study only.`,
      ),
    );

    const offered = [...(screen.getByLabelText('Prompt version') as HTMLSelectElement).options].map((option) => option.value);
    expect(offered).toContain('studio-1-examples');
    expect(offered).not.toContain('elsewhere');
    expect(document.querySelector('[data-prompt-version="elsewhere"]')?.textContent).toContain('in the study other-study (no longer in the library)');
  });

  it("refuses an examples share out of bounds in the rule's words, storing nothing, and saves a good split", async () => {
    const { db } = await judgesPage();
    const split = within(screen.getByTestId('judge-split'));
    fireEvent.change(split.getByLabelText('Examples share (%)'), { target: { value: '25' } });
    fireEvent.click(split.getByRole('button', { name: 'Save the split' }));
    expect((await split.findByRole('alert')).textContent).toBe('The split was not saved: the examples split must hold 10% to 20% of the puzzles, not 25%.');
    expect((await db.studies.get(studyId))?.judgeSplit).toBeUndefined();
    fireEvent.change(split.getByLabelText('Split seed'), { target: { value: '9' } });
    fireEvent.change(split.getByLabelText('Examples share (%)'), { target: { value: '10' } });
    fireEvent.click(split.getByRole('button', { name: 'Save the split' }));
    await split.findByText('Saved.');
    expect((await db.studies.get(studyId))?.judgeSplit).toMatchObject({ seed: 9, shares: { examples: 0.1, test: 0.3 } });
    expect((await db.studies.get(studyId))?.judgeSplit?.shares.development).toBeCloseTo(0.6, 12);
  });

  it('offers the split choices only once a split is set, and asks before a second look at the test split', async () => {
    const { db } = await judgesPage();
    const development = screen.getByLabelText<HTMLInputElement>('The development split (labelled turns)');
    expect(development.disabled).toBe(true);
    expect(screen.getByText(/The split choices wait for a split/)).toBeTruthy();
    const study = (await db.studies.get(studyId))!;
    const judgeSplit = {
      seed: 1,
      shares: { examples: 0.2, development: 0.5, test: 0.3 },
      setAt: study.importedAt,
      developmentJudges: [],
      testRuns: [{ judge: 'tiny@studio-1', at: study.importedAt }],
    };
    await db.studies.put({ ...study, judgeSplit });
    await waitFor(() => expect(development.disabled).toBe(false));
    expect(screen.getByTestId('judge-split-locked').textContent).toContain('1 run has looked at the held-out test split');
    fireEvent.click(screen.getByLabelText('The held-out test split (labelled turns)'));
    fireEvent.click(screen.getByRole('button', { name: 'Start the run' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The held-out test split has been looked at once; tick the box to run on it again, which the report counts.',
    );
    expect(await db.judgeRuns.count()).toBe(0);
    fireEvent.click(screen.getByTestId('confirm-test-look'));
    fireEvent.click(screen.getByRole('button', { name: 'Start the run' }));
    await waitFor(() => expect(workers.judge.run).toHaveBeenCalledTimes(1));
    const [run] = await db.judgeRuns.toArray();
    expect(run?.selection).toEqual({ kind: 'split', part: 'test' });
    expect((await db.studies.get(studyId))?.judgeSplit?.testRuns).toHaveLength(2);
  });
});
