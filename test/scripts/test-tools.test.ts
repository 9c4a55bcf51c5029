// How the test command finds a browser on each platform and what it does without one: CHROMIUM_PATH
// wins (and a wrong one is an error), each platform's install places are searched, Debian-like
// Linux as root gets Debian's Chromium installed, and everyone else gets the one command to run.
// Likewise pdflatex, which is looked up on the PATH.

import { describe, expect, it } from 'vitest';
import { findBrowser, findPdflatex, isDebianLike, LATEX_PACKAGES, latexPlan, setupPlan } from '../../scripts/test-tools.mjs';

const machine = (platform: NodeJS.Platform, present: string[], env: Record<string, string> = {}) => ({
  platform,
  env,
  exists: (path: string) => present.includes(path),
});

describe('findBrowser', () => {
  it('takes CHROMIUM_PATH first, and says so when it points nowhere', () => {
    expect(findBrowser(machine('linux', ['/opt/chrome', '/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/chrome' }))).toEqual({
      path: '/opt/chrome',
      from: 'CHROMIUM_PATH',
    });
    expect(findBrowser(machine('linux', ['/usr/bin/chromium'], { CHROMIUM_PATH: '/nowhere' }))).toMatchObject({
      missing: 'CHROMIUM_PATH is /nowhere, which does not exist',
      pathWrong: true,
    });
  });

  it.each([
    ['linux', '/usr/bin/chromium', {}],
    ['linux', '/usr/bin/google-chrome-stable', {}],
    ['linux', '/snap/bin/chromium', {}],
    ['darwin', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', {}],
    ['darwin', '/Users/ann/Applications/Chromium.app/Contents/MacOS/Chromium', { HOME: '/Users/ann' }],
    ['win32', 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe', { PROGRAMFILES: 'C:\\Program Files' }],
    ['win32', 'C:\\Users\\ann\\AppData\\Local\\Chromium\\Application\\chrome.exe', { LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local' }],
  ] as const)('on %s finds %s', (platform, path, env) => {
    expect(findBrowser(machine(platform, [path], env))).toEqual({ path, from: 'installed' });
  });

  it('prefers Chromium to Chrome where both are installed', () => {
    expect(findBrowser(machine('linux', ['/usr/bin/google-chrome', '/usr/bin/chromium'])).path).toBe('/usr/bin/chromium');
  });

  it('lists where it looked when nothing is there', () => {
    expect(findBrowser(machine('linux', [])).missing).toContain('/usr/bin/chromium');
  });
});

describe('setupPlan', () => {
  const debian = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
  const ubuntu = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';
  const fedora = 'NAME="Fedora Linux"\nID=fedora\n';
  const nothing = { missing: 'no Chromium or Chrome at /usr/bin/chromium' };

  it('recognises Debian and its relatives from /etc/os-release', () => {
    expect(isDebianLike(debian)).toBe(true);
    expect(isDebianLike(ubuntu)).toBe(true);
    expect(isDebianLike('ID=linuxmint\nID_LIKE="ubuntu debian"\n')).toBe(true);
    expect(isDebianLike(fedora)).toBe(false);
    expect(isDebianLike('')).toBe(false);
  });

  it("installs Debian's Chromium on Debian or Ubuntu as root", () => {
    for (const osRelease of [debian, ubuntu]) {
      expect(setupPlan({ platform: 'linux', osRelease, isRoot: true, found: nothing })).toEqual({
        kind: 'install',
        steps: [
          ['apt-get', ['update', '-qq']],
          ['apt-get', ['install', '-y', '-qq', 'chromium']],
        ],
      });
    }
  });

  it('stops everywhere else with the one command that fixes it', () => {
    expect(setupPlan({ platform: 'linux', osRelease: debian, isRoot: false, found: nothing })).toMatchObject({
      kind: 'instruct',
      command: 'sudo apt-get install -y chromium',
    });
    expect(setupPlan({ platform: 'darwin', osRelease: '', isRoot: false, found: nothing })).toMatchObject({
      kind: 'instruct',
      command: 'brew install --cask chromium',
    });
    expect(setupPlan({ platform: 'win32', osRelease: '', isRoot: false, found: nothing })).toMatchObject({
      kind: 'instruct',
      command: 'winget install Google.Chrome',
    });
    expect(setupPlan({ platform: 'linux', osRelease: fedora, isRoot: true, found: nothing })).toMatchObject({ kind: 'instruct' });
  });

  it('never installs over a wrong CHROMIUM_PATH: it says to fix the variable', () => {
    expect(
      setupPlan({ platform: 'linux', osRelease: debian, isRoot: true, found: { missing: 'CHROMIUM_PATH is /x, which does not exist', pathWrong: true } }),
    ).toMatchObject({ kind: 'instruct', command: expect.stringContaining('CHROMIUM_PATH') });
  });
});

describe('pdflatex', () => {
  it('is looked up on the PATH', () => {
    expect(findPdflatex(machine('linux', ['/usr/local/texlive/bin/pdflatex'], { PATH: '/usr/bin:/usr/local/texlive/bin' }))).toBe(
      '/usr/local/texlive/bin/pdflatex',
    );
    expect(findPdflatex(machine('linux', [], { PATH: '/usr/bin' }))).toBeUndefined();
  });

  it("is installed from Debian's TeX Live as root on Debian or Ubuntu, and named for everyone else", () => {
    expect(latexPlan({ platform: 'linux', osRelease: 'ID=debian\n', isRoot: true })).toEqual({
      kind: 'install',
      steps: [
        ['apt-get', ['update', '-qq']],
        ['apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...LATEX_PACKAGES]],
      ],
    });
    expect(latexPlan({ platform: 'linux', osRelease: 'ID=debian\n', isRoot: false })).toEqual({
      kind: 'instruct',
      command: `sudo apt-get install -y ${LATEX_PACKAGES.join(' ')}`,
    });
    expect(latexPlan({ platform: 'darwin', osRelease: '', isRoot: false }).kind).toBe('instruct');
  });
});
