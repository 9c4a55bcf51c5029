// The judge improved honestly, end to end in Chromium (issue 34 "Done when"), against the loopback
// chat server with CORS on: it answers people's label more often when a prompt holds a helping
// instruction, and proposes templates with one paragraph of its list first, the helping one
// second. On the demo study with people's labels, the lead sets the split by keyboard, runs a
// search of three candidates, finds the version holding the instruction marked best, runs it once
// on the held-out test split, and the report's Held-out verdict shows its development and test
// figures with the denominator: four versions tried, one run on the test split. Every request
// before the held-out run is a proposal or about a development turn; the held-out run asks about
// test turns only.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Turn } from '../../shared/domain/model';
import { PROPOSAL_MARKER } from '../../shared/judge-run/prompt-search';
import { puzzleSplit, type SplitRule } from '../../shared/study/judge-splits';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-chat-server';
import { scratchDir } from '../scratch-dir';
import { demo, labelFilesCorrecting, peopleLabel } from './demo-files';
import { openApp, useAppInChromium } from './harness';
import { addLoopbackEndpoint, importLabels, openJudgesPage, savedVersion, setSplitByKeyboard } from './judges-page';

const STUDY_ID = demo.study.id;
const MODEL = 'tiny-judge';
const JUDGE = 'arbiter-large';
const RULE: SplitRule = { seed: 7, shares: { examples: 0.15, development: 0.55, test: 0.3 } };
const HELP = 'Before you reply, read the answer again and check the question against it, word by word.';

const chromiumApp = useAppInChromium();
let server: FakeChatServer;

/** Each turn's text with people's label as the reply word the server grades by. */
function truth(): Map<string, string> {
  return new Map(
    demo.turns.map((turn) => {
      const label = String(peopleLabel(turn, JUDGE));
      return [turn.text, `${label[0]!.toUpperCase()}${label.slice(1)}`];
    }),
  );
}

beforeAll(async () => {
  server = await startFakeChatServer({
    allowOrigin: '*',
    grading: { truth: truth(), helps: [HELP], rightShare: { helped: 0.95, unhelped: 0.5 } },
    proposals: ['Reply in English.', HELP],
  });
});
afterAll(async () => {
  await server.close();
});

/** What a request asked about: a proposal, or the turn whose text comes last in its prompt (few-shot examples come first). */
function askedAbout(body: string): 'proposal' | Turn {
  const content = (JSON.parse(body) as { messages: Array<{ content: string }> }).messages.map((message) => message.content).join('\n');
  if (content.startsWith(PROPOSAL_MARKER)) return 'proposal';
  let found: { turn: Turn; end: number } | undefined;
  for (const turn of demo.turns) {
    const at = content.lastIndexOf(turn.text);
    if (at >= 0 && (found === undefined || at + turn.text.length > found.end)) found = { turn, end: at + turn.text.length };
  }
  if (found === undefined) throw new Error(`a request about no turn: ${content.slice(-200)}`);
  return found.turn;
}

