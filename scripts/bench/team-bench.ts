// Node side of the team benchmark of `npm run bench`: runs both scenarios, the 975-puzzle difficulty
// study and the 100,000-question one, in the bench page (bench-page-host.ts opens it in Chromium).

import type { TeamScenario, TeamScenarioResult } from './team-bench-page';
import { withBenchPage } from './bench-page-host';

export interface TeamBenchOptions {
  /** index.html and team.js; the difficulty bundle is written here too. */
  pageRoot: string;
  /** The 100,000-question bundle the import section writes. */
  agreementBundlePath: string;
  chromiumPath: string;
  chromiumArgs: readonly string[];
  runs: number;
  /** Runs of the 100,000-question study, whose round trip takes far longer. */
  agreementRuns: number;
  log?: (line: string) => void;
}

export interface TeamBenchResult {
  difficulty: TeamScenarioResult & { scenario: TeamScenario };
  agreement: TeamScenarioResult & { scenario: TeamScenario };
}

type TeamWindow = typeof globalThis & { runTeamBench(scenario: TeamScenario): Promise<TeamScenarioResult> };

export async function runTeamBench(options: TeamBenchOptions): Promise<TeamBenchResult> {
  const log = options.log ?? (() => undefined);
  return withBenchPage({ ...options, script: 'team.js', ready: 'runTeamBench' }, async (page) => {
    const run = async (scenario: TeamScenario) => ({ scenario, ...(await page.evaluate((s) => (globalThis as TeamWindow).runTeamBench(s), scenario)) });

    log('difficulty study: 55 annotators x 975 puzzles');
    // Overlap 1 is the least assignTeam takes: each puzzle's few final turns go to one annotator.
    const difficulty = await run({
      bundleUrl: 'difficulty.json',
      annotators: 55,
      overlap: 1,
      difficultyOverlap: 55,
      labelTasks: ['difficulty'],
      runs: options.runs,
      seed: 55,
    });
    log('agreement study: 3 annotators x 100,000 questions');
    const agreement = await run({
      bundleUrl: 'agreement.json',
      annotators: 3,
      overlap: 3,
      labelTasks: ['answer', 'match', 'difficulty'],
      runs: options.agreementRuns,
      seed: 3,
    });
    return { difficulty, agreement };
  });
}
