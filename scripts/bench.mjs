// `npm run bench`: prints the performance figures the issues set targets for. Bundles the
// bench modules with esbuild, runs the Node part, then the Chromium part in Debian's Chromium
// through playwright-core on a loopback server. Prints figures; asserts nothing.
import { build } from 'esbuild';
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const out = '.bench';
mkdirSync(`${out}/page`, { recursive: true });

await build({ entryPoints: ['scripts/bench/node-bench.ts'], outfile: `${out}/node-bench.mjs`, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
await build({ entryPoints: ['scripts/bench/idb-bench-page.ts'], outfile: `${out}/page/bench.js`, bundle: true, platform: 'browser', format: 'esm', logLevel: 'warning' });
writeFileSync(`${out}/page/index.html`, '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="bench.js"></script>');

const { writeBenchBundle, benchParse, median } = await import(new URL(`../${out}/node-bench.mjs`, import.meta.url).href);
const text = writeBenchBundle(`${out}/page/bundle.json`);
const node = benchParse(text, RUNS);

const types = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json' };
const server = createServer((req, res) => {
  const name = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.replace(/^\/$/, '/index.html');
  if (!/^\/[\w.-]+$/.test(name)) return void res.writeHead(404).end();
  try {
    const body = readFileSync(`${out}/page${name}`);
    res.writeHead(200, { 'content-type': types[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
let page;
try {
  page = await (await browser.newContext()).newPage();
  await page.goto(url);
  await page.waitForFunction(() => 'runImportBench' in globalThis);
  page.setDefaultTimeout(600_000);
  const chromiumResult = await page.evaluate(([bundle, runs]) => globalThis.runImportBench(bundle, runs), ['bundle.json', RUNS]);

  const ms = (values) => `${Math.round(median(values)).toLocaleString('en-US').padStart(7)} ms   (median of ${values.length}: ${values.map((v) => Math.round(v)).join(', ')})`;
  const ratio = median(chromiumResult.importMs) / median(chromiumResult.rawMs);
  console.log(`\nImport: ${node.questions.toLocaleString('en-US')} question turns (${node.puzzles.toLocaleString('en-US')} puzzles, ${node.sessions.toLocaleString('en-US')} sessions, ${node.turns.toLocaleString('en-US')} turns, ${(node.bytes / 1024 / 1024).toFixed(1)} MB of JSON, ${chromiumResult.records.toLocaleString('en-US')} records)`);
  console.log(`  parse + validate, Node                 ${ms(node.parseMs)}`);
  console.log(`  parse + validate, Chromium             ${ms(chromiumResult.parseMs)}`);
  console.log(`  IndexedDB import (app code), Chromium  ${ms(chromiumResult.importMs)}`);
  console.log(`  raw IndexedDB bulk write, Chromium     ${ms(chromiumResult.rawMs)}`);
  console.log(`  import / raw                           ${ratio.toFixed(2).padStart(7)} x    (target <= 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT met'})`);
} finally {
  await browser.close();
  server.close();
}
