// The programs the tests drive and how to get them. Chromium or Chrome, for the end-to-end tests,
// the bench and the screenshots, where each platform installs it (CHROMIUM_PATH wins); pdflatex, for
// the check that the report's LaTeX compiles. Where one is missing: installed by apt on Debian or
// Ubuntu as root, else the one command to run. Every fact about the machine is a parameter, so the
// decisions are tested without the machine.

import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where each platform's installers put Chromium and Chrome, most likely first. */
export function browserCandidates(platform, env) {
  if (platform === 'darwin') {
    const apps = ['/Applications', ...(env.HOME ? [join(env.HOME, 'Applications')] : [])];
    return apps.flatMap((folder) => [`${folder}/Chromium.app/Contents/MacOS/Chromium`, `${folder}/Google Chrome.app/Contents/MacOS/Google Chrome`]);
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter((root) => typeof root === 'string' && root !== '');
    return roots.flatMap((root) => [`${root}\\Chromium\\Application\\chrome.exe`, `${root}\\Google\\Chrome\\Application\\chrome.exe`]);
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
    '/opt/google/chrome/chrome',
  ];
}

/**
 * The browser to drive: `{ path, from }`, or `{ missing }` saying what was looked for.
 * A CHROMIUM_PATH that does not exist is an error of its own, never passed over silently.
 */
export function findBrowser({ platform, env, exists }) {
  if (env.CHROMIUM_PATH) {
    return exists(env.CHROMIUM_PATH)
      ? { path: env.CHROMIUM_PATH, from: 'CHROMIUM_PATH' }
      : { missing: `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which does not exist`, pathWrong: true };
  }
  const candidates = browserCandidates(platform, env);
  const path = candidates.find((candidate) => exists(candidate));
  return path ? { path, from: 'installed' } : { missing: `no Chromium or Chrome at ${candidates.join(', ')}` };
}

/** Whether /etc/os-release names Debian or a relative of it (Ubuntu says ID_LIKE=debian). */
export function isDebianLike(osRelease) {
  const field = (name) => new RegExp(`^${name}=["']?([^"'\\n]*)`, 'm').exec(osRelease)?.[1] ?? '';
  return [field('ID'), ...field('ID_LIKE').split(/\s+/)].some((id) => id === 'debian' || id === 'ubuntu');
}

const APT_INSTALL = 'apt-get install -y chromium';

/** The install plan on Debian as root: the package lists refreshed, then `apt-get install` quietly with `args`. */
function aptInstall(args) {
  return {
    kind: 'install',
    steps: [
      ['apt-get', ['update', '-qq']],
      ['apt-get', ['install', '-y', '-qq', ...args]],
    ],
  };
}

/**
 * What to do when no browser was found: install Debian's Chromium ourselves (Debian-like Linux, as
 * root), or stop with the one command that fixes it.
 */
export function setupPlan({ platform, osRelease, isRoot, found }) {
  if (found.pathWrong) return { kind: 'instruct', command: 'unset CHROMIUM_PATH, or set it to the Chromium or Chrome executable', why: found.missing };
  if (platform === 'linux' && isDebianLike(osRelease)) {
    return isRoot ? aptInstall(['chromium']) : { kind: 'instruct', command: `sudo ${APT_INSTALL}`, why: found.missing };
  }
  if (platform === 'darwin') return { kind: 'instruct', command: 'brew install --cask chromium', why: found.missing };
  if (platform === 'win32') return { kind: 'instruct', command: 'winget install Google.Chrome', why: found.missing };
  return { kind: 'instruct', command: "install Chromium or Google Chrome with your system's package manager, or set CHROMIUM_PATH to one", why: found.missing };
}

/** Debian's packages that give pdflatex with booktabs and the standard fonts. */
export const LATEX_PACKAGES = ['texlive-latex-base', 'texlive-latex-recommended', 'texlive-fonts-recommended'];

/** pdflatex on the PATH, or undefined. */
export function findPdflatex({ platform, env, exists }) {
  const name = platform === 'win32' ? 'pdflatex.exe' : 'pdflatex';
  return (env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => folder !== '')
    .map((folder) => join(folder, name))
    .find((path) => exists(path));
}

/**
 * What to do without pdflatex: install Debian's texlive (Debian-like Linux, as root), or go on
 * without it, the LaTeX check then saying it was skipped and why (CI fails it instead).
 */
export function latexPlan({ platform, osRelease, isRoot }) {
  if (platform === 'linux' && isDebianLike(osRelease)) {
    return isRoot
      ? aptInstall(['--no-install-recommends', ...LATEX_PACKAGES])
      : { kind: 'instruct', command: `sudo apt-get install -y ${LATEX_PACKAGES.join(' ')}` };
  }
  if (platform === 'darwin') return { kind: 'instruct', command: 'brew install --cask basictex' };
  if (platform === 'win32') return { kind: 'instruct', command: 'winget install MiKTeX.MiKTeX' };
  return { kind: 'instruct', command: "install TeX Live (pdflatex with booktabs) with your system's package manager" };
}

/** This machine's facts, for the functions above. */
export function thisMachine() {
  let osRelease = '';
  try {
    osRelease = readFileSync('/etc/os-release', 'utf8');
  } catch {
    // Not Linux, or a Linux without os-release: no apt plan.
  }
  return {
    platform: process.platform,
    env: process.env,
    exists: existsSync,
    osRelease,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
  };
}

/** Flags for Chromium on an offline machine, for the tests and the bench: no sandbox as root, no background network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser on this machine; throws with the fixing command when there is none. For the tests and the bench. */
export function browserPath() {
  const machine = thisMachine();
  const found = findBrowser(machine);
  if (found.path) return found.path;
  const plan = setupPlan({ ...machine, found });
  throw new Error(
    `${found.missing}. ${plan.kind === 'install' ? "Run `npm test`, which installs Debian's Chromium, or run: sudo apt-get install -y chromium" : `Run: ${plan.command}`}`,
  );
}
