// Composition root of the Electron main process: wires Electron's objects into the policy
// modules (security/, protocol/, ipc/, files/) and owns the one window. Holds no policy itself.

import { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, safeStorage, session, shell } from 'electron';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IPC_CHANNELS } from '../shared/ipc/contract';
import { createSnapshotStore, nodeSnapshotFs } from './backup/backup-store';
import { createCloseGuard } from './backup/close-guard';
import { openForReading } from './files/read-files';
import { createIpcHandlers, registerIpcHandlers } from './ipc/handlers';
import { createJudgeEndpointStore, desktopJudgeEndpoints } from './judge/endpoint-store';
import { createTeamServerStore, desktopTeamServers } from './team/team-server-store';
import { buildMenuTemplate } from './menu';
import { APP_CUSTOM_SCHEME, APP_ENTRY_URL, APP_SCHEME } from './security/app-origin';
import { createAppProtocolHandler } from './protocol/app-protocol';
import { applyPermissionPolicy } from './security/permissions';
import { applyWebContentsPolicy } from './security/web-contents-policy';
import { mainWindowOptions } from './window-options';

const PRODUCT_NAME = 'Agreement Studio';

// Must happen before 'ready': a scheme registered later gets no storage, so no IndexedDB.
protocol.registerSchemesAsPrivileged([APP_CUSTOM_SCHEME]);
app.enableSandbox();

// The database lives under userData, so its folder is named explicitly instead of following
// package.json's name; development runs keep their own so they never touch real studies.
app.setPath('userData', join(app.getPath('appData'), app.isPackaged ? PRODUCT_NAME : `${PRODUCT_NAME} (development)`));

let mainWindow: BrowserWindow | undefined;
// Closing waits a few seconds for the renderer to snapshot what changed (see close-guard.ts).
const closeGuard = createCloseGuard(app);

function openExternalSafely(url: string): void {
  shell.openExternal(url).catch((error: unknown) => console.error('Could not open link in the browser:', error));
}

function createMainWindow(): void {
  const window = new BrowserWindow(mainWindowOptions({ preload: join(__dirname, 'preload.cjs'), isPackaged: app.isPackaged }));
  mainWindow = window;
  closeGuard.watch(window);
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
  void window.loadURL(APP_ENTRY_URL);
}

function focusMainWindow(): void {
  if (mainWindow === undefined) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

function start(): void {
  app.on('second-instance', focusMainWindow);
  app.on('web-contents-created', (_event, contents) => applyWebContentsPolicy(contents, { openExternal: openExternalSafely }));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (mainWindow === undefined && app.isReady()) createMainWindow();
  });

  void app.whenReady().then(() => {
    applyPermissionPolicy(session.defaultSession);
    protocol.handle(APP_SCHEME, createAppProtocolHandler({ root: join(__dirname, '..', 'web'), readFile: (path) => readFile(path) }));
    registerIpcHandlers(
      ipcMain,
      createIpcHandlers({
        showOpenDialog: (options) => (mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options)),
        showSaveDialog: (options) => (mainWindow ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options)),
        openFile: openForReading,
        writeFile: (path, text) => writeFile(path, text, 'utf8'),
        openExternal: (url) => shell.openExternal(url),
        appName: PRODUCT_NAME,
        appVersion: __APP_VERSION__,
        snapshots: createSnapshotStore(join(app.getPath('userData'), 'backups'), nodeSnapshotFs),
        snapshotsDone: () => closeGuard.snapshotsDone(),
        // Judge requests go out from here, with Electron's network stack (the system's proxy settings).
        judgeEndpoints: desktopJudgeEndpoints(createJudgeEndpointStore(join(app.getPath('userData'), 'judge-endpoints.json'), safeStorage), (url, init) =>
          net.fetch(url, init as unknown as RequestInit),
        ),
        // Team server requests go out from here with Node's fetch, which keeps no cookies or cache
        // shared with the window's session: each carries only the credentials the store adds.
        teamServers: desktopTeamServers(createTeamServerStore(join(app.getPath('userData'), 'team-servers.json'), safeStorage), (url, init) =>
          fetch(url, init),
        ),
      }),
    );
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate({
          platform: process.platform,
          isPackaged: app.isPackaged,
          onImport: () => mainWindow?.webContents.send(IPC_CHANNELS.importRequested),
        }),
      ),
    );
    createMainWindow();
  });
}

// A second copy would open the same database; hand over to the running one instead.
if (app.requestSingleInstanceLock()) start();
else app.quit();
