// `npm start`: runs the desktop app when Electron's binary is installed, and otherwise says
// why and serves the web version of the same UI on 127.0.0.1 until Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = join(root, 'node_modules', 'electron');
const INSTALL_TIMEOUT_MS = 60_000;
const DEFAULT_PORT = 5173;

/** Mirrors node_modules/electron/index.js, without its silent download on a miss. */
function findElectron() {
  const pathFile = join(electronDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return { path: join(override, executable || 'electron') };
  if (!executable) return { missing: 'node_modules/electron/path.txt does not exist' };
  const binary = join(electronDir, 'dist', executable);
  return existsSync(binary) ? { path: binary } : { missing: `${binary} does not exist` };
}

/** The last meaningful line a failed command printed, to quote in one sentence. */
function lastLine(text) {
  const lines = String(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '));
  return lines.at(-1);
}

function tryInstallElectron() {
  console.log("Electron's binary is missing; trying to download it once (up to 60 s)...");
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    cwd: root,
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.error?.code === 'ETIMEDOUT') return `the download did not finish within ${INSTALL_TIMEOUT_MS / 1000} s`;
  if (result.error) return `the installer could not run: ${result.error.message}`;
  if (result.status !== 0) return `the download failed: ${lastLine(result.stderr) ?? `exit code ${result.status}`}`;
  return undefined;
}

/** Runs an npm script in the foreground; npm_execpath avoids spawning npm.cmd through a shell on Windows. */
function runNpmScript(script) {
  const npmCli = process.env.npm_execpath;
  const result = npmCli
    ? spawnSync(process.execPath, [npmCli, 'run', script], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`\`npm run ${script}\` failed; not starting.`);
    process.exit(result.status ?? 1);
  }
}

function startElectron(binary) {
  runNpmScript('build');
  const env = { ...process.env };
  // Inherited from some shells and IDEs; it would make Electron run as plain Node.
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(binary, [root], { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function requestedPort() {
  if (process.env.PORT === undefined || process.env.PORT === '') return DEFAULT_PORT;
  const port = Number(process.env.PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`PORT must be a whole number from 1 to 65535, not "${process.env.PORT}".`);
    process.exit(2);
  }
  return port;
}

async function startWeb(reason) {
  console.log(`Electron's binary is not available (${reason}); starting the web version instead.`);
  const port = requestedPort();
  runNpmScript('build:web');
  const { preview } = await import('vite');
  // strictPort false: when the port is taken Vite moves on to the next free one. The
  // Content-Security-Policy header comes from the preview options of vite.config.ts.
  const server = await preview({
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port, strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  const url = typeof address === 'object' && address !== null ? `http://127.0.0.1:${address.port}/` : server.resolvedUrls?.local[0];
  if (typeof address === 'object' && address !== null && address.port !== port) console.log(`Port ${port} is busy; using ${address.port} instead.`);
  console.log(`\nAgreement Studio (web version) is running at ${url}`);
  console.log('Open that address in a browser. Press Ctrl+C to stop.');
  const stop = () => {
    server.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

let electron = findElectron();
if (electron.missing) {
  const firstMiss = electron.missing;
  const installFailure = tryInstallElectron();
  electron = findElectron();
  if (electron.missing) electron = { missing: installFailure ? `${firstMiss}; ${installFailure}` : electron.missing };
}
if (electron.path) startElectron(electron.path);
else await startWeb(electron.missing);
