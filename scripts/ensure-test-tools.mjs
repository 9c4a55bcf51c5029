// First step of `npm test`: makes sure the programs the tests drive are there before anything else
// runs. Chromium or Chrome is required: installed from Debian's packages where that is possible
// (Debian or Ubuntu, as root: CI and fresh containers), anywhere else the run stops with the one
// command that fixes it. pdflatex is installed the same way where possible; elsewhere the LaTeX
// check says it was skipped and why.

import { spawnSync } from 'node:child_process';
import { findBrowser, findPdflatex, latexPlan, setupPlan, thisMachine } from './test-tools.mjs';

const machine = thisMachine();

/** Runs apt steps; false (with a message naming the command) when one fails. */
function run(steps, what) {
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) {
      console.error(`\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}) while installing ${what}.`);
      return false;
    }
  }
  return true;
}

let browser = findBrowser(machine);
if (!browser.path) {
  const plan = setupPlan({ ...machine, found: browser });
  if (plan.kind === 'instruct') {
    console.error(`The end-to-end tests need Chromium or Chrome: ${plan.why}.\nRun this, then npm test again:\n\n  ${plan.command}\n`);
    process.exit(1);
  }
  console.log(`No Chromium or Chrome found (${browser.missing}); installing Debian's Chromium for the end-to-end tests.`);
  if (!run(plan.steps, "Debian's Chromium")) {
    console.error('Install Chromium by hand (apt-get install -y chromium) or set CHROMIUM_PATH, then npm test again.');
    process.exit(1);
  }
  browser = findBrowser(machine);
  if (!browser.path) {
    console.error(`Chromium was installed, but ${browser.missing}; set CHROMIUM_PATH to its executable.`);
    process.exit(1);
  }
}
const version = spawnSync(browser.path, ['--version'], { encoding: 'utf8' }).stdout?.trim();
console.log(`End-to-end tests drive ${browser.path}${version ? ` (${version})` : ''}.`);

if (findPdflatex(machine) === undefined) {
  const plan = latexPlan(machine);
  if (plan.kind === 'install') {
    console.log("No pdflatex found; installing Debian's TeX Live for the check that the report's LaTeX compiles.");
    run(plan.steps, "Debian's TeX Live");
  } else {
    console.log(`No pdflatex found: the check that the report's LaTeX compiles will be skipped (CI fails it). To run it: ${plan.command}`);
  }
}
const pdflatex = findPdflatex(machine);
if (pdflatex) console.log(`The LaTeX check compiles with ${pdflatex}.`);