describe('the prompt search', () => {
  it(
    'finds the version that helps on the development split, runs it once on the test split, and the report gives both with the denominator',
    { timeout: 600_000 },
    async () => {
      const dir = scratchDir('agreement-studio-prompt-search-');
      const { context, page, pageErrors } = await openApp(chromiumApp.browser(), chromiumApp.app());
      const url = chromiumApp.app().url;
      await page.locator(`tr[data-study-id="${STUDY_ID}"]`).waitFor({ timeout: 60_000 });
      await importLabels(page, url, labelFilesCorrecting(dir, JUDGE), 2 * demo.turns.length);
      await openJudgesPage(page, url);
      await addLoopbackEndpoint(page, { baseUrl: server.url, model: MODEL });

      // Without a split the search cannot start, and says why.
      const search = page.getByRole('form', { name: 'Search for a better prompt' });
      expect(await search.getByRole('button', { name: 'Start the search' }).isDisabled()).toBe(true);
      await search.getByTestId('search-cannot-start').waitFor();

      // The split, by keyboard: seed, examples share, test share, then Save.
      await setSplitByKeyboard(page, RULE);
      const split = page.getByTestId('judge-split');

      // A search of three candidates (the form's default) from studio-1.
      const asked = server.log.length;
      expect(await search.getByLabel('Candidates').inputValue()).toBe('3');
      await search.getByRole('button', { name: 'Start the search' }).click();
      const searchItem = page.getByTestId('prompt-search').first();
      await expect.poll(() => searchItem.getAttribute('data-search-state'), { timeout: 300_000 }).toBe('finished');
      const tree = searchItem.getByTestId('search-tree');
      const versions = await tree.locator('[data-version]').evaluateAll((items) => items.map((item) => item.getAttribute('data-version') ?? ''));
      expect(versions).toHaveLength(4);
      const bestName = await tree.getByTestId('search-best').getAttribute('data-version');
      expect(bestName).not.toBeNull();
      const best = await savedVersion(page, bestName!);
      expect(`${best?.question}\n${best?.final}`).toContain(HELP);
      expect(best?.search?.step).toBeGreaterThan(0);
      expect(await savedVersion(page, best!.basedOn)).toBeDefined();
      await expect.poll(() => split.getByTestId('split-versions-tried').textContent()).toMatch(/^versions tried: 4 /);

      // The search asked about the development split's turns alone.
      const searchRequests = server.log.slice(asked).map((request) => askedAbout(request.body));
      expect(searchRequests.filter((request) => request === 'proposal')).toHaveLength(3);
      const searched = searchRequests.filter((request): request is Turn => request !== 'proposal');
      expect(new Set(searched.map((turn) => puzzleSplit(RULE, turn.puzzleId)))).toEqual(new Set(['development']));

      // The best, once, on the held-out test split: test turns only.
      const beforeTest = server.log.length;
      await searchItem.getByTestId('search-run-best-on-test').click();
      const bestJudge = `${MODEL}@${bestName}`;
      await expect
        .poll(() => split.getByTestId('split-test-looks').textContent(), { timeout: 60_000 })
        .toMatch(new RegExp(`^test looks: 1 \\(${bestJudge.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} at `));
      await page.locator(`[data-testid="judge-runs"] li[data-judge="${bestJudge}"][data-run-state="finished"]`).nth(1).waitFor({ timeout: 300_000 });
      const tested = server.log.slice(beforeTest).map((request) => askedAbout(request.body) as Turn);
      expect(tested.length).toBeGreaterThan(0);
      expect(new Set(tested.map((turn) => puzzleSplit(RULE, turn.puzzleId)))).toEqual(new Set(['test']));

      // The report: the held-out verdict with development beside test and the denominator.
      await page.goto(`${url}#/study/${STUDY_ID}/report`);
      await page.getByTestId('report-bootstrap').fill('200');
      await page.getByTestId('report-bootstrap').press('Enter');
      await page.locator('[data-testid="report-view"][data-state="ready"]').waitFor({ timeout: 300_000 });
      const verdict = page.getByTestId('held-out-section');
      expect(await verdict.getByTestId('held-out-denominator').textContent()).toBe(
        `The verdict is ${bestJudge} on the test split: 4 versions tried on the development split; 1 run on the test split, the first the verdict.`,
      );
      const text = (await verdict.textContent()) ?? '';
      expect(text).toMatch(/[Dd]evelopment/);
      expect(text).toMatch(/[Tt]est/);
      expect(await verdict.locator(`[data-held-out-judge="${bestJudge}"]`).count()).toBeGreaterThan(0);
      console.log(
        `prompt search in Chromium on the demo study: versions ${versions.join(', ')}; best ${bestName}; ${searched.length} development and ${tested.length} test requests; ${(await verdict.getByTestId('held-out-denominator').textContent()) ?? ''}`,
      );
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
