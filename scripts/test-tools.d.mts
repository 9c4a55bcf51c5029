// Types of test-tools.mjs, for the tests that import it.

export interface MachineFacts {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  exists(path: string): boolean;
}

export type Found =
  | { path: string; from: 'CHROMIUM_PATH' | 'installed'; missing?: undefined; pathWrong?: undefined }
  | { path?: undefined; missing: string; pathWrong?: boolean };

export type SetupPlan = { kind: 'install'; steps: Array<[string, string[]]> } | { kind: 'instruct'; command: string; why: string };

export type LatexPlan = { kind: 'install'; steps: Array<[string, string[]]> } | { kind: 'instruct'; command: string };

export const LATEX_PACKAGES: string[];
export function findPdflatex(machine: MachineFacts): string | undefined;
export function latexPlan(facts: { platform: NodeJS.Platform; osRelease: string; isRoot: boolean }): LatexPlan;

export function browserCandidates(platform: NodeJS.Platform, env: Record<string, string | undefined>): string[];
export function findBrowser(machine: MachineFacts): Found;
export function isDebianLike(osRelease: string): boolean;
export function setupPlan(facts: { platform: NodeJS.Platform; osRelease: string; isRoot: boolean; found: Found }): SetupPlan;
export function thisMachine(): MachineFacts & { osRelease: string; isRoot: boolean };
export const CHROMIUM_ARGS: string[];
export function browserPath(): string;
