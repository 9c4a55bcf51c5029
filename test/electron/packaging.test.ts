// Packaging smoke test: `electron-builder --dir` for Linux x64 against a stub Electron distribution,
// then exactly which files ship in app.asar and which fuses were flipped. Needs no network and no
// Electron binary; the checks that do need them report themselves as skipped.

import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { extractFile, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const electronVersion = (JSON.parse(readFileSync(join(repo, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;

/** The fuse wire @electron/fuses looks for: sentinel, wire version 1, length, one ASCII byte per fuse. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_ON = '1'.charCodeAt(0);
const FUSE_OFF = '0'.charCodeAt(0);
/** Electron's own defaults, in FuseV1Options order, so any fuse the config leaves alone stays as shipped. */
const STUB_WIRE = '10110001';

const BUILD_TIMEOUT_MS = 180_000;

let tmp: string;
let project: string;
let appOut: string;
let asar: string;
let shipped: string[];

/** The project tree electron-builder sees: the repository's own files, plus fresh build output and decoys. */
async function stageProject(): Promise<void> {
  await mkdir(project);
  for (const entry of await readdir(repo)) {
    // build/ is made fresh below; dist/ and dotfiles are a developer's own; the decoys stand in for them.
    if (entry === 'build' || entry === 'dist' || entry.startsWith('.')) continue;
    await symlink(join(repo, entry), join(project, entry));
  }
  // `npm run build:node` resolves its paths from the working directory, so it builds into the stage.
  await run(process.execPath, [join(repo, 'scripts', 'build-node.mjs')], { cwd: project });
  await run(
    process.execPath,
    [join(repo, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', join(project, 'build', 'web'), '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: repo },
  );
  await writeFile(join(project, '.env'), 'API_KEY=decoy-root\n');
  await writeFile(join(project, 'build', 'web', '.env'), 'API_KEY=decoy-web\n');
  await writeFile(join(project, 'build', 'electron', '.npmrc'), '//registry.example/:_authToken=decoy\n');
}

/** An unpacked "Electron" with the files electron-builder moves or renames, and a fuse wire to flip. */
async function stageElectronDist(dist: string): Promise<void> {
  await mkdir(dist);
  await writeFile(
    join(dist, 'electron'),
    `#!/bin/sh\necho "stub Electron: not runnable"\nexit 1\n${FUSE_SENTINEL}\x01${String.fromCharCode(STUB_WIRE.length)}${STUB_WIRE}`,
    'latin1',
  );
  await chmod(join(dist, 'electron'), 0o755);
  await writeFile(join(dist, 'LICENSE'), "Stub of Electron's MIT license\n");
  await writeFile(join(dist, 'LICENSES.chromium.html'), '<!doctype html><title>Stub</title>\n');
  await writeFile(join(dist, 'version'), electronVersion);
}

beforeAll(async () => {
  const started = performance.now();
  tmp = await mkdtemp(join(tmpdir(), 'packaging-'));
  project = join(tmp, 'project');
  await stageProject();
  const built = performance.now();
  const electronDist = join(tmp, 'electron-dist');
  await stageElectronDist(electronDist);
  await run(
    process.execPath,
    [
      join(repo, 'node_modules', 'electron-builder', 'cli.js'),
      '--dir',
      '--linux',
      '--x64',
      '--projectDir',
      project,
      `-c.electronDist=${electronDist}`,
      `-c.electronVersion=${electronVersion}`,
    ],
    // No signing identity to look up and no timestamp server to call: nothing here goes online.
    { cwd: project, env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false', ELECTRON_BUILDER_OFFLINE: 'true' }, maxBuffer: 16 * 1024 * 1024 },
  );
  appOut = join(project, 'dist', 'linux-unpacked');
  asar = join(appOut, 'resources', 'app.asar');
  shipped = listPackage(asar, { isPack: false })
    .map((path) => path.replace(/^\//, ''))
    .sort();
  const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  console.log(
    `packaging smoke test: build ${seconds(started, built)} s, electron-builder --dir ${seconds(built, performance.now())} s (Electron ${electronVersion}, stub dist)`,
  );
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  // The stage holds symlinks into the repository; rm removes links without following them.
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('electron-builder --dir (Linux x64, stub Electron)', () => {
  it('ships exactly package.json, the bundled main process and preload, and the built UI', async () => {
    const assets = (await readdir(join(project, 'build', 'web', 'assets'))).filter((name) => !name.endsWith('.map') && !name.startsWith('.'));
    expect(shipped).toEqual(
      [
        'package.json',
        'build',
        'build/electron',
        'build/electron/main.cjs',
        'build/electron/preload.cjs',
        'build/web',
        'build/web/index.html',
        'build/web/assets',
        ...assets.map((name) => `build/web/assets/${name}`),
      ].sort(),
    );
  });

  it("ships only hashed scripts, styles, JSON, the favicon and sql.js's WebAssembly in assets/, with the entry and all four workers", () => {
    const assets = shipped.filter((path) => path.startsWith('build/web/assets/')).map((path) => path.slice('build/web/assets/'.length));
    for (const name of assets) expect(name).toMatch(/^[A-Za-z][\w.-]*-[\w-]{8}\.(js|css|json|svg|wasm)$/);
    for (const entry of [
      /^icon-.*\.svg$/,
      /^index-.*\.js$/,
      /^index-.*\.css$/,
      /^import\.worker-.*\.js$/,
      /^mapping\.worker-.*\.js$/,
      /^report\.worker-.*\.js$/,
      /^team\.worker-.*\.js$/,
      /^sql-wasm-browser-.*\.wasm$/,
    ]) {
      expect(assets.filter((name) => entry.test(name))).toHaveLength(1);
    }
  });

  it('ships no dependencies, sources, tests, CLI, source maps or dotfiles, though the project has all of them', () => {
    for (const decoy of [
      'node_modules',
      'electron/main.ts',
      'renderer',
      'shared',
      'test',
      'build/cli/main.mjs',
      'build/electron/main.cjs.map',
      '.env',
      'build/web/.env',
      'build/electron/.npmrc',
    ]) {
      expect(existsSync(join(project, decoy)), decoy).toBe(true);
    }
    const forbidden = shipped.filter(
      (path) =>
        /^(node_modules|electron|renderer|shared|cli|test|scripts|build\/cli)(\/|$)/.test(path) ||
        /\.(ts|tsx|map)$/.test(path) ||
        path.split('/').some((part) => part.startsWith('.')),
    );
    expect(forbidden).toEqual([]);
  });

  it('index.html loads only files that ship', () => {
    const html = extractFile(asar, 'build/web/index.html').toString('utf8');
    const references = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((match) => `build/web/${match[1]}`);
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) expect(shipped).toContain(reference);
  });

  it("the asar's package.json starts the bundled main process and carries no build scripts", () => {
    const metadata = JSON.parse(extractFile(asar, 'package.json').toString('utf8')) as Record<string, unknown>;
    expect(metadata.main).toBe('build/electron/main.cjs');
    expect(metadata).not.toHaveProperty('scripts');
    expect(metadata).not.toHaveProperty('devDependencies');
  });

  it('puts nothing but app.asar in resources/ and renames the binary', async () => {
    expect(await readdir(join(appOut, 'resources'))).toEqual(['app.asar']);
    expect((await readdir(appOut)).sort()).toEqual(['LICENSE.electron.txt', 'LICENSES.chromium.html', 'agreement-studio', 'resources', 'version']);
  });

  it('flips the fuses electron-builder.yml sets, and only those', async () => {
    const wire = await getCurrentFuseWire(join(appOut, 'agreement-studio'));
    expect(wire.version).toBe('1');
    expect({
      runAsNode: wire[FuseV1Options.RunAsNode],
      enableCookieEncryption: wire[FuseV1Options.EnableCookieEncryption],
      enableNodeOptionsEnvironmentVariable: wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable],
      enableNodeCliInspectArguments: wire[FuseV1Options.EnableNodeCliInspectArguments],
      enableEmbeddedAsarIntegrityValidation: wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation],
      onlyLoadAppFromAsar: wire[FuseV1Options.OnlyLoadAppFromAsar],
      loadBrowserProcessSpecificV8Snapshot: wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot],
      grantFileProtocolExtraPrivileges: wire[FuseV1Options.GrantFileProtocolExtraPrivileges],
    }).toEqual({
      runAsNode: FUSE_OFF,
      enableCookieEncryption: FUSE_ON,
      enableNodeOptionsEnvironmentVariable: FUSE_OFF,
      enableNodeCliInspectArguments: FUSE_OFF,
      enableEmbeddedAsarIntegrityValidation: FUSE_ON,
      onlyLoadAppFromAsar: FUSE_ON,
      // Not configured: left as Electron ships it.
      loadBrowserProcessSpecificV8Snapshot: FUSE_OFF,
      grantFileProtocolExtraPrivileges: FUSE_OFF,
    });
  });

  it('has the metadata the deb target requires (maintainer email, homepage)', () => {
    const metadata = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { author?: { email?: string }; homepage?: string };
    expect(metadata.author?.email).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(metadata.homepage).toMatch(/^https:\/\//);
  });
});

describe('what needs the real Electron binary', () => {
  const pathFile = join(repo, 'node_modules', 'electron', 'path.txt');
  const realBinary = existsSync(pathFile) ? join(repo, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim()) : undefined;

  it("Electron's own binary has a fuse for every setting in electron-builder.yml", async (context) => {
    if (realBinary === undefined || !existsSync(realBinary)) {
      return context.skip('skipped: needs the real Electron binary (node_modules/electron/dist), which cannot be downloaded on this machine');
    }
    const wire = await getCurrentFuseWire(realBinary);
    expect(wire.version).toBe('1');
    expect(Object.keys(wire).filter((key) => key !== 'version').length).toBeGreaterThanOrEqual(FuseV1Options.GrantFileProtocolExtraPrivileges + 1);
  });

  it('builds the AppImage, deb, dmg and NSIS installers', (context) => {
    context.skip(
      'skipped: installers need the real Electron binary and the tools electron-builder downloads (appimagetool, fpm, NSIS) or the target OS (dmg on macOS); run `npm run dist` where those are available',
    );
  });
});
